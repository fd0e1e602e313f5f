import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../../errors.ts';
import { translateError } from '../../../i18n/index.ts';
import { schema } from '../../../db/index.ts';
import { abbreviatedSheet, addDictionaryItems, chainFacts, chineseSheet, createTeamProject, englishTwoRowSheet, idOf, legacyFacts, makeTeam, mergedCellsSheet, nameOf, openTestDatabase, type Team, type TestDatabase } from '../../../testing/index.ts';
import { readRiskGrid } from '../grid.ts';
import { getProjectById } from '../projects.ts';
import { exportDfmeaWorkbook } from './export.ts';
import { importDfmeaWorkbook } from './import.ts';
import { excel, readAllSheets } from './workbook-io.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

const newTeam = () => ({ members: [{ userId: idOf(team.owner), roles: [0] }] });
const projectCount = async () => (await t.db.select({ id: schema.fmeaProject.id }).from(schema.fmeaProject)).length;
const chains = async (projectId: string) => (await readRiskGrid(team.owner, projectId, { limit: 1 })).total;

/** The chain sheet of the project's export, read back the way the importer reads it. */
async function exportedFacts(projectId: string) {
  const bytes = await exportDfmeaWorkbook(team.owner, projectId, { locale: 'en-US' });
  return chainFacts((await readAllSheets(bytes))[1]!.rows.map((r) => r.cells.slice(1).map((c) => c ?? '')));
}

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** 3 modes, 5 causes, 4 effects (one effect text under two functions), 3 actions. */
const CREATED = { effects: 4, modes: 3, causes: 5, controls: 11, ratings: 14, actions: 3, reRatings: 6 };

