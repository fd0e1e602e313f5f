import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AREAS, menusOf } from '../../domain/areas/index.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { listMenus } from './menus.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await openTestDatabase();
});
afterEach(() => t.dispose());

describe('menus', () => {
  it('lists every menu the areas define with its buttons, parents before children', async () => {
    const menus = await listMenus(t.ctx);
    expect(menus.map((m) => m.routeName).sort()).toEqual(menusOf(AREAS).map((m) => m.routeName).sort());
    expect(menus.find((m) => m.routeName === 'system_user')).toMatchObject({ parentRouteName: 'system_index', buttons: expect.arrayContaining(['resetPwd', 'lock']) });
    const firstChild = menus.findIndex((m) => m.parentRouteName);
    expect(menus.slice(firstChild).every((m) => m.parentRouteName)).toBe(true);
  });
});
