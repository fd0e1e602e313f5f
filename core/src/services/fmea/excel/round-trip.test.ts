import type ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../../errors.ts';
import { translateError } from '../../../i18n/index.ts';
import { schema } from '../../../db/index.ts';
import { createTeamProject, dataColumn, idOf, makeTeam, nameOf, openTestDatabase, projectSnapshot, type Team, type TestDatabase } from '../../../testing/index.ts';
import { importAnalysis, type AnalysisImport } from '../import.ts';
import { exportDfmeaWorkbook } from './export.ts';
import { importDfmeaWorkbook } from './import.ts';
import { excel, readAllSheets, streamingWorkbook } from './workbook-io.ts';
import { analysisColumns } from './analysis-columns.ts';
import { PFMEA_FLAT_COLUMNS } from './columns.ts';
import { readableColumns } from './data-columns.ts';
import { chainCodes, listCodes } from './vocabulary.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

/**
 * What no chain reaches and what the chain sheet wrote in one cell: a
 * function-net link from the product down to a subsystem (across a level)
 * and one on one element, an assembly node, an element and a function no
 * chain uses, a characteristic on the effect's function, an effect and a
 * cause linked to no mode (the cause with a control and an action),
 * frequency ratios, interfaces, and a cause whose first action has no
 * "action taken" while a later one is completed, the fields of each action
 * empty in other places.
 */
const everything = (owner: string, editor: string): AnalysisImport => ({
  nodes: [
    { key: 'motor', name: 'Drive motor' },
    { key: 'module', name: 'Door module', nodeType: 12 },
    { key: 'brush', parentKey: 'motor', name: 'Brush' },
    { key: 'magnet', parentKey: 'motor', name: 'Magnet' },
  ],
  functions: [
    { key: 'close', nodeKey: '@root', description: 'Close window', requirement: 'within 4 s' },
    { key: 'move', nodeKey: '@root', description: 'Move glass' },
    { key: 'torque', nodeKey: 'motor', description: 'Deliver torque', requirement: '5 Nm' },
    { key: 'quiet', nodeKey: 'motor', description: 'Run quietly' },
    { key: 'contact', nodeKey: 'brush', description: 'Carry current' },
    { key: 'field', nodeKey: 'magnet', description: 'Hold the magnetic field' },
    { key: 'carry', nodeKey: 'module', description: 'Carry the parts' },
  ],
  characteristics: [
    { functionKey: 'close', name: 'Closing time', characteristicClass: 'significant' },
    { functionKey: 'contact', name: 'Brush length', characteristicClass: 'critical', special: true },
    { functionKey: 'field', name: 'Remanence', characteristicClass: 'general' },
  ],
  interfaces: [
    { firstNodeKey: 'motor', secondNodeKey: 'module', interfaceType: 1, description: 'Screwed to the module' },
    { firstNodeKey: 'brush', secondNodeKey: 'magnet', interfaceType: 3 },
  ],
  failures: [
    { key: 'fe', functionKey: 'close', kind: 'FE', description: 'Window stays open', severity: 8 },
    { key: 'feAlone', functionKey: 'move', kind: 'FE', description: 'Glass rattles', severity: 3 },
    { key: 'fm', functionKey: 'torque', kind: 'FM', description: 'No torque', frequencyRatio: 0.6 },
    { key: 'fm2', functionKey: 'torque', kind: 'FM', description: 'Torque too low', frequencyRatio: 0.4 },
    { key: 'fc', functionKey: 'contact', kind: 'FC', description: 'Brush worn', occurrence: 5, detection: 4 },
    { key: 'fcAlone', functionKey: 'field', kind: 'FC', description: 'Magnet cracked', occurrence: 2, detection: 6 },
  ],
  functionLinks: [
    { higherKey: 'close', lowerKey: 'torque' },
    { higherKey: 'close', lowerKey: 'move' },
    { higherKey: 'torque', lowerKey: 'contact' },
  ],
  failureLinks: [
    { higherKey: 'fe', lowerKey: 'fm' },
    { higherKey: 'fm', lowerKey: 'fc' },
  ],
  controls: [
    { causeKey: 'fc', kind: 'prevention', description: 'Brush specification BS-1' },
    { causeKey: 'fc', kind: 'detection', description: 'Endurance run' },
    { causeKey: 'fc', kind: 'detection', description: 'Current ripple check' },
    { causeKey: 'fcAlone', kind: 'prevention', description: 'Magnet supplier audit' },
  ],
  actions: [
    { causeKey: 'fc', kind: 'prevention', description: 'Longer brushes', targetDate: '2026-05-01' },
    { causeKey: 'fc', kind: 'detection', description: 'Brush wear gauge', responsibleUserId: editor, targetDate: '2026-04-01', status: 'completed', actionTaken: 'Gauge in the line', evidence: 'Report 7', completionDate: '2026-03-20', raDetection: 2 },
    { causeKey: 'fc', kind: 'prevention', description: 'Harder carbon', responsibleUserId: owner, status: 'decisionPending', raOccurrence: 3 },
    { causeKey: 'fcAlone', kind: 'prevention', description: 'Second magnet supplier', status: 'notImplemented' },
  ],
});

