import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildUser, openTestDatabase, TEST_PASSWORD, type TestDatabase } from '../../testing/index.ts';
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

  it('tells whether a password is the current one', async () => {
    const user = await buildUser(t.ctx);
    expect(await isOwnPassword(t.ctx, user.id, TEST_PASSWORD)).toBe(true);
    expect(await isOwnPassword(t.ctx, user.id, 'nope')).toBe(false);
  });
});
