import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import { addDictionaryItems, adminContext, createTeamProject, idOf, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { getProjectById, updateProjectHeader } from '../fmea/projects.ts';
import { listProjects } from '../fmea/project-list.ts';
import ExcelJS from 'exceljs';
import { problem, projectTask } from '../../db/schema/index.ts';
import { exportProblems, importProblems } from '../problem/exchange.ts';
import { createProblem, getProblem, listProblems, updateProblem } from '../problem/problems.ts';
import { exportTasks, importTasks } from '../program/exchange.ts';
import { createTask, getTask, updateTask } from '../program/tasks.ts';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord } from '../catalog/flow.ts';
import { createCatalogRecord, getCatalogRecord, listCatalogRecords, updateCatalogRecord } from '../catalog/records.ts';
import { openCatalogWorld } from '../../testing/catalog.ts';
import { deleteCustomField, listCustomFields, saveCustomField, type CustomFieldInput } from './fields.ts';

// one seeded database for the file (the suite's budget); each test adds fields of its own entity or name
let t: TestDatabase;
let team: Team;
beforeAll(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
  await addDictionaryItems(t.ctx, 'customer', [['1', '上汽大众', 'SAIC Volkswagen']]);
});
afterAll(() => t.dispose());

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const field = (over: Partial<CustomFieldInput>): CustomFieldInput => ({
  entity: 'task',
  systemName: 'plantCode',
  sort: 1,
  fieldType: 'text',
  required: false,
  shown: true,
  alias: '工厂代码',
  aliasEn: 'Plant code',
  ...over,
});

describe('custom field definitions', () => {
  it('refuses a system name with other than English letters, a repeated name or sort, a bad sort and an unknown dictionary', async () => {
    await saveCustomField(t.ctx, field({ entity: 'problem', systemName: 'lineName', sort: 1 }));
    const error = await errorOf(saveCustomField(t.ctx, field({ entity: 'problem', systemName: 'line_2', sort: 1 })));
    expect(error.issues.map((i) => [i.field, i.messageKey])).toEqual([
      ['systemName', 'validation.identifier_letters_only'],
      ['sort', 'validation.sort_duplicate'],
    ]);
    const again = await errorOf(saveCustomField(t.ctx, field({ entity: 'problem', systemName: 'LINENAME', sort: 0, fieldType: 'choice', dictType: 'noSuchType' })));
    expect(translateError('en-US', again)).toContain('System name LINENAME already exists');
    expect(again.issues.map((i) => i.messageKey)).toEqual(['validation.identifier_duplicate', 'validation.sort_positive_integer', 'custom_field.dict_type_unknown']);
    // the same name on another entity is fine
    await saveCustomField(t.ctx, field({ entity: 'task', systemName: 'lineName', sort: 1 }));
    expect((await listCustomFields(t.db, 'problem')).map((f) => f.systemName)).toEqual(['lineName']);
  });
});

describe('custom values on the FMEA project header', () => {
  it('are validated on every save, stored, answered with the project and the list, and keep a field in use from deletion', async () => {
    const budget = await saveCustomField(t.ctx, field({ entity: 'fmeaProject', systemName: 'budget', sort: 1, fieldType: 'number', required: true, alias: '预算', aliasEn: 'Budget' }));
    await saveCustomField(t.ctx, field({ entity: 'fmeaProject', systemName: 'gate', sort: 2, fieldType: 'date', alias: '评审节点', aliasEn: 'Gate date' }));
    await saveCustomField(t.ctx, field({ entity: 'fmeaProject', systemName: 'oem', sort: 3, fieldType: 'choice', dictType: 'customer', alias: '主机厂', aliasEn: 'OEM' }));

    const refused = await errorOf(createTeamProject(team, { customFields: { gate: '2026-02-30', oem: '9', colour: 'red' } }));
    expect(translateError('en-US', refused).split('\n').slice(1)).toEqual([
      'There is no custom field colour',
      'Budget cannot be empty',
      'Gate date must be a date as YYYY-MM-DD (got 2026-02-30)',
      'OEM: 9 is not one of its choices',
    ]);
    expect(translateError('zh-CN', refused)).toContain('预算不能为空');

    const project = await createTeamProject(team, { customFields: { budget: ' 1200.50 ', gate: '2026-03-01', oem: '1' } });
    expect(project.customFields).toEqual({ budget: '1200.5', gate: '2026-03-01', oem: '1' });
    // an update that leaves a field out keeps it; a blank optional one clears it; a blank required one is refused and nothing changes
    const updated = await updateProjectHeader(team.owner, project.id, { version: project.version, customFields: { gate: '' } });
    expect(updated.customFields).toEqual({ budget: '1200.5', oem: '1' });
    const blank = await errorOf(updateProjectHeader(team.owner, project.id, { version: updated.version, name: 'Renamed', customFields: { budget: 'abc' } }));
    expect(translateError('zh-CN', blank)).toContain('预算必须是数字（收到 abc）');
    expect((await getProjectById(team.owner, project.id)).name).toBe(project.name);

    const list = await listProjects(team.owner, { search: project.serialNum });
    expect(list.items[0]!.customFields).toEqual({ budget: '1200.5', oem: '1' });

    const inUse = await errorOf(deleteCustomField(t.ctx, budget.id));
    expect(translateError('en-US', inUse)).toBe('Custom field Budget (budget) holds values on 1 records and cannot be deleted');
    const unused = await saveCustomField(t.ctx, field({ entity: 'fmeaProject', systemName: 'spare', sort: 4 }));
    await deleteCustomField(t.ctx, unused.id);
    expect((await listCustomFields(t.db, 'fmeaProject')).map((f) => f.systemName)).toEqual(['budget', 'gate', 'oem']);
  });
});