async function sourceProject() {
  const project = await createTeamProject(team, { productName: 'Window lifter system', fmeaIdNumber: 'DFMEA-7' });
  await importAnalysis(team.owner, project.id, everything(idOf(team.owner), idOf(team.editor)));
  return project;
}

const newTeam = () => ({ members: [{ userId: idOf(team.owner), roles: [0] }] });
const projectCount = async () => (await t.db.select({ id: schema.fmeaProject.id }).from(schema.fmeaProject)).length;

async function load(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new (await excel()).Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
}
const save = async (wb: ExcelJS.Workbook) => new Uint8Array(await wb.xlsx.writeBuffer());
const sheet = (wb: ExcelJS.Workbook, name: string) => wb.worksheets.find((s) => s.name === name)!;
/** The column of a data column (by its key) in a sheet's first row, whatever language its header is in. */
const column = (ws: ExcelJS.Worksheet, key: string) => dataColumn(ws.getRow(1).values as unknown[], key);
/** The first row (from 2) whose cell under `header` reads `text`. */
function rowWith(ws: ExcelJS.Worksheet, header: string, text: string): number {
  for (let r = 2; r <= ws.rowCount; r++) if (ws.getRow(r).getCell(column(ws, header)).value === text) return r;
  throw new Error(`${text} not in ${ws.name}`);
}

/** A data sheet's header as exports before issue 20 wrote it: the column's identifier. */
function identifierOf(sheet: 'chain' | 'list', header: string): string | undefined {
  const columns = sheet === 'chain' ? readableColumns('chain', PFMEA_FLAT_COLUMNS) : Object.values(analysisColumns(true)).flatMap((c) => readableColumns('list', c));
  return columns.find((c) => c.headers.includes(header))?.headers[0];
}

/** A data cell as exports before issue 20 wrote it: codes where the export now writes labels. */
function asCode(sheet: 'chain' | 'list', identifier: string, text: string): string {
  if (sheet === 'list') return identifier === 'special' ? (text ? 'yes' : '') : (listCodes({ [identifier]: text }) as Record<string, string>)[identifier]!;
  const key = PFMEA_FLAT_COLUMNS.find((c) => c.headers[0] === identifier)?.key ?? identifier;
  return (chainCodes({ [key]: text }) as Record<string, string>)[key]!;
}

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

