import type { Issue } from '../../errors.ts';
import { FMEA_SIDES, type FmeaSide } from '../fmea/kinds.ts';

/**
 * The FMEA main-view configuration (spec 000 §2.4: "FMEA main-view configuration for DFMEA and PFMEA:
 * left/right workspace; text, icon or both"), one per side and installation. The project page's tool
 * panels (review, checks before release, change proposals, baselines, task log) open docked in the left
 * or the right workspace, and the step menu shows each step's text, icon or both. A panel in neither list
 * opens in the middle as a dialog — only the dialog panels (`MIDDLE_PANELS`) can; the others then dock on
 * the right. The default is the page as it was before the setting: review, checks and baselines in the
 * middle, proposals and task log on the right, the steps as text. docs/domain/administration.md.
 */
export const MAIN_VIEW_PANELS = ['review', 'checks', 'proposals', 'baselines', 'taskLog'] as const;
export type MainViewPanel = (typeof MAIN_VIEW_PANELS)[number];
/** Panels that may open in the middle (placed in neither workspace). */
export const MIDDLE_PANELS: readonly MainViewPanel[] = ['review', 'checks', 'baselines'];
export const STEP_MENU_MODES = ['text', 'icon', 'both'] as const;
export type StepMenuMode = (typeof STEP_MENU_MODES)[number];

export interface MainView {
  readonly left: readonly MainViewPanel[];
  readonly right: readonly MainViewPanel[];
  readonly stepMenu: StepMenuMode;
}
export type MainViews = Record<FmeaSide, MainView>;

export const DEFAULT_MAIN_VIEW: MainView = { left: [], right: ['proposals', 'taskLog'], stepMenu: 'text' };

const isPanel = (p: unknown): p is MainViewPanel => (MAIN_VIEW_PANELS as readonly unknown[]).includes(p);

/** A stored view made whole: unknown panels dropped, a panel placed nowhere that cannot open in the middle on the right. */
export function completeMainView(stored: Partial<MainView> | undefined): MainView {
  const left = (stored?.left ?? []).filter(isPanel);
  const right = (stored?.right ?? DEFAULT_MAIN_VIEW.right).filter((p) => isPanel(p) && !left.includes(p));
  const missing = MAIN_VIEW_PANELS.filter((p) => !left.includes(p) && !right.includes(p) && !MIDDLE_PANELS.includes(p));
  const stepMenu = (STEP_MENU_MODES as readonly unknown[]).includes(stored?.stepMenu) ? stored!.stepMenu! : DEFAULT_MAIN_VIEW.stepMenu;
  return { left, right: [...right, ...missing], stepMenu };
}

export function completeMainViews(stored: Partial<Record<string, Partial<MainView>>>): MainViews {
  return Object.fromEntries(FMEA_SIDES.map((side) => [side, completeMainView(stored[side])])) as MainViews;
}

/** What is wrong with a view sent for one side (fields `<side>.left.<i>`, `<side>.stepMenu`). */
export function mainViewIssues(side: FmeaSide, view: { left: readonly string[]; right: readonly string[]; stepMenu: string }): Issue[] {
  const issues: Issue[] = [];
  const seen = new Set<string>();
  for (const place of ['left', 'right'] as const) {
    view[place].forEach((panel, i) => {
      const field = `${side}.${place}.${i}`;
      if (!isPanel(panel)) issues.push({ messageKey: 'main_view.unknown_panel', field, params: { field, value: panel } });
      else if (seen.has(panel)) issues.push({ messageKey: 'main_view.panel_twice', field, params: { field, value: panel } });
      seen.add(panel);
    });
  }
  if (!(STEP_MENU_MODES as readonly string[]).includes(view.stepMenu)) issues.push({ messageKey: 'main_view.step_menu', field: `${side}.stepMenu`, params: { field: `${side}.stepMenu` } });
  return issues;
}
