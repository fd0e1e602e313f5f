import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../../errors.ts';
import { LOCALES, loadCatalogs, translate, translateError } from '../../../i18n/index.ts';
import { schema } from '../../../db/index.ts';
import { addDictionaryItems, createTeamProject, dataColumn, idOf, makeTeam, nameOf, openTestDatabase, type Team, type TestDatabase } from '../../../testing/index.ts';
import { readRiskGrid } from '../grid.ts';
import { importAnalysis, type AnalysisImport } from '../import.ts';
import { syntheticAnalysis } from '../../../testing/synthetic.ts';
import { excel, readAllSheets } from './workbook-io.ts';
import { exportDfmeaWorkbook } from './export.ts';
import { importDfmeaWorkbook } from './import.ts';
import { FMEA_EXCEL_MESSAGE_KEYS } from './messages.ts';
import { DATA_COLUMN_MESSAGE_KEYS } from './data-columns.ts';
import { VOCABULARY_MESSAGE_KEYS } from './vocabulary.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
  await addDictionaryItems(t.ctx, 'customer', [['1', '上汽大众', 'SAIC Volkswagen']]);
});
afterEach(() => t.dispose());

/** Three levels, two effects on one mode (one through the function net), actions (one completed with re-rating), characteristics. */
const lifter = (ownerId: string): AnalysisImport => ({
  nodes: [
    { key: 'gearbox', name: 'Gearbox' },
    { key: 'gear', parentKey: 'gearbox', name: 'Gear' },
    { key: 'housing', parentKey: 'gearbox', name: 'Housing' },
  ],
  functions: [
    { key: 'close', nodeKey: '@root', description: 'Close window', requirement: 'within 4 s' },
    { key: 'torque', nodeKey: 'gearbox', description: 'Transmit torque', requirement: '12 Nm' },
    { key: 'quiet', nodeKey: 'gearbox', description: 'Run quietly' },
    { key: 'mesh', nodeKey: 'gear', description: 'Mesh with worm' },
    { key: 'hold', nodeKey: 'housing', description: 'Hold bearings' },
  ],
  characteristics: [{ functionKey: 'mesh', name: 'Tooth hardness', characteristicClass: 'critical', special: true }],
  failures: [
    { key: 'fe', functionKey: 'close', kind: 'FE', description: 'Window does not close', severity: 9 },
    { key: 'noise', functionKey: 'quiet', kind: 'FE', description: 'Gear noise', severity: 4 },
    { key: 'fm', functionKey: 'torque', kind: 'FM', description: 'No torque transmitted' },
    { key: 'worn', functionKey: 'mesh', kind: 'FC', description: 'Teeth worn', occurrence: 6, detection: 5 },
    { key: 'broken', functionKey: 'mesh', kind: 'FC', description: 'Teeth broken', occurrence: 2, detection: 7 },
    { key: 'loose', functionKey: 'hold', kind: 'FC', description: 'Bearing seat loose', occurrence: 3, detection: 6 },
  ],
  functionLinks: [{ higherKey: 'quiet', lowerKey: 'torque' }],
  failureLinks: [
    { higherKey: 'fe', lowerKey: 'fm' },
    { higherKey: 'noise', lowerKey: 'fm' },
    { higherKey: 'fm', lowerKey: 'worn' },
    { higherKey: 'fm', lowerKey: 'broken' },
    { higherKey: 'fm', lowerKey: 'loose' },
  ],
  controls: [
    { causeKey: 'worn', kind: 'prevention', description: 'Design guideline DG-12' },
    { causeKey: 'worn', kind: 'detection', description: 'Endurance test ET-3' },
    { causeKey: 'worn', kind: 'detection', description: 'Noise test NT-1' },
  ],
  actions: [
    { causeKey: 'worn', kind: 'prevention', description: 'Case-harden teeth', responsibleUserId: ownerId, targetDate: '2026-03-01', status: 'completed', actionTaken: 'Hardened to 58 HRC', evidence: 'Report R-17', completionDate: '2026-02-20', raOccurrence: 2 },
    { causeKey: 'worn', kind: 'detection', description: 'Add wear test', targetDate: '2026-06-01' },
  ],
});

