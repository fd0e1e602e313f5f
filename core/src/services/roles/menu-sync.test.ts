import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { menu, operationLog, rolePermission } from '../../db/schema/index.ts';
import { AREAS, defineArea, menusOf } from '../../domain/areas/index.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { syncMenus } from './menu-sync.ts';
import { createRole, findRole } from './roles.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await openTestDatabase();
});
afterEach(() => t.dispose());

const sync = () => t.ctx.db.transaction((tx) => syncMenus({ ...t.ctx, db: tx }));
const menuRow = (routeName: string) => t.ctx.db.select().from(menu).where(eq(menu.routeName, routeName)).get();
const grantsOf = async (roleName: string) => {
  const role = await findRole(t.ctx.db, roleName);
  return t.ctx.db.select({ routeName: rolePermission.routeName, buttons: rolePermission.buttons }).from(rolePermission).where(eq(rolePermission.roleId, role.id)).orderBy(rolePermission.routeName);
};

describe('menus follow the area definitions on every start', () => {
  it('seeds exactly the defined routes, and a second run changes nothing', async () => {
    const rows = await t.ctx.db.select().from(menu);
    expect(rows.map((r) => r.routeName).sort()).toEqual(menusOf(AREAS).map((m) => m.routeName).sort());
    expect(await sync()).toEqual({ inserted: [], updated: [], deleted: [], revoked: [] });
  });

  it('upgrades a database seeded before: removes undefined areas with their grants, restores titles and buttons, adds what is missing', async () => {
    const db = t.ctx.db;
    // what an older release left: an area with no definition, a retired page, edited titles and buttons, a missing page
    await db.insert(menu).values([
      { routeName: 'retired_index', path: '/main/retired', title: '旧区域', titleEn: 'Retired', sort: 35, buttons: ['add', 'edit'] },
      { routeName: 'system_menu', parentRouteName: 'system_index', path: '/main/system/menu', title: '菜单管理', titleEn: 'Menus', sort: 3, buttons: ['add'] },
    ]);
    await db.update(menu).set({ title: '用户', buttons: ['add', 'edit', 'del', 'fly'] }).where(eq(menu.routeName, 'system_user'));
    await db.delete(menu).where(eq(menu.routeName, 'system_app'));
    await createRole(t.ctx, { name: 'planner' });
    const role = await findRole(db, 'planner');
    await db.insert(rolePermission).values([
      { roleId: role.id, routeName: 'retired_index', buttons: ['add'] },
      { roleId: role.id, routeName: 'system_menu', buttons: [] },
      { roleId: role.id, routeName: 'system_user', buttons: ['edit', 'fly'] },
      { roleId: role.id, routeName: 'dfmea_index', buttons: ['edit', 'export'] },
    ]);

    const result = await sync();

    expect(result.inserted).toEqual(['system_app']);
    expect(result.updated).toEqual(['system_user']);
    expect(result.deleted.sort()).toEqual(['retired_index', 'system_menu']);
    expect(await menuRow('retired_index')).toBeUndefined();
    expect(await menuRow('system_user')).toMatchObject({ title: '用户管理', buttons: ['add', 'edit', 'del', 'import', 'export', 'resetPwd', 'lock'] });
    expect(await grantsOf('planner')).toEqual([
      { routeName: 'dfmea_index', buttons: ['edit', 'export'] },
      { routeName: 'system_user', buttons: ['edit'] },
    ]);
    const log = await db.select().from(operationLog).where(eq(operationLog.action, 'system.menus_sync')).orderBy(operationLog.at, sql`rowid`).get();
    expect(log?.before).toMatchObject({ routes: expect.arrayContaining(['retired_index', 'system_menu']) });
    expect(await sync()).toEqual({ inserted: [], updated: [], deleted: [], revoked: [] });
  });

  it('adds a new area with its pages under it, in their listed order', async () => {
    const pretend = defineArea({
      id: 'pretend',
      routeName: 'pretend_index',
      basePath: '/main/pretend',
      title: { 'zh-CN': '试验', 'en-US': 'Pretend' },
      icon: 'pretend',
      sort: 150,
      buttons: ['add'],
      showIn: 'topMenu',
      everyone: false,
      layout: 'subNav',
      pages: [
        { microRoute: 'b', routeName: 'pretend_b', title: { 'zh-CN': '乙', 'en-US': 'B' }, buttons: ['edit'], listed: true },
        { microRoute: 'a', routeName: 'pretend_a', title: { 'zh-CN': '甲', 'en-US': 'A' }, listed: false },
      ],
    });
    const result = await t.ctx.db.transaction((tx) => syncMenus({ ...t.ctx, db: tx }, [...AREAS, pretend]));
    expect(result.inserted).toEqual(['pretend_index', 'pretend_b', 'pretend_a']);
    expect(await menuRow('pretend_b')).toMatchObject({ parentRouteName: 'pretend_index', path: '/main/pretend/b', sort: 1, hidden: false, buttons: ['edit'] });
    expect(await menuRow('pretend_a')).toMatchObject({ sort: 2, hidden: true, buttons: [] });
  });
});