// several exports and imports each: minutes on a busy 2-core machine, never a matter of the result
describe('DFMEA workbook round trip', { timeout: 60_000 }, () => {
  it('brings back into a new project everything the project holds: what no chain reaches, every action with every field, the product', async () => {
    const project = await sourceProject();
    const before = await projectSnapshot(team.owner, project.id);
    expect(before.counts).toMatchObject({ functionLinks: 3, interfaces: 2, actions: 4, failures: 6, characteristics: 3 });
    const report = await importDfmeaWorkbook(team.owner, await exportDfmeaWorkbook(team.owner, project.id), { fileName: 'lifter.xlsx', newProject: newTeam() });
    expect(report).toMatchObject({ errors: [], unmapped: [], unknownNames: [] });
    const copy = await projectSnapshot(team.owner, report.projectId);
    expect(copy.structure).toEqual(before.structure);
    expect(copy.functionNet).toEqual(before.functionNet);
    expect(copy).toEqual(before);
  });

  it('gives the same workbook when the copy is exported again', async () => {
    const project = await sourceProject();
    const first = await exportDfmeaWorkbook(team.owner, project.id);
    const report = await importDfmeaWorkbook(team.owner, first, { fileName: 'lifter.xlsx', newProject: newTeam() });
    const rows = async (bytes: Uint8Array) => (await readAllSheets(bytes)).slice(1).map((s) => [s.name, s.rows.map((r) => r.cells)]);
    expect(await rows(await exportDfmeaWorkbook(team.owner, report.projectId))).toEqual(await rows(first));
  });

  it('writes its data sheets in the export’s language and reads them back in either language, and a workbook written before with identifiers and codes', async () => {
    const project = await sourceProject();
    const before = await projectSnapshot(team.owner, project.id);
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const bytes = await exportDfmeaWorkbook(team.owner, project.id, { locale });
      const report = await importDfmeaWorkbook(team.owner, bytes, { fileName: `${locale}.xlsx`, newProject: newTeam() });
      expect(report).toMatchObject({ errors: [], unmapped: [] });
      expect(await projectSnapshot(team.owner, report.projectId), locale).toEqual(before);
    }
    // a status reads as the engine names it (and the browser shows it), in the form and in the data sheets
    const zh = await load(await exportDfmeaWorkbook(team.owner, project.id, { locale: 'zh-CN' }));
    const actions = zh.worksheets[10]!;
    expect(actions.getRow(1).values).toEqual([undefined, '失效起因键', '失效起因', '措施类型', '措施', '负责人', '目标完成日期', '状态', '采取的措施', '证据', '完成日期', '措施后严重度', '措施后频度', '措施后探测度']);
    expect(new Set(actions.getColumn(7).values.slice(2))).toEqual(new Set(['未结', '已完成', '待决定', '不实施']));
    expect(new Set(actions.getColumn(3).values.slice(2))).toEqual(new Set(['预防', '探测']));
    const formLines = new Set<string>();
    zh.worksheets[0]!.eachRow((row) => row.eachCell((cell) => String(cell.value).split('\n').forEach((line) => formLines.add(line))));
    expect([...formLines]).toEqual(expect.arrayContaining(['未结', '已完成', '待决定']));

    // the same workbook as exports before issue 20 wrote it: identifier headers and codes in the data sheets
    const old = await load(await exportDfmeaWorkbook(team.owner, project.id, { locale: 'en-US' }));
    for (const ws of old.worksheets.slice(1)) {
      if (ws === old.worksheets[2]) continue; // the rating scales
      const kind = ws === old.worksheets[1] ? 'chain' : 'list';
      const headers = ws.getRow(1).values as unknown[];
      const keys = headers.map((h) => (typeof h === 'string' ? identifierOf(kind, h) : undefined));
      ws.eachRow((row, r) => {
        row.eachCell((cell, c) => {
          if (r === 1) cell.value = keys[c] ?? cell.value;
          else if (typeof cell.value === 'string') cell.value = asCode(kind, keys[c] ?? '', cell.value);
        });
      });
    }
    expect(old.worksheets[3]!.getRow(1).values).toEqual([undefined, 'elementKey', 'parentKey', 'element', 'nodeType']);
    expect(new Set(old.worksheets[3]!.getColumn(4).values.slice(2))).toEqual(new Set(['1', '9', '12']));
    const report = await importDfmeaWorkbook(team.owner, await save(old), { fileName: 'old.xlsx', newProject: newTeam() });
    expect(report).toMatchObject({ errors: [], unmapped: [] });
    expect(await projectSnapshot(team.owner, report.projectId)).toEqual(before);
  });

  it('adds nothing twice in dedupe mode and brings back the same project in cover mode', async () => {
    const project = await sourceProject();
    const before = await projectSnapshot(team.owner, project.id);
    const bytes = await exportDfmeaWorkbook(team.owner, project.id);
    await importDfmeaWorkbook(team.owner, bytes, { fileName: 'a.xlsx', projectId: project.id, mode: 'dedupe' });
    expect(await projectSnapshot(team.owner, project.id)).toEqual(before);
    await importDfmeaWorkbook(team.owner, bytes, { fileName: 'a.xlsx', projectId: project.id, mode: 'cover' });
    expect(await projectSnapshot(team.owner, project.id)).toEqual(before);
  });

  it('refuses a chain sheet alone whose action lines do not line up with the actions, by row and column, instead of moving values to another action', async () => {
    const project = await sourceProject();
    const wb = await load(await exportDfmeaWorkbook(team.owner, project.id));
    // a workbook of the chain sheet alone, as exported before the list sheets
    for (const ws of wb.worksheets.slice(3)) wb.removeWorksheet(ws.id);
    const chains = wb.worksheets[1]!;
    const row = rowWith(chains, 'cause', 'Brush worn');
    // one action taken of three, on the second line: the cell's empty first line is lost when it is read
    expect(chains.getRow(row).getCell(column(chains, 'actionsTaken')).value).toBe('\nGauge in the line\n');
    const before = await projectCount();
    const error = await errorOf(importDfmeaWorkbook(team.owner, await save(wb), { fileName: 'old.xlsx', newProject: newTeam() }));
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { messageKey: 'fmeaExcel.action_parts_mismatch', row, field: 'actionsTaken', params: { column: 'actionsTaken', parts: 1, count: 3 } },
        { messageKey: 'fmeaExcel.action_parts_mismatch', row, field: 'actionRaDetection', params: { column: 'actionRaDetection', parts: 1, count: 3 } },
      ]),
    );
    expect(translateError('en-US', error)).toContain(`Row ${row}: actionsTaken has 1 line for 3 actions`);
    expect(await projectCount()).toBe(before);
  });

  it('imports a chain sheet alone whose action lines line up, every field on its action', async () => {
    const project = await sourceProject();
    const wb = await load(await exportDfmeaWorkbook(team.owner, project.id));
    for (const ws of wb.worksheets.slice(3)) wb.removeWorksheet(ws.id);
    const chains = wb.worksheets[1]!;
    const row = chains.getRow(rowWith(chains, 'cause', 'Brush worn'));
    const cells = {
      actionResponsible: [team.owner, team.editor, team.owner].map(nameOf).join('\n'),
      actionTargetDates: '2026-05-01\n2026-04-01\n2026-06-01',
      actionsTaken: 'Ordered\nGauge in the line\nCompared',
      actionEvidence: 'PO 1\nReport 7\nMemo 3',
      actionCompletionDates: '2026-03-01\n2026-03-20\n2026-03-02',
      actionRaOccurrence: '4\n4\n3',
      actionRaDetection: '3\n2\n3',
    };
    for (const [header, text] of Object.entries(cells)) row.getCell(column(chains, header)).value = text;
    const report = await importDfmeaWorkbook(team.owner, await save(wb), { fileName: 'old.xlsx', newProject: newTeam() });
    const copy = await projectSnapshot(team.owner, report.projectId);
    const brush = copy.structure!.children[0]!.children[0]!.functions[0]!.failures[0]!;
    const fields = ['description', 'responsibleUserId', 'targetDate', 'status', 'actionTaken', 'evidence', 'completionDate', 'raOccurrence', 'raDetection'];
    expect(brush.actions.map((a) => fields.map((f) => (a as Record<string, unknown>)[f]))).toEqual([
      ['Longer brushes', idOf(team.owner), '2026-05-01', 'open', 'Ordered', 'PO 1', '2026-03-01', 4, 3],
      ['Brush wear gauge', idOf(team.editor), '2026-04-01', 'completed', 'Gauge in the line', 'Report 7', '2026-03-20', 4, 2],
      ['Harder carbon', idOf(team.owner), '2026-06-01', 'decisionPending', 'Compared', 'Memo 3', '2026-03-02', 3, 3],
    ]);
  });

  it('refuses an edit made in one place only, naming both places, and a reading column that is not the keyed text', async () => {
    const project = await sourceProject();
    const wb = await load(await exportDfmeaWorkbook(team.owner, project.id, { locale: 'en-US' }));
    const failures = sheet(wb, 'Failures');
    const failureRow = rowWith(failures, 'failure', 'Brush worn');
    failures.getRow(failureRow).getCell(column(failures, 'failure')).value = 'Brush worn down';
    const chains = sheet(wb, 'Failure chains');
    const chainRow = rowWith(chains, 'cause', 'Brush worn');
    chains.getRow(chainRow).getCell(column(chains, 'preventionControls')).value = 'Brush specification BS-2';
    const error = await errorOf(importDfmeaWorkbook(team.owner, await save(wb), { fileName: 'edited.xlsx', newProject: newTeam() }));
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { messageKey: 'fmeaExcel.key_conflict', row: chainRow, field: 'cause', params: { key: 'C1', field: 'cause', value: 'Brush worn', first: 'Brush worn down', firstSheet: 'Failures', firstRow: failureRow } },
        { messageKey: 'fmeaExcel.list_differs', row: chainRow, field: 'preventionControls', params: { column: 'preventionControls', key: 'C1', sheet: 'Controls' } },
        expect.objectContaining({ messageKey: 'fmeaExcel.reference_differs', row: 2, params: expect.objectContaining({ sheet: 'Controls', column: 'cause', value: 'Brush worn', expected: 'Brush worn down' }) }),
      ]),
    );
    const text = translateError('en-US', error);
    expect(text).toContain(`Row ${chainRow}: C1: Cause “Brush worn” differs from “Brush worn down” in sheet “Failures”, row ${failureRow}`);
    expect(text).toContain('Sheet “Controls”, row 2: cause “Brush worn” is not the text of C1');
  });

  it('lists an unknown responsible person and imports the action without one', async () => {
    const project = await sourceProject();
    const wb = await load(await exportDfmeaWorkbook(team.owner, project.id, { locale: 'en-US' }));
    const actions = sheet(wb, 'Actions');
    actions.getRow(rowWith(actions, 'action', 'Harder carbon')).getCell(column(actions, 'responsible')).value = 'k.nobody';
    // the chain sheet repeats the responsible people: edited alike
    const chains = sheet(wb, 'Failure chains');
    const cell = chains.getRow(rowWith(chains, 'cause', 'Brush worn')).getCell(column(chains, 'actionResponsible'));
    cell.value = String(cell.value).replace(new RegExp(`${nameOf(team.owner)}$`), 'k.nobody');
    const report = await importDfmeaWorkbook(team.owner, await save(wb), { fileName: 'a.xlsx', newProject: newTeam() });
    expect(report.unknownNames).toEqual(['k.nobody']);
  });
});

describe('DFMEA workbook reading', { timeout: 60_000 }, () => {
  it('reads Chinese text whole wherever the compressed stream cuts it', async () => {
    const { workbook, bytes } = await streamingWorkbook();
    const ws = workbook.addWorksheet('文本');
    const texts: string[][] = [];
    for (let i = 0; i < 3000; i++) {
      const row = [`第 ${i} 行：钢丝绳张紧力${'测'.repeat(i % 7)}`, `电动车窗升降器防夹${'力'.repeat(i % 5)}试验`, `绳轮出绳半径由 6 mm 增大到 9 mm（${i}）`];
      texts.push(row);
      ws.addRow(row).commit();
    }
    ws.commit();
    const [read] = await readAllSheets(await bytes());
    expect(read!.rows.map((r) => r.cells.slice(1))).toEqual(texts);
  });
});
