import type ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fmeaCharacteristic, fmeaFunction, fmeaNode, fmeaProject } from '../../../db/schema/index.ts';
import { DomainError } from '../../../errors.ts';
import { LOCALES, loadCatalogs, translateError } from '../../../i18n/index.ts';
import { addDictionaryItems, createTeamProject, dataColumn, idOf, makeTeam, nameOf, projectSnapshot, type Team, type TestDatabase } from '../../../testing/index.ts';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord } from '../../catalog/flow.ts';
import { createCatalogRecord } from '../../catalog/records.ts';
import { openCatalogWorld, type CatalogWorld } from '../../../testing/catalog.ts';
import { getProjectById } from '../projects.ts';
import { importAnalysis, type AnalysisImport } from '../import.ts';
import { exportFmeaWorkbook } from './export.ts';
import { importFmeaWorkbook, importPfmeaWorkbook } from './import.ts';
import { PFMEA_LABEL_MESSAGE_KEYS } from './profile.ts';
import { PFMEA_DETECTION_SCALE, PFMEA_OCCURRENCE_SCALE, PFMEA_SEVERITY_SCALE, OCCURRENCE_SCALE } from './scales.ts';
import { excel, readAllSheets } from './workbook-io.ts';

let w: CatalogWorld;
let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  w = await openCatalogWorld();
  t = w.t;
  team = await makeTeam(t);
  await addDictionaryItems(t.ctx, 'customer', [['1', '上汽大众', 'SAIC Volkswagen']]);
  // the customer's own class ◆ (a released feature classification)
  const draft = await createCatalogRecord(w.author, 'featureClassification', { values: { category: '◆', priority: 1, customer: '上汽大众', isRelateSod: '1' } });
  const applied = await applyCatalogRecord(w.author, draft.id, { version: draft.version });
  const audited = await auditCatalogRecord(w.auditor, draft.id, { version: applied.version, opinion: 'ok' });
  await approveCatalogRecord(w.approver, draft.id, { version: audited.version });
});
afterEach(() => t.dispose());

const HEADER = {
  companyName: 'ACME Castings',
  engineeringLocation: 'Wuhan plant 2',
  customer: '1',
  carTypeYears: 'MY2027 / Passat B9',
  subject: 'Gearbox housing, machining and assembly',
  startDate: '2026-02-01',
  revisionDate: '2026-05-04',
  teamNotes: 'Process, quality, maintenance',
  fmeaIdNumber: 'PFMEA-GH-0007',
  designResponsibility: 'Machining shop',
  confidentiality: '3',
} as const;

/**
 * Machining and assembly of the gearbox housing: two numbered steps, work
 * elements of all four 4M types, the process item's functions for the
 * ship-to plant and the end user, a CC product characteristic with the
 * customer's class ◆, SC product and process characteristics, controls and
 * actions (one completed with re-rating).
 */
