import type { Issue } from '../../errors.ts';
import type { ContributedIndicator, IndicatorContribution } from '../areas/contributions.ts';
import type { LocalisedText } from '../areas/define.ts';
import { fieldIssue } from '../validation/issue.ts';

/**
 * The home page's dashboard of workbench indicators (spec 000 §2.4 "workbench indicator settings"; §5 sort
 * values; docs/domain/dashboard.md). Areas contribute indicators as data (`contributes.indicators`); the
 * administrator turns each on or off and orders them; indicators of one sort group may share a sort value and
 * are then shown side by side as one block. Pure: the services store and read, the workbench lays out.
 */

/** Rows an indicator's route answers by default, and at most. */
export const INDICATOR_ROWS = 5;
export const INDICATOR_ROWS_MAX = 20;

/** One row of an indicator: what it names, and the page where the user acts on it. */
export interface IndicatorItem {
  readonly id: string;
  /** The record's number (project, problem, task…), or null. */
  readonly label: string | null;
  /** Its text as the users wrote it. */
  readonly text: string;
  /** A due or waiting-since day (YYYY-MM-DD), or null. */
  readonly date: string | null;
  /** What the row asks of the user, a code the workbench words (INDICATOR_TAGS), or null. */
  readonly tag: IndicatorTag | null;
  /** The workbench path that opens the place to act. */
  readonly route: string;
}

/** What a row asks, worded by the workbench in the user's language. */
export const INDICATOR_TAGS = ['opinion', 'approve', 'release', 'catalogReview', 'readApplication', 'problemReport', 'overdue'] as const;
export type IndicatorTag = (typeof INDICATOR_TAGS)[number];

/** What every indicator route answers: the figure, the first rows, and the page listing them all (null: none). */
export interface IndicatorAnswer {
  readonly total: number;
  readonly items: readonly IndicatorItem[];
  readonly more: string | null;
}

/** One indicator's setting as stored (per installation). */
export interface IndicatorSetting {
  readonly indicator: string;
  readonly enabled: boolean;
  readonly sort: number;
}

/** An indicator with its effective setting: what the settings page lists and the home page orders by. */
export interface DashboardIndicator {
  readonly id: string;
  readonly title: LocalisedText;
  readonly route: string;
  readonly kind: IndicatorContribution['kind'];
  readonly sortGroup: string | null;
  readonly area: string;
  readonly areaRoute: string;
  readonly everyone: boolean;
  readonly enabled: boolean;
  readonly sort: number;
}

/**
 * Every contributed indicator with its setting, in order (sort, then the areas' order). One the stored
 * settings do not name (an area added since) is on at its contributed sort; stored ids no area contributes
 * any more are dropped.
 */
export function effectiveIndicators(indicators: readonly ContributedIndicator[], stored: readonly IndicatorSetting[]): DashboardIndicator[] {
  const saved = new Map(stored.map((s) => [s.indicator, s]));
  const rank = new Map(indicators.map((indicator, i) => [indicator.id, i]));
  return indicators
    .map(({ id, title, route, kind, sortGroup, area, areaRoute, everyone, sort }) => {
      const setting = saved.get(id);
      return { id, title, route, kind, sortGroup: sortGroup ?? null, area, areaRoute, everyone, enabled: setting?.enabled ?? true, sort: setting?.sort ?? sort };
    })
    .sort((a, b) => a.sort - b.sort || rank.get(a.id)! - rank.get(b.id)!);
}

/**
 * What is wrong with settings an administrator sends, each issue on its row (`indicators.<i>.indicator|sort`):
 * an indicator no area contributes, one listed twice, a sort that is no positive whole number, and a sort
 * shared by indicators that are not of one sort group (turned off ones too: their place is kept).
 */
export function indicatorSettingIssues(indicators: readonly ContributedIndicator[], settings: readonly IndicatorSetting[]): Issue[] {
  const known = new Map(indicators.map((i) => [i.id, i]));
  const issues: Issue[] = [];
  const seen = new Set<string>();
  const holder = new Map<number, IndicatorSetting>();
  settings.forEach((setting, index) => {
    const at = (name: string) => `indicators.${index}.${name}`;
    const contributed = known.get(setting.indicator);
    if (!contributed) issues.push({ messageKey: 'dashboard.unknown_indicator', field: at('indicator'), params: { field: at('indicator'), value: setting.indicator } });
    else if (seen.has(setting.indicator)) issues.push({ messageKey: 'dashboard.indicator_twice', field: at('indicator'), params: { field: at('indicator') } });
    seen.add(setting.indicator);
    if (!Number.isInteger(setting.sort) || setting.sort < 1) return void issues.push(fieldIssue('validation.sort_positive_integer', at('sort'), { value: String(setting.sort) }));
    const other = holder.get(setting.sort);
    if (other === undefined) return void holder.set(setting.sort, setting);
    const group = contributed?.sortGroup;
    if (group === undefined || known.get(other.indicator)?.sortGroup !== group) issues.push(fieldIssue('validation.sort_duplicate', at('sort'), { value: setting.sort }));
  });
  return issues;
}

/** The indicators to show, in order, as blocks: those sharing a sort value (one sort group) side by side in one block. */
export function dashboardBlocks<T extends { readonly sort: number }>(ordered: readonly T[]): T[][] {
  const blocks: T[][] = [];
  for (const indicator of ordered) {
    const last = blocks.at(-1);
    if (last && last[0]!.sort === indicator.sort) last.push(indicator);
    else blocks.push([indicator]);
  }
  return blocks;
}
