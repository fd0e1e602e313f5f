import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { operationLog } from '../../db/schema/index.ts';
import { adminContext, buildWindowLifter, createTeamProject, idOf, makeTeam, makeUser, nameOf, openTestDatabase, pdf, type Team, type TestDatabase } from '../../testing/index.ts';
import { saveUpload } from '../files/files.ts';
import type { ServiceContext } from '../shared/context.ts';
import { addAction } from './actions.ts';
import { readAnalysis } from './analysis-read.ts';
import { assertCanReadFile } from '../files/access.ts';
import { addAttachments, listAttachments } from './attachments.ts';
import { addFailure, rateCause } from './failures.ts';
import { addFunction } from './functions.ts';
import { readRiskGrid } from './grid.ts';
import { importAnalysis } from './import.ts';
import { listProjects } from './project-list.ts';
import { deleteProject, getProjectById, updateProjectHeader, type ProjectView } from './projects.ts';
import { getShare, MAX_SHARE_USERS, setShare } from './sharing.ts';
import { addNode } from './structure.ts';
import { getStructureTree } from './structure-tree.ts';

// A clock the test moves: shares expire against it, not against the wall clock.
let clock = new Date('2026-03-01T08:00:00Z');
const later = (ms: number) => new Date(clock.getTime() + ms);
const DAY = 86_400_000;

let t: TestDatabase;
let team: Team;
let guest: ServiceContext;
let project: ProjectView;
let chain: Awaited<ReturnType<typeof buildWindowLifter>>;
beforeEach(async () => {
  clock = new Date('2026-03-01T08:00:00Z');
  t = await openTestDatabase({ now: () => clock });
  team = await makeTeam(t);
  guest = await makeUser(t, 'guest');
  project = await createTeamProject(team);
  chain = await buildWindowLifter(team.owner, project);
});
afterEach(() => t.dispose());

const shareWith = (ctx: ServiceContext, input: Partial<Parameters<typeof setShare>[1]> = {}) =>
  setShare(ctx, { projectId: project.id, scope: 'partly', expiresAt: null, userIds: [idOf(guest)], ...input });

describe('reading a shared project', () => {
  it('lets a named user open and read the project, marked shared and not editable', async () => {
    await expect(readAnalysis(guest, project.id)).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    await shareWith(team.owner);

    const view = await getProjectById(guest, project.id);
    expect(view).toMatchObject({ access: 'shared', canEdit: false, myRoles: null });
    expect((await readRiskGrid(guest, project.id)).items).toHaveLength(3);
    expect((await readAnalysis(guest, project.id)).nodes).toHaveLength(4);
    expect(await getStructureTree(guest, project.id)).toBeTruthy();
    expect(await listAttachments(guest, project.id)).toEqual([]);
  });

  it('refuses every kind of write with the read-only refusal', async () => {
    await shareWith(team.owner);
    const readOnly = { code: 'not_allowed', messageKey: 'permission.project_read_only' };
    const filesDir = mkdtempSync(join(tmpdir(), 'fmea-share-'));
    try {
      const file = (await saveUpload(guest, { filesDir, kind: 'attachment', originalName: 'Note.pdf', data: pdf('Note.pdf') })).id;
      const writes: [string, () => Promise<unknown>][] = [
        ['node', () => addNode(guest, { parentId: chain.rootId, name: 'Motor' })],
        ['function', () => addFunction(guest, { nodeId: chain.gear.id, description: 'Carry load' })],
        ['failure', () => addFailure(guest, { functionId: chain.mesh.id, kind: 'FC', description: 'Pitting' })],
        ['rating', () => rateCause(guest, chain.worn.id, { version: chain.worn.version, occurrence: 2 })],
        ['action', () => addAction(guest, { causeId: chain.worn.id, kind: 'prevention', description: 'Harden teeth' })],
        ['header', () => updateProjectHeader(guest, project.id, { version: project.version, name: 'Mine now' })],
        ['import', () => importAnalysis(guest, project.id, { nodes: [{ key: 'm', parentKey: '@root', name: 'Motor' }] })],
        ['attachment', () => addAttachments(guest, project.id, [file])],
      ];
      for (const [kind, write] of writes) {
        await expect(write(), kind).rejects.toMatchObject(readOnly);
      }
    } finally {
      rmSync(filesDir, { recursive: true, force: true });
    }
  });

  it('lets a shared reader download the project’s attachments', async () => {
    const filesDir = mkdtempSync(join(tmpdir(), 'fmea-share-'));
    try {
      const file = (await saveUpload(team.editor, { filesDir, kind: 'attachment', originalName: 'DVP.pdf', data: pdf('DVP.pdf') })).id;
      await addAttachments(team.editor, project.id, [file]);
      await expect(assertCanReadFile(guest, file)).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
      await shareWith(team.owner);
      await expect(assertCanReadFile(guest, file)).resolves.toBeUndefined();
    } finally {
      rmSync(filesDir, { recursive: true, force: true });
    }
  });

  it('ends at the expiry', async () => {
    await shareWith(team.owner, { expiresAt: later(DAY) });
    await expect(getProjectById(guest, project.id)).resolves.toMatchObject({ access: 'shared' });
    clock = later(DAY);
    await expect(getProjectById(guest, project.id)).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    await expect(addNode(guest, { parentId: chain.rootId, name: 'Motor' })).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
  });

  it('follows the scope: partly names users, all shares with everyone, none with nobody', async () => {
    const other = await makeUser(t, 'other');
    let share = await shareWith(team.owner);
    await expect(getProjectById(other, project.id)).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });

    share = await shareWith(team.owner, { scope: 'all', userIds: [], version: share.version });
    await expect(getProjectById(other, project.id)).resolves.toMatchObject({ access: 'shared' });
    await expect(getProjectById(guest, project.id)).resolves.toMatchObject({ access: 'shared' });

    await shareWith(team.owner, { scope: 'none', userIds: [idOf(guest)], version: share.version });
    await expect(getProjectById(guest, project.id)).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    expect(await getShare(team.owner, project.id)).toMatchObject({ scope: 'none', userIds: [], expiresAt: null, version: 3 });
  });

  it('keeps a member’s own rights: an editor stays an editor, a read-only member stays a member', async () => {
    await shareWith(team.owner, { scope: 'all', userIds: [] });
    await expect(getProjectById(team.editor, project.id)).resolves.toMatchObject({ access: 'member', canEdit: true });
    await expect(addNode(team.editor, { parentId: chain.rootId, name: 'Motor' })).resolves.toMatchObject({ name: 'Motor' });
    await expect(getProjectById(team.reader, project.id)).resolves.toMatchObject({ access: 'member', canEdit: false, myRoles: [4] });
    const admin = await adminContext(t);
    await expect(getProjectById(admin, project.id)).resolves.toMatchObject({ access: 'admin', canEdit: true });
  });

  it('does not open a deleted project, shared or not', async () => {
    await shareWith(team.owner);
    await deleteProject(team.owner, project.id, { version: (await getProjectById(team.owner, project.id)).version });
    await expect(getProjectById(guest, project.id)).rejects.toMatchObject({ code: 'not_found', messageKey: 'permission.project_deleted' });
  });
});