describe('custom values on problems', () => {
  it('a create checks every field, an update stores what it sends, and the problem answers them', async () => {
    const admin = await adminContext(t);
    await saveCustomField(t.ctx, field({ entity: 'problem', systemName: 'lineNo', sort: 2, fieldType: 'number', required: true, alias: '产线号', aliasEn: 'Line number' }));
    const input = { brief: 'Window lifter stalls', type: 'designProblem', source: 'field' } as const;
    expect(translateError('en-US', await errorOf(createProblem(admin, input)))).toContain('Line number cannot be empty');
    const opened = await createProblem(admin, { ...input, customFields: { lineNo: '3' } });
    expect(opened.customFields).toEqual({ lineNo: '3' });
    const changed = await updateProblem(admin, opened.id, { version: opened.version, customFields: { lineName: 'Body shop' } });
    expect(changed.customFields).toEqual({ lineNo: '3', lineName: 'Body shop' });
    // the list answers each row's values (its grid's columns), read for the page in one query
    const bare = await createProblem(admin, { ...input, brief: 'Door seal leaks', customFields: { lineNo: '4' } });
    const rows = (await listProblems(admin, { limit: 50 })).items;
    expect(rows.find((r) => r.id === opened.id)?.customFields).toEqual({ lineNo: '3', lineName: 'Body shop' });
    expect(rows.find((r) => r.id === bare.id)?.customFields).toEqual({ lineNo: '4' });
  });
});

