/**
 * The shape of an Action Priority rule (spec 001 §3 "AP rule") and which of
 * its bounds each rule type reads (spec 001 §9). Semantics, in one place:
 *
 * - S     s bounds            - SOD   s, o and d bounds
 * - SO    s and o bounds      - RPL   s bounds and rpn bounds (an RPN limit qualified by severity)
 * - SD    s and d bounds      - SOSD  S×O ≥ so and S×D ≥ sd, each only when set, plus any s bounds
 * - OD    o and d bounds
 * - RPN   rpn bounds (rpn = S×O×D)
 *
 * A rule matches when every bound it sets (non-null) among those of its type
 * holds, inclusive. Bounds of other types are ignored. A rule that sets none of
 * its type's bounds is invalid (validateApRule says so) and never matches, so a
 * half-entered rule cannot quietly raise every row to H.
 */

export const AP_RULE_TYPES = ['S', 'SO', 'SD', 'OD', 'RPN', 'SOD', 'RPL', 'SOSD'] as const;
export type ApRuleType = (typeof AP_RULE_TYPES)[number];

/** Lowest first; the index is the rank used for "highest wins". */
export const AP_LEVELS = ['L', 'M', 'H'] as const;
export type ApLevel = (typeof AP_LEVELS)[number];

export interface ApRule {
  readonly ruleType: ApRuleType;
  readonly ap: ApLevel;
  readonly sMin?: number | null;
  readonly sMax?: number | null;
  readonly oMin?: number | null;
  readonly oMax?: number | null;
  readonly dMin?: number | null;
  readonly dMax?: number | null;
  readonly rpnMin?: number | null;
  readonly rpnMax?: number | null;
  /** SOSD only: S×O must reach this. */
  readonly so?: number | null;
  /** SOSD only: S×D must reach this. */
  readonly sd?: number | null;
}

export type ApBoundField = Exclude<keyof ApRule, 'ruleType' | 'ap'>;

export interface Ratings {
  readonly s: number;
  readonly o: number;
  readonly d: number;
}

/** Which bounds a rule of each type reads; everything else on the rule is ignored. */
export const AP_RULE_FIELDS: Readonly<Record<ApRuleType, readonly ApBoundField[]>> = {
  S: ['sMin', 'sMax'],
  SO: ['sMin', 'sMax', 'oMin', 'oMax'],
  SD: ['sMin', 'sMax', 'dMin', 'dMax'],
  OD: ['oMin', 'oMax', 'dMin', 'dMax'],
  RPN: ['rpnMin', 'rpnMax'],
  SOD: ['sMin', 'sMax', 'oMin', 'oMax', 'dMin', 'dMax'],
  RPL: ['sMin', 'sMax', 'rpnMin', 'rpnMax'],
  SOSD: ['sMin', 'sMax', 'so', 'sd'],
};

export const isApRuleType = (value: unknown): value is ApRuleType =>
  typeof value === 'string' && (AP_RULE_TYPES as readonly string[]).includes(value);

export const isApLevel = (value: unknown): value is ApLevel =>
  typeof value === 'string' && (AP_LEVELS as readonly string[]).includes(value);

export const rpn = ({ s, o, d }: Ratings): number => s * o * d;