describe('changing the share', () => {
  it('saves scope, expiry and named users with their names, and logs the change', async () => {
    expect(await getShare(team.reader, project.id)).toEqual({ projectId: project.id, scope: 'none', expiresAt: null, userIds: [], users: [], version: 0 });
    const saved = await shareWith(team.owner, { expiresAt: later(7 * DAY), userIds: [idOf(guest), idOf(guest)] });
    expect(saved).toEqual({
      projectId: project.id,
      scope: 'partly',
      expiresAt: later(7 * DAY),
      userIds: [idOf(guest)],
      users: [{ id: idOf(guest), userName: nameOf(guest), realName: nameOf(guest) }],
      version: 1,
    });
    expect(await getShare(team.editor, project.id)).toEqual(saved);
    const log = await t.db.select().from(operationLog).where(eq(operationLog.entity, 'fmea_project_share')).orderBy(operationLog.at, sql`rowid`);
    expect(log.map((row) => [row.action, row.entityId])).toEqual([['fmea.project.share', project.id]]);
  });

  it('lets only the responsible person or an administrator change it', async () => {
    await expect(shareWith(team.editor)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.share_owner_only' });
    await expect(shareWith(team.reader)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.project_read_only' });
    await expect(shareWith(team.outsider)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.not_project_member' });
    const admin = await adminContext(t);
    const saved = await shareWith(admin);
    // a shared reader may not change it either, nor see who else reads
    await expect(shareWith(guest, { version: saved.version })).rejects.toMatchObject({ messageKey: 'permission.project_read_only' });
    await expect(getShare(guest, project.id)).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
  });

  it('validates scope, expiry, users and the version', async () => {
    await expect(shareWith(team.owner, { scope: 'some' as never })).rejects.toMatchObject({ code: 'invalid_input', issues: [expect.objectContaining({ messageKey: 'fmea.value_invalid', field: 'scope' })] });
    await expect(shareWith(team.owner, { expiresAt: clock })).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'fmea.share_expiry_past', field: 'expiresAt' })] });
    await expect(shareWith(team.owner, { userIds: [] })).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'fmea.share_users_required' })] });
    const tooMany = Array.from({ length: MAX_SHARE_USERS + 1 }, (_, i) => `user-${i}`);
    await expect(shareWith(team.owner, { userIds: tooMany })).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'fmea.share_too_many_users', params: { field: 'userIds', max: 200 } })] });
    await expect(shareWith(team.owner, { userIds: ['no-such-user'] })).rejects.toMatchObject({ code: 'not_found', messageKey: 'fmea.user_not_found' });
    await shareWith(team.owner);
    await expect(shareWith(team.owner, { scope: 'all', userIds: [] })).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.stale_version' });
  });
});

describe('the shared tab', () => {
  it('lists live projects shared with me, not expired, where I am not a member, with the usual search', async () => {
    const second = await createTeamProject(team, { name: 'Seat adjuster' });
    const third = await createTeamProject(team, { name: 'Mirror fold' });
    await shareWith(team.owner);
    await setShare(team.owner, { projectId: second.id, scope: 'all', expiresAt: later(DAY), userIds: [] });
    await setShare(team.owner, { projectId: third.id, scope: 'partly', expiresAt: null, userIds: [idOf(team.outsider)] });

    const names = async (ctx: ServiceContext, search?: string) => (await listProjects(ctx, { tab: 'shared', search, sort: 'name', order: 'asc' })).items.map((p) => p.name);
    expect(await names(guest)).toEqual(['Seat adjuster', project.name]);
    expect(await names(guest, 'seat')).toEqual(['Seat adjuster']);
    expect(await names(team.outsider)).toEqual(['Mirror fold', 'Seat adjuster']);
    // members see their projects in their own tabs, not here
    expect(await names(team.reader)).toEqual([]);

    clock = later(DAY);
    expect(await names(guest)).toEqual([project.name]);
    await deleteProject(team.owner, project.id, { version: (await getProjectById(team.owner, project.id)).version });
    expect(await listProjects(guest, { tab: 'shared' })).toMatchObject({ items: [], total: 0 });
  });
});