const housing = (owner: string): AnalysisImport => ({
  nodes: [
    { key: 'op10', name: 'Turn bearing seat', processNo: '10' },
    { key: 'op20', name: 'Press in bearing', processNo: '20' },
    { key: 'operator', parentKey: 'op10', name: 'Operator', workElementType: 'man' },
    { key: 'lathe', parentKey: 'op10', name: 'CNC lathe', workElementType: 'machine' },
    { key: 'blank', parentKey: 'op10', name: 'Cast blank', workElementType: 'material' },
    { key: 'hall', parentKey: 'op20', name: 'Shop temperature', workElementType: 'environment' },
    { key: 'press', parentKey: 'op20', name: 'Servo press', workElementType: 'machine' },
  ],
  functions: [
    { key: 'deliver', nodeKey: '@root', description: 'Deliver housings that fit the gearbox', functionScope: 'shipTo' },
    { key: 'quiet', nodeKey: '@root', description: 'Window lifter runs quietly', functionScope: 'endUser' },
    { key: 'turn', nodeKey: 'op10', description: 'Turn bearing seat to size', requirement: 'drawing 4711' },
    { key: 'pressIn', nodeKey: 'op20', description: 'Press bearing to depth' },
    { key: 'load', nodeKey: 'operator', description: 'Load the blank centred' },
    { key: 'cut', nodeKey: 'lathe', description: 'Hold cutting speed and tool offset' },
    { key: 'stock', nodeKey: 'blank', description: 'Provide machining stock' },
    { key: 'temp', nodeKey: 'hall', description: 'Keep parts at 20 ± 5 °C' },
    { key: 'force', nodeKey: 'press', description: 'Apply press force' },
  ],
  characteristics: [
    { functionKey: 'turn', name: 'Bearing seat Ø22 H7', characteristicClass: 'critical', special: true, customerClass: '◆' },
    { functionKey: 'pressIn', name: 'Press-in depth', characteristicClass: 'significant', special: true },
    { functionKey: 'cut', name: 'Spindle speed', characteristicClass: 'significant', special: true },
    { functionKey: 'force', name: 'Press force', characteristicClass: 'general' },
  ],
  failures: [
    { key: 'fit', functionKey: 'deliver', kind: 'FE', description: 'Bearing does not fit at the customer', severity: 8 },
    { key: 'noise', functionKey: 'quiet', kind: 'FE', description: 'Gear noise', severity: 6 },
    { key: 'oversize', functionKey: 'turn', kind: 'FM', description: 'Bearing seat oversize' },
    { key: 'shallow', functionKey: 'pressIn', kind: 'FM', description: 'Bearing not pressed to depth' },
    { key: 'offCentre', functionKey: 'load', kind: 'FC', description: 'Blank loaded off-centre', occurrence: 4, detection: 6 },
    { key: 'worn', functionKey: 'cut', kind: 'FC', description: 'Tool worn', occurrence: 5, detection: 5 },
    { key: 'thin', functionKey: 'stock', kind: 'FC', description: 'Too little stock on the blank', occurrence: 3, detection: 7 },
    { key: 'warm', functionKey: 'temp', kind: 'FC', description: 'Parts measured warm', occurrence: 4, detection: 6 },
    { key: 'weak', functionKey: 'force', kind: 'FC', description: 'Press force too low', occurrence: 3, detection: 4 },
  ],
  failureLinks: [
    { higherKey: 'fit', lowerKey: 'oversize' },
    { higherKey: 'noise', lowerKey: 'oversize' },
    { higherKey: 'noise', lowerKey: 'shallow' },
    { higherKey: 'oversize', lowerKey: 'offCentre' },
    { higherKey: 'oversize', lowerKey: 'worn' },
    { higherKey: 'oversize', lowerKey: 'thin' },
    { higherKey: 'shallow', lowerKey: 'warm' },
    { higherKey: 'shallow', lowerKey: 'weak' },
  ],
  controls: [
    { causeKey: 'worn', kind: 'prevention', description: 'Tool life counter' },
    { causeKey: 'worn', kind: 'detection', description: 'Air gauge 100%' },
    { causeKey: 'weak', kind: 'detection', description: 'Force-travel monitoring' },
  ],
  actions: [
    { causeKey: 'worn', kind: 'prevention', description: 'Tool change at 80% life', responsibleUserId: owner, targetDate: '2026-06-01', status: 'completed', actionTaken: 'Counter set to 800 parts', evidence: 'PR-12', completionDate: '2026-05-20', raOccurrence: 2 },
    { causeKey: 'thin', kind: 'detection', description: 'Check stock at incoming inspection', targetDate: '2026-07-01' },
  ],
});

const pfmeaTeam = () => ({ members: [{ userId: idOf(team.owner), roles: [0] }] });

async function sourceProject() {
  const project = await createTeamProject(team, { projectType: 'pfmea', name: 'Gearbox housing', ...HEADER });
  await importAnalysis(team.owner, project.id, housing(idOf(team.owner)));
  return project;
}

async function load(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new (await excel()).Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}

const save = async (wb: ExcelJS.Workbook) => new Uint8Array(await wb.xlsx.writeBuffer());

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** The process fields of a project, by the path of the item that holds them. */
async function processFields(projectId: string) {
  const nodes = await t.db.select().from(fmeaNode).where(eq(fmeaNode.projectId, projectId));
  const name = new Map(nodes.map((n) => [n.id, n.name]));
  const functions = await t.db.select().from(fmeaFunction).where(eq(fmeaFunction.projectId, projectId));
  const chars = await t.db.select().from(fmeaCharacteristic).where(eq(fmeaCharacteristic.projectId, projectId));
  return {
    nodes: nodes.filter((n) => n.parentId).map((n) => `${n.name}|${n.processNo ?? ''}|${n.workElementType ?? ''}`).sort(),
    functions: functions.map((f) => `${name.get(f.nodeId)}|${f.description}|${f.functionScope ?? ''}`).sort(),
    characteristics: chars.map((c) => `${c.name}|${c.characteristicClass}|${c.special}|${c.characteristicKind ?? ''}|${c.customerClass ?? ''}`).sort(),
  };
}

