import type { ApLevel } from '../ap/index.ts';

/**
 * The risk pictures of a report (issue 25; docs/domain/reports.md): AP counts before and after optimisation
 * and the S×O heat maps, from the chains grouped by their ratings. Pure: the service counts the chains in SQL
 * (one group per distinct rating set), this only adds them up.
 */

/** Chains sharing one set of ratings: S, O, D as rated, and the residual ratings after the actions (all null when no action re-rates the chain). */
export interface RatingGroup {
  readonly s: number | null;
  readonly o: number | null;
  readonly d: number | null;
  readonly raS: number | null;
  readonly raO: number | null;
  readonly raD: number | null;
  readonly n: number;
}

export interface ApCounts {
  H: number;
  M: number;
  L: number;
  /** Chains missing S, O or D: no AP yet. */
  unrated: number;
  chains: number;
}

/** One cell of a 10×10 S×O heat map: how many chains, and how many of them at each AP (the cell's colour is its highest AP). */
export interface HeatCell {
  readonly s: number;
  readonly o: number;
  n: number;
  H: number;
  M: number;
  L: number;
}

export interface RiskPicture {
  readonly before: ApCounts;
  /** After optimisation: each chain at its residual ratings when an action re-rated it, else as it is. */
  readonly after: ApCounts;
  /** Only the cells holding chains, S descending then O descending (the chart draws the empty ones itself). */
  readonly heatBefore: HeatCell[];
  readonly heatAfter: HeatCell[];
}

export const emptyApCounts = (): ApCounts => ({ H: 0, M: 0, L: 0, unrated: 0, chains: 0 });

const rated = (v: number | null): v is number => v !== null && Number.isInteger(v) && v >= 1 && v <= 10;

/** The AP letter of S, O, D in a 1000-character H/M/L table (the project's AP rules, `apTableString`). */
export const apOf = (table: string, s: number, o: number, d: number): ApLevel => table[(s - 1) * 100 + (o - 1) * 10 + (d - 1)] as ApLevel;

function add(counts: ApCounts, heat: Map<number, HeatCell>, table: string, s: number | null, o: number | null, d: number | null, n: number) {
  counts.chains += n;
  if (!rated(s) || !rated(o) || !rated(d)) {
    counts.unrated += n;
    return;
  }
  const ap = apOf(table, s, o, d);
  counts[ap] += n;
  const key = s * 100 + o;
  let cell = heat.get(key);
  if (!cell) heat.set(key, (cell = { s, o, n: 0, H: 0, M: 0, L: 0 }));
  cell.n += n;
  cell[ap] += n;
}

const cells = (heat: Map<number, HeatCell>) => [...heat.values()].sort((a, b) => b.s - a.s || b.o - a.o);

/** AP counts and heat maps before and after optimisation, rated with `table` (1000 letters H/M/L). */
export function riskPicture(groups: readonly RatingGroup[], table: string): RiskPicture {
  if (table.length !== 1000) throw new RangeError('AP table must hold 1000 levels');
  const before = emptyApCounts();
  const after = emptyApCounts();
  const heatBefore = new Map<number, HeatCell>();
  const heatAfter = new Map<number, HeatCell>();
  for (const g of groups) {
    add(before, heatBefore, table, g.s, g.o, g.d, g.n);
    const rerated = g.raS !== null || g.raO !== null || g.raD !== null;
    add(after, heatAfter, table, rerated ? (g.raS ?? g.s) : g.s, rerated ? (g.raO ?? g.o) : g.o, rerated ? (g.raD ?? g.d) : g.d, g.n);
  }
  return { before, after, heatBefore: cells(heatBefore), heatAfter: cells(heatAfter) };
}

/** The highest AP among a heat cell's chains (its colour). */
export const cellAp = (cell: Pick<HeatCell, 'H' | 'M' | 'L'>): ApLevel | null => (cell.H > 0 ? 'H' : cell.M > 0 ? 'M' : cell.L > 0 ? 'L' : null);
