import type ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../../errors.ts';
import { translateError } from '../../../i18n/index.ts';
import { schema } from '../../../db/index.ts';
import { addDictionaryItems, createTeamProject, dataColumn, idOf, makeTeam, nameOf, openTestDatabase, type Team, type TestDatabase } from '../../../testing/index.ts';
import { importAnalysis } from '../import.ts';
import { getProjectById, type ProjectView } from '../projects.ts';
import { exportDfmeaWorkbook } from './export.ts';
import { FORM_HEADER_EDITABLE, FORM_HEADER_KEYS, FORM_HEADER_ROWS } from './form-header.ts';
import { importDfmeaWorkbook } from './import.ts';
import { excel } from './workbook-io.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
  await addDictionaryItems(t.ctx, 'customer', [['1', '上汽大众', 'SAIC Volkswagen']]);
  await addDictionaryItems(t.ctx, 'productPlatform', [['1', '电动车窗平台', 'Power window platform']]);
});
afterEach(() => t.dispose());

const HEADER = {
  name: 'Window lifter',
  stage: '3',
  sopDate: '2027-03-01',
  versionLabel: 'A1',
  startDate: '2026-01-05',
  revisionDate: '2026-04-02',
  customer: '1',
  platform: '1',
  confidentiality: '3',
  carTypeYears: 'MY2027 / Passat B9',
  teamNotes: 'Supplier: Brose',
  companyName: 'ACME Automotive',
  engineeringLocation: 'Wuhan plant',
  subject: 'Power window lifter, front door',
  fmeaIdNumber: 'DFMEA-WL-0042',
  designResponsibility: 'Body electronics',
  preparedBy: 'Li Wei',
  planIntent: 'Find design risks before design freeze',
  planTiming: 'Design freeze 2026-06-30',
  planTeam: 'Design, test, quality, supplier',
  planTask: 'Steps 1–6',
  planTool: 'FMEA Workbench',
  analysisBoundaries: 'Included: motor, gearbox; excluded: door carrier',
} as const;

/** label → value of every pair in the form sheet's header block (rows 2 to the stamp row, docs/domain/fmea-baselines.md). */
function headerPairs(form: ExcelJS.Worksheet): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (let r = 2; r <= FORM_HEADER_ROWS + 1 && form.getRow(r).cellCount > 0; r++) {
    const row = form.getRow(r);
    for (const c of [1, 10, 19]) {
      if (row.getCell(c).isMerged && c > 1) continue; // inside a wide row's value
      const label = row.getCell(c).value;
      if (typeof label === 'string' && label) pairs[label] = String(row.getCell(c + 1).value ?? '');
    }
  }
  return pairs;
}