/** A data column (by its key) in the sheet's first row, whatever language its header is in. */
const column = (ws: ExcelJS.Worksheet, key: string) => dataColumn(ws.getRow(1).values as unknown[], key);

describe('PFMEA workbook export', () => {
  it('writes the AIAG-VDA PFMEA form: process labels, step numbers, 4M types, scopes, characteristics with their marks, merges', async () => {
    const project = await sourceProject();
    const wb = await load(await exportFmeaWorkbook(team.owner, project.id, { locale: 'en-US' }));
    expect(wb.worksheets.map((s) => s.name)).toEqual(['PFMEA form', 'Failure chains', 'Rating scales', 'Structure', 'Functions', 'Function net', 'Characteristics', 'Interfaces', 'Failures', 'Controls', 'Actions']);
    const form = wb.worksheets[0]!;
    expect(form.getCell('A1').value).toBe('Process FMEA (AIAG & VDA)');
    // the header block: the PFMEA's labels over the project's header fields
    expect([form.getCell('J2').value, form.getCell('K2').value]).toEqual(['Manufacturing location', 'Wuhan plant 2']);
    expect([form.getCell('S2').value, form.getCell('T2').value]).toEqual(['Customer name', 'SAIC Volkswagen']);
    expect([form.getCell('J4').value, form.getCell('K4').value]).toEqual(['PFMEA ID number', 'PFMEA-GH-0007']);
    expect([form.getCell('S4').value, form.getCell('T4').value]).toEqual(['PFMEA start date', '2026-02-01']);
    expect([form.getCell('A5').value, form.getCell('B5').value]).toEqual(['PFMEA revision date', '2026-05-04']);
    expect([form.getCell('S5').value, form.getCell('T5').value]).toEqual(['Process responsibility', 'Machining shop']);
    const head = form.getRow(17);
    expect([1, 2, 3, 4, 5, 6].map((c) => head.getCell(c).value)).toEqual([
      '1. Process item (system, subsystem, part element or name of process)',
      '2. Process step (station no. and name of focus element)',
      '3. Process work element (4M type)',
      '1. Function of the process item (your plant, ship-to plant, end user)',
      '2. Function of the process step and product characteristic',
      '3. Function of the process work element and process characteristic',
    ]);
    expect([head.getCell(15).value, head.getCell(16).value, head.getCell(27).value]).toEqual(['PFMEA AP', 'Special characteristics (filter code)', 'PFMEA AP']);
    // first mode (oversize): 2 effects × 3 causes; the grid orders the effects and causes as the engine does
    const rows = [18, 19, 20, 21, 22, 23].map((r) => form.getRow(r));
    expect(rows[0]!.getCell(2).value).toBe('10 Turn bearing seat');
    expect(rows[0]!.getCell(5).value).toBe('Turn bearing seat to size (drawing 4711)\nBearing seat Ø22 H7 [◆]');
    expect(new Set(rows.map((r) => r.getCell(4).value))).toEqual(new Set(['Ship-to plant: Deliver housings that fit the gearbox', 'End user: Window lifter runs quietly']));
    expect(new Set(rows.slice(0, 3).map((r) => r.getCell(3).value))).toEqual(new Set(['Man: Operator', 'Machine: CNC lathe', 'Material: Cast blank']));
    const lathe = rows.find((r) => r.getCell(3).value === 'Machine: CNC lathe')!;
    expect(lathe.getCell(6).value).toBe('Hold cutting speed and tool offset\nSpindle speed [SC]');
    expect(lathe.getCell(16).value).toBe('◆\nSC');
    expect((form.getCell('B23').master as { address: string }).address).toBe('B18');
    expect((form.getCell('I23').master as { address: string }).address).toBe('I18');
    const press = [24, 25].map((r) => form.getRow(r)).find((r) => r.getCell(3).value === 'EnvironMent: Shop temperature');
    expect(press?.getCell(2).value).toBe('20 Press in bearing');
  });

  it('writes the chain and list sheets with the process fields, and the PFMEA rating scales', async () => {
    const project = await sourceProject();
    const wb = await load(await exportFmeaWorkbook(team.owner, project.id, { locale: 'zh-CN' }));
    expect(wb.worksheets[0]!.name).toBe('PFMEA 表单');
    expect(wb.worksheets[0]!.getCell('J2').value).toBe('制造地点');
    const chains = wb.worksheets[1]!;
    for (const header of ['processNo', 'causeWorkElementType', 'effectFunctionScope']) expect(column(chains, header), header).toBeGreaterThan(0);
    const values = (header: string) => new Set(chains.getColumn(column(chains, header)).values.slice(2));
    // a Chinese export speaks Chinese in its data sheets too (issue 20): headers and codes by their labels
    expect(values('processNo')).toEqual(new Set(['10', '20']));
    expect(values('causeWorkElementType')).toEqual(new Set(['人', '机', '料', '环']));
    expect(values('effectFunctionScope')).toEqual(new Set(['发运至工厂', '最终用户']));
    expect(values('modeCharacteristics')).toContain('Bearing seat Ø22 H7 [关键*|产品特性|◆]');
    expect(values('causeCharacteristics')).toContain('Spindle speed [重要*|过程特性]');
    expect(chains.getRow(1).values).toEqual(expect.arrayContaining(['链', '关注要素键', '过程步骤编号', '失效模式', '下一较低级别 4M 类型', '措施状态', 'S', 'AP']));
    const structure = wb.worksheets[3]!;
    expect(structure.getRow(1).values).toEqual([undefined, '要素键', '上级要素键', '要素', '节点类型', '过程步骤编号', '4M 类型']);
    expect(new Set(structure.getColumn(4).values.slice(2))).toEqual(new Set(['产品', '结构元素']));
    expect(wb.worksheets[4]!.getRow(1).values).toContain('功能范围');
    const characteristics = wb.worksheets[6]!;
    expect(characteristics.getRow(1).values).toEqual([undefined, '功能键', '功能', '特性', '特性分类', '特殊特性', '特性种类', '顾客特性分类']);
    expect(characteristics.getRow(2).values).toEqual(expect.arrayContaining(['关键', '是', '产品特性']));
    expect(new Set(wb.worksheets[8]!.getColumn(4).values.slice(2))).toEqual(new Set(['失效影响 (FE)', '失效模式 (FM)', '失效起因 (FC)']));
    expect(new Set(wb.worksheets[9]!.getColumn(3).values.slice(2))).toEqual(new Set(['预防', '探测']));
    expect(wb.worksheets[10]!.getRow(1).values).toEqual(expect.arrayContaining(['措施类型', '负责人', '状态']));
    for (const camel of ['elementKey', 'nodeType', 'decisionPending', 'prevention', 'machine', 'shipTo', 'critical']) {
      for (const sheet of wb.worksheets.slice(1)) sheet.eachRow((row) => expect(row.values, `${sheet.name}: ${camel}`).not.toContain(camel));
    }
    // the handbook's PFMEA tables, both languages; O and D are not the DFMEA's
    const scales = wb.worksheets[2]!;
    expect(scales.rowCount).toBe(31);
    const occurrence10 = scales.getRow(12);
    expect([occurrence10.getCell(2).value, occurrence10.getCell(3).value, occurrence10.getCell(4).value]).toEqual([10, PFMEA_OCCURRENCE_SCALE[0]!.en, PFMEA_OCCURRENCE_SCALE[0]!.zh]);
    expect(PFMEA_OCCURRENCE_SCALE.map((e) => e.en)).not.toEqual(OCCURRENCE_SCALE.map((e) => e.en));
    for (const scale of [PFMEA_SEVERITY_SCALE, PFMEA_OCCURRENCE_SCALE, PFMEA_DETECTION_SCALE]) expect(scale.map((e) => e.rating)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });
});

describe('PFMEA workbook round trip', () => {
  it('brings back a new PFMEA with every process field, the analysis and the header, and exports the same cells', async () => {
    const project = await sourceProject();
    const first = await exportFmeaWorkbook(team.owner, project.id, { locale: 'en-US' });
    const report = await importPfmeaWorkbook(team.owner, first, { fileName: 'housing.xlsx', newProject: pfmeaTeam() });
    const copy = await getProjectById(team.owner, report.projectId);
    expect(copy.projectType).toBe('pfmea');
    expect(copy.serialNum).not.toBe(project.serialNum);
    expect(copy).toMatchObject({ name: 'Gearbox housing', ...HEADER });
    expect(await processFields(report.projectId)).toEqual(await processFields(project.id));
    const strip = (s: Awaited<ReturnType<typeof projectSnapshot>>) => ({ ...s, project: undefined });
    expect(strip(await projectSnapshot(team.owner, report.projectId))).toEqual(strip(await projectSnapshot(team.owner, project.id)));
    expect(report.created).toMatchObject({ nodes: 7, functions: 9, characteristics: 4, effects: 2, modes: 2, causes: 5, controls: 3, actions: 2 });

    // export → import → export: the same cells in every sheet; on the form only the copy's own number and team differ
    const cells = async (bytes: Uint8Array) => (await readAllSheets(bytes)).map((s) => [s.name, s.rows.map((r) => r.cells)]);
    const again = await cells(await exportFmeaWorkbook(team.owner, report.projectId, { locale: 'en-US' }));
    const before = await cells(first);
    expect(again.slice(1)).toEqual(before.slice(1));
    // a copy is another project: its own number, team and content hash (the stamp row, docs/domain/fmea-baselines.md)
    const own = new Set([project.serialNum, copy.serialNum, 'owner', 'owner, editor, reader']);
    const masked = (sheet: (typeof before)[number]) => JSON.stringify(sheet).replace(/"[^"]*"/g, (m) => (own.has(JSON.parse(m) as string) || /^(owner|sha256:)/.test(JSON.parse(m) as string) ? '"*"' : m));
    expect(masked(again[0]!)).toEqual(masked(before[0]!));
  });

  it('adds nothing twice in dedupe mode and brings back the same project in cover mode', async () => {
    const project = await sourceProject();
    const before = [await projectSnapshot(team.owner, project.id), await processFields(project.id)];
    const bytes = await exportFmeaWorkbook(team.owner, project.id);
    await importFmeaWorkbook(team.owner, bytes, { fileName: 'a.xlsx', projectId: project.id, mode: 'dedupe' });
    expect([await projectSnapshot(team.owner, project.id), await processFields(project.id)]).toEqual(before);
    await importFmeaWorkbook(team.owner, bytes, { fileName: 'a.xlsx', projectId: project.id, mode: 'cover' });
    expect([await projectSnapshot(team.owner, project.id), await processFields(project.id)]).toEqual(before);
  });

  it('refuses an edited process field with its sheet and row; a DFMEA import lists the process columns as unmapped; a PFMEA workbook does not go into a DFMEA by the PFMEA command', async () => {
    const project = await sourceProject();
    const wb = await load(await exportFmeaWorkbook(team.owner, project.id, { locale: 'en-US' }));
    const structure = wb.getWorksheet('Structure')!;
    let lathe = 0;
    structure.eachRow((row, r) => {
      if (row.getCell(3).value === 'CNC lathe') lathe = r;
    });
    structure.getRow(lathe).getCell(6).value = 'method';
    // edited in one place only: each chain row that still says machine is refused, naming the structure sheet's row
    const conflict = await errorOf(importPfmeaWorkbook(team.owner, await save(wb), { fileName: 'bad.xlsx', newProject: pfmeaTeam() }));
    const conflicts = conflict.issues?.filter((i) => i.messageKey === 'fmeaExcel.key_conflict') ?? [];
    expect(conflicts.length).toBe(2); // the lathe's cause is in two chains (two effects)
    for (const issue of conflicts) expect(issue).toMatchObject({ field: 'causeWorkElementType', params: { first: 'method', value: 'machine', firstSheet: 'Structure', firstRow: lathe } });
    // edited everywhere: the engine's process rule, at the structure sheet's row
    const chains = wb.getWorksheet('Failure chains')!;
    const typeColumn = column(chains, 'causeWorkElementType');
    chains.eachRow((row) => {
      if (row.getCell(typeColumn).value === 'Machine' && row.getCell(column(chains, 'causeElement')).value === 'CNC lathe') row.getCell(typeColumn).value = 'method';
    });
    const error = await errorOf(importPfmeaWorkbook(team.owner, await save(wb), { fileName: 'bad.xlsx', newProject: pfmeaTeam() }));
    expect(error.issues).toEqual([expect.objectContaining({ messageKey: 'pfmea.work_element_type_invalid', row: lathe, params: expect.objectContaining({ sheet: 'Structure' }) })]);
    expect(translateError('en-US', error)).toContain(`Sheet “Structure”, row ${lathe}: method is not a 4M type`);

    const good = await exportFmeaWorkbook(team.owner, project.id, { locale: 'en-US' });
    const dfmea = await createTeamProject(team);
    const unmapped = await errorOf(importFmeaWorkbook(team.owner, good, { fileName: 'p.xlsx', projectId: dfmea.id }));
    expect(unmapped.messageKey).toBe('import.columns_unmapped');
    expect(unmapped.issues?.map((i) => i.params?.header).filter(Boolean)).toEqual(
      expect.arrayContaining(['Process step number', 'Lower element 4M type', 'Higher function scope', '4M type', 'Function scope', 'Characteristic kind', 'Customer class']),
    );
    const mismatch = await errorOf(importPfmeaWorkbook(team.owner, good, { fileName: 'p.xlsx', projectId: dfmea.id }));
    expect(mismatch.messageKey).toBe('fmeaExcel.project_type_mismatch');
  });
});

/** A legacy AIAG 4th-edition PFMEA sheet: header block, title, one header row. */
async function legacySheet(headers: string[], rows: (string | number)[][], block: string[][] = []): Promise<Uint8Array> {
  const wb = new (await excel()).Workbook();
  const ws = wb.addWorksheet('PFMEA');
  ws.addRow(['Potential Failure Mode and Effects Analysis (Process FMEA)']);
  for (const line of block) ws.addRow(line);
  ws.addRow([]);
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const PF_LEGACY = [
  'Process Step/Function',
  'Requirements',
  'Potential Failure Mode',
  'Potential Effect(s) of Failure',
  'S',
  'Class',
  'Potential Cause(s)/Mechanism(s) of Failure',
  'Current Process Controls Prevention',
  'O',
  'Current Process Controls Detection',
  'D',
  'RPN',
  'Recommended Action(s)',
  'Responsibility & Target Completion Date',
  'Actions Taken',
  'New S',
  'New O',
  'New D',
  'New RPN',
];

const BLOCK = [
  ['Item:', 'Gearbox housing', '', 'Process Responsibility:', 'Machining shop'],
  ['Model Year(s)/Program(s):', 'MY2027', '', 'Key Date:', '2026-09-01'],
  ['FMEA Number:', 'P-0815', '', 'Prepared By:', 'Li Wei'],
  ['Core Team:', 'Process, quality', '', 'FMEA Date (Orig.):', '2026-01-10'],
  ['Customer:', 'SAIC Volkswagen'],
];

describe('legacy AIAG 4th-edition PFMEA sheet', () => {
  it('reads steps with their numbers, requirements as product characteristics, causes on work elements, actions and the header block', async () => {
    const bytes = await legacySheet(
      PF_LEGACY,
      [
        ['OP10 Turn bearing seat\nTurn seat to size', 'Ø22 H7', 'Seat oversize', 'Bearing loose in the gearbox', 8, '◆', 'Tool worn', 'Tool life counter', 5, 'Air gauge 100%', 5, 200, 'Tool change at 80% life', `${nameOf(team.owner)} 2026-06-01`, 'Counter set 2026-05-20', 8, 2, 5, 80],
        ['', '', '', '', '', '', 'Blank off-centre', '', 4, 'Visual check', 7, 224],
        ['20 - Press in bearing\nPress to depth', 'Depth 3 ±0.1', 'Not to depth', 'Gear noise', 6, 'SC', 'Press force low', '', 3, 'Force monitoring', 4, 72, 'New press', 'J. Doe'],
      ],
      BLOCK,
    );
    const report = await importPfmeaWorkbook(team.owner, bytes, { fileName: 'old.xlsx', newProject: pfmeaTeam() });
    expect(report).toMatchObject({ layout: 'legacy', rows: 3, imported: 3, errors: [], unmapped: [], unknownNames: ['J. Doe'] });
    const project = await getProjectById(team.owner, report.projectId);
    expect(project).toMatchObject({ projectType: 'pfmea', name: 'Gearbox housing', customer: '1', carTypeYears: 'MY2027', fmeaIdNumber: 'P-0815', preparedBy: 'Li Wei', startDate: '2026-01-10', teamNotes: 'Process, quality', designResponsibility: 'Machining shop', planTiming: 'Key Date: 2026-09-01' });
    expect(project.serialNum).toMatch(/^PF/);
    expect(await processFields(report.projectId)).toEqual({
      nodes: ['Press in bearing (causes)||machine', 'Press in bearing|20|', 'Turn bearing seat (causes)||machine', 'Turn bearing seat|10|'],
      functions: expect.arrayContaining(['Turn bearing seat|Turn seat to size|', 'Gearbox housing|Turn seat to size|']),
      // ◆ is the customer's own class (and reads as significant, as in a DFMEA's sheet)
      characteristics: ['Depth 3 ±0.1|significant|true|product|', 'Ø22 H7|significant|true|product|◆'],
    });
    expect(report.created).toMatchObject({ modes: 2, causes: 3, effects: 2, controls: 4, actions: 2, reRatings: 3 });
  });

  it('takes the 4M type of each cause from a 4M column and the step number from its own column', async () => {
    const bytes = await legacySheet(
      ['Op. No.', 'Process Step', 'Function', 'Potential Failure Mode', 'Potential Effects of Failure', 'S', 'Potential Causes', '4M', 'O', 'D'],
      [
        ['30', 'Wash', 'Remove chips', 'Chips left', 'Noise', 5, 'Nozzle blocked', 'Machine', 4, 6],
        ['', '', '', '', '', '', 'Operator skips rinse', '人', 3, 6],
        ['', '', '', '', '', '', 'Water too cold', 'environment', 2, 5],
        ['', '', '', '', '', '', 'Oily blanks', 'Material', 2, 5],
      ],
    );
    const report = await importPfmeaWorkbook(team.owner, bytes, { fileName: 'wash.xlsx', newProject: { ...pfmeaTeam(), name: 'Washing' } });
    expect((await processFields(report.projectId)).nodes).toEqual(['Machine||machine', 'Material||material', 'Wash|30|', 'environment||environment', '人||man']);
  });

  it('refuses bad rows by row number, every unmapped column listed, nothing written; the good rows only when asked', async () => {
    const projects = async () => (await t.db.select({ id: fmeaProject.id }).from(fmeaProject)).length;
    const before = await projects();
    const rows = [
      ['10 Turn', 'Oversize', 'Loose', 8, 'Tool worn', 5, 5, 'keep'],
      ['20 Press', 'Shallow', 'Noise', 11, 'Force low', 3, 4, ''],
      ['', '', '', '', '', '', '', ''],
      ['30 Wash', '', 'Noise', 5, 'Nozzle', 4, 6, ''],
      ['40 Pack', 'Damaged', 'Scratches', 4, 'Drop', 2, 3, '', 'Method'],
    ];
    const headers = ['Process Step/Function', 'Potential Failure Mode', 'Potential Effect(s) of Failure', 'S', 'Potential Cause(s) of Failure', 'O', 'D', 'Remarks', '4M'];
    const bytes = await legacySheet(headers, rows);
    const unmapped = await errorOf(importPfmeaWorkbook(team.owner, bytes, { fileName: 'bad.xlsx', newProject: pfmeaTeam() }));
    expect(unmapped.messageKey).toBe('import.columns_unmapped');
    expect(unmapped.issues).toEqual([expect.objectContaining({ messageKey: 'import.column_unmapped', params: expect.objectContaining({ column: 'H', header: 'Remarks' }) })]);
    const error = await errorOf(importPfmeaWorkbook(team.owner, bytes, { fileName: 'bad.xlsx', newProject: pfmeaTeam(), acceptUnmapped: true }));
    expect(error.messageKey).toBe('fmeaExcel.import_invalid');
    // sheet rows: title 1, blank 2, header 3, data from 4 (the blank row 6 is no row)
    expect(error.issues?.map((i) => `${i.row}:${i.messageKey}`)).toEqual(['5:fmeaExcel.rating_invalid', '7:fmeaExcel.mode_missing', '8:pfmea.work_element_type_invalid']);
    expect(await projects()).toBe(before);
    const partial = await importPfmeaWorkbook(team.owner, bytes, { fileName: 'bad.xlsx', newProject: pfmeaTeam(), acceptUnmapped: true, partial: true });
    expect(partial).toMatchObject({ imported: 1, rows: 4 });
    expect(partial.errors.map((i) => i.row)).toEqual([5, 7, 8]);
    expect(partial.unmapped).toHaveLength(1);
    expect((await processFields(partial.projectId)).nodes).toEqual(['Turn (causes)||machine', 'Turn|10|']);
  });
});

describe('PFMEA workbook messages', () => {
  it.each(LOCALES)('has every PFMEA label in %s', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of PFMEA_LABEL_MESSAGE_KEYS) expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
  });
});