describe('custom values in the problem workbook', () => {
  it('are exported as columns after the problem\'s own, imported back checked, and nothing is written on a bad value', async () => {
    const admin = await adminContext(t);
    const made = await createProblem(admin, { brief: 'Hinge rattles', type: 'designProblem', source: 'field', customFields: { lineNo: '7', lineName: 'Body shop' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportProblems(admin, { search: made.problemNum }, 'en-US')).data as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const lineNo = header.indexOf('Line number');
    const lineName = header.indexOf('Plant code');
    expect(header.indexOf('Closed loop')).toBeLessThan(lineNo);
    expect([sheet.getRow(2).getCell(lineNo).value, sheet.getRow(2).getCell(lineName).value]).toEqual(['7', 'Body shop']);
    const bytes = async () => new Uint8Array(await workbook.xlsx.writeBuffer());
    const problems = async () => (await t.db.select().from(problem)).length;

    // a bad value is refused with its row and field, and no problem is written
    const before = await problems();
    sheet.getRow(2).getCell(lineNo).value = 'seven';
    const refused = await errorOf(importProblems(admin, await bytes()));
    expect(translateError('en-US', refused)).toContain('Line number must be a number (got seven)');
    expect(await problems()).toBe(before);

    // a column no field takes is still reported (refused unless accepted)
    sheet.getRow(2).getCell(lineNo).value = '8';
    sheet.getRow(1).getCell(header.length).value = 'Colour';
    sheet.getRow(2).getCell(header.length).value = 'red';
    expect(translateError('en-US', await errorOf(importProblems(admin, await bytes())))).toContain('Colour');
    const result = await importProblems(admin, await bytes(), { acceptUnmapped: true });
    expect((await getProblem(admin, result.created[0]!.id)).customFields).toEqual({ lineNo: '8', lineName: 'Body shop' });
  });
});

describe('custom values on tasks', () => {
  it('a create checks every field, an edit stores what it sends, and the task answers them', async () => {
    const admin = await adminContext(t);
    await saveCustomField(t.ctx, field({ entity: 'task', systemName: 'costCentre', sort: 2, required: true, alias: '成本中心', aliasEn: 'Cost centre' }));
    const input = { taskName: 'Compile', taskType: '1', handlerId: idOf(team.editor), plannedStart: '2026-03-02', plannedEnd: '2026-03-06' } as const;
    expect(translateError('zh-CN', await errorOf(createTask(admin, input)))).toContain('成本中心不能为空');
    const made = await createTask(admin, { ...input, customFields: { costCentre: 'CC-7' } });
    expect(made.customFields).toEqual({ costCentre: 'CC-7' });
    const edited = await updateTask(admin, made.id, { ...input, version: made.version, customFields: { lineName: 'Line 2' } });
    expect(edited.customFields).toEqual({ costCentre: 'CC-7', lineName: 'Line 2' });
  });
});

describe('custom values in the task workbook', () => {
  it('are exported as columns after the task\'s own, imported back checked, and nothing is written on a bad value', async () => {
    const admin = await adminContext(t);
    await saveCustomField(t.ctx, field({ entity: 'task', systemName: 'shift', sort: 3, fieldType: 'number', alias: '班次', aliasEn: 'Shift' }));
    const made = await createTask(admin, { taskName: 'Review', taskType: '1', handlerId: idOf(team.editor), plannedStart: '2026-03-02', plannedEnd: '2026-03-06', customFields: { costCentre: 'CC-9', shift: '2' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportTasks(admin, { locale: 'en-US' })).data as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const [costCentre, shift] = [header.indexOf('Cost centre'), header.indexOf('Shift')];
    expect(costCentre).toBeGreaterThan(0);
    let mine = 0;
    sheet.eachRow((r, n) => (r.getCell(1).value === made.taskNum ? (mine = n) : undefined));
    const row = sheet.getRow(mine);
    expect([row.getCell(costCentre).value, row.getCell(shift).value]).toEqual(['CC-9', '2']);
    // without its number the row is a new task (numbered rows are existing tasks, skipped)
    row.getCell(1).value = null;
    const bytes = async () => new Uint8Array(await workbook.xlsx.writeBuffer());

    const tasks = async () => (await t.db.select().from(projectTask)).length;
    const before = await tasks();
    row.getCell(shift).value = 'late';
    expect(translateError('en-US', await errorOf(importTasks(admin, await bytes())))).toContain('Shift must be a number (got late)');
    expect(await tasks()).toBe(before);
    row.getCell(shift).value = '3';
    const done = await importTasks(admin, await bytes());
    expect(done.numbers).toHaveLength(1);
    expect((await getTask(admin, done.numbers[0]!)).customFields).toMatchObject({ costCentre: 'CC-9', shift: '3' });
  });
});

describe('custom values on catalog records', () => {
  it('are checked on create and edit, answered with the record and the list, and carried to a new version', async () => {
    const w = await openCatalogWorld();
    try {
      await saveCustomField(w.t.ctx, field({ entity: 'catalog', systemName: 'plant', sort: 1, required: true, alias: '工厂', aliasEn: 'Plant' }));
      await saveCustomField(w.t.ctx, field({ entity: 'catalog', systemName: 'weight', sort: 2, fieldType: 'number', alias: '重量', aliasEn: 'Weight' }));
      const input = { values: { invalidmode: 'Seal leaks', severity: 8 } };
      expect(translateError('en-US', await errorOf(createCatalogRecord(w.author, 'invalidMode', input)))).toContain('Plant cannot be empty');
      const made = await createCatalogRecord(w.author, 'invalidMode', { ...input, customFields: { plant: 'P1' } });
      expect(made.customFields).toEqual({ plant: 'P1' });
      const bad = await errorOf(updateCatalogRecord(w.author, made.id, { version: made.version, customFields: { weight: 'heavy' } }));
      expect(translateError('en-US', bad)).toContain('Weight must be a number (got heavy)');
      const draft = await updateCatalogRecord(w.author, made.id, { version: made.version, customFields: { weight: '2.5' } });
      expect(draft.customFields).toEqual({ plant: 'P1', weight: '2.5' });
      expect((await listCatalogRecords(w.author, 'invalidMode', {})).items.find((r) => r.id === made.id)?.customFields).toEqual({ plant: 'P1', weight: '2.5' });

      // a released record changes through a new version (its own id) that starts with the release's values
      const applied = await applyCatalogRecord(w.author, made.id, { version: draft.version });
      const audited = await auditCatalogRecord(w.auditor, made.id, { version: applied.version, opinion: 'Reviewed' });
      const released = await approveCatalogRecord(w.approver, made.id, { version: audited.version });
      const next = await updateCatalogRecord(w.author, made.id, { version: released.version, customFields: { plant: 'P2' } });
      expect(next.id).not.toBe(made.id);
      expect(next.customFields).toEqual({ plant: 'P2', weight: '2.5' });
      expect((await getCatalogRecord(w.author, made.id)).customFields).toEqual({ plant: 'P1', weight: '2.5' });
    } finally {
      await w.t.dispose();
    }
  });
});