async function formSheet(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new (await excel()).Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

const save = async (wb: ExcelJS.Workbook) => new Uint8Array(await wb.xlsx.writeBuffer());

const editable = (p: ProjectView) => Object.fromEntries(FORM_HEADER_EDITABLE.map((k) => [k, p[k]]));

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('the form sheet’s header block', () => {
  it('covers every editable header field of the project', () => {
    expect(new Set(FORM_HEADER_EDITABLE)).toEqual(new Set(Object.keys(HEADER)));
    expect(FORM_HEADER_KEYS).toHaveLength(26);
  });

  it('writes every header field under its label, dictionary fields by their name in the export’s language', async () => {
    const project = await createTeamProject(team, HEADER);
    const en = headerPairs((await formSheet(await exportDfmeaWorkbook(team.owner, project.id, { locale: 'en-US' }))).worksheets[0]!);
    expect(en).toEqual({
      'Company name': 'ACME Automotive',
      'Engineering location': 'Wuhan plant',
      'Customer name': 'SAIC Volkswagen',
      'Model year / program(s)': 'MY2027 / Passat B9',
      Subject: 'Power window lifter, front door',
      'Project number': project.serialNum,
      'Project name': 'Window lifter',
      'DFMEA ID number': 'DFMEA-WL-0042',
      'DFMEA start date': '2026-01-05',
      'DFMEA revision date': '2026-04-02',
      Responsible: nameOf(team.owner),
      'Design responsibility': 'Body electronics',
      'Confidentiality level': 'Confidential',
      'Team members': [team.owner, team.editor, team.reader].map(nameOf).join(', '),
      'Cross-functional team': 'Supplier: Brose',
      Stage: 'B sample',
      'SOP date': '2027-03-01',
      Version: 'A1',
      Platform: 'Power window platform',
      'Prepared by': 'Li Wei',
      'Intent (5T)': 'Find design risks before design freeze',
      'Timing (5T)': 'Design freeze 2026-06-30',
      'Team (5T)': 'Design, test, quality, supplier',
      'Task (5T)': 'Steps 1–6',
      'Tool (5T)': 'FMEA Workbench',
      'Analysis boundaries': 'Included: motor, gearbox; excluded: door carrier',
    });
    const zh = headerPairs((await formSheet(await exportDfmeaWorkbook(team.owner, project.id, { locale: 'zh-CN' }))).worksheets[0]!);
    expect(zh).toMatchObject({ 公司名称: 'ACME Automotive', 客户名称: '上汽大众', 项目阶段: 'B样', 保密等级: '秘密', 产品平台: '电动车窗平台', 'DFMEA 修订日期': '2026-04-02' });
  });

  it('names people by their real names in the header block and the form, and by user name in the data sheets, which the import reads', async () => {
    await t.db.update(schema.user).set({ realName: '李伟' }).where(eq(schema.user.id, idOf(team.owner)));
    await t.db.update(schema.user).set({ realName: '王芳' }).where(eq(schema.user.id, idOf(team.editor)));
    const project = await createTeamProject(team, HEADER);
    await importAnalysis(team.owner, project.id, {
      nodes: [{ key: 'gear', name: 'Gear' }, { key: 'tooth', parentKey: 'gear', name: 'Tooth' }],
      functions: [{ key: 'mesh', nodeKey: 'gear', description: 'Mesh' }, { key: 'carry', nodeKey: 'tooth', description: 'Carry load' }],
      failures: [{ key: 'fm', functionKey: 'mesh', kind: 'FM', description: 'Teeth break' }, { key: 'fc', functionKey: 'carry', kind: 'FC', description: 'Overload', occurrence: 3, detection: 4 }],
      failureLinks: [{ higherKey: 'fm', lowerKey: 'fc' }],
      actions: [{ causeKey: 'fc', kind: 'prevention', description: 'Torque limiter', responsibleUserId: idOf(team.editor) }],
    });
    const book = await formSheet(await exportDfmeaWorkbook(team.owner, project.id, { locale: 'zh-CN' }));
    const zh = headerPairs(book.worksheets[0]!);
    expect(zh).toMatchObject({ 负责人: '李伟', 团队成员: ['李伟', '王芳', nameOf(team.reader)].join(', ') });
    const formCells: unknown[] = [];
    book.worksheets[0]!.eachRow((row, r) => r > FORM_HEADER_ROWS + 3 && row.eachCell((cell) => formCells.push(cell.value)));
    expect(formCells).toContain('王芳');
    const actions = book.worksheets[10]!;
    expect(actions.getRow(2).getCell(dataColumn(actions.getRow(1).values as unknown[], 'responsible')).value).toBe(nameOf(team.editor));
    const report = await importDfmeaWorkbook(team.owner, await save(book), { fileName: 'people.xlsx', newProject: { members: [{ userId: idOf(team.owner), roles: [0] }] } });
    expect(report.unknownNames).toEqual([]);
    const [action] = await t.db.select().from(schema.fmeaAction).where(eq(schema.fmeaAction.projectId, report.projectId));
    expect(action!.responsibleUserId).toBe(idOf(team.editor));
  });

  it.each(['en-US', 'zh-CN'] as const)('comes back whole into a new project from a %s export', async (locale) => {
    const project = await createTeamProject(team, HEADER);
    const bytes = await exportDfmeaWorkbook(team.owner, project.id, { locale });
    const report = await importDfmeaWorkbook(team.owner, bytes, { fileName: 'header.xlsx', newProject: { members: [{ userId: idOf(team.owner), roles: [0] }] } });
    expect(editable(await getProjectById(team.owner, report.projectId))).toEqual(editable(project));
  });

  it('reads the header of a workbook exported before the full header (company, customer, confidentiality, start date)', async () => {
    const wb = new (await excel()).Workbook();
    const form = wb.addWorksheet('DFMEA 表单');
    form.addRow(['设计 FMEA（AIAG & VDA）']);
    const row2: string[] = [];
    [['公司名称', 'ACME'], ['项目编号', 'DF2601010001'], ['项目名称', 'Old lifter']].forEach(([l, v], p) => ((row2[p * 9 + 1] = l!), (row2[p * 9 + 2] = v!)));
    const row3: string[] = [];
    [['客户', '上汽大众'], ['负责人', nameOf(team.owner)], ['保密等级', '秘密']].forEach(([l, v], p) => ((row3[p * 9 + 1] = l!), (row3[p * 9 + 2] = v!)));
    const row4: string[] = [];
    [['开始日期', '2025-11-03'], ['修订日期', '2026-01-09'], ['跨功能团队', `${nameOf(team.owner)}, ${nameOf(team.editor)}`]].forEach(([l, v], p) => ((row4[p * 9 + 1] = l!), (row4[p * 9 + 2] = v!)));
    for (const r of [row2, row3, row4]) form.addRow(r);
    const source = await createTeamProject(team, { name: 'Source' });
    const chains = (await formSheet(await exportDfmeaWorkbook(team.owner, source.id))).worksheets[1]!;
    const sheet = wb.addWorksheet('失效链');
    chains.eachRow((r) => void sheet.addRow(r.values as ExcelJS.CellValue[]));
    sheet.addRow(['1', '', '', '', '', '', '', '', '', '', '@root', '', 'Old lifter', 'F1', 'Lift', '', 'M1', 'Stuck']);
    const report = await importDfmeaWorkbook(team.owner, new Uint8Array(await wb.xlsx.writeBuffer()), { fileName: 'old.xlsx', newProject: { members: [{ userId: idOf(team.owner), roles: [0] }] } });
    expect(await getProjectById(team.owner, report.projectId)).toMatchObject({ name: 'Old lifter', companyName: 'ACME', customer: '1', confidentiality: '3', startDate: '2025-11-03', revisionDate: null, teamNotes: null });
  });

  it('maps a dictionary name edited into the other language back to the code, and a date cell to its day', async () => {
    const project = await createTeamProject(team, HEADER);
    const wb = await formSheet(await exportDfmeaWorkbook(team.owner, project.id, { locale: 'zh-CN' }));
    const form = wb.worksheets[0]!;
    form.getCell('T2').value = 'saic volkswagen';
    form.getCell('B7').value = 'A sample';
    form.getCell('B5').value = new Date(Date.UTC(2026, 4, 7));
    form.getCell('B5').numFmt = 'yyyy-mm-dd'; // as a spreadsheet program writes a typed date
    const report = await importDfmeaWorkbook(team.owner, new Uint8Array(await wb.xlsx.writeBuffer()), { fileName: 'h.xlsx', newProject: { members: [{ userId: idOf(team.owner), roles: [0] }] } });
    expect(await getProjectById(team.owner, report.projectId)).toMatchObject({ customer: '1', stage: '2', revisionDate: '2026-05-07' });
  });

  it('refuses a name no dictionary item has, a date that is no date and a text over 200 characters, each with its row, and creates nothing', async () => {
    const project = await createTeamProject(team, HEADER);
    const wb = await formSheet(await exportDfmeaWorkbook(team.owner, project.id, { locale: 'en-US' }));
    const form = wb.worksheets[0]!;
    expect([form.getCell('A7').value, form.getCell('A5').value, form.getCell('A14').value]).toEqual(['Stage', 'DFMEA revision date', 'Analysis boundaries']);
    form.getCell('B7').value = 'D sample';
    form.getCell('B5').value = 'next spring';
    form.getCell('B14').value = 'x'.repeat(201);
    const before = (await t.db.select({ id: schema.fmeaProject.id }).from(schema.fmeaProject)).length;
    const error = await errorOf(importDfmeaWorkbook(team.owner, new Uint8Array(await wb.xlsx.writeBuffer()), { fileName: 'h.xlsx', newProject: { members: [{ userId: idOf(team.owner), roles: [0] }] } }));
    expect(error.messageKey).toBe('fmeaExcel.import_invalid');
    expect(error.issues.map((i) => [i.row, i.field, i.messageKey])).toEqual([
      [5, 'revisionDate', 'fmea.date_invalid'],
      [7, 'stage', 'fmea.dictionary_item_unknown'],
      [14, 'analysisBoundaries', 'validation.too_long'],
    ]);
    expect(translateError('en-US', error)).toContain('Row 7: Stage: “D sample” is not in the list');
    expect((await t.db.select({ id: schema.fmeaProject.id }).from(schema.fmeaProject)).length).toBe(before);
  });
});
