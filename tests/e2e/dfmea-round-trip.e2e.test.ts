import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { dataRow } from '@fmea/core/testing';
import { screenshot } from './support/browser.ts';
import { ApiSession, asAdmin, createReadyUser, createRole, uniqueName } from './support/api.ts';
import { runCli } from './support/cli.ts';
import { chooseLanguage, startSignedIn } from './support/flows.ts';
import { useBrowser, waitForPath } from './support/suite.ts';

/**
 * What an engineer sets in the browser is what every other way of reading
 * the project shows: the list (browser), the API, `fmea dfmea list` and
 * `fmea dfmea export` on the server's database, the exported workbook's
 * header block and chain sheet, and a new project imported from that
 * workbook. The header is set in the browser, every field (dictionary
 * fields by their names, free texts, dates). The chain, with every grid
 * column filled, is built through the API with the same session: the risk
 * grid's own editing is covered by dfmea-analysis.e2e.test.ts.
 */

const env = useBrowser();
const serverDir = inject('serverDir');
const PASSWORD = 'Rt7#qW2!mK9$zR';
const work = mkdtempSync(join(tmpdir(), 'fmea-round-trip-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The free-text and date fields of the planning step, as typed (Chinese UI). */
const TEXTS = {
  companyName: 'ACME 汽车电子有限公司',
  engineeringLocation: '武汉工厂 3 号楼',
  carTypeYears: 'MY2027 / Passat B9, Tiguan L',
  subject: '前门电动车窗升降器（系统级）',
  fmeaIdNumber: 'DFMEA-WL-0042',
  designResponsibility: '车身电子部 李工',
  preparedBy: '李伟',
  teamNotes: '供应商 Brose（电机）、试验室、总装厂',
  planIntent: '在设计冻结前识别并降低升降器的设计风险',
  planTiming: '2026-01-05 开始；2026-06-30 设计冻结',
  planTeam: '设计、电子、试验、质量、电机供应商',
  planTask: '升降器、电机、齿轮箱的第 1–6 步',
  planTool: 'FMEA Workbench；AIAG-VDA 评级表',
  analysisBoundaries: '包含：电机、齿轮箱、绳鼓；不包含：门模块支架、玻璃',
} as const;
const DATES = { sopDate: '2027-03-01', startDate: '2026-01-05', revisionDate: '2026-04-02' } as const;

/** The stored codes of the dictionary fields and their names in both languages. */
interface Coded {
  code: string;
  zh: string;
  en: string;
}

async function addDictionaryItem(admin: ApiSession, type: string, zh: string, en: string): Promise<Coded> {
  const [root] = await admin.get<{ id: string }[]>(`/api/dictionary/getDics?code=${type}`);
  const code = `RT${Date.now().toString(36)}`;
  await admin.post('/api/dictionary/saveOrUpdate', { parentId: root!.id, code, name: zh, enName: en });
  return { code, zh, en };
}

const panel = (page: Page) => page.getByTestId('dfmea-panel-planning');

/** The text of a list row's cell (the shared data grid marks rows and columns). */
const listCell = (page: Page, name: string, column: string) =>
  page.getByTestId('dfmea-project-list').locator('[data-row-key]').filter({ hasText: name }).locator(`[data-column-id="${column}"]`).first().innerText();

/** label → value of every pair of the form sheet's header block (rows 2–14; row 15 is the stamp, docs/domain/fmea-baselines.md). */
function headerPairs(form: ExcelJS.Worksheet): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (let r = 2; r < 15 && form.getRow(r).cellCount > 0; r++) {
    for (const c of [1, 10, 19]) {
      const cell = form.getRow(r).getCell(c);
      if (c > 1 && cell.isMerged) continue;
      if (typeof cell.value === 'string' && cell.value) pairs[cell.value] = String(form.getRow(r).getCell(c + 1).value ?? '');
    }
  }
  return pairs;
}

/** A row of the chain sheet (or a list sheet) as column key → text, its headers read in either language. */
function chainRow(sheet: ExcelJS.Worksheet, row: number, kind: 'chain' | 'list' = 'chain'): Record<string, string> {
  return dataRow(kind, sheet.getRow(1).values as unknown[], sheet.getRow(row).values as unknown[]);
}

/**
 * A risk-grid row without what differs between two projects (ids, versions,
 * times, and the internal sort numbers: an import numbers a cause's controls
 * across both kinds, the API within each kind; the order shown is the same);
 * lists of named items by name.
 */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(comparable);
    const named = items.every((i) => i && typeof i === 'object' && typeof (i as { name?: unknown }).name === 'string');
    return named ? items.sort((a, b) => String((a as { name: string }).name).localeCompare((b as { name: string }).name)) : items;
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !/^(id|version|sort|projectId|chainKey|createdAt|updatedAt|createdBy|updatedBy)$|(?<!responsibleUser)Id$|Ids$/.test(k))
        .map(([k, v]) => [k, comparable(v)]),
    );
  }
  return value;
}

