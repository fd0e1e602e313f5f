import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addDictionaryItems, createTeamProject, idOf, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { createProject, updateProjectHeader } from './projects.ts';
import { listProjects, type ProjectListQuery } from './project-list.ts';

let t: TestDatabase;
let team: Team;
let clock = new Date('2026-03-09T08:00:00Z');
const tick = () => (clock = new Date(clock.getTime() + 60_000));

beforeEach(async () => {
  clock = new Date('2026-03-09T08:00:00Z');
  t = await openTestDatabase({ now: () => clock });
  team = await makeTeam(t);
  await addDictionaryItems(t.ctx, 'customer', [['C1', '客户一', 'Customer one'], ['C2', '客户二', 'Customer two']]);
});
afterEach(() => t.dispose());

/**
 * Four projects, created a minute apart (so updatedAt orders them):
 *   Alpha   owner responsible, stage 2, customer C1, SOP 2026-01-15
 *   Bravo   owner responsible, stage 3, customer C2, SOP 2026-06-30
 *   Charlie editor responsible (owner collaborates), stage 2, customer C2, SOP 2026-12-01
 *   Delta   owner responsible, no stage, customer or SOP date
 */
async function seed() {
  const alpha = await createTeamProject(team, { name: 'Alpha', stage: '2', customer: 'C1', sopDate: '2026-01-15' });
  tick();
  const bravo = await createTeamProject(team, { name: 'Bravo', stage: '3', customer: 'C2', sopDate: '2026-06-30' });
  tick();
  const charlie = await createProject(team.editor, {
    projectType: 'dfmea',
    name: 'Charlie',
    stage: '2',
    customer: 'C2',
    sopDate: '2026-12-01',
    members: [{ userId: idOf(team.editor), roles: [0] }, { userId: idOf(team.owner), roles: [1] }],
  });
  tick();
  const delta = await createTeamProject(team, { name: 'Delta' });
  tick();
  return { alpha, bravo, charlie, delta };
}

const names = async (query: ProjectListQuery, ctx = team.owner) => (await listProjects(ctx, query)).items.map((p) => p.name);
const sorted = async (query: ProjectListQuery) => (await names(query)).sort();

describe('filtering the project list', () => {
  it('filters by stage, customer and responsible person', async () => {
    await seed();
    expect(await sorted({ stage: '2' })).toEqual(['Alpha', 'Charlie']);
    expect(await sorted({ customer: 'C2' })).toEqual(['Bravo', 'Charlie']);
    expect(await sorted({ responsibleUserId: idOf(team.editor) })).toEqual(['Charlie']);
    expect(await sorted({ responsibleUserId: idOf(team.owner) })).toEqual(['Alpha', 'Bravo', 'Delta']);
    expect(await sorted({ stage: '2', customer: 'C2' })).toEqual(['Charlie']);
    expect(await sorted({ stage: 'nope' })).toEqual([]);
  });

  it('treats blank filter values as no filter', async () => {
    await seed();
    expect(await sorted({ stage: '', customer: '  ', responsibleUserId: '', sopFrom: '', sopTo: '' })).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
  });

  it('filters by an inclusive SOP date range, leaving out projects without an SOP date', async () => {
    await seed();
    expect(await sorted({ sopFrom: '2026-01-15', sopTo: '2026-06-30' })).toEqual(['Alpha', 'Bravo']);
    expect(await sorted({ sopFrom: '2026-06-30' })).toEqual(['Bravo', 'Charlie']);
    expect(await sorted({ sopTo: '2026-01-15' })).toEqual(['Alpha']);
    expect(await sorted({ sopFrom: '2026-06-30', sopTo: '2026-06-30' })).toEqual(['Bravo']);
    expect(await sorted({ sopFrom: '2026-01-16', sopTo: '2026-06-29' })).toEqual([]);
  });

  it('combines filters with the tabs, search and the total', async () => {
    await seed();
    expect(await sorted({ tab: 'responsible', stage: '2' })).toEqual(['Alpha']);
    expect(await sorted({ tab: 'participating', stage: '2' })).toEqual(['Charlie']);
    expect(await sorted({ tab: 'participating', stage: '3' })).toEqual([]);
    expect(await sorted({ tab: 'mine', customer: 'C2' })).toEqual(['Bravo']);
    expect(await sorted({ tab: 'all', customer: 'C2', search: 'char' })).toEqual(['Charlie']);
    expect(await sorted({ tab: 'shared', stage: '2' })).toEqual([]);
    const page = await listProjects(team.owner, { tab: 'all', sopFrom: '2026-01-01', limit: 2, sort: 'name', order: 'asc' });
    expect(page).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page.items.map((p) => p.name)).toEqual(['Alpha', 'Bravo']);
    // the outsider sees every live project on "all", filtered the same way
    expect(await names({ tab: 'all', stage: '2', sort: 'name', order: 'asc' }, team.outsider)).toEqual(['Alpha', 'Charlie']);
    expect(await names({ tab: 'responsible', stage: '2' }, team.outsider)).toEqual([]);
  });
});

describe('sorting the project list', () => {
  it('sorts by the last change, newest first, by default', async () => {
    const { alpha } = await seed();
    expect(await names({})).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);
    tick();
    await updateProjectHeader(team.owner, alpha.id, { version: alpha.version, name: 'Alpha' });
    expect(await names({})).toEqual(['Alpha', 'Delta', 'Charlie', 'Bravo']);
    expect(await names({ sort: 'updatedAt', order: 'asc' })).toEqual(['Bravo', 'Charlie', 'Delta', 'Alpha']);
  });

  it('sorts by name and number both ways', async () => {
    const { alpha, bravo, charlie, delta } = await seed();
    expect(await names({ sort: 'name', order: 'asc' })).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(await names({ sort: 'name', order: 'desc' })).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);
    expect(await names({ sort: 'name' })).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);
    const bySerial = [alpha, bravo, charlie, delta].sort((a, b) => a.serialNum.localeCompare(b.serialNum)).map((p) => p.name);
    expect(await names({ sort: 'serialNum', order: 'asc' })).toEqual(bySerial);
    expect(await names({ sort: 'serialNum', order: 'desc' })).toEqual([...bySerial].reverse());
  });

  it('sorts by SOP date with projects without one last in both directions', async () => {
    await seed();
    expect(await names({ sort: 'sopDate', order: 'asc' })).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(await names({ sort: 'sopDate', order: 'desc' })).toEqual(['Charlie', 'Bravo', 'Alpha', 'Delta']);
  });
});

describe('refusing bad list queries', () => {
  it('refuses a sort column or direction outside the whitelist', async () => {
    await expect(listProjects(team.owner, { sort: 'creatorId' as never })).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [expect.objectContaining({ messageKey: 'fmea.value_invalid', field: 'sort' })],
    });
    await expect(listProjects(team.owner, { order: 'sideways' as never })).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'fmea.value_invalid', field: 'order' })] });
  });

  it('refuses a date that is not YYYY-MM-DD or does not exist', async () => {
    await expect(listProjects(team.owner, { sopFrom: '2026-02-30' })).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'fmea.date_invalid', field: 'sopFrom' })] });
    await expect(listProjects(team.owner, { sopTo: '30.06.2026' })).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'fmea.date_invalid', field: 'sopTo' })] });
  });

  it('refuses a reversed SOP date range with its own message', async () => {
    await expect(listProjects(team.owner, { sopFrom: '2026-07-01', sopTo: '2026-06-30' })).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [expect.objectContaining({ messageKey: 'fmea.date_range_invalid', field: 'sopFrom' })],
    });
  });
});
