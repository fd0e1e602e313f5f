/** The shapes the SPC statistics take and answer (docs/domain/spc.md, "Statistics"). */

export const VARIABLES_CHARTS = ['xbar-r', 'xbar-s', 'i-mr'] as const;
export const ATTRIBUTES_CHARTS = ['p', 'np', 'c', 'u'] as const;
export const SPC_CHARTS = [...VARIABLES_CHARTS, ...ATTRIBUTES_CHARTS] as const;
export type VariablesChart = (typeof VARIABLES_CHARTS)[number];
export type AttributesChart = (typeof ATTRIBUTES_CHARTS)[number];
export type SpcChart = (typeof SPC_CHARTS)[number];

/** Nelson's eight tests, by his numbers. */
export const NELSON_RULES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type NelsonRule = (typeof NELSON_RULES)[number];

/**
 * Which tests run on which chart. Defaults: the Western Electric set in Nelson's numbers (1, 2, 5, 6)
 * on the primary chart, only rule 1 on the secondary (R, S, MR) chart.
 */
export interface RuleSelection {
  readonly primary?: readonly number[];
  readonly secondary?: readonly number[];
}

/**
 * Phase II: limits fixed in phase I, by which new data is judged. `center` is the primary chart's
 * centre line in its own unit (x̄̄ or x̄; p̄; n·p̄; c̄; ū) and, for variables charts, `sigma` the
 * within-subgroup σ the limits of every subgroup size follow from. A phase I SpcResult is one.
 */
export interface FrozenLimits {
  readonly center: number;
  readonly sigma?: number;
}

export interface SpecLimits {
  readonly lsl?: number;
  readonly usl?: number;
  readonly target?: number;
}

export interface SpcOptions {
  readonly limits?: FrozenLimits;
  readonly rules?: RuleSelection;
  readonly spec?: SpecLimits;
}

/** A limit for every point, or one number when all points share it. */
export type Limit = number | number[];

export interface SpcViolation {
  /** The subgroup as the data names it. */
  readonly subgroup: string;
  /** Nelson's number. */
  readonly rule: number;
  readonly series: 'primary' | 'secondary';
  /** 0-based position of the point that completes the pattern. */
  readonly index: number;
}

export interface SpcPoint {
  readonly subgroup: string;
  /** x̄, x, p, np, c or u. */
  readonly value: number;
  /** R, S or MR (undefined for the first point of an I-MR chart, which has no moving range). */
  readonly secondary?: number | undefined;
}

export interface Capability {
  readonly cp: number | null;
  readonly cpk: number | null;
  readonly pp: number | null;
  readonly ppk: number | null;
  readonly cpm: number | null;
  readonly mean: number;
  readonly sigmaWithin: number;
  readonly sigmaOverall: number;
}

export interface Histogram {
  /** k + 1 ascending bin edges; a value equal to an inner edge counts in the bin above it, the last edge closes the last bin. */
  readonly edges: number[];
  readonly counts: number[];
  readonly lsl?: number;
  readonly usl?: number;
  readonly target?: number;
}

export interface SpcResult {
  readonly chart: SpcChart;
  readonly phase: 'I' | 'II';
  readonly center: number;
  readonly lcl: Limit;
  readonly ucl: Limit;
  /** Within-subgroup σ (variables charts). */
  readonly sigma?: number;
  readonly secondary?: { readonly center: Limit; readonly lcl: Limit; readonly ucl: Limit };
  readonly capability?: Capability;
  readonly violations: SpcViolation[];
  readonly points: SpcPoint[];
  readonly histogram?: Histogram;
}
