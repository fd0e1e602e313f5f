import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { operationLog } from '../../db/schema/index.ts';
import { createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { deleteProject } from '../fmea/projects.ts';
import { listProjects } from '../fmea/project-list.ts';
import { collect, listCollections, MAX_COLLECTIONS_PER_USER, uncollect } from './collections.ts';
import { collection } from '../../db/schema/index.ts';

let t: TestDatabase;
let team: Team;
let clock = new Date('2026-03-09T08:00:00Z');
const tick = () => (clock = new Date(clock.getTime() + 60_000));

beforeEach(async () => {
  clock = new Date('2026-03-09T08:00:00Z');
  t = await openTestDatabase({ now: () => clock });
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

const logActions = async () => (await t.db.select({ action: operationLog.action }).from(operationLog).where(eq(operationLog.entity, 'collection')).orderBy(operationLog.at, sql`rowid`)).map((r) => r.action);

describe('collecting projects', () => {
  it('stars a project once, however often it is starred, and logs the change once', async () => {
    const project = await createTeamProject(team);
    const first = await collect(team.owner, { collectType: 'project', targetId: project.id });
    tick();
    const again = await collect(team.owner, { collectType: 'project', targetId: project.id });
    expect(again).toEqual(first);
    const page = await listCollections(team.owner, { page: 1, limit: 10 });
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ collectType: 'project', targetId: project.id, name: project.name, serialNum: project.serialNum, projectType: 'dfmea' });
    expect(await logActions()).toEqual(['collection.item.add']);
  });

  it('caps how many favourites one user holds, and says so', async () => {
    const owner = team.owner.actor.userId!;
    await t.db.insert(collection).values(Array.from({ length: MAX_COLLECTIONS_PER_USER }, (_, i) => ({ userId: owner, collectType: 'function' as const, targetId: `f${i}` })));
    const project = await createTeamProject(team);
    await expect(collect(team.owner, { collectType: 'project', targetId: project.id })).rejects.toMatchObject({
      messageKey: 'collection.limit',
      params: { count: MAX_COLLECTIONS_PER_USER },
    });
    await uncollect(team.owner, { collectType: 'function', targetId: 'f0' });
    await collect(team.owner, { collectType: 'project', targetId: project.id });
  });

  it('keeps each user’s favourites to themselves', async () => {
    const project = await createTeamProject(team);
    await collect(team.owner, { collectType: 'project', targetId: project.id });
    expect((await listCollections(team.editor)).items).toEqual([]);
    // the editor's remove does not touch the owner's star
    expect(await uncollect(team.editor, { collectType: 'project', targetId: project.id })).toEqual({ removed: false });
    expect((await listCollections(team.owner)).total).toBe(1);
    // the list's star is the caller's own
    const starred = async (ctx: typeof team.owner) => (await listProjects(ctx, {})).items.find((p) => p.id === project.id)?.collected;
    expect(await starred(team.editor)).toBe(false);
    expect(await starred(team.owner)).toBe(true);
  });

  it('un-stars a project and logs it; un-starring again changes nothing', async () => {
    const project = await createTeamProject(team);
    await collect(team.owner, { collectType: 'project', targetId: project.id });
    expect(await uncollect(team.owner, { collectType: 'project', targetId: project.id })).toEqual({ removed: true });
    expect(await uncollect(team.owner, { collectType: 'project', targetId: project.id })).toEqual({ removed: false });
    expect((await listCollections(team.owner)).total).toBe(0);
    expect(await logActions()).toEqual(['collection.item.add', 'collection.item.remove']);
  });

  it('refuses an unknown or deleted project, and a process project collected as a design one', async () => {
    const project = await createTeamProject(team);
    const pfmea = await createTeamProject(team, { projectType: 'pfmea', name: 'Assembly line' });
    await expect(collect(team.owner, { collectType: 'project', targetId: 'nope' })).rejects.toMatchObject({ code: 'not_found', messageKey: 'collection.project_not_found' });
    await expect(collect(team.owner, { collectType: 'project', targetId: pfmea.id })).rejects.toMatchObject({ messageKey: 'collection.project_not_found' });
    await collect(team.owner, { collectType: 'pfmeaProject', targetId: pfmea.id });
    await deleteProject(team.owner, project.id, { version: project.version });
    await expect(collect(team.owner, { collectType: 'project', targetId: project.id })).rejects.toMatchObject({ messageKey: 'collection.project_not_found' });
  });

  it('refuses an unknown type or a blank target, and a caller who is not signed in', async () => {
    await expect(collect(team.owner, { collectType: 'nope' as never, targetId: 'x' })).rejects.toMatchObject({ code: 'invalid_input', issues: [{ messageKey: 'collection.type_invalid', field: 'collectType' }] });
    await expect(collect(team.owner, { collectType: 'function', targetId: ' ' })).rejects.toMatchObject({ issues: [{ messageKey: 'collection.target_required', field: 'targetId' }] });
    await expect(listCollections(t.as({ userId: null, userName: 'system' }))).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('lists newest first, filters by type, pages, and leaves out deleted projects', async () => {
    const a = await createTeamProject(team, { name: 'Alpha' });
    const b = await createTeamProject(team, { name: 'Bravo' });
    const p = await createTeamProject(team, { projectType: 'pfmea', name: 'Process' });
    await collect(team.owner, { collectType: 'project', targetId: a.id });
    tick();
    await collect(team.owner, { collectType: 'project', targetId: b.id });
    tick();
    await collect(team.owner, { collectType: 'pfmeaProject', targetId: p.id });
    tick();
    await collect(team.owner, { collectType: 'function', targetId: 'fn-1' });
    const all = await listCollections(team.owner, { page: 1, limit: 10 });
    expect(all.items.map((i) => i.name ?? i.targetId)).toEqual(['fn-1', 'Process', 'Bravo', 'Alpha']);
    expect((await listCollections(team.owner, { collectType: 'project' })).items.map((i) => i.name)).toEqual(['Bravo', 'Alpha']);
    const second = await listCollections(team.owner, { page: 2, limit: 3 });
    expect({ total: second.total, names: second.items.map((i) => i.name) }).toEqual({ total: 4, names: ['Alpha'] });
    await deleteProject(team.owner, b.id, { version: b.version });
    expect((await listCollections(team.owner, { collectType: 'project' })).items.map((i) => i.name)).toEqual(['Alpha']);
    expect((await listCollections(team.owner)).total).toBe(3);
  });
});

describe('the collected tab of the project list', () => {
  it('lists the caller’s starred live projects with the filters and search of the other tabs, and flags every item', async () => {
    const alpha = await createTeamProject(team, { name: 'Alpha', stage: '2' });
    tick();
    const bravo = await createTeamProject(team, { name: 'Bravo', stage: '3' });
    tick();
    const charlie = await createTeamProject(team, { name: 'Charlie', stage: '2' });
    await collect(team.owner, { collectType: 'project', targetId: alpha.id });
    await collect(team.owner, { collectType: 'project', targetId: charlie.id });
    await collect(team.editor, { collectType: 'project', targetId: bravo.id });

    const names = async (query: Parameters<typeof listProjects>[1], ctx = team.owner) => (await listProjects(ctx, query)).items.map((p) => p.name);
    expect(await names({ tab: 'collected' })).toEqual(['Charlie', 'Alpha']);
    expect(await names({ tab: 'collected', sort: 'name', order: 'asc' })).toEqual(['Alpha', 'Charlie']);
    expect(await names({ tab: 'collected', search: 'alp' })).toEqual(['Alpha']);
    expect(await names({ tab: 'collected', stage: '3' })).toEqual([]);
    expect(await names({ tab: 'collected', projectTypes: ['pfmea'] })).toEqual([]);
    expect(await names({ tab: 'collected' }, team.editor)).toEqual(['Bravo']);
    expect((await listProjects(team.owner, { tab: 'collected' })).total).toBe(2);

    const all = await listProjects(team.owner, { tab: 'all' });
    expect(all.items.map((p) => [p.name, p.collected])).toEqual([['Charlie', true], ['Bravo', false], ['Alpha', true]]);

    await deleteProject(team.owner, charlie.id, { version: charlie.version });
    expect(await names({ tab: 'collected' })).toEqual(['Alpha']);
  });

  it('is empty for a caller who is not signed in', async () => {
    await createTeamProject(team);
    expect((await listProjects(t.as({ userId: null, userName: 'system' }), { tab: 'collected' })).items).toEqual([]);
  });
});
