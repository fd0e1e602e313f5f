import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import { addDictionaryItems, adminContext, createTeamProject, idOf, makeTeam, type Team } from '../../testing/index.ts';
import { openCatalogWorld, type CatalogWorld } from '../../testing/catalog.ts';
import { listProjects } from '../fmea/project-list.ts';
import { createProblem, listProblems } from '../problem/problems.ts';
import { createTask } from '../program/tasks.ts';
import { listTasks } from '../program/lists.ts';
import { createCatalogRecord, listCatalogRecords } from '../catalog/records.ts';
import { saveCustomField, type CustomFieldInput } from './fields.ts';

// one seeded database for the file; every list is narrowed to its own records by a search token
let w: CatalogWorld;
let team: Team;
beforeAll(async () => {
  w = await openCatalogWorld();
  team = await makeTeam(w.t);
  await addDictionaryItems(w.t.ctx, 'customer', [
    ['1', '上汽大众', 'SAIC Volkswagen'],
    ['2', '一汽', 'FAW'],
  ]);
});
afterAll(() => w.t.dispose());

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const field = (over: Partial<CustomFieldInput>): CustomFieldInput => ({
  entity: 'fmeaProject',
  systemName: 'budget',
  sort: 1,
  fieldType: 'number',
  required: false,
  shown: true,
  alias: '预算',
  aliasEn: 'Budget',
  ...over,
});

describe('project list by custom fields', () => {
  it('sorts a number as a number (9 before 10), values first either way, and filters text, number, date and choice', async () => {
    await saveCustomField(w.t.ctx, field({}));
    await saveCustomField(w.t.ctx, field({ systemName: 'plant', sort: 2, fieldType: 'text', alias: '工厂', aliasEn: 'Plant' }));
    await saveCustomField(w.t.ctx, field({ systemName: 'gate', sort: 3, fieldType: 'date', alias: '评审节点', aliasEn: 'Gate date' }));
    await saveCustomField(w.t.ctx, field({ systemName: 'oem', sort: 4, fieldType: 'choice', dictType: 'customer', alias: '主机厂', aliasEn: 'OEM' }));
    const made = async (name: string, customFields: Record<string, string>) => (await createTeamProject(team, { name: `Sorted ${name}`, customFields })).id;
    const nine = await made('nine', { budget: '9', plant: 'Body Shop', gate: '2026-03-01', oem: '1' });
    const ten = await made('ten', { budget: '10', plant: 'paint shop', gate: '2026-04-15', oem: '2' });
    const hundred = await made('hundred', { budget: '100', plant: 'Assembly', gate: '2026-05-30' });
    const none = await made('none', {});
    const ids = async (query: Parameters<typeof listProjects>[1]) => (await listProjects(team.owner, { search: 'Sorted', ...query })).items.map((p) => p.id);

    expect(await ids({ customSort: { field: 'budget' } })).toEqual([nine, ten, hundred, none]);
    expect(await ids({ customSort: { field: 'budget', order: 'desc' } })).toEqual([hundred, ten, nine, none]);
    expect(await ids({ customFilters: { budget: { from: 9.5 } }, customSort: { field: 'budget' } })).toEqual([ten, hundred]);
    expect(await ids({ customFilters: { budget: '10' } })).toEqual([ten]);
    expect(await ids({ customFilters: { plant: 'SHOP' }, customSort: { field: 'plant' } })).toEqual([nine, ten]);
    expect(await ids({ customFilters: { gate: { from: '2026-04-01', to: '2026-05-30' } }, customSort: { field: 'gate', order: 'desc' } })).toEqual([hundred, ten]);
    expect(await ids({ customFilters: { gate: '2026-03-01' } })).toEqual([nine]);
    expect(await ids({ customFilters: { oem: ['1', '2'], budget: { to: 9 } } })).toEqual([nine]);
    // blank filters are no filters
    expect(await ids({ customFilters: { plant: ' ', budget: { from: '', to: null } }, customSort: { field: 'budget' } })).toEqual([nine, ten, hundred, none]);
    // the page total counts the filtered records
    expect((await listProjects(team.owner, { search: 'Sorted', customFilters: { plant: 'shop' }, limit: 1 })).total).toBe(2);
  });

  it('refuses an unknown field, a value that is no number or date and a reversed range, naming the field in either language', async () => {
    const unknown = await errorOf(listProjects(team.owner, { customFilters: { colour: 'red' }, customSort: { field: 'weight' } }));
    expect(unknown.code).toBe('invalid_input');
    expect(unknown.issues.map((i) => i.field)).toEqual(['customFilters.colour', 'customSort.field']);
    expect(translateError('en-US', unknown)).toContain('There is no custom field colour');
    expect(translateError('zh-CN', unknown)).toContain('自定义字段 weight 不存在');
    const bad = await errorOf(listProjects(team.owner, { customFilters: { budget: { from: 'lots' }, gate: '2026-02-30' } }));
    expect(translateError('en-US', bad)).toContain('Budget must be a number (got lots)');
    expect(translateError('zh-CN', bad)).toContain('评审节点必须是 YYYY-MM-DD 格式的日期（收到 2026-02-30）');
    const reversed = await errorOf(listProjects(team.owner, { customFilters: { budget: { from: 10, to: 9 }, plant: ['a'] } }));
    expect(translateError('en-US', reversed)).toContain('Budget: 10 – 9 is not a filter this field takes');
    expect(translateError('zh-CN', reversed)).toContain('工厂：不能按 a 筛选');
  });
});

