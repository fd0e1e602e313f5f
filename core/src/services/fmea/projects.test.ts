import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fmeaMember, fmeaProject, operationLog } from '../../db/schema/index.ts';
import { eq, sql } from 'drizzle-orm';
import { addDictionaryItems, adminContext, createTeamProject, idOf, makeTeam, openTestDatabase, teamMembers, type Team, type TestDatabase } from '../../testing/index.ts';
import { sameTeam } from '../../domain/fmea/index.ts';
import { deleteProject, getProjectById, getProjectBySerialNumber, resolveProjectReference, updateProjectHeader, createProject } from './projects.ts';
import { addNode, deleteNode } from './structure.ts';
import { listProjects, listRecentProjects, openProject } from './project-list.ts';

let t: TestDatabase;
let team: Team;
const NOW = new Date('2026-03-09T08:00:00Z');
beforeEach(async () => {
  t = await openTestDatabase({ now: () => NOW });
  team = await makeTeam(t);
  await addDictionaryItems(t.ctx, 'customer', [['1', '上汽大众', 'SAIC Volkswagen'], ['2', '比亚迪', 'BYD']]);
});
afterEach(() => t.dispose());

describe('creating an FMEA project', () => {
  it('numbers a DFMEA from the DF rule and a PFMEA from the PF rule, with a product root node', async () => {
    const design = await createTeamProject(team);
    const process = await createTeamProject(team, { projectType: 'pfmea', name: 'Gear machining' });
    expect(design.serialNum).toBe('DF2603090001');
    expect(process.serialNum).toBe('PF2603090001');
    expect(design).toMatchObject({ projectType: 'dfmea', apTable: 'dfmea', delFlg: 0, version: 1, responsibleUserId: idOf(team.owner), creatorId: idOf(team.owner) });
    expect(process.apTable).toBe('pfmea');
    expect(design.rootNodeId).toEqual(expect.any(String));
    expect(design.canEdit).toBe(true);
  });

  it('logs the creation with the team', async () => {
    const project = await createTeamProject(team);
    const log = await t.db.select().from(operationLog).where(eq(operationLog.entityId, project.id)).orderBy(operationLog.at, sql`rowid`);
    expect(log.map((l) => l.action)).toEqual(['fmea.project.create']);
    expect((log[0]!.after as { members: unknown[] }).members).toHaveLength(3);
  });

  it('lets a non-owner create a project for another owner and adds them as a read-only counsellor', async () => {
    const project = await createProject(team.outsider, { projectType: 'dfmea', name: 'Seat rail', members: [{ userId: idOf(team.owner), roles: [0] }], confirmHandOver: true });
    expect(project.members).toEqual([
      { userId: idOf(team.owner), roles: [0] },
      { userId: idOf(team.outsider), roles: [2] },
    ]);
    expect(project.canEdit).toBe(false);
    expect(project.myRoles).toEqual([2]);
  });

  it('refuses a team without exactly one responsible member, or with a role outside 0..5', async () => {
    await expect(createTeamProject(team, { members: [{ userId: idOf(team.owner), roles: [1] }] })).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [expect.objectContaining({ messageKey: 'validation.responsible_missing' })],
    });
    await expect(
      createTeamProject(team, { members: [{ userId: idOf(team.owner), roles: [0] }, { userId: idOf(team.editor), roles: [0] }] }),
    ).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'validation.responsible_multiple' })] });
    await expect(createTeamProject(team, { members: [{ userId: idOf(team.owner), roles: [0, 7] }] })).rejects.toMatchObject({
      issues: [expect.objectContaining({ messageKey: 'fmea.member_role_invalid' })],
    });
    expect(await t.db.select().from(fmeaProject)).toEqual([]);
  });

  it('refuses an unknown member, a bad date and a missing name, and writes nothing', async () => {
    await expect(createTeamProject(team, { members: [{ userId: 'ghost', roles: [0] }, { userId: idOf(team.owner), roles: [1] }] })).rejects.toMatchObject({
      code: 'not_found',
      messageKey: 'fmea.user_not_found',
    });
    await expect(createTeamProject(team, { name: ' ', sopDate: '2027-02-30' })).rejects.toMatchObject({
      issues: [expect.objectContaining({ field: 'name' }), expect.objectContaining({ messageKey: 'fmea.date_invalid' })],
    });
    expect(await t.db.select().from(fmeaMember)).toEqual([]);
  });
});