describe('legacy AIAG 4th-edition DFMEA sheets, found without the legacy option', () => {
  it.each([
    ['English, two header rows, the issue’s wording', englishTwoRowSheet, true],
    ['one header row with line breaks, merged item/mode/effect cells', mergedCellsSheet, true],
    ['Chinese headers over two rows', chineseSheet, true],
    ['abbreviations Sev/Occ/Det, Class, date cells, re-rating after the actions', (responsible: string) => abbreviatedSheet(undefined, responsible), false],
  ] as const)('imports every cause, control, rating, class and action of %s, and the export holds them', async (_name, make, requirements) => {
    // the sheets name the owner as responsible for two actions, and "Design engineering" (no user) for the third
    const report = await importDfmeaWorkbook(team.owner, await make(nameOf(team.owner)), { fileName: 'legacy.xlsx', newProject: newTeam() });
    expect(report).toMatchObject({ layout: 'legacy', rows: 5, imported: 5, errors: [], unmapped: [], unknownNames: ['Design engineering'] });
    expect(report.created).toMatchObject(CREATED);
    expect(await exportedFacts(report.projectId)).toEqual(legacyFacts(undefined, requirements, nameOf(team.owner)));
    expect(await chains(report.projectId)).toBe(7);
  });

  it('fills the project header from the block above the table, every entry in its own field', async () => {
    const report = await importDfmeaWorkbook(team.owner, await englishTwoRowSheet(), { fileName: 'regulator.xlsx', newProject: newTeam() });
    expect(report.unmapped).toEqual([]);
    expect(await getProjectById(team.owner, report.projectId)).toMatchObject({
      name: 'Window regulator',
      subject: 'System: Door module; Subsystem: Window lifter; Component: Window regulator',
      fmeaIdNumber: 'DF-1450',
      designResponsibility: 'Body engineering',
      planTiming: 'Key Date: 2024-06-30',
      preparedBy: 'J. Smith',
      carTypeYears: '2025 / B-SUV',
      startDate: '2024-01-15',
      revisionDate: '2024-03-02',
      teamNotes: 'A. Li, B. Wang',
    });
    const zh = await importDfmeaWorkbook(team.owner, await chineseSheet(), { fileName: 'zh.xlsx', newProject: newTeam() });
    expect(await getProjectById(team.owner, zh.projectId)).toMatchObject({
      name: '车窗升降器',
      subject: '系统: 车门; 零部件: 车窗升降器',
      fmeaIdNumber: 'D-0007',
      carTypeYears: '2025款',
      preparedBy: '王工',
      startDate: '2024-01-15',
      revisionDate: null,
      teamNotes: '李工，张工',
    });
  });

  it('fills only the empty header fields of an existing project, keeps its name and lists a differing value until the user accepts leaving it out', async () => {
    const project = await createTeamProject(team, { name: 'Door DFMEA', carTypeYears: 'MY24' });
    const refused = await errorOf(importDfmeaWorkbook(team.owner, await chineseSheet(), { fileName: 'a.xlsx', projectId: project.id }));
    expect(refused.issues).toEqual([{ messageKey: 'import.cell_unmapped', field: 'F', params: { sheet: '设计FMEA', cell: 'F3', text: '车型年/平台: 2025款' } }]);
    expect(await getProjectById(team.owner, project.id)).toMatchObject({ version: 1, startDate: null });
    const report = await importDfmeaWorkbook(team.owner, await chineseSheet(), { fileName: 'a.xlsx', projectId: project.id, acceptUnmapped: true });
    expect(report.unmapped).toHaveLength(1);
    const after = await getProjectById(team.owner, project.id);
    expect(after).toMatchObject({ name: 'Door DFMEA', carTypeYears: 'MY24', startDate: '2024-01-15', fmeaIdNumber: 'D-0007', subject: '系统: 车门; 零部件: 车窗升降器', teamNotes: '李工，张工' });
    // the same file again adds nothing, header or analysis
    const again = await importDfmeaWorkbook(team.owner, await chineseSheet(), { fileName: 'a.xlsx', projectId: project.id, acceptUnmapped: true });
    expect(again.created).toMatchObject({ nodes: 0, functions: 0, effects: 0, modes: 0, causes: 0, controls: 0, actions: 0 });
    expect(await getProjectById(team.owner, project.id)).toMatchObject({ version: after.version });
  });

  it('takes the customer as a dictionary item named in either language and refuses one the dictionary does not know, with its row', async () => {
    await addDictionaryItems(t.ctx, 'customer', [['1', '上汽大众', 'SAIC Volkswagen']]);
    const withCustomer = async (name: string) => {
      const wb = new (await excel()).Workbook();
      await wb.xlsx.load((await englishTwoRowSheet()) as unknown as ArrayBuffer);
      wb.worksheets[0]!.getCell('A6').value = `Customer: ${name}`;
      return new Uint8Array(await wb.xlsx.writeBuffer());
    };
    const report = await importDfmeaWorkbook(team.owner, await withCustomer('saic volkswagen'), { fileName: 'c.xlsx', newProject: newTeam() });
    expect((await getProjectById(team.owner, report.projectId)).customer).toBe('1');
    const before = await projectCount();
    const error = await errorOf(importDfmeaWorkbook(team.owner, await withCustomer('Ford'), { fileName: 'c.xlsx', newProject: newTeam(), acceptUnmapped: true }));
    expect(error.issues).toEqual([{ messageKey: 'fmea.dictionary_item_unknown', field: 'customer', row: 6, params: { field: 'customer', value: 'Ford' } }]);
    expect(translateError('en-US', error).split('\n')[1]).toBe('Row 6: Customer: “Ford” is not in the list; choose one of its entries, or ask an administrator to add it to the dictionary');
    expect(await projectCount()).toBe(before);
  });
});

describe('a header block right above a one-row header', () => {
  it('is read as the header block, never as a group row of the table', async () => {
    const wb = new (await excel()).Workbook();
    const ws = wb.addWorksheet('DFMEA');
    ws.addRow(['FMEA Number: 7', '', '', '', '', '', '', 'Design Responsibility: Body']);
    ws.addRow(['Item/Function', 'Potential Failure Mode', 'Potential Effect(s) of Failure', 'S', 'Potential Cause(s) of Failure', 'O', 'D']);
    ws.addRow(['Motor: Drive', 'No torque', 'Window stuck', 8, 'Brush wear', 4, 3]);
    const report = await importDfmeaWorkbook(team.owner, new Uint8Array(await wb.xlsx.writeBuffer()), { fileName: 'block.xlsx', newProject: newTeam() });
    expect(report).toMatchObject({ rows: 1, unmapped: [], created: { causes: 1, ratings: 3 } });
    expect(await getProjectById(team.owner, report.projectId)).toMatchObject({ fmeaIdNumber: '7', designResponsibility: 'Body' });
  });
});

