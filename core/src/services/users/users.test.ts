import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_PASSWORD, type TestDatabase } from '../../testing/index.ts';
import { verifyPassword } from '../shared/password-hash.ts';
import { createRole } from '../roles/roles.ts';
import { createDepartment } from '../org/departments.ts';
import { createSite } from '../org/sites.ts';
import { listOperations } from '../oplog/oplog.ts';
import { changeOwnPassword, resetPassword } from './passwords.ts';
import { createUser, deleteUser, findUserRow, getUser, isUserNameAvailable, listUsers, setUserLocked, setUserRoles, updateUser } from './users.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await openTestDatabase();
});
afterEach(() => t.dispose());

describe('users', () => {
  it('creates a user with a generated, policy-compliant password that is stored only as an argon2id hash', async () => {
    const { user, generatedPassword } = await createUser(t.ctx, { userName: ' li.wei ', realName: '李伟' });
    expect(user.userName).toBe('li.wei');
    expect(user).not.toHaveProperty('passwordHash');
    const row = await findUserRow(t.db, 'li.wei');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row.passwordHash, generatedPassword!)).toBe(true);
    expect(row.mustChangePassword).toBe(true);
  });

  it('treats user names case-sensitively and refuses an exact duplicate', async () => {
    await createUser(t.ctx, { userName: 'Zhang', password: TEST_PASSWORD });
    await createUser(t.ctx, { userName: 'zhang', password: TEST_PASSWORD });
    await expect(createUser(t.ctx, { userName: 'Zhang', password: TEST_PASSWORD })).rejects.toMatchObject({
      code: 'conflict',
      messageKey: 'user.name_duplicate',
    });
    expect(await isUserNameAvailable(t.ctx, 'Zhang')).toBe(false);
    expect(await isUserNameAvailable(t.ctx, 'ZHANG')).toBe(true);
  });

  it('refuses a password that breaks the policy, listing each broken rule', async () => {
    const error = await createUser(t.ctx, { userName: 'weak', password: 'abc123' }).catch((e) => e);
    expect(error.messageKey).toBe('user.password_invalid');
    expect(error.issues.map((i: { messageKey: string }) => i.messageKey)).toEqual(
      expect.arrayContaining(['password.too_short', 'password.no_sequences']),
    );
    await expect(findUserRow(t.db, 'weak')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses user names with spaces inside', async () => {
    await expect(createUser(t.ctx, { userName: 'a b', password: TEST_PASSWORD })).rejects.toMatchObject({ messageKey: 'user.name_invalid' });
  });

  it('links site, department and roles, and lists with search and paging', async () => {
    const plant = await createSite(t.ctx, { name: '苏州工厂', nameEn: 'Suzhou plant', licenceCount: 20 });
    await createDepartment(t.ctx, { site: plant.name, number: 'QE', name: '质量部' });
    await createRole(t.ctx, { name: 'engineer', roleType: '2' });
    for (const n of ['eng1', 'eng2', 'eng3']) {
      await createUser(t.ctx, { userName: n, realName: `工程师${n}`, password: TEST_PASSWORD, site: plant.name, department: 'QE', roles: ['engineer'] });
    }
    const page = await listUsers(t.ctx, { search: 'eng', page: 2, limit: 2 });
    expect(page.total).toBe(3);
    expect(page.items.map((u) => u.userName)).toEqual(['eng3']);
    expect(page.items[0]).toMatchObject({ siteName: '苏州工厂', departmentName: '质量部', roleNames: ['engineer'] });
    const bySite = await listUsers(t.ctx, { site: '苏州工厂' });
    expect(bySite.total).toBe(3);
  });

  it('searches LIKE wildcards literally', async () => {
    await createUser(t.ctx, { userName: 'under_score', password: TEST_PASSWORD });
    await createUser(t.ctx, { userName: 'underXscore', password: TEST_PASSWORD });
    const page = await listUsers(t.ctx, { search: 'under_' });
    expect(page.items.map((u) => u.userName)).toEqual(['under_score']);
  });

  it('replaces roles, and refuses an unknown role without changing anything', async () => {
    await createRole(t.ctx, { name: 'reviewer' });
    await createUser(t.ctx, { userName: 'wang', password: TEST_PASSWORD });
    await setUserRoles(t.ctx, 'wang', ['reviewer']);
    await expect(setUserRoles(t.ctx, 'wang', ['reviewer', 'nope'])).rejects.toMatchObject({ messageKey: 'role.not_found' });
    expect((await getUser(t.ctx, 'wang')).roleNames).toEqual(['reviewer']);
  });

  it('protects the default user from deletion and deletes others', async () => {
    await expect(deleteUser(t.ctx, 'admin')).rejects.toMatchObject({ messageKey: 'user.default_protected' });
    await createUser(t.ctx, { userName: 'temp', password: TEST_PASSWORD });
    await deleteUser(t.ctx, 'temp');
    await expect(getUser(t.ctx, 'temp')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('locks and unlocks, clearing the failure counter', async () => {
    await createUser(t.ctx, { userName: 'lock.me', password: TEST_PASSWORD });
    expect((await setUserLocked(t.ctx, 'lock.me', true)).locked).toBe(true);
    expect((await setUserLocked(t.ctx, 'lock.me', false)).locked).toBe(false);
  });

  it('lets a user change the password only with the right old password, and never back to a recent one', async () => {
    const { user } = await createUser(t.ctx, { userName: 'self', password: TEST_PASSWORD });
    await expect(changeOwnPassword(t.ctx, user.id, 'Wrong#Pass9x!', 'Nw8$tR4!kP6@qZ')).rejects.toMatchObject({ messageKey: 'user.old_password_wrong' });
    await changeOwnPassword(t.ctx, user.id, TEST_PASSWORD, 'Nw8$tR4!kP6@qZ');
    expect((await findUserRow(t.db, 'self')).mustChangePassword).toBe(false);
    await changeOwnPassword(t.ctx, user.id, 'Nw8$tR4!kP6@qZ', 'Hq5%vM8!xT2&bW');
    await expect(changeOwnPassword(t.ctx, user.id, 'Hq5%vM8!xT2&bW', TEST_PASSWORD)).rejects.toMatchObject({ messageKey: 'user.password_reused' });
  });

  it('resets a password as admin, forcing a change and unlocking the account', async () => {
    await createUser(t.ctx, { userName: 'forgot', password: TEST_PASSWORD });
    await setUserLocked(t.ctx, 'forgot', true);
    const { generatedPassword } = await resetPassword(t.ctx, 'forgot');
    const row = await findUserRow(t.db, 'forgot');
    expect(await verifyPassword(row.passwordHash, generatedPassword!)).toBe(true);
    expect(row).toMatchObject({ locked: false, mustChangePassword: true });
  });

  it('logs every write with before and after, and never the password hash', async () => {
    const admin = await findUserRow(t.db, 'admin');
    await createUser(t.as({ userId: admin.id, userName: 'admin', siteId: admin.siteId }), { userName: 'logged', realName: 'A', password: TEST_PASSWORD });
    await updateUser(t.ctx, 'logged', { realName: 'B' });
    const log = await listOperations(t.ctx, { entity: 'user', action: 'user.' });
    expect(log.items.map((e) => e.action)).toEqual(['user.update', 'user.create']);
    expect(log.items[1]).toMatchObject({ userName: 'admin', userId: admin.id });
    expect(log.items[0]!.before).toMatchObject({ realName: 'A' });
    expect(log.items[0]!.after).toMatchObject({ realName: 'B' });
    expect(JSON.stringify(log.items)).not.toContain('argon2');
  });

  it('stores script- and SQL-like text verbatim', async () => {
    const realName = `<script>alert(1)</script>'; DROP TABLE user;--`;
    await createUser(t.ctx, { userName: 'odd', realName, password: TEST_PASSWORD });
    expect((await getUser(t.ctx, 'odd')).realName).toBe(realName);
  });
});
