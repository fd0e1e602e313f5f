import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import { buildWindowLifter, createTeamProject, idOf, makeTeam, nameOf, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { readSheet, writeSheet } from '../shared/xlsx.ts';
import { createProgram, exportProgramTemplate, exportPrograms, exportTasks, importPrograms, importTasks, linkFmea, listPrograms, listTasks } from './index.ts';

let t: TestDatabase;
let team: Team;
let planner: ServiceContext;
const IO = ['add', 'edit', 'del', 'import', 'export'];

beforeEach(async () => {
  t = await openTestDatabase({ now: () => new Date('2026-03-02T08:00:00Z') });
  team = await makeTeam(t);
  planner = t.as({ ...team.owner.actor, grants: new Map([['program_index', new Set(IO)], ['task_index', new Set(IO)], ['dfmea_index', new Set(['add', 'edit', 'del'])]]) });
});
afterEach(() => t.dispose());

const refusal = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have been refused'), (e: DomainError) => e);
const sheet = (headers: string[], rows: (string | number)[][]) =>
  writeSheet(
    'Sheet1',
    headers.map((h, i) => ({ key: `c${i}`, headers: [h] })),
    rows.map((r) => Object.fromEntries(r.map((v, i) => [`c${i}`, v]))),
  );

describe('program workbooks', () => {
  it('import new programs all or none, naming each wrong row and the columns no field takes', async () => {
    const bad = await sheet(['项目群名称', 'SOP date', 'Program owner', 'Colour'], [['Lifter', '2026-12-01', nameOf(team.owner), 'red'], ['', '2026-13-01', 'nobody', '']]);
    const e = await refusal(importPrograms(planner, bad));
    expect(e).toMatchObject({ messageKey: 'import.columns_unmapped' });
    const e2 = await refusal(importPrograms(planner, bad, { acceptUnmapped: true }));
    expect(e2.issues.map((i) => [i.row, i.field, i.messageKey])).toEqual([
      [3, 'programOwnerName', 'task.import_user_unknown'],
      [3, 'programName', 'program.name_required'],
      [3, 'sopDate', 'program.date_invalid'],
    ]);
    const e3 = await refusal(importPrograms(planner, await sheet(['Program name', 'SOP date'], [['Lifter', '2026-12-01'], ['', '2026-13-01']])));
    expect(translateError('en-US', e3)).toBe('The workbook was not imported; nothing was changed\nRow 3: Program name is required\nRow 3: SOP date: "2026-13-01" is not a date (YYYY-MM-DD)');
    expect((await exportPrograms(planner)).count).toBe(0);
    const done = await importPrograms(planner, await sheet(['Program name', 'SOP date', 'Colour'], [['Lifter', '2026-12-01', 'red']]), { acceptUnmapped: true });
    expect(done).toMatchObject({ created: 1, numbers: ['PN2603020001'], unmappedColumns: [expect.objectContaining({ params: expect.objectContaining({ header: 'Colour' }) })] });
  });

  it('export under the labels of the reader’s language, and read back their own export and template', async () => {
    await createProgram(planner, { programName: 'Lifter', sopDate: '2026-12-01' });
    const out = await exportPrograms(planner, { locale: 'en-US' });
    const read = await readSheet(out.data, [{ key: 'num', headers: ['Program number'] }, { key: 'sop', headers: ['SOP date'] }], undefined, { acceptUnmapped: true });
    expect(read.rows.map((r) => r.values)).toEqual([{ num: 'PN2603020001', sop: '2026-12-01' }]);
    expect(await importPrograms(planner, out.data)).toMatchObject({ created: 0, skipped: 1 });
    const template = await exportProgramTemplate(planner, { locale: 'zh-CN' });
    expect(await importPrograms(planner, template.data)).toMatchObject({ created: 0, skipped: 0 });
  });
});

describe('program workbook round trip', () => {
  it('carries every field of a program through its workbook unchanged, in either language', async () => {
    const fields = {
      programName: '前门车窗升降器 MY2027',
      enProgramName: 'Front door window lifter MY2027',
      productNum: 'PA-WL',
      productName: '车窗升降器',
      programOwnerId: idOf(team.owner),
      startDate: '2026-03-02',
      endDate: '2026-12-18',
      sopDate: '2026-12-01',
      dtPostDate: '2026-05-15',
      releaseDate: '2026-09-30',
      dePostDate: '2026-10-15',
      completeDate: '2026-12-18',
    };
    await createProgram(planner, fields);
    const pick = (p: Record<string, unknown>) => Object.fromEntries(['programName', 'enProgramName', 'productNum', 'productName', 'programOwnerName', 'startDate', 'endDate', 'sopDate', 'dtPostDate', 'releaseDate', 'dePostDate', 'completeDate'].map((k) => [k, p[k]]));
    const [original] = (await listPrograms(planner)).items;
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const out = await exportPrograms(planner, { locale });
      // a copy under a new number: the number is left empty, as the import's refusal of an unknown number asks
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(out.data as unknown as ArrayBuffer);
      const rows = book.worksheets[0]!;
      rows.getRow(2).eachCell((cell) => {
        if (/^PN\d+$/.test(String(cell.value))) cell.value = null;
      });
      const renumbered = new Uint8Array(await book.xlsx.writeBuffer());
      expect(await importPrograms(planner, renumbered)).toMatchObject({ created: 1 });
      const copy = (await listPrograms(planner)).items.find((p) => p.programNum !== original!.programNum && p.enProgramName === original!.enProgramName);
      expect(pick(copy as unknown as Record<string, unknown>)).toEqual(pick(original as unknown as Record<string, unknown>));
    }
  });
});

describe('task workbooks', () => {
  it('import tasks in the file’s order (a part after its superior part), by names in either language', async () => {
    const dfmea = await createTeamProject(team);
    await buildWindowLifter(team.owner, dfmea);
    const program = await createProgram(planner, { programName: 'Lifter' });
    await linkFmea(planner, program.id, { projectId: dfmea.id, linked: true, version: program.version });
    const headers = ['任务名称', 'Task type', 'Program number', 'FMEA number', 'FMEA node', 'Handler', 'Planned start', 'Planned end'];
    const wrongOrder = await sheet(headers, [['Gearbox', 'Compile', program.programNum, dfmea.serialNum, 'Gearbox', nameOf(team.editor), '2026-03-02', '2026-03-05']]);
    const e = await refusal(importTasks(planner, wrongOrder));
    expect(translateError('en-US', e)).toContain('Row 2: Superior part task must be created first');
    const file = await sheet(headers, [
      ['Whole lifter', '编制', program.programNum, dfmea.serialNum, dfmea.name, nameOf(team.editor), '2026-03-02', '2026-03-10'],
      ['Gearbox', '3', program.programNum, dfmea.serialNum, 'Gearbox', nameOf(team.editor), '2026-03-02', '2026-03-05'],
    ]);
    const done = await importTasks(planner, file);
    expect(done).toMatchObject({ created: 2, numbers: ['PR2603020001', 'PR2603020002'] });
    const tasks = (await listTasks(planner, { list: 'launched' })).items;
    expect(tasks.find((x) => x.taskName === 'Gearbox')).toMatchObject({ taskType: '3', parentTaskNum: 'PR2603020001', nodeName: 'Gearbox', programNum: program.programNum });
    const out = await exportTasks(planner, { locale: 'en-US', programId: program.programNum });
    expect(out.count).toBe(2);
    expect(await importTasks(planner, out.data)).toMatchObject({ created: 0, skipped: 2 });
  });
});
