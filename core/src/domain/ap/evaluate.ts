import { InvalidInputError } from '../../errors.ts';
import type { ApMessageKey } from './messages.ts';
import {
  AP_LEVELS,
  AP_RULE_FIELDS,
  isApLevel,
  isApRuleType,
  rpn,
  type ApLevel,
  type ApRule,
  type ApRuleType,
  type Ratings,
} from './rules.ts';

/** Which rule types apply: `"SOD"`, `"S,SO,RPN"`, `"S|SO"`, `"S SO"`, or a list. */
export type ApSelection = string | readonly ApRuleType[];

const UNKNOWN_RULE_TYPE: ApMessageKey = 'ap.unknown_rule_type';
const RATING_OUT_OF_RANGE: ApMessageKey = 'ap.rating_out_of_range';

/**
 * The rule types a selection names, without repeats. Splits on separators, never
 * on characters, so "SOD" is the one type SOD and not S, O, D. Case is ignored
 * ("sod" is SOD). A blank selection gives an empty list, which the evaluators
 * read as "every type".
 */
export function parseRuleSelection(selection: ApSelection | null | undefined): ApRuleType[] {
  if (selection === null || selection === undefined) return [];
  const tokens: readonly unknown[] =
    typeof selection === 'string' ? selection.split(/[\s,|;]+/).filter((t) => t !== '') : selection;
  const types: ApRuleType[] = [];
  for (const token of tokens) {
    const type = typeof token === 'string' ? token.trim().toUpperCase() : token;
    if (!isApRuleType(type)) throw new InvalidInputError(UNKNOWN_RULE_TYPE, { ruleType: String(token) });
    if (!types.includes(type)) types.push(type);
  }
  return types;
}

/**
 * A rating as the handbook scales define it: an integer 1 to 10. Numeric
 * strings such as "7" are refused too; parsing input is the caller's job, and a
 * string here usually means an unparsed form field slipped through.
 */
export function assertRating(value: unknown, field: string): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 10) return value;
  throw new InvalidInputError(RATING_OUT_OF_RANGE, {
    field,
    value: typeof value === 'number' ? value : String(value),
  });
}

/** A rule flattened to plain numeric bounds, so matching is a run of comparisons. */
interface PreparedRule {
  readonly rank: number;
  readonly sLo: number;
  readonly sHi: number;
  readonly oLo: number;
  readonly oHi: number;
  readonly dLo: number;
  readonly dHi: number;
  readonly rpnLo: number;
  readonly rpnHi: number;
  readonly soLo: number;
  readonly sdLo: number;
}

function prepare(rules: readonly ApRule[], selection: readonly ApRuleType[]): PreparedRule[] {
  const prepared: PreparedRule[] = [];
  for (const rule of rules) {
    // Unknown types or levels cannot be selected or ranked; validateApRule reports them.
    if (!isApRuleType(rule.ruleType) || !isApLevel(rule.ap)) continue;
    if (selection.length > 0 && !selection.includes(rule.ruleType)) continue;
    const fields = AP_RULE_FIELDS[rule.ruleType];
    const bound = (field: (typeof fields)[number], open: number): number => {
      if (!fields.includes(field)) return open;
      const value = rule[field];
      return value === null || value === undefined ? open : value;
    };
    if (!fields.some((field) => rule[field] !== null && rule[field] !== undefined)) continue;
    prepared.push({
      rank: AP_LEVELS.indexOf(rule.ap),
      sLo: bound('sMin', -Infinity),
      sHi: bound('sMax', Infinity),
      oLo: bound('oMin', -Infinity),
      oHi: bound('oMax', Infinity),
      dLo: bound('dMin', -Infinity),
      dHi: bound('dMax', Infinity),
      rpnLo: bound('rpnMin', -Infinity),
      rpnHi: bound('rpnMax', Infinity),
      soLo: bound('so', -Infinity),
      sdLo: bound('sd', -Infinity),
    });
  }
  return prepared;
}

/** Rank of the highest matching rule; 0 (L) when nothing matches. */
function rankOf(rules: readonly PreparedRule[], s: number, o: number, d: number): number {
  const product = s * o * d;
  let best = 0;
  for (const r of rules) {
    if (r.rank <= best) continue;
    if (
      s >= r.sLo && s <= r.sHi &&
      o >= r.oLo && o <= r.oHi &&
      d >= r.dLo && d <= r.dHi &&
      product >= r.rpnLo && product <= r.rpnHi &&
      s * o >= r.soLo && s * d >= r.sdLo
    ) {
      best = r.rank;
      if (best === AP_LEVELS.length - 1) break;
    }
  }
  return best;
}