describe('problem, task and catalog lists by custom fields', () => {
  it('take the same filters and sort', async () => {
    const admin = await adminContext(w.t);
    await saveCustomField(w.t.ctx, field({ entity: 'problem', systemName: 'lineNo', alias: '产线号', aliasEn: 'Line number' }));
    const problem = async (brief: string, lineNo?: string) =>
      (await createProblem(admin, { brief: `Ranked ${brief}`, type: 'designProblem', source: 'field', customFields: lineNo ? { lineNo } : {} })).id;
    const p9 = await problem('nine', '9');
    const p10 = await problem('ten', '10');
    const p0 = await problem('none');
    const problems = async (query: Parameters<typeof listProblems>[1]) => (await listProblems(admin, { search: 'Ranked', ...query })).items.map((p) => p.id);
    expect(await problems({ customSort: { field: 'lineNo' } })).toEqual([p9, p10, p0]);
    expect(await problems({ customSort: { field: 'lineNo', order: 'desc' } })).toEqual([p10, p9, p0]);
    expect(await problems({ customFilters: { lineNo: { from: 10 } } })).toEqual([p10]);

    await saveCustomField(w.t.ctx, field({ entity: 'task', systemName: 'hoursPlanned', alias: '计划工时', aliasEn: 'Planned hours' }));
    const base = { taskType: '1', handlerId: idOf(team.editor), plannedStart: '2026-03-02', plannedEnd: '2026-03-06' } as const;
    const task = async (name: string, hoursPlanned: string) => (await createTask(admin, { ...base, taskName: `Ranked ${name}`, customFields: { hoursPlanned } })).id;
    const t100 = await task('hundred', '100');
    const t20 = await task('twenty', '20');
    const tasks = async (query: Omit<Parameters<typeof listTasks>[1], 'list'>) => (await listTasks(admin, { list: 'all', search: 'Ranked', ...query })).items.map((t) => t.id);
    expect(await tasks({ customSort: { field: 'hoursPlanned' } })).toEqual([t20, t100]);
    expect(await tasks({ customFilters: { hoursPlanned: { to: 50 } } })).toEqual([t20]);
    expect(translateError('en-US', await errorOf(listTasks(admin, { list: 'all', customSort: { field: 'nope' } })))).toContain('There is no custom field nope');

    await saveCustomField(w.t.ctx, field({ entity: 'catalog', systemName: 'weight', alias: '重量', aliasEn: 'Weight' }));
    const record = async (text: string, weight: string) => (await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: `Ranked ${text}`, severity: 8 }, customFields: { weight } })).id;
    const c12 = await record('twelve', '12');
    const c3 = await record('three', '3.5');
    const records = async (query: Parameters<typeof listCatalogRecords>[2]) => (await listCatalogRecords(w.author, 'invalidMode', { search: 'Ranked', ...query })).items.map((r) => r.id);
    expect(await records({ customSort: { field: 'weight' } })).toEqual([c3, c12]);
    expect(await records({ customSort: { field: 'weight', order: 'desc' } })).toEqual([c12, c3]);
    expect(await records({ customFilters: { weight: '3.5' } })).toEqual([c3]);
  });
});
