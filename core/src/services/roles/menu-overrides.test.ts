import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menu } from '../../db/schema/index.ts';
import { DEFAULT_MAIN_VIEW, MAIN_VIEW_PANELS } from '../../domain/main-view/index.ts';
import { InvalidInputError, NotFoundError } from '../../errors.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { readMainViews, saveMainViews } from '../main-view/index.ts';
import { listMenuEntries, setMenuOverride } from './menu-overrides.ts';
import { syncMenus } from './menu-sync.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.dispose());

const row = (routeName: string) => t.ctx.db.select().from(menu).where(eq(menu.routeName, routeName)).get();
const sync = () => t.ctx.db.transaction((tx) => syncMenus({ ...t.ctx, db: tx }));
const issuesOf = async (work: Promise<unknown>) => {
  const error = await work.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(InvalidInputError);
  return (error as InvalidInputError).issues.map((i) => [i.field, i.messageKey]);
};

describe('menu overrides', () => {
  it('survive the sync of every start, and null gives a field back to the definition', async () => {
    const entry = await setMenuOverride(t.ctx, 'system_log', { title: '日志', titleEn: 'Log book', hidden: true, sort: 1, icon: 'book' });
    expect(entry).toMatchObject({ title: '日志', titleEn: 'Log book', hidden: true, sort: 1, icon: 'book', path: '/main/system/log', buttons: ['export'] });
    expect(entry.overridden).toEqual(['title', 'titleEn', 'icon', 'hidden', 'sort']);
    // a restart: the definitions are written again, the overrides stay on top
    expect(await sync()).toEqual({ inserted: [], updated: [], deleted: [], revoked: [] });
    expect(await row('system_log')).toMatchObject({ title: '日志', titleEn: 'Log book', hidden: true, sort: 1, icon: 'book', buttons: ['export'] });

    const back = await setMenuOverride(t.ctx, 'system_log', { title: null, hidden: null, sort: null });
    expect(back).toMatchObject({ title: '操作日志', titleEn: 'Log book', hidden: false, overridden: ['titleEn', 'icon'] });
    await sync();
    expect(await row('system_log')).toMatchObject({ title: '操作日志', titleEn: 'Log book', hidden: false });
    const listed = (await listMenuEntries(t.ctx.db)).find((m) => m.routeName === 'system_log');
    expect(listed?.defaults).toMatchObject({ title: '操作日志', titleEn: 'Operation log', hidden: false });
  });

  it('refuses bad values on their field and changes nothing', async () => {
    const before = await row('system_user');
    expect(await issuesOf(setMenuOverride(t.ctx, 'system_user', { title: ' ', titleEn: 'x'.repeat(51), icon: '1 bad', sort: -1 }))).toEqual([
      ['title', 'validation.required'],
      ['titleEn', 'validation.too_long'],
      ['icon', 'menu.icon_name'],
      ['sort', 'menu.sort_range'],
    ]);
    expect(await issuesOf(setMenuOverride(t.ctx, 'system_index', { hidden: true }))).toEqual([['hidden', 'menu.cannot_hide']]);
    await expect(setMenuOverride(t.ctx, 'nowhere_index', { title: 'x' })).rejects.toBeInstanceOf(NotFoundError);
    expect(await row('system_user')).toEqual(before);
  });
});

describe('the FMEA main view', () => {
  it('starts as the page was (review, checks, baselines in the middle, the drawers on the right, steps as text) and keeps each side its own', async () => {
    expect(await readMainViews(t.ctx.db)).toEqual({ dfmea: DEFAULT_MAIN_VIEW, pfmea: DEFAULT_MAIN_VIEW });
    const saved = await saveMainViews(t.ctx, { dfmea: { left: ['review', 'checks'], right: ['taskLog'], stepMenu: 'both' } });
    // a panel left out opens in the middle (baselines), or on the right when it cannot (proposals)
    expect(saved.dfmea).toEqual({ left: ['review', 'checks'], right: ['taskLog', 'proposals'], stepMenu: 'both' });
    expect(saved.pfmea).toEqual(DEFAULT_MAIN_VIEW);
    expect(await readMainViews(t.ctx.db)).toEqual(saved);
  });

  it('refuses unknown panels, a panel placed twice and an unknown step-menu mode', async () => {
    const before = await readMainViews(t.ctx.db);
    expect(await issuesOf(saveMainViews(t.ctx, { pfmea: { left: ['review', 'mystery'], right: ['review'], stepMenu: 'pictures' } }))).toEqual([
      ['pfmea.left.1', 'main_view.unknown_panel'],
      ['pfmea.right.0', 'main_view.panel_twice'],
      ['pfmea.stepMenu', 'main_view.step_menu'],
    ]);
    expect(await readMainViews(t.ctx.db)).toEqual(before);
    expect(MAIN_VIEW_PANELS).toContain('review');
  });
});