describe('opening projects', () => {
  it('opens by id or serial number for members and administrators', async () => {
    const project = await createTeamProject(team);
    expect((await getProjectById(team.reader, project.id)).canEdit).toBe(false);
    expect((await getProjectBySerialNumber(team.editor, project.serialNum)).id).toBe(project.id);
    const admin = await getProjectById(await adminContext(t), project.id);
    expect(admin).toMatchObject({ myRoles: null, canEdit: true });
  });

  it('refuses a non-member with "not a project member"', async () => {
    const project = await createTeamProject(team);
    await expect(getProjectById(team.outsider, project.id)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.not_project_member' });
  });

  it('takes the roles the caller resolved for the session instead of reading them again', async () => {
    const project = await createTeamProject(team);
    // the outsider holds no admin role in the database; the session's resolved roles decide
    const asAdmin = { ...team.outsider, actor: { ...team.outsider.actor, roles: { isAdmin: true, roleTypes: ['0'], productTypes: [] } } };
    expect(await getProjectById(asAdmin, project.id)).toMatchObject({ myRoles: null, canEdit: true });
    const asPlain = { ...(await adminContext(t)), actor: { ...(await adminContext(t)).actor, roles: { isAdmin: false, roleTypes: ['2'], productTypes: [] } } };
    await expect(getProjectById(asPlain, project.id)).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
  });

  it('checks the menu route of the project type with the operation’s button when the caller passes the session’s grants', async () => {
    const project = await createTeamProject(team);
    const withGrants = (buttons: string[]) => ({ ...team.owner, actor: { ...team.owner.actor, grants: new Map([['dfmea_index', new Set(buttons)]]) } });
    await expect(createProject(withGrants(['edit']), { projectType: 'dfmea', name: 'x', members: [{ userId: idOf(team.owner), roles: [0] }] })).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(addNode(withGrants(['edit']), { parentId: project.rootNodeId!, name: 'Gear' })).rejects.toMatchObject({ code: 'not_allowed' });
    expect(await addNode(withGrants(['add']), { parentId: project.rootNodeId!, name: 'Gear' })).toMatchObject({ name: 'Gear' });
    await expect(getProjectById({ ...team.owner, actor: { ...team.owner.actor, grants: new Map() } }, project.id)).rejects.toMatchObject({ code: 'not_allowed' });
  });

  it('treats a deleted or unknown project as not found', async () => {
    const project = await createTeamProject(team);
    await deleteProject(team.owner, project.id, { version: 1 });
    await expect(getProjectById(team.owner, project.id)).rejects.toMatchObject({ code: 'not_found', messageKey: 'permission.project_deleted' });
    await expect(getProjectBySerialNumber(team.owner, 'DF000')).rejects.toMatchObject({ code: 'not_found', messageKey: 'fmea.project_not_found' });
  });

  it('opens by a deep link’s pptSerial: the number, the root node id or any node id, focusing that node', async () => {
    const project = await createTeamProject(team);
    const other = await createTeamProject(team, { name: 'Seat adjuster' });
    const gearbox = await addNode(team.editor, { parentId: project.rootNodeId!, name: 'Gearbox' });
    const gear = await addNode(team.editor, { parentId: gearbox.id, name: 'Gear' });

    expect(await getProjectBySerialNumber(team.editor, project.serialNum)).toMatchObject({ id: project.id, focusNodeId: null, canEdit: true });
    expect(await getProjectBySerialNumber(team.reader, ` ${project.serialNum} `)).toMatchObject({ id: project.id, focusNodeId: null, canEdit: false });
    expect(await getProjectBySerialNumber(team.editor, project.rootNodeId!)).toMatchObject({ id: project.id, rootNodeId: project.rootNodeId, focusNodeId: project.rootNodeId });
    expect(await getProjectBySerialNumber(team.reader, gear.id)).toMatchObject({ id: project.id, serialNum: project.serialNum, focusNodeId: gear.id });
    expect(await getProjectBySerialNumber(team.owner, other.rootNodeId!)).toMatchObject({ id: other.id, focusNodeId: other.rootNodeId });
    expect(await resolveProjectReference(t.db, gearbox.id)).toEqual({ projectId: project.id, projectType: 'dfmea', focusNodeId: gearbox.id });
    expect(await resolveProjectReference(t.db, project.serialNum)).toEqual({ projectId: project.id, projectType: 'dfmea', focusNodeId: null });
  });

  it('refuses a deep link for a non-member, and treats a deleted project, a removed node or an unknown value as not found', async () => {
    const project = await createTeamProject(team);
    const gearbox = await addNode(team.editor, { parentId: project.rootNodeId!, name: 'Gearbox' });
    const gear = await addNode(team.editor, { parentId: gearbox.id, name: 'Gear' });
    for (const value of [project.serialNum, project.rootNodeId!, gear.id]) {
      await expect(getProjectBySerialNumber(team.outsider, value)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.not_project_member' });
    }
    await deleteNode(team.editor, gear.id, { version: gear.version });
    await expect(getProjectBySerialNumber(team.editor, gear.id)).rejects.toMatchObject({ code: 'not_found', messageKey: 'fmea.project_not_found' });
    await expect(getProjectBySerialNumber(team.editor, 'no-such-node')).rejects.toMatchObject({ code: 'not_found', messageKey: 'fmea.project_not_found' });
    await expect(getProjectBySerialNumber(team.editor, '')).rejects.toMatchObject({ code: 'not_found' });

    await deleteProject(team.owner, project.id, { version: 1 });
    for (const value of [project.serialNum, project.rootNodeId!, gearbox.id]) {
      await expect(getProjectBySerialNumber(team.owner, value)).rejects.toMatchObject({ code: 'not_found', messageKey: 'permission.project_deleted' });
    }
  });

  it('remembers visits for recent projects, newest first, without deleted ones', async () => {
    let clock = 0;
    const ctx = { ...team.owner, now: () => new Date(NOW.getTime() + ++clock * 1000) };
    const a = await createTeamProject(team, { name: 'A' });
    const b = await createTeamProject(team, { name: 'B' });
    const c = await createTeamProject(team, { name: 'C' });
    await openProject(ctx, a.id);
    await openProject(ctx, b.id);
    await openProject(ctx, c.id);
    await openProject(ctx, a.id);
    await deleteProject(team.owner, c.id, { version: 1 });
    expect((await listRecentProjects(ctx)).map((p) => p.name)).toEqual(['A', 'B']);
    expect(await listRecentProjects(team.outsider)).toEqual([]);
  });
});

describe('updating and deleting the header', () => {
  it('updates header fields and the team with the version read, then refuses the stale version', async () => {
    const project = await createTeamProject(team);
    const updated = await updateProjectHeader(team.owner, project.id, {
      version: 1,
      customer: '1',
      members: [{ userId: idOf(team.editor), roles: [0] }, { userId: idOf(team.owner), roles: [1] }],
    });
    expect(updated).toMatchObject({ version: 2, customer: '1', responsibleUserId: idOf(team.editor) });
    await expect(updateProjectHeader(team.owner, project.id, { version: 1, customer: '2' })).rejects.toMatchObject({
      code: 'conflict',
      messageKey: 'fmea.stale_version',
    });
    expect((await getProjectById(team.owner, project.id)).customer).toBe('1');
  });

  it.each(['dfmea', 'pfmea'] as const)('refuses a collaborator who makes himself responsible of a %s, and changes nothing', async (projectType) => {
    const project = await createTeamProject(team, { projectType });
    const takeover = [
      { userId: idOf(team.editor), roles: [0] },
      { userId: idOf(team.owner), roles: [2] },
    ];
    await expect(updateProjectHeader(team.editor, project.id, { version: 1, name: 'Mine now', members: takeover })).rejects.toMatchObject({
      code: 'not_allowed',
      messageKey: 'permission.team_owner_only',
    });
    // a role added to himself, someone added or removed: all changes of the team
    const added = [...teamMembers(team), { userId: idOf(team.outsider), roles: [1] }];
    await expect(updateProjectHeader(team.editor, project.id, { version: 1, members: added })).rejects.toMatchObject({ messageKey: 'permission.team_owner_only' });
    const promoted = teamMembers(team).map((m) => (m.userId === idOf(team.editor) ? { ...m, roles: [1, 3] } : m));
    await expect(updateProjectHeader(team.editor, project.id, { version: 1, members: promoted })).rejects.toMatchObject({ messageKey: 'permission.team_owner_only' });
    const after = await getProjectById(team.owner, project.id);
    expect(after).toMatchObject({ version: 1, name: project.name, responsibleUserId: idOf(team.owner) });
    expect(sameTeam(after.members, project.members)).toBe(true);
    expect(await t.db.select().from(operationLog).where(eq(operationLog.action, 'fmea.project.update')).orderBy(operationLog.at, sql`rowid`)).toEqual([]);
  });

  it('lets a collaborator save the header with the team unchanged, in any order', async () => {
    const project = await createTeamProject(team);
    const updated = await updateProjectHeader(team.editor, project.id, { version: 1, name: 'Renamed', members: [...teamMembers(team)].reverse() });
    expect(updated).toMatchObject({ version: 2, name: 'Renamed', responsibleUserId: idOf(team.owner) });
  });

  it('keeps the AP table and the confidentiality level to the responsible person and administrators', async () => {
    const project = await createTeamProject(team, { confidentiality: '3' });
    await expect(updateProjectHeader(team.editor, project.id, { version: 1, apTable: 'pfmea' })).rejects.toMatchObject({
      messageKey: 'permission.settings_owner_only',
      params: { field: 'apTable' },
    });
    await expect(updateProjectHeader(team.editor, project.id, { version: 1, confidentiality: 'Public' })).rejects.toMatchObject({
      messageKey: 'permission.settings_owner_only',
      params: { field: 'confidentiality' },
    });
    // unchanged values pass (a form sends everything it shows)
    expect((await updateProjectHeader(team.editor, project.id, { version: 1, apTable: 'dfmea', confidentiality: '3', subject: 'x' })).version).toBe(2);
    expect((await updateProjectHeader(team.owner, project.id, { version: 2, confidentiality: '1' })).confidentiality).toBe('1');
    expect((await updateProjectHeader(await adminContext(t), project.id, { version: 3, apTable: 'pfmea' })).apTable).toBe('pfmea');
  });

  it('lets the responsible person hand the project over, after which they no longer decide the team', async () => {
    const project = await createTeamProject(team);
    const handedOver = [
      { userId: idOf(team.editor), roles: [0] },
      { userId: idOf(team.owner), roles: [1] },
      { userId: idOf(team.reader), roles: [4] },
    ];
    await updateProjectHeader(team.owner, project.id, { version: 1, members: handedOver });
    await expect(updateProjectHeader(team.owner, project.id, { version: 2, members: teamMembers(team) })).rejects.toMatchObject({ messageKey: 'permission.team_owner_only' });
    const byAdmin = await updateProjectHeader(await adminContext(t), project.id, { version: 2, members: teamMembers(team) });
    expect(byAdmin.responsibleUserId).toBe(idOf(team.owner));
  });

  it('refuses read-only members and non-members', async () => {
    const project = await createTeamProject(team);
    await expect(updateProjectHeader(team.reader, project.id, { version: 1, name: 'x' })).rejects.toMatchObject({ messageKey: 'permission.project_read_only' });
    await expect(updateProjectHeader(team.outsider, project.id, { version: 1, name: 'x' })).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
  });

  it('lets only the responsible owner (or an admin) delete, softly', async () => {
    const project = await createTeamProject(team);
    await expect(deleteProject(team.editor, project.id, { version: 1 })).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.owner_only' });
    await deleteProject(team.owner, project.id, { version: 1 });
    const row = await t.db.select().from(fmeaProject).where(eq(fmeaProject.id, project.id)).get();
    expect(row).toMatchObject({ delFlg: 1, deletedAt: NOW });
  });
});

describe('listing projects', () => {
  it('fills the tabs all / mine / responsible / participating, and keeps shared and collected empty', async () => {
    const mine = await createTeamProject(team, { name: 'Mine' });
    const theirs = await createProject(team.editor, {
      projectType: 'dfmea',
      name: 'Theirs',
      members: [{ userId: idOf(team.editor), roles: [0] }, { userId: idOf(team.owner), roles: [1] }],
    });
    await createProject(team.outsider, { projectType: 'pfmea', name: 'Elsewhere', members: [{ userId: idOf(team.outsider), roles: [0] }] });
    const names = async (tab: Parameters<typeof listProjects>[1]) => (await listProjects(team.owner, tab)).items.map((p) => p.name).sort();
    expect(await names({ tab: 'all' })).toEqual(['Elsewhere', 'Mine', 'Theirs']);
    expect(await names({ tab: 'all', projectTypes: ['dfmea'] })).toEqual(['Mine', 'Theirs']);
    expect(await names({ tab: 'mine' })).toEqual(['Mine']);
    expect(await names({ tab: 'responsible' })).toEqual(['Mine']);
    expect(await names({ tab: 'participating' })).toEqual(['Theirs']);
    expect(await names({ tab: 'shared' })).toEqual([]);
    expect(await names({ tab: 'collected' })).toEqual([]);
    const all = await listProjects(team.owner, { tab: 'all', search: 'Elsew' });
    expect(all.items[0]).toMatchObject({ name: 'Elsewhere', myRoles: null });
    expect((await listProjects(team.owner, { search: mine.serialNum })).items.map((p) => p.id)).toEqual([mine.id]);
    expect(theirs.serialNum).toBe('DF2603090002');
  });

  it('pages, and leaves deleted projects out', async () => {
    for (const name of ['P1', 'P2', 'P3']) await createTeamProject(team, { name });
    const page = await listProjects(team.owner, { page: 2, limit: 2 });
    expect(page).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page.items).toHaveLength(1);
    const [first] = (await listProjects(team.owner)).items;
    await deleteProject(team.owner, first!.id, { version: 1 });
    expect((await listProjects(team.owner)).total).toBe(2);
  });

  it('refuses an unknown tab', async () => {
    await expect(listProjects(team.owner, { tab: 'starred' as never })).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'fmea.value_invalid', field: 'tab' })] });
  });
});