async function sourceProject() {
  const project = await createTeamProject(team, { customer: '1' });
  await importAnalysis(team.owner, project.id, lifter(idOf(team.owner)));
  return project;
}

const chainSheet = async (bytes: Uint8Array) => (await readAllSheets(bytes))[1]!.rows.map((r) => r.cells);
const chainCount = async (projectId: string) => (await readRiskGrid(team.owner, projectId, { limit: 1 })).total;
const newTeam = () => ({ members: [{ userId: idOf(team.owner), roles: [0] }] });
const projectCount = async () => (await t.db.select({ id: schema.fmeaProject.id }).from(schema.fmeaProject)).length;

async function legacySheet(headers: string[], rows: (string | number)[][]): Promise<Uint8Array> {
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet('DFMEA');
  ws.addRow(['Potential Failure Mode and Effects Analysis (Design FMEA)']);
  ws.addRow([]);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const EN_LEGACY = ['Item/Function', 'Potential Failure Mode', 'Potential Effect(s) of Failure', 'S', 'Class', 'Potential Cause(s) of Failure', 'Current Design Controls Prevention', 'O', 'Current Design Controls Detection', 'D', 'RPN', 'Recommended Action(s)', 'Responsibility & Target Completion Date', 'Actions Taken', 'New S', 'New O', 'New D', 'New RPN'];
const ZH_LEGACY = ['项目/功能', '潜在失效模式', '潜在失效后果', '严重度', '级别', '潜在失效起因/机理', '现行预防控制', '频度', '现行探测控制', '探测度', '风险顺序数', '建议措施', '责任及目标完成日期', '采取的措施', '新严重度', '新频度', '新探测度', '新RPN'];

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('DFMEA workbook export', () => {
  it('writes the form with its header, the handbook columns and merges, the chain sheet and the scales', async () => {
    const project = await sourceProject();
    const bytes = await exportDfmeaWorkbook(team.owner, project.id, { locale: 'en-US', company: 'ACME' });
    const wb = new (await excel()).Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const [form, chains, scales] = wb.worksheets;
    expect(wb.worksheets.map((s) => s.name)).toEqual(['DFMEA form', 'Failure chains', 'Rating scales', 'Structure', 'Functions', 'Function net', 'Characteristics', 'Interfaces', 'Failures', 'Controls', 'Actions']);
    // the header block (form-header.test.ts checks every field): the project has no company name, the option stands in
    expect(form!.getCell('A2').value).toBe('Company name');
    expect(form!.getCell('B2').value).toBe('ACME');
    expect(form!.getCell('S2').value).toBe('Customer name');
    expect(form!.getCell('T2').value).toBe('SAIC Volkswagen');
    expect(form!.getCell('S3').value).toBe('Project number');
    expect(form!.getCell('T3').value).toBe(project.serialNum);
    expect(form!.getRow(17).getCell(1).value).toBe('1. Next higher level');
    expect(form!.getRow(17).getCell(9).value).toBe('2. Failure mode (FM)');
    expect(form!.getRow(17).getCell(27).value).toBe('AP');
    // 2 effects × 3 causes: the mode spans 6 rows, each effect 3.
    expect(form!.getCell('I18').isMerged).toBe(true);
    expect((form!.getCell('I23').master as { address: string }).address).toBe('I18');
    expect((form!.getCell('G20').master as { address: string }).address).toBe('G18');
    expect(form!.getCell('G21').value).toBe('Gear noise');
    expect(form!.getCell('J19').isMerged).toBe(false);
    expect(chains!.rowCount).toBe(7);
    expect(scales!.rowCount).toBe(31);
  });
});

describe('DFMEA workbook import', () => {
  it('round-trips: export → import into a new project → export gives identical chain rows', async () => {
    const project = await sourceProject();
    const progress: string[] = [];
    const first = await exportDfmeaWorkbook(team.owner, project.id, { onProgress: (done, total) => progress.push(`export ${done}/${total}`) });
    const report = await importDfmeaWorkbook(team.owner, first, { fileName: 'lifter.xlsx', newProject: newTeam(), onProgress: (done, total) => progress.push(`import ${done}/${total}`) });
    expect(progress).toEqual(['export 6/12', 'export 12/12', 'import 0/6', 'import 3/6', 'import 6/6']);
    expect(report).toMatchObject({ rows: 6, imported: 6, errors: [] });
    expect(report.projectId).not.toBe(project.id);
    expect(report.serialNum).toMatch(/^DF/);
    const second = await exportDfmeaWorkbook(team.owner, report.projectId);
    expect(await chainSheet(second)).toEqual(await chainSheet(first));
    // Named from the header block, with its customer.
    const { getProjectById } = await import('../projects.ts');
    expect(await getProjectById(team.owner, report.projectId)).toMatchObject({ name: project.name, customer: '1' });
  });

  it('adds nothing twice in dedupe mode and replaces the analysis in cover mode', async () => {
    const project = await sourceProject();
    const bytes = await exportDfmeaWorkbook(team.owner, project.id);
    const before = await chainSheet(bytes);
    await importDfmeaWorkbook(team.owner, bytes, { fileName: 'a.xlsx', projectId: project.id, mode: 'dedupe' });
    expect(await chainSheet(await exportDfmeaWorkbook(team.owner, project.id))).toEqual(before);
    await importDfmeaWorkbook(team.owner, bytes, { fileName: 'a.xlsx', projectId: project.id, mode: 'cover' });
    expect(await chainSheet(await exportDfmeaWorkbook(team.owner, project.id))).toEqual(before);
  });

  it('refuses a bad row with row-numbered errors and writes nothing; partial writes the good rows', async () => {
    const project = await sourceProject();
    const bytes = await exportDfmeaWorkbook(team.owner, project.id);
    const wb = new (await excel()).Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const chains = wb.worksheets[1]!;
    const sCol = chains.getRow(1).values as string[];
    chains.getRow(3).getCell(dataColumn(sCol, 'O')).value = 'high';
    chains.getRow(4).getCell(dataColumn(sCol, 'cause')).value = 'x'.repeat(201);
    const bad = new Uint8Array(await wb.xlsx.writeBuffer());
    const target = await createTeamProject(team, { name: 'Target' });
    const error = await errorOf(importDfmeaWorkbook(team.owner, bad, { fileName: 'bad.xlsx', projectId: target.id }));
    expect(error.messageKey).toBe('fmeaExcel.import_invalid');
    expect(error.issues.map((i) => i.row).sort()).toEqual([3, 4]);
    expect(translateError('en-US', error).split('\n')[1]).toContain('O must be a whole number from 1 to 10, not “high”');
    expect(await chainCount(target.id)).toBe(0);
    const report = await importDfmeaWorkbook(team.owner, bad, { fileName: 'bad.xlsx', projectId: target.id, partial: true });
    expect(report.imported).toBe(4);
    expect(report.errors.map((i) => i.row).sort()).toEqual([3, 4]);
    // The good rows still name every effect, the mode and every cause: the engine's cross product gives all 6 chains.
    expect(await chainCount(target.id)).toBe(6);
  });

  it('refuses our workbook with a column added to the chain sheet, naming it; the added form and scale sheets are ours, not data', async () => {
    const project = await sourceProject();
    const wb = new (await excel()).Workbook();
    await wb.xlsx.load((await exportDfmeaWorkbook(team.owner, project.id)) as unknown as ArrayBuffer);
    const chains = wb.worksheets[1]!;
    const col = chains.getRow(1).cellCount + 1;
    chains.getRow(1).getCell(col).value = 'Reviewer';
    chains.getRow(2).getCell(col).value = 'K. Li';
    const before = await projectCount();
    const error = await errorOf(importDfmeaWorkbook(team.owner, new Uint8Array(await wb.xlsx.writeBuffer()), { fileName: 'a.xlsx', newProject: newTeam() }));
    expect(error.messageKey).toBe('import.columns_unmapped');
    expect(error.issues).toEqual([{ messageKey: 'import.column_unmapped', field: 'AT', params: { sheet: chains.name, column: 'AT', header: 'Reviewer', cells: 1 } }]);
    expect(await projectCount()).toBe(before);
  });

  it('refuses "the good rows" when no row is good, writing no project', async () => {
    const project = await sourceProject();
    const wb = new (await excel()).Workbook();
    await wb.xlsx.load((await exportDfmeaWorkbook(team.owner, project.id)) as unknown as ArrayBuffer);
    const chains = wb.worksheets[1]!;
    const oCol = (chains.getRow(1).values as string[]).indexOf('O');
    for (let row = 2; row <= chains.rowCount; row++) chains.getRow(row).getCell(oCol).value = 'high';
    const bad = new Uint8Array(await wb.xlsx.writeBuffer());
    const before = await projectCount();
    const error = await errorOf(importDfmeaWorkbook(team.owner, bad, { fileName: 'bad.xlsx', newProject: newTeam(), partial: true }));
    expect(error.messageKey).toBe('fmeaExcel.import_invalid');
    expect(error.params).toMatchObject({ rows: chains.rowCount - 1 });
    expect(await projectCount()).toBe(before);
  });

  it('refuses .xls with a hint to save as .xlsx, other types and files over the limit', async () => {
    const xls = await errorOf(importDfmeaWorkbook(team.owner, new Uint8Array(10), { fileName: 'old.XLS', newProject: newTeam() }));
    expect(translateError('en-US', xls)).toContain('save it as .xlsx');
    expect(translateError('zh-CN', xls)).toContain('另存为 .xlsx');
    expect((await errorOf(importDfmeaWorkbook(team.owner, new Uint8Array(10), { fileName: 'a.csv', newProject: newTeam() }))).messageKey).toBe('file.unsupported_type');
    expect((await errorOf(importDfmeaWorkbook(team.owner, new Uint8Array(2048), { fileName: 'a.xlsx', limit: 1024, newProject: newTeam() }))).messageKey).toBe('file.too_large');
    expect((await errorOf(importDfmeaWorkbook(team.owner, new Uint8Array(2048), { fileName: 'a.xlsx', newProject: newTeam() }))).messageKey).toBe('file.not_xlsx');
  });

  it.each([
    ['English', EN_LEGACY],
    ['Chinese', ZH_LEGACY],
  ])('maps a legacy AIAG 4th-edition sheet with %s headers onto the engine', async (_language, headers) => {
    const bytes = await legacySheet(headers, [
      ['Window regulator: Move glass up and down', 'Glass does not move', 'Window cannot be closed', 8, 'CC', 'Cable breaks', 'Cable spec CS-4', 3, 'Cable pull test', 4, 96, 'Use 7x19 cable', `${nameOf(team.owner)} 2026-03-01`, 'Changed cable 2026-02-15', 8, 2, 4, 64],
      ['', '', '', '', '', 'Drum cracked', 'FEA on drum', 2, 'Drop test', 5, 80],
      ['', 'Glass moves slowly', 'Customer annoyed\nDriver distracted', 5, '', 'Friction in guide rail', '', 5, 'Speed test', 6, 150, 'Add PTFE coating', `${nameOf(team.owner)} 2026-05-01`],
    ]);
    const project = await createTeamProject(team, { name: 'Legacy' });
    const report = await importDfmeaWorkbook(team.owner, bytes, { fileName: 'legacy.xlsx', projectId: project.id, legacy: true });
    expect(report).toMatchObject({ rows: 3, imported: 3, errors: [] });
    const rows = (await readRiskGrid(team.owner, project.id)).items;
    expect(rows.map((r) => [r.elementName, r.effect?.description, r.severity, r.mode.description, r.cause?.elementName, r.cause?.description, r.occurrence, r.detection])).toEqual([
      ['Window regulator', 'Window cannot be closed', 8, 'Glass does not move', 'Window regulator (causes)', 'Cable breaks', 3, 4],
      ['Window regulator', 'Window cannot be closed', 8, 'Glass does not move', 'Window regulator (causes)', 'Drum cracked', 2, 5],
      ['Window regulator', 'Customer annoyed', 5, 'Glass moves slowly', 'Window regulator (causes)', 'Friction in guide rail', 5, 6],
      ['Window regulator', 'Driver distracted', 5, 'Glass moves slowly', 'Window regulator (causes)', 'Friction in guide rail', 5, 6],
    ]);
    expect(rows[0]).toMatchObject({ preventionControls: ['Cable spec CS-4'], detectionControls: ['Cable pull test'], characteristicClass: 'critical', raoccurrence: 2, rarpn: 64 });
    expect(rows[0]!.actions[0]).toMatchObject({ description: 'Use 7x19 cable', status: 'completed', responsibleUserId: idOf(team.owner), targetDate: '2026-03-01', completionDate: '2026-02-15', actionTaken: 'Changed cable' });
    expect(rows[2]!.actions[0]).toMatchObject({ description: 'Add PTFE coating', status: 'open' });
  });

  it('reports a legacy row without a failure mode by its sheet row', async () => {
    const bytes = await legacySheet(EN_LEGACY, [['Motor: Drive', '', 'No movement', 7, '', 'Brush wear', '', 4, '', 5]]);
    const project = await createTeamProject(team, { name: 'Legacy' });
    const error = await errorOf(importDfmeaWorkbook(team.owner, bytes, { fileName: 'legacy.xlsx', projectId: project.id, legacy: true }));
    expect(error.issues).toEqual([{ messageKey: 'fmeaExcel.mode_missing', row: 4, field: 'mode' }]);
  });

  it('exports and imports 2,000 chains (timings printed)', { timeout: 120_000 }, async () => {
    const project = await createTeamProject(team);
    await importAnalysis(team.owner, project.id, syntheticAnalysis({ chains: 2_000 }));
    let started = performance.now();
    const bytes = await exportDfmeaWorkbook(team.owner, project.id);
    const exportMs = performance.now() - started;
    started = performance.now();
    const report = await importDfmeaWorkbook(team.owner, bytes, { fileName: 'big.xlsx', newProject: newTeam(), limit: 50 * 1024 * 1024 });
    const importMs = performance.now() - started;
    console.log(`DFMEA workbook, 2,000 chains: export ${exportMs.toFixed(0)} ms (${(bytes.byteLength / 1024).toFixed(0)} KB), import ${importMs.toFixed(0)} ms`);
    expect(report.imported).toBe(2_000);
    expect(await chainCount(report.projectId)).toBe(2_000);
  });
});

describe('DFMEA workbook messages', () => {
  it.each(LOCALES)('has every key in %s, every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of [...FMEA_EXCEL_MESSAGE_KEYS, ...DATA_COLUMN_MESSAGE_KEYS, ...VOCABULARY_MESSAGE_KEYS]) {
      expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
      const params = { file: 'a.xls', count: 2, field: 'S', value: 'x', key: 'N1', first: 3, firstRow: 4, firstSheet: 'Failures', description: 'Brush wear', column: 'raS', parts: 1, sheet: 'Actions', expected: 'y', actual: 'z', allowed: 'yes, no' };
      expect(translate(locale, key, params)).not.toMatch(/[{}]/);
    }
  });
});