describe('DFMEA round trip', () => {
  it('keeps every header field and every grid column from the browser through the list, the API, the CLI, the workbook and a re-import', { timeout: 300_000 }, async () => {
    const { customer, platform, role } = await asAdmin(env.baseURL, async (admin) => ({
      customer: await addDictionaryItem(admin, 'customer', uniqueName('上汽大众'), uniqueName('SAIC Volkswagen ')),
      platform: await addDictionaryItem(admin, 'productPlatform', uniqueName('电动车窗平台'), uniqueName('Power window platform ')),
      role: await createRole(admin, uniqueName('rt-eng'), [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del', 'export', 'import'] }]),
    }));
    const stage: Coded = { code: '2', zh: 'A样', en: 'A sample' };
    const confidentiality: Coded = { code: '3', zh: '秘密', en: 'Confidential' };
    const userName = uniqueName('rteng');
    const engineer = await createReadyUser(env.baseURL, { userName, realName: '李伟', password: PASSWORD, roleIds: [role.id] });

    // 1 the browser (Chinese): the new-project dialog, then every field of the planning step
    const { page } = await env.open({ width: 1500, height: 950 });
    await startSignedIn(page, userName, PASSWORD);
    const name = uniqueName('车窗升降器 ');
    await page.goto('/main/dfmea');
    await page.getByTestId('dfmea-new').click();
    await page.getByTestId('dfmea-name').fill(name);
    await page.getByTestId('dfmea-stage').selectOption({ label: stage.zh });
    await page.getByTestId('dfmea-sopDate').fill(DATES.sopDate);
    await page.getByTestId('dfmea-versionLabel').fill('A1');
    await page.getByTestId('dfmea-customer').selectOption({ label: customer.zh });
    await page.getByTestId('dfmea-confidentiality').selectOption({ label: confidentiality.zh });
    await page.getByTestId('dfmea-save').click();
    await waitForPath(page, '/main/dfmea/dfmeaProject');
    const projectId = new URL(page.url()).searchParams.get('projectId')!;
    await page.getByTestId('dfmea-tab-planning').click();
    // the dialog's values are in the planning step, shown by their names
    await expect.poll(() => panel(page).getByTestId('dfmea-stage').evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text)).toBe(stage.zh);
    await panel(page).getByTestId('dfmea-platform').selectOption({ label: platform.zh });
    for (const [key, value] of Object.entries({ ...TEXTS, startDate: DATES.startDate, revisionDate: DATES.revisionDate })) await panel(page).getByTestId(`dfmea-${key}`).fill(value);
    await Promise.all([page.waitForResponse((res) => new URL(res.url()).pathname === '/api/project/save' && res.ok()), panel(page).getByTestId('dfmea-planning-save').click()]);
    await screenshot(page, 'dfmea-planning-header');

    // 2 a chain with every grid column filled, through the API with the browser's session
    const token = await page.evaluate(() => sessionStorage.getItem('token') ?? '');
    const as = new ApiSession(env.baseURL, token, 'en-US');
    const project = await as.get<{ pptSerial: string; serialNum: string }>(`/api/project/selectProjectById?projectId=${projectId}`);
    const gearbox = await as.post<{ id: string }>('/api/fmea/addNode', { parentId: project.pptSerial, name: '齿轮箱 Gearbox' });
    const gear = await as.post<{ id: string }>('/api/fmea/addNode', { parentId: gearbox.id, name: '蜗轮 Gear' });
    const close = await as.post<{ id: string }>('/api/fmea/addFunction', { nodeId: project.pptSerial, description: '关闭车窗 Close window', requirement: '4 s 内' });
    const torque = await as.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gearbox.id, description: '传递扭矩 Transmit torque', requirement: '12 Nm' });
    const mesh = await as.post<{ id: string }>('/api/fmea/addFunction', { nodeId: gear.id, description: '与蜗杆啮合 Mesh with worm', requirement: '模数 1.5' });
    await as.post('/api/fmea/addCharacteristic', { functionId: torque.id, name: '输出扭矩 Output torque', characteristicClass: 'critical', special: true });
    await as.post('/api/fmea/addCharacteristic', { functionId: mesh.id, name: '齿面硬度 Tooth hardness', characteristicClass: 'safety', special: true });
    const effect = await as.post<{ id: string }>('/api/fmea/addFailure', { functionId: close.id, kind: 'FE', description: '车窗无法关闭 Window does not close', severity: 9 });
    const mode = await as.post<{ id: string }>('/api/fmea/addFailure', { functionId: torque.id, kind: 'FM', description: '无扭矩输出 No torque' });
    const cause = await as.post<{ id: string }>('/api/fmea/addFailure', { functionId: mesh.id, kind: 'FC', description: '齿面磨损 Teeth worn', occurrence: 6, det: 5 });
    await as.post('/api/fmea/linkFailures', { higherFailureId: effect.id, lowerFailureId: mode.id });
    await as.post('/api/fmea/linkFailures', { higherFailureId: mode.id, lowerFailureId: cause.id });
    await as.post('/api/fmea/addControl', { causeId: cause.id, kind: 'prevention', description: '设计准则 DG-12' });
    await as.post('/api/fmea/addControl', { causeId: cause.id, kind: 'detection', description: '耐久试验 ET-3' });
    const action = await as.post<{ id: string }>('/api/fmea/addAction', {
      causeId: cause.id,
      kind: 'prevention',
      description: '齿面渗碳淬火 Case-harden teeth',
      responsibleUserId: engineer.id,
      targetDate: '2026-09-30',
      raseverity: 9,
      raoccurrence: 2,
      radet: 4,
    });
    await as.post('/api/fmea/changeActionStatus', { id: action.id, version: 1, event: 'complete', actionTaken: '已淬火至 58 HRC', evidence: '报告 R-17', completionDate: '2026-09-20' });
    const grid = await as.get<{ items: Record<string, any>[] }>(`/api/fmea/riskGrid?projectId=${projectId}`);
    expect(grid.items).toHaveLength(1);
    const row = grid.items[0]!;
    expect(row).toMatchObject({ severity: 9, occurrence: 6, det: 5, rpn: 270, raseverity: 9, raoccurrence: 2, radet: 4 });

    // 3 the browser: the risk grid shows every column of the chain, the list shows the names of the dictionary fields
    await page.getByTestId('dfmea-tab-risk').click();
    const riskCell = (column: string) => page.locator(`.dfmea-risk [data-row-key] [data-column-id="${column}"]`).first().innerText();
    await expect.poll(() => riskCell('mode')).toBe('无扭矩输出 No torque');
    expect({
      higherElement: await riskCell('higherElement'),
      element: await riskCell('element'),
      lowerElement: await riskCell('lowerElement'),
      function: await riskCell('function'),
      effect: await riskCell('effect'),
      severity: await riskCell('severity'),
      cause: await riskCell('cause'),
      prevention: await riskCell('prevention'),
      occurrence: await riskCell('occurrence'),
      detection: await riskCell('detection'),
      det: await riskCell('det'),
      ap: await riskCell('ap'),
      rpn: await riskCell('rpn'),
      // the grid lists a chain's special characteristics in no fixed order
      special: (await riskCell('special')).replace(/^(.*?: )(.*)$/, (_m, cls: string, names: string) => cls + names.split('; ').sort().join('; ')),
    }).toEqual({
      higherElement: name,
      element: '齿轮箱 Gearbox',
      lowerElement: '蜗轮 Gear',
      function: '传递扭矩 Transmit torque (12 Nm)',
      effect: '车窗无法关闭 Window does not close',
      severity: '9',
      cause: '齿面磨损 Teeth worn',
      prevention: '设计准则 DG-12',
      occurrence: '6',
      detection: '耐久试验 ET-3',
      det: '5',
      ap: row.ap,
      rpn: '270',
      special: '安全: 输出扭矩 Output torque; 齿面硬度 Tooth hardness',
    });
    await page.goto('/main/dfmea');
    await expect.poll(() => listCell(page, name, 'stage')).toBe(stage.zh);
    expect(await listCell(page, name, 'customer')).toBe(customer.zh);
    expect(await listCell(page, name, 'versionLabel')).toBe('A1');
    expect(await listCell(page, name, 'sopDate')).toBe(DATES.sopDate);
    await chooseLanguage(page, 'English');
    await expect.poll(() => listCell(page, name, 'stage')).toBe(stage.en);
    expect(await listCell(page, name, 'customer')).toBe(customer.en);
    await screenshot(page, 'dfmea-list-labels-en');

    // 4 the API: codes stored, named in the caller's language, every text and date as typed
    const header = { name, versionLabel: 'A1', stage: stage.code, customer: customer.code, platform: platform.code, confidentiality: confidentiality.code, ...DATES, ...TEXTS };
    const answered = await as.get<Record<string, unknown>>(`/api/project/selectProjectById?projectId=${projectId}`);
    expect(answered).toMatchObject({ ...header, labels: { stage: stage.en, customer: customer.en, platform: platform.en, confidentiality: confidentiality.en } });
    const zhAnswer = await new ApiSession(env.baseURL, token, 'zh-CN').get<{ labels: unknown }>(`/api/project/selectProjectById?projectId=${projectId}`);
    expect(zhAnswer.labels).toEqual({ stage: stage.zh, customer: customer.zh, platform: platform.zh, confidentiality: confidentiality.zh });

    // 5 the CLI on the server's database: the list with codes and names, the export
    const listed = await runCli(serverDir, ['--json', '--lang', 'zh-CN', 'dfmea', 'list', '--search', name]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).data.items).toEqual([
      expect.objectContaining({ serialNum: project.serialNum, name, stage: stage.code, customer: customer.code, versionLabel: 'A1', sopDate: DATES.sopDate, labels: { stage: stage.zh, customer: customer.zh, platform: platform.zh, confidentiality: confidentiality.zh } }),
    ]);
    const plain = await runCli(serverDir, ['--lang', 'en-US', 'dfmea', 'list', '--search', name]);
    expect(plain.stdout).toContain(`${project.serialNum}\t${name}\t${customer.en}\t${stage.en}\t李伟\t`);
    const file = join(work, 'round-trip.xlsx');
    const exported = await runCli(serverDir, ['--lang', 'zh-CN', 'dfmea', 'export', project.serialNum, file]);
    expect(exported.code, exported.stderr).toBe(0);

    // 6 the workbook: the header block in the export's language and the chain sheet with every column
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
    const [form, chains] = workbook.worksheets;
    expect(headerPairs(form!)).toEqual({
      公司名称: TEXTS.companyName,
      工程地点: TEXTS.engineeringLocation,
      客户名称: customer.zh,
      '车型年/项目': TEXTS.carTypeYears,
      主题: TEXTS.subject,
      项目编号: project.serialNum,
      项目名称: name,
      'DFMEA 编号': TEXTS.fmeaIdNumber,
      'DFMEA 开始日期': DATES.startDate,
      'DFMEA 修订日期': DATES.revisionDate,
      // people by their real names (issue 20); the data sheets name the user by user name, which the import reads
      负责人: '李伟',
      设计职责: TEXTS.designResponsibility,
      保密等级: confidentiality.zh,
      团队成员: '李伟',
      跨职能团队: TEXTS.teamNotes,
      项目阶段: stage.zh,
      'SOP 日期': DATES.sopDate,
      版本: 'A1',
      产品平台: platform.zh,
      编制人: TEXTS.preparedBy,
      '意图（5T）': TEXTS.planIntent,
      '时间安排（5T）': TEXTS.planTiming,
      '团队（5T）': TEXTS.planTeam,
      '任务（5T）': TEXTS.planTask,
      '工具（5T）': TEXTS.planTool,
      分析边界: TEXTS.analysisBoundaries,
    });
    expect(chains!.rowCount).toBe(2);
    expect(chainRow(chains!, 2)).toMatchObject({
      effectElement: name,
      effectFunction: '关闭车窗 Close window',
      effectRequirement: '4 s 内',
      effect: '车窗无法关闭 Window does not close',
      severity: '9',
      element: '齿轮箱 Gearbox',
      function: '传递扭矩 Transmit torque',
      requirement: '12 Nm',
      mode: '无扭矩输出 No torque',
      modeCharacteristics: '输出扭矩 Output torque [关键*]',
      causeElement: '蜗轮 Gear',
      causeFunction: '与蜗杆啮合 Mesh with worm',
      causeRequirement: '模数 1.5',
      cause: '齿面磨损 Teeth worn',
      causeCharacteristics: '齿面硬度 Tooth hardness [安全*]',
      preventionControls: '设计准则 DG-12',
      occurrence: '6',
      detectionControls: '耐久试验 ET-3',
      detection: '5',
      ap: row.ap,
      rpn: '270',
      // a Chinese export says it in Chinese: kinds and statuses by the words the browser shows
      actionKinds: '预防',
      actions: '齿面渗碳淬火 Case-harden teeth',
      actionResponsible: userName,
      actionTargetDates: '2026-09-30',
      actionStatuses: '已完成',
      actionsTaken: '已淬火至 58 HRC',
      actionEvidence: '报告 R-17',
      actionCompletionDates: '2026-09-20',
      actionRaSeverity: '9',
      actionRaOccurrence: '2',
      actionRaDetection: '4',
    });

    // the actions sheet: the action with every field in a cell of its own (what the re-import reads)
    const actionSheet = workbook.worksheets.find((ws) => ws.name === '措施')!;
    expect(actionSheet.rowCount).toBe(2);
    expect(chainRow(actionSheet, 2, 'list')).toEqual({
      causeKey: chainRow(chains!, 2).causeKey,
      cause: '齿面磨损 Teeth worn',
      actionKind: '预防',
      action: '齿面渗碳淬火 Case-harden teeth',
      responsible: userName,
      targetDate: '2026-09-30',
      status: '已完成',
      actionTaken: '已淬火至 58 HRC',
      evidence: '报告 R-17',
      completionDate: '2026-09-20',
      raSeverity: '9',
      raOccurrence: '2',
      raDetection: '4',
    });

    // 7 the re-import: a new project from the CLI's workbook holds every header field and the same chain
    const upload = new FormData();
    upload.append('excelFile', new Blob([readFileSync(file)]), 'round-trip.xlsx');
    const report = await as.post<{ projectId: string; rows: number; imported: number; unmapped: unknown[] }>('/api/project/importData', upload);
    expect(report).toMatchObject({ rows: 1, imported: 1, unmapped: [] });
    const copy = await as.get<Record<string, unknown>>(`/api/project/selectProjectById?projectId=${report.projectId}`);
    expect(copy).toMatchObject({ ...header, labels: answered.labels });
    const copyGrid = await as.get<{ items: unknown[] }>(`/api/fmea/riskGrid?projectId=${report.projectId}`);
    expect(comparable(copyGrid.items)).toEqual(comparable(grid.items));
  });
});