describe('columns the import has no place for', () => {
  const withNotes = () => abbreviatedSheet({ header: 'Notes', value: (i) => (i === 1 ? 'check with supplier' : null), unnamed: true }, nameOf(team.owner));

  it('refuses the file listing each column by sheet, letter and header, and writes nothing', async () => {
    const before = await projectCount();
    const error = await errorOf(importDfmeaWorkbook(team.owner, await withNotes(), { fileName: 'notes.xlsx', newProject: newTeam() }));
    expect(error.messageKey).toBe('import.columns_unmapped');
    expect(error.issues).toEqual([
      { messageKey: 'import.column_unmapped', field: 'V', params: { sheet: 'Sheet1', column: 'V', header: 'Notes', cells: 1 } },
      { messageKey: 'import.column_unmapped_unnamed', field: 'W', params: { sheet: 'Sheet1', column: 'W', cells: 1 } },
    ]);
    expect(translateError('en-US', error).split('\n')).toEqual([
      '2 parts of the file would not be imported (listed below); nothing was written. Import again and confirm that they may be left out, or add them where they belong',
      'Sheet “Sheet1”, column V “Notes” (1 cell with data) has no place in the import',
      'Sheet “Sheet1”, column W without a header (1 cell with data) has no place in the import',
    ]);
    expect(translateError('zh-CN', error)).toContain('工作表“Sheet1”的 V 列“Notes”（1 个单元格有数据）在导入中没有对应字段');
    expect(await projectCount()).toBe(before);

    const project = await createTeamProject(team, { name: 'Target' });
    await errorOf(importDfmeaWorkbook(team.owner, await withNotes(), { fileName: 'notes.xlsx', projectId: project.id, mode: 'cover' }));
    expect(await chains(project.id)).toBe(0);
    expect(await getProjectById(team.owner, project.id)).toMatchObject({ version: 1, fmeaIdNumber: null });
  });

  it('imports everything else when the user accepts, listing what was left out', async () => {
    const report = await importDfmeaWorkbook(team.owner, await withNotes(), { fileName: 'notes.xlsx', newProject: newTeam(), acceptUnmapped: true });
    expect(report.unmapped.map((i) => i.params?.column)).toEqual(['V', 'W']);
    expect(await exportedFacts(report.projectId)).toEqual(legacyFacts(undefined, false, nameOf(team.owner)));
  });

  it('reports header-block text it cannot place and a second FMEA table in the workbook', async () => {
    const wb = new (await excel()).Workbook();
    await wb.xlsx.load((await englishTwoRowSheet()) as unknown as ArrayBuffer);
    wb.worksheets[0]!.getCell('P3').value = 'Approved: QA';
    const second = wb.addWorksheet('Motor');
    second.addRow(['Item/Function', 'Potential Failure Mode', 'Potential Effect(s) of Failure', 'S', 'Potential Cause(s) of Failure', 'O', 'D']);
    second.addRow(['Motor: Drive', 'No torque', 'Window stuck', 8, 'Brush wear', 4, 3]);
    const error = await errorOf(importDfmeaWorkbook(team.owner, new Uint8Array(await wb.xlsx.writeBuffer()), { fileName: 'two.xlsx', newProject: newTeam() }));
    expect(error.issues).toEqual([
      { messageKey: 'import.cell_unmapped', field: 'P', params: { sheet: 'DFMEA', cell: 'P3', text: 'Approved: QA' } },
      { messageKey: 'import.sheet_unread', params: { sheet: 'Motor' } },
    ]);
  });

  it('takes a revision number ("Rev.: 3") as the project\'s version, on its own or after the original date', async () => {
    const withRevision = async (cells: Record<string, string>) => {
      const wb = new (await excel()).Workbook();
      await wb.xlsx.load((await englishTwoRowSheet()) as unknown as ArrayBuffer);
      for (const [cell, value] of Object.entries(cells)) wb.worksheets[0]!.getCell(cell).value = value;
      return new Uint8Array(await wb.xlsx.writeBuffer());
    };
    const alone = await importDfmeaWorkbook(team.owner, await withRevision({ M4: 'FMEA Date (Orig.): 2024-01-15', P2: 'Rev.: 3' }), { fileName: 'rev.xlsx', newProject: newTeam() });
    expect(alone.unmapped).toEqual([]);
    expect(await getProjectById(team.owner, alone.projectId)).toMatchObject({ versionLabel: '3', startDate: '2024-01-15', revisionDate: null });
    const after = await importDfmeaWorkbook(team.owner, await withRevision({ M4: 'FMEA Date (Orig.): 2024-01-15 (Rev.): B/2' }), { fileName: 'rev.xlsx', newProject: newTeam() });
    expect(await getProjectById(team.owner, after.projectId)).toMatchObject({ versionLabel: 'B/2', startDate: '2024-01-15', revisionDate: null });
    // a revision date is still the revision date, and a date that is no date still needs consent
    const dated = await importDfmeaWorkbook(team.owner, await englishTwoRowSheet(), { fileName: 'rev.xlsx', newProject: newTeam() });
    expect(await getProjectById(team.owner, dated.projectId)).toMatchObject({ revisionDate: '2024-03-02' });
    const bad = await errorOf(importDfmeaWorkbook(team.owner, await withRevision({ P2: 'Rev.: 2024/13/45' }), { fileName: 'rev.xlsx', newProject: newTeam() }));
    expect(bad.issues).toEqual([{ messageKey: 'import.cell_unmapped', field: 'P', params: { sheet: 'DFMEA', cell: 'P2', text: 'Rev.: 2024/13/45' } }]);
  });

  it('keeps a header value that does not fit its field out only with consent: a text over 200 characters, a date that is no date', async () => {
    const wb = new (await excel()).Workbook();
    await wb.xlsx.load((await englishTwoRowSheet()) as unknown as ArrayBuffer);
    wb.worksheets[0]!.getCell('A5').value = `Core Team: ${'Engineer, '.repeat(25)}`;
    wb.worksheets[0]!.getCell('M4').value = 'FMEA Date (Orig.): spring 2024';
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const error = await errorOf(importDfmeaWorkbook(team.owner, bytes, { fileName: 'team.xlsx', newProject: newTeam() }));
    expect(error.issues).toEqual([
      { messageKey: 'import.cell_unmapped', field: 'A', params: { sheet: 'DFMEA', cell: 'A5', text: expect.stringMatching(/^Core Team: Engineer, /) } },
      { messageKey: 'import.cell_unmapped', field: 'M', params: { sheet: 'DFMEA', cell: 'M4', text: 'FMEA Date (Orig.): spring 2024' } },
    ]);
    const report = await importDfmeaWorkbook(team.owner, bytes, { fileName: 'team.xlsx', newProject: newTeam(), acceptUnmapped: true });
    expect(report.unmapped).toHaveLength(2);
    expect(await getProjectById(team.owner, report.projectId)).toMatchObject({ teamNotes: null, startDate: null, fmeaIdNumber: 'DF-1450' });
  });
});

describe('legacy rows that disagree with themselves', () => {
  it('refuses a cause rated differently in two rows, naming both rows', async () => {
    const wb = new (await excel()).Workbook();
    const ws = wb.addWorksheet('DFMEA');
    ws.addRow(['Item/Function', 'Potential Failure Mode', 'Potential Effect(s) of Failure', 'S', 'Potential Cause(s) of Failure', 'O', 'D']);
    ws.addRow(['Motor: Drive', 'No torque', 'Window stuck', 8, 'Brush wear', 4, 3]);
    ws.addRow(['Motor: Drive', 'Noise', 'Customer annoyed', 4, 'Brush wear', 5, 3]);
    const error = await errorOf(importDfmeaWorkbook(team.owner, new Uint8Array(await wb.xlsx.writeBuffer()), { fileName: 'c.xlsx', newProject: newTeam() }));
    expect(error.issues).toEqual([{ messageKey: 'fmeaExcel.rating_conflict', row: 3, field: 'O', params: { field: 'O', value: 5, first: 4, firstRow: 2, description: 'Brush wear' } }]);
    expect(translateError('en-US', error)).toContain('Row 3: O 5 of “Brush wear” differs from 4 given in row 2');
  });
});
