import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminContext, buildUser, createTeamProject, idOf, makeTeam, makeUser, nameOf, openTestDatabase, TEST_PASSWORD, type TestDatabase } from '../../testing/index.ts';
import { setShare } from '../fmea/sharing.ts';
import { createSite } from '../org/sites.ts';
import { isOwnPassword, listUserOptions } from './user-options.ts';
import { createUser } from './users.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await openTestDatabase();
});
afterEach(() => t.dispose());

describe('user options and own-password check', () => {
  it('lists id, user name and real name only, searched and limited', async () => {
    await createSite(t.ctx, { name: 'Wuhan' });
    await createUser(t.ctx, { userName: 'zhang', realName: '张三', password: TEST_PASSWORD, site: 'Wuhan' });
    await createUser(t.ctx, { userName: 'li', realName: '李四', password: TEST_PASSWORD });
    expect(await listUserOptions(t.ctx, { search: '张' })).toEqual([{ id: expect.any(String), userName: 'zhang', realName: '张三' }]);
    expect((await listUserOptions(t.ctx, { site: 'Wuhan' })).map((u) => u.userName)).toEqual(['zhang']);
    expect(await listUserOptions(t.ctx, { limit: 1 })).toHaveLength(1);
  });

  it('lists only the users who may read a project when asked: its team, administrators and whom it is shared with (issue 20)', async () => {
    const team = await makeTeam(t);
    const guest = await makeUser(t, 'guest');
    const project = await createTeamProject(team);
    const readers = async () => (await listUserOptions(team.owner, { readerOf: project.id, limit: 500 })).map((u) => u.userName).sort();
    const expected = (...people: string[]) => [...people].sort();
    expect(await readers()).toEqual(expected('admin', nameOf(team.owner), nameOf(team.editor), nameOf(team.reader)));
    await setShare(team.owner, { projectId: project.id, scope: 'partly', expiresAt: null, userIds: [idOf(guest)] });
    expect(await readers()).toEqual(expected('admin', nameOf(team.owner), nameOf(team.editor), nameOf(team.reader), nameOf(guest)));
    // a search still narrows it, and someone who may not open the project learns nothing of it
    expect((await listUserOptions(team.owner, { readerOf: project.id, search: nameOf(team.outsider) })).length).toBe(0);
    await expect(listUserOptions(team.outsider, { readerOf: project.id })).rejects.toMatchObject({ code: 'not_allowed' });
    expect((await listUserOptions(await adminContext(t), { readerOf: project.id, limit: 2 })).length).toBe(2);
  });

  it('tells whether a password is the current one', async () => {
    const user = await buildUser(t.ctx);
    expect(await isOwnPassword(t.ctx, user.id, TEST_PASSWORD)).toBe(true);
    expect(await isOwnPassword(t.ctx, user.id, 'nope')).toBe(false);
  });
});
