import type { ApLevel, ApRule } from './rules.ts';

/**
 * The default rule sets, taken from the AIAG & VDA FMEA Handbook (1st edition,
 * 2019). They are ordinary SOD rules, so a customer can edit or replace them
 * like any rule they enter themselves. Only H and M cells become rules: a row
 * that matches nothing is L. Details and sources: docs/domain/action-priority.md.
 */
export const AP_TABLES = ['dfmea', 'pfmea', 'msr'] as const;
export type ApTable = (typeof AP_TABLES)[number];

/** The handbook rates with all three factors, so SOD is the type the tables use. */
export const DEFAULT_AP_SELECTION = 'SOD';

type Band = readonly [min: number, max: number];

/** Bands of the handbook's "Action Priority for DFMEA and PFMEA" table, worst first. */
const S_BANDS: readonly Band[] = [[9, 10], [7, 8], [4, 6], [2, 3], [1, 1]];
const O_BANDS: readonly Band[] = [[8, 10], [6, 7], [4, 5], [2, 3], [1, 1]];
const D_BANDS: readonly Band[] = [[7, 10], [5, 6], [2, 4], [1, 1]];

/**
 * One row per S band, one string per O band, one letter per D band (7–10,
 * 5–6, 2–4, 1), read straight off the handbook table. The same table serves
 * DFMEA and PFMEA.
 */
const DFMEA_PFMEA_GRID: readonly (readonly string[])[] = [
  /* S 9–10 */ ['HHHH', 'HHHH', 'HHHM', 'HMLL', 'LLLL'],
  /* S 7–8  */ ['HHHH', 'HHHM', 'HMMM', 'MMLL', 'LLLL'],
  /* S 4–6  */ ['HHMM', 'MMML', 'MLLL', 'LLLL', 'LLLL'],
  /* S 2–3  */ ['MMLL', 'LLLL', 'LLLL', 'LLLL', 'LLLL'],
  /* S 1    */ ['LLLL', 'LLLL', 'LLLL', 'LLLL', 'LLLL'],
];

function sodRule(ap: ApLevel, [sMin, sMax]: Band, [oMin, oMax]: Band, [dMin, dMax]: Band): ApRule {
  return Object.freeze({ ruleType: 'SOD', ap, sMin, sMax, oMin, oMax, dMin, dMax });
}

function rulesFromGrid(): readonly ApRule[] {
  const rules: ApRule[] = [];
  S_BANDS.forEach((sBand, si) =>
    O_BANDS.forEach((oBand, oi) =>
      D_BANDS.forEach((dBand, di) => {
        const ap = DFMEA_PFMEA_GRID[si]![oi]![di] as ApLevel;
        if (ap !== 'L') rules.push(sodRule(ap, sBand, oBand, dBand));
      }),
    ),
  );
  return Object.freeze(rules);
}

/**
 * FMEA-MSR (Supplemental FMEA for Monitoring and System Response): S, F
 * (frequency) and M (monitoring). Stored in the same rule shape with F in the
 * o bounds and M in the d bounds. Each entry: S band, F band, M band, AP; only
 * H and M cells are listed.
 *
 * UNVERIFIED: no authoritative copy of this table could be found, so it is
 * encoded from memory of the handbook. Certain: S 1 and F 1 are always L,
 * S 10 with F 5–10 and S 9 with F 4–10 are always H. Every other cell below is
 * a best recollection; the doc lists them. Check against the handbook before
 * relying on MSR priorities.
 */
const MSR_CELLS: readonly (readonly [Band, Band, Band, ApLevel])[] = [
  [[10, 10], [5, 10], [1, 10], 'H'],
  [[10, 10], [4, 4], [2, 10], 'H'],
  [[10, 10], [4, 4], [1, 1], 'M'],
  [[10, 10], [2, 3], [4, 10], 'H'],
  [[10, 10], [2, 3], [2, 3], 'M'],
  [[9, 9], [4, 10], [1, 10], 'H'],
  [[9, 9], [2, 3], [4, 10], 'H'],
  [[7, 8], [6, 10], [1, 10], 'H'],
  [[7, 8], [5, 5], [5, 10], 'H'],
  [[7, 8], [5, 5], [1, 4], 'M'],
  [[7, 8], [2, 4], [4, 10], 'M'],
  [[4, 6], [7, 10], [1, 10], 'H'],
  [[4, 6], [4, 6], [7, 10], 'M'],
  [[2, 3], [7, 10], [1, 10], 'M'],
];

export const DEFAULT_AP_RULES: Readonly<Record<ApTable, readonly ApRule[]>> = Object.freeze({
  dfmea: rulesFromGrid(),
  pfmea: rulesFromGrid(),
  msr: Object.freeze(MSR_CELLS.map(([s, f, m, ap]) => sodRule(ap, s, f, m))),
});

/**
 * Whether a cell (S, O, D; for MSR: S, F, M) of a default table's handbook
 * values could not be verified against the handbook: the rule editor marks
 * such cells and docs/domain/action-priority.md lists them. The DFMEA and
 * PFMEA table was checked cell by cell (none). Of the MSR table only these are
 * certain: F 1 and S 1 are always L, S 10 with F 5–10 and S 9 with F 4–10 are
 * always H; every other MSR cell (the "fairly sure" ones too) is unverified.
 */
export type UnverifiedCell = (s: number, o: number, d: number) => boolean;
const msrUnverified: UnverifiedCell = (s, f) => !(f === 1 || s === 1 || (s === 10 && f >= 5) || (s === 9 && f >= 4));
export const UNVERIFIED_AP_CELLS: Readonly<Record<ApTable, UnverifiedCell | null>> = Object.freeze({ dfmea: null, pfmea: null, msr: msrUnverified });

/** How each table names its second and third factor: O and D, or for FMEA-MSR frequency F and monitoring M (stored in the o and d bounds). */
export const AP_TABLE_FACTORS: Readonly<Record<ApTable, readonly ['O' | 'F', 'D' | 'M']>> = Object.freeze({ dfmea: ['O', 'D'], pfmea: ['O', 'D'], msr: ['F', 'M'] });
