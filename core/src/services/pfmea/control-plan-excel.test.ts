import type ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { translateError } from '../../i18n/index.ts';
import { DomainError } from '../../errors.ts';
import { buildHousingPfmea, idOf, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { excel } from '../fmea/excel/workbook-io.ts';
import { setRuleFlag } from '../rules/rule-flags.ts';
import { generateControlPlan, getControlPlan, saveControlPlanHeader } from './control-plan.ts';
import { saveControlPlanLine } from './control-plan-lines.ts';
import { exportControlPlanWorkbook } from './control-plan-export.ts';
import { importControlPlanWorkbook } from './control-plan-import.ts';

let t: TestDatabase;
let team: Team;
let pfmea: Awaited<ReturnType<typeof buildHousingPfmea>>;
const production = { phase: 'production' } as const;

beforeEach(async () => {
  t = await openTestDatabase({ now: () => new Date(Date.UTC(2026, 2, 1, 8)) });
  team = await makeTeam(t);
  pfmea = await buildHousingPfmea(team.owner, [
    { userId: idOf(team.owner), roles: [0] },
    { userId: idOf(team.editor), roles: [1] },
    { userId: idOf(team.reader), roles: [4] },
  ]);
});
afterEach(() => t.dispose());

async function open(bytes: Uint8Array): Promise<ExcelJS.Worksheet> {
  const workbook = new (await excel()).Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}
const text = (ws: ExcelJS.Worksheet, row: number) => Array.from((ws.getRow(row).values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : String(v)));

/** A workbook as a customer sends it: rows of cells (null: empty), merges given as ranges. */
async function workbookOf(rows: (string | null)[][], merges: string[] = []): Promise<Uint8Array> {
  const workbook = new (await excel()).Workbook();
  const ws = workbook.addWorksheet('CP');
  for (const r of rows) ws.addRow(r.map((v) => v ?? undefined));
  for (const m of merges) ws.mergeCells(m);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

describe('exporting the AIAG control plan form', () => {
  it('writes the title, the phase, the header block, the 13 columns in order under merged headings, and a row per line', async () => {
    await generateControlPlan(team.editor, pfmea.project.id, production);
    await saveControlPlanHeader(team.editor, pfmea.project.id, { ...production, version: 1, header: { partNumber: 'GH-100', keyContact: 'Li Wei' } });
    const ws = await open(await exportControlPlanWorkbook(team.reader, pfmea.project.id, { ...production, locale: 'en-US' }));
    expect(ws.name).toBe('Control plan');
    expect(text(ws, 1)[0]).toBe('Control Plan');
    expect(text(ws, 2)[0]).toBe('☐ Prototype    ☐ Pre-launch    ☒ Production');
    // three label/value pairs a row, each label and value merged over two columns (the last value to the edge)
    expect(['A3', 'C3', 'E3', 'G3', 'I3'].map((a) => ws.getCell(a).value)).toEqual(['Control Plan Number', `CP-${pfmea.project.serialNum}-P`, 'Key Contact', 'Li Wei', 'Key Contact Phone']);
    expect(['B3', 'D3', 'M3'].map((a) => ws.getCell(a).master.address)).toEqual(['A3', 'C3', 'K3']);
    expect([ws.getCell('A5').value, ws.getCell('C5').value]).toEqual(['Part Name/Description', 'Gearbox housing GH-100']);
    const heading = 11;
    const group = (n: number) => ws.getCell(heading, n).value;
    expect([1, 2, 3, 4, 7, 8, 13].map(group)).toEqual(['Part/Process Number', 'Process Name/Operation Description', 'Machine, Device, Jig, Tools for Mfg.', 'Characteristics', 'Special Char. Class', 'Methods', 'Reaction Plan']);
    expect([4, 5, 6, 8, 9, 10, 11, 12].map((n) => ws.getCell(heading + 1, n).value)).toEqual(['No.', 'Product', 'Process', 'Product/Process Specification/Tolerance', 'Evaluation/Measurement Technique', 'Sample Size', 'Sample Freq.', 'Control Method']);
    // merged headings: a group over its columns, a single column down both rows
    expect(ws.getCell(heading, 5).master.address).toBe(`D${heading}`);
    expect(ws.getCell(heading + 1, 1).master.address).toBe(`A${heading}`);
    expect(text(ws, heading + 2)).toEqual(['10', 'Machine housing', 'CNC lathe', '1', 'Bore diameter', '', 'CC', '', 'Bore gauge 100%', '', '', 'Tool life counter\nPoka-yoke fixture']);
    // the step's number, name and machine merged down its lines
    expect(ws.getCell(heading + 4, 2).master.address).toBe(`B${heading + 2}`);
    expect(ws.getCell(heading + 5, 1).value).toBe('20');
    expect(ws.rowCount).toBe(heading + 6);
  });

  it('leaves out the columns the template switches off, and writes both languages when asked', async () => {
    await setRuleFlag(t.ctx, 'controlPlanMachineColumn', '0');
    await generateControlPlan(team.editor, pfmea.project.id, production);
    const ws = await open(await exportControlPlanWorkbook(team.reader, pfmea.project.id, { ...production, bilingual: true }));
    expect(text(ws, 1)[0]).toBe('控制计划\nControl Plan');
    expect(text(ws, 11).slice(0, 3)).toEqual(['零件/过程编号\nPart/Process Number', '过程名称/操作描述\nProcess Name/Operation Description', '特性\nCharacteristics']);
    expect(text(ws, 13).slice(0, 4)).toEqual(['10', 'Machine housing', '1', 'Bore diameter']);
  });
});

describe('importing a control plan workbook', () => {
  it('reads its own export back into another phase: rows matched to the PFMEA are linked, own columns kept', async () => {
    const made = await generateControlPlan(team.editor, pfmea.project.id, production);
    const bore = made.lines[0]!;
    await saveControlPlanLine(team.editor, bore.id, { version: bore.version, specification: 'Ø20 H7', sampleSize: '5', sampleFrequency: '1/h', reactionPlan: 'Stop, sort', controlMethod: 'SPC chart' });
    const bytes = await exportControlPlanWorkbook(team.reader, pfmea.project.id, production);
    const report = await importControlPlanWorkbook(team.editor, pfmea.project.id, bytes, { phase: 'prelaunch', fileName: 'cp.xlsx' });
    expect(report).toMatchObject({ phase: 'prelaunch', sheet: '控制计划', rows: 5, imported: 5, linked: 5, skipped: 0, replaced: 0, errors: [], unmapped: [] });
    expect(report.header).toEqual(expect.arrayContaining(['controlPlanNumber']));
    const view = await getControlPlan(team.reader, pfmea.project.id, { phase: 'prelaunch' });
    expect(view.plan.header.controlPlanNumber).toBe(`CP-${pfmea.project.serialNum}-P`);
    expect(view.lines.map((l) => [l.origin, l.linked, l.productCharacteristic || l.processCharacteristic, l.specification, l.controlMethod])).toEqual([
      ['imported', true, 'Bore diameter', 'Ø20 H7', 'SPC chart'],
      ['imported', true, 'Surface finish', '', 'Tool life counter\nPoka-yoke fixture'],
      ['imported', true, 'Spindle speed', '', 'Tool life counter'],
      ['imported', true, 'Press depth', '', 'Force monitoring'],
      ['imported', true, 'Press force', '', 'Force monitoring'],
    ]);
    // the contradiction travels: the file's control method differs from the PFMEA
    expect(view.lines[0]!.contradictions).toEqual([expect.objectContaining({ column: 'controlMethod', text: 'SPC chart' })]);
    expect(view.lines[1]!.ownControlMethod).toBeNull();
    // the same file again adds nothing (dedupe); cover replaces the lines
    expect(await importControlPlanWorkbook(team.editor, pfmea.project.id, bytes, { phase: 'prelaunch', fileName: 'cp.xlsx' })).toMatchObject({ imported: 0, skipped: 5 });
    expect(await importControlPlanWorkbook(team.editor, pfmea.project.id, bytes, { phase: 'prelaunch', fileName: 'cp.xlsx', mode: 'cover' })).toMatchObject({ imported: 5, replaced: 5 });
  });

  const CUSTOMER_HEADER: (string | null)[][] = [
    ['CONTROL PLAN'],
    ['☐ Prototype ☐ Pre-launch ☒ Production'],
    ['Control Plan Number', 'CP-7', null, 'Key Contact/Phone', 'Zhang San', null, 'Date (Orig.)', '2026/1/5'],
    ['Part Number/Latest Change Level', 'GH-100 / C', null, 'Core Team', 'QE, ME, Production'],
    [],
    ['Part/ Process Number', 'Process Name/ Operation Description', 'Machine, Device, Jig, Tools for Mfg.', 'Characteristics', null, null, 'Special Char. Class', 'Methods', null, null, null, null, 'Reaction Plan'],
    [null, null, null, 'No.', 'Product', 'Process', null, 'Product/Process Specification/ Tolerance', 'Evaluation/ Measurement Technique', 'Sample Size', 'Freq.', 'Control Method', null],
  ];
  const MERGES = ['D6:F6', 'H6:L6', 'A6:A7', 'M6:M7'];

  it('reads a customer’s form: header block, two heading rows, merged steps; matched rows linked, the others with their own texts', async () => {
    const bytes = await workbookOf(
      [
        ...CUSTOMER_HEADER,
        ['10', 'Machine housing', 'CNC lathe', '1', 'bore  DIAMETER', null, '◆', 'Ø20 +0.02', 'Air gauge', '5 pcs', 'per hour', 'SPC', 'Stop line'],
        [null, null, null, '2', null, 'Spindle speed', null, '1200 rpm', null, '1', 'per shift', 'Tool life counter', 'Adjust'],
        ['40', 'Final inspection', 'Vision system', '9', 'Label', null, null, 'readable', 'Camera', '100%', 'each', 'Vision check', 'Relabel'],
      ],
      [...MERGES, 'A8:A9', 'B8:B9', 'C8:C9'],
    );
    const report = await importControlPlanWorkbook(team.editor, pfmea.project.id, bytes, { ...production, fileName: 'customer.xlsx' });
    expect(report).toMatchObject({ rows: 3, imported: 3, linked: 2, errors: [], unmapped: [] });
    expect(report.header.sort()).toEqual(['controlPlanNumber', 'coreTeam', 'keyContact', 'originalDate', 'partNumber'].sort());
    const view = await getControlPlan(team.reader, pfmea.project.id, production);
    expect(view.plan.header).toMatchObject({ controlPlanNumber: 'CP-7', keyContact: 'Zhang San', originalDate: '2026-01-05', partNumber: 'GH-100 / C', coreTeam: 'QE, ME, Production' });
    expect(view.lines.map((l) => [l.linked, l.processNo, l.processName, l.machine, l.productCharacteristic, l.processCharacteristic, l.specialClass, l.evaluationTechnique, l.controlMethod])).toEqual([
      [true, '10', 'Machine housing', 'CNC lathe', 'Bore diameter', '', 'CC', 'Air gauge', 'SPC'],
      [true, '10', 'Machine housing', 'CNC lathe', '', 'Spindle speed', 'SC', 'Bore gauge 100%', 'Tool life counter'],
      [false, '40', 'Final inspection', 'Vision system', 'Label', '', '', 'Camera', 'Vision check'],
    ]);
    expect(view.lines[2]!.origin).toBe('imported');
    expect(view.checks.untraced).toEqual([{ lineId: view.lines[2]!.id, reason: 'unlinked' }]);
  });

  it('refuses a column with no place, naming it, unless the caller accepts leaving it out', async () => {
    const rows = [...CUSTOMER_HEADER.slice(0, 5), [...CUSTOMER_HEADER[5]!, 'Remarks'], CUSTOMER_HEADER[6]!, ['10', 'Machine housing', null, null, 'Bore diameter', null, null, null, null, null, null, null, null, 'see drawing']];
    const bytes = await workbookOf(rows, MERGES);
    const error = await importControlPlanWorkbook(team.editor, pfmea.project.id, bytes, { ...production, fileName: 'cp.xlsx' }).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(translateError('en-US', error).split('\n')).toEqual([
      '1 part of the file would not be imported (listed below); nothing was written. Import again and confirm that they may be left out, or add them where they belong',
      'Sheet “CP”, column N “Remarks” (1 cell with data) has no place in the import',
    ]);
    expect((await getControlPlan(team.reader, pfmea.project.id, production)).lines).toEqual([]);
    const report = await importControlPlanWorkbook(team.editor, pfmea.project.id, bytes, { ...production, fileName: 'cp.xlsx', acceptUnmapped: true });
    expect(report).toMatchObject({ imported: 1, unmapped: [expect.objectContaining({ messageKey: 'import.column_unmapped', field: 'N' })] });
  });

  it('refuses bad rows by their number and writes nothing, unless asked to keep the good ones', async () => {
    const bytes = await workbookOf([
      ...CUSTOMER_HEADER,
      ['10', 'Machine housing', null, null, 'Bore diameter'],
      ['30', 'Leak test', null, null, null, null, null, 'x'.repeat(201)],
      [null, null, null, '3', null, null, null, '5 bar'],
    ]);
    const error = await importControlPlanWorkbook(team.editor, pfmea.project.id, bytes, { ...production, fileName: 'cp.xlsx' }).catch((e) => e);
    expect(error).toMatchObject({ code: 'invalid_input', messageKey: 'controlPlan.import_invalid', params: { count: 3, rows: 3 } });
    expect(translateError('en-US', error).split('\n')).toEqual([
      '3 problems in the control plan workbook; nothing was imported',
      'Row 9: Specification/tolerance can be at most 200 characters long',
      'Row 9: The line names no characteristic: give a product or a process characteristic',
      'Row 10: The line names no characteristic: give a product or a process characteristic',
    ]);
    expect((await getControlPlan(team.reader, pfmea.project.id, production)).lines).toEqual([]);
    const report = await importControlPlanWorkbook(team.editor, pfmea.project.id, bytes, { ...production, fileName: 'cp.xlsx', goodRowsOnly: true });
    expect(report).toMatchObject({ rows: 3, imported: 1, linked: 1 });
    expect(report.errors.map((e) => e.row)).toEqual([9, 9, 10]);
  });

  it('refuses a workbook without a control plan table, and a reader', async () => {
    const none = await workbookOf([['Item', 'Failure mode'], ['a', 'b']]);
    await expect(importControlPlanWorkbook(team.editor, pfmea.project.id, none, { ...production, fileName: 'x.xlsx' })).rejects.toMatchObject({ messageKey: 'controlPlan.sheet_missing' });
    await generateControlPlan(team.editor, pfmea.project.id, production);
    const bytes = await exportControlPlanWorkbook(team.reader, pfmea.project.id, production);
    await expect(importControlPlanWorkbook(team.reader, pfmea.project.id, bytes, { phase: 'prototype', fileName: 'cp.xlsx' })).rejects.toMatchObject({ messageKey: 'permission.project_read_only' });
  });
});