function checkedRatings(ratings: Ratings): [number, number, number] {
  return [
    assertRating(ratings.s, 'severity'),
    assertRating(ratings.o, 'occurrence'),
    assertRating(ratings.d, 'det'),
  ];
}

/**
 * The Action Priority of one S/O/D triple: the highest AP among the matching
 * rules whose type is selected (H > M > L), or L when none matches. Without a
 * selection every rule type present in `rules` applies.
 */
/** Prepared rule sets per rules array and selection: evaluating row after row must not re-prepare (rule arrays are treated as immutable). */
const preparedCache = new WeakMap<readonly ApRule[], Map<string, PreparedRule[]>>();

function preparedFor(rules: readonly ApRule[], selection: ApSelection | undefined): PreparedRule[] {
  const key = selection === undefined ? '' : typeof selection === 'string' ? selection : selection.join(',');
  let bySelection = preparedCache.get(rules);
  if (!bySelection) preparedCache.set(rules, (bySelection = new Map()));
  let prepared = bySelection.get(key);
  if (!prepared) bySelection.set(key, (prepared = prepare(rules, parseRuleSelection(selection))));
  return prepared;
}

export function evaluateAp(rules: readonly ApRule[], ratings: Ratings, selection?: ApSelection): ApLevel {
  const [s, o, d] = checkedRatings(ratings);
  return AP_LEVELS[rankOf(preparedFor(rules, selection), s, o, d)]!;
}

export type ApLookup = (s: number, o: number, d: number) => ApLevel;

/**
 * evaluateAp for a fixed rule set, answered from a 1000-cell table built once.
 * Meant for grids and imports that rate thousands of rows against one table.
 */
export function compileApTable(rules: readonly ApRule[], selection?: ApSelection): ApLookup {
  const prepared = prepare(rules, parseRuleSelection(selection));
  const table = new Uint8Array(1000);
  for (let s = 1; s <= 10; s++) {
    for (let o = 1; o <= 10; o++) {
      for (let d = 1; d <= 10; d++) table[s * 100 + o * 10 + d - 111] = rankOf(prepared, s, o, d);
    }
  }
  // A local copy: reading the imported binding on every call measured ~3x slower (node 20 + tsx).
  const levels: readonly ApLevel[] = [...AP_LEVELS];
  return (s, o, d) => {
    // `x | 0` is x only for integers in int32 range, so this also refuses 2.5, NaN and strings.
    if ((s | 0) === s && (o | 0) === o && (d | 0) === d && s >= 1 && s <= 10 && o >= 1 && o <= 10 && d >= 1 && d <= 10) {
      return levels[table[s * 100 + o * 10 + d - 111]!]!;
    }
    checkedRatings({ s, o, d });
    throw new Error('unreachable: checkedRatings accepted an out-of-range rating');
  };
}

/** The risk columns of an FMEA row (spec 001 §3), before and after the optimisation actions. */
export interface RiskRow {
  readonly severity: unknown;
  readonly occurrence: unknown;
  readonly det: unknown;
  readonly raseverity?: unknown;
  readonly raoccurrence?: unknown;
  readonly radet?: unknown;
}

export interface RiskAssessment {
  readonly ap: ApLevel;
  readonly rpn: number;
  /** Present only when all three residual ratings are. */
  readonly raAp?: ApLevel;
  readonly rarpn?: number;
}

const present = (value: unknown) => value !== null && value !== undefined;

/**
 * AP and RPN of a row, and of its residual risk once all three residual ratings
 * are filled in. Every rating that is present must be valid, even when the
 * residual set is incomplete, so a typo is caught when it is typed.
 */
export function assessRisk(row: RiskRow, rules: readonly ApRule[], selection?: ApSelection): RiskAssessment {
  const s = assertRating(row.severity, 'severity');
  const o = assertRating(row.occurrence, 'occurrence');
  const d = assertRating(row.det, 'det');
  const ra = {
    s: present(row.raseverity) ? assertRating(row.raseverity, 'raseverity') : undefined,
    o: present(row.raoccurrence) ? assertRating(row.raoccurrence, 'raoccurrence') : undefined,
    d: present(row.radet) ? assertRating(row.radet, 'radet') : undefined,
  };
  const prepared = prepare(rules, parseRuleSelection(selection));
  const base = { ap: AP_LEVELS[rankOf(prepared, s, o, d)]!, rpn: rpn({ s, o, d }) };
  if (ra.s === undefined || ra.o === undefined || ra.d === undefined) return base;
  return {
    ...base,
    raAp: AP_LEVELS[rankOf(prepared, ra.s, ra.o, ra.d)]!,
    rarpn: rpn({ s: ra.s, o: ra.o, d: ra.d }),
  };
}
