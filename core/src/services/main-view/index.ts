import { FMEA_SIDES, type FmeaSide } from '../../domain/fmea/kinds.ts';
import { completeMainViews, mainViewIssues, type MainView, type MainViews } from '../../domain/main-view/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../shared/context.ts';
import { readSetting, writeSetting } from '../shared/settings.ts';
import { writeAndLog } from '../shared/write.ts';

/** The FMEA main-view configuration per side (docs/domain/administration.md), in the `setting` table under this key. */
const KEY = 'fmeaMainView';

/** Both sides' views, whole (defaults where nothing is stored). */
export async function readMainViews(db: DbOrTx): Promise<MainViews> {
  return completeMainViews(await readSetting<Partial<Record<string, Partial<MainView>>>>(db, KEY, {}));
}

/**
 * Replaces the views of the sides sent (the other keeps its own). Unknown panels, a panel placed twice
 * and an unknown step-menu mode are refused on their field and nothing changes; a panel left out opens in
 * the middle, or on the right when it cannot. Logged with before and after.
 */
export async function saveMainViews(ctx: ServiceContext, views: Partial<Record<FmeaSide, { left: string[]; right: string[]; stepMenu: string }>>): Promise<MainViews> {
  assertNoIssues(FMEA_SIDES.flatMap((side) => (views[side] ? mainViewIssues(side, views[side]) : [])));
  return writeAndLog(ctx, async (tx) => {
    const before = await readMainViews(tx);
    const after = completeMainViews({ ...before, ...views } as Partial<Record<string, Partial<MainView>>>);
    await writeSetting(tx, KEY, after);
    return { result: after, log: { action: 'settings.main_view', entity: 'setting', entityId: KEY, before, after } };
  });
}
