import { AREAS, indicatorsOf, type AreaDefinition } from '../../domain/areas/index.ts';
import { effectiveIndicators, indicatorSettingIssues, type DashboardIndicator, type IndicatorSetting } from '../../domain/dashboard/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { actorOf } from '../shared/actor.ts';
import type { ServiceContext } from '../shared/context.ts';
import { readSetting, writeSetting } from '../shared/settings.ts';
import { writeAndLog } from '../shared/write.ts';

/**
 * The administrator's workbench indicator settings (spec 000 §2.4; docs/domain/dashboard.md), one per
 * installation, in the `setting` table under this key: which indicators the home page shows and in what
 * order. Nothing stored means every contributed indicator on, at its contributed sort.
 */
const KEY = 'dashboard';

interface Stored {
  indicators: IndicatorSetting[];
}

/** Every contributed indicator with its setting, in order (the settings page, `fmea dashboard list`). */
export async function listIndicatorSettings(db: DbOrTx, areas: readonly AreaDefinition[] = AREAS): Promise<DashboardIndicator[]> {
  const stored = await readSetting<Stored>(db, KEY, { indicators: [] });
  return effectiveIndicators(indicatorsOf(areas), stored.indicators);
}

/**
 * Replaces the settings of the indicators named (the others keep theirs): each on or off at a sort value.
 * Unknown indicators, one named twice, a sort that is no positive whole number or one shared outside a
 * sort group are refused, each on its row, and nothing changes. Logged with before and after.
 */
export async function saveIndicatorSettings(ctx: ServiceContext, settings: readonly IndicatorSetting[], areas: readonly AreaDefinition[] = AREAS): Promise<DashboardIndicator[]> {
  const indicators = indicatorsOf(areas);
  return writeAndLog(ctx, async (tx) => {
    const before = await listIndicatorSettings(tx, areas);
    const named = new Set(settings.map((s) => s.indicator));
    // checked with the ones kept, those first: a sort sent that collides with one kept is reported on the row sent
    const kept = before.filter((i) => !named.has(i.id)).map((i) => ({ indicator: i.id, enabled: i.enabled, sort: i.sort }));
    const next = [...kept, ...settings];
    assertNoIssues(
      indicatorSettingIssues(indicators, next).map((issue) => {
        const field = issue.field?.replace(/^indicators\.(\d+)\./, (_, i: string) => `indicators.${Number(i) - kept.length}.`);
        return { ...issue, field, params: { ...issue.params, field: field ?? '' } };
      }),
    );
    await writeSetting(tx, KEY, { indicators: next.map(({ indicator, enabled, sort }) => ({ indicator, enabled, sort })) } satisfies Stored);
    const after = effectiveIndicators(indicators, next);
    const brief = (list: readonly DashboardIndicator[]) => list.map(({ id, enabled, sort }) => ({ id, enabled, sort }));
    return { result: after, log: { action: 'settings.dashboard', entity: 'setting', entityId: KEY, before: brief(before), after: brief(after) } };
  });
}

/** The indicators the caller's home page shows: those turned on whose area the caller holds (every one for an administrator or the system), in order. */
export async function myIndicators(ctx: ServiceContext, areas: readonly AreaDefinition[] = AREAS): Promise<DashboardIndicator[]> {
  const all = (await listIndicatorSettings(ctx.db, areas)).filter((i) => i.enabled);
  const grants = ctx.actor.grants;
  if (!grants || (await actorOf(ctx.db, ctx.actor)).isAdmin) return all;
  return all.filter((i) => i.everyone || grants.has(i.areaRoute));
}
