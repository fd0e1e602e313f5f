/**
 * FMECA, criticality analysis after MIL-STD-1629A (tasks 102 and 103) and
 * IEC 60812, on the failure modes of a DFMEA (docs/domain/fmeca.md). Pure:
 * the inputs are plain data, so the browser computes the same as the server.
 *
 * Qualitative: each failure mode sits in the criticality matrix at its
 * severity class (I–IV, from the highest S of its effects) and occurrence
 * level (A–E, from the highest O of its causes). Quantitative: mode
 * criticality Cm = β·α·λp·t, item criticality Cr = Σ Cm of the item's modes.
 */

/** MIL-STD-1629A severity classification, most severe first. */
export const SEVERITY_CLASSES = ['I', 'II', 'III', 'IV'] as const;
export type SeverityClass = (typeof SEVERITY_CLASSES)[number];

/** MIL-STD-1629A's qualitative failure-mode probability levels, most frequent first. */
export const OCCURRENCE_LEVELS = ['A', 'B', 'C', 'D', 'E'] as const;
export type OccurrenceLevel = (typeof OCCURRENCE_LEVELS)[number];

/**
 * The AIAG-VDA severity 1–10 in MIL-STD-1629A's categories:
 * I catastrophic (S 9–10: safety or regulatory non-compliance),
 * II critical (S 7–8: loss or degradation of the primary function),
 * III marginal (S 4–6: loss or degradation of a secondary function, annoyance),
 * IV minor (S 1–3: no discernible or a cosmetic effect).
 */
export const SEVERITY_CLASS_TABLE: readonly { readonly cls: SeverityClass; readonly min: number; readonly max: number }[] = [
  { cls: 'I', min: 9, max: 10 },
  { cls: 'II', min: 7, max: 8 },
  { cls: 'III', min: 4, max: 6 },
  { cls: 'IV', min: 1, max: 3 },
];

/**
 * The AIAG-VDA occurrence 1–10 in MIL-STD-1629A's levels (the probability of
 * the mode during the item's operating time, as 1629A words them):
 * A frequent (O 9–10, > 0.2), B reasonably probable (O 7–8, 0.1–0.2),
 * C occasional (O 5–6, 0.01–0.1), D remote (O 3–4, 0.001–0.01),
 * E extremely unlikely (O 1–2, < 0.001).
 */
export const OCCURRENCE_LEVEL_TABLE: readonly { readonly level: OccurrenceLevel; readonly min: number; readonly max: number }[] = [
  { level: 'A', min: 9, max: 10 },
  { level: 'B', min: 7, max: 8 },
  { level: 'C', min: 5, max: 6 },
  { level: 'D', min: 3, max: 4 },
  { level: 'E', min: 1, max: 2 },
];

const isRating = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 10;

/** The class of a severity 1–10; null for none or a value that is no rating. */
export const severityClassOf = (s: number | null | undefined): SeverityClass | null => (isRating(s) ? SEVERITY_CLASS_TABLE.find((r) => s >= r.min && s <= r.max)!.cls : null);
/** The level of an occurrence 1–10; null for none or a value that is no rating. */
export const occurrenceLevelOf = (o: number | null | undefined): OccurrenceLevel | null => (isRating(o) ? OCCURRENCE_LEVEL_TABLE.find((r) => o >= r.min && o <= r.max)!.level : null);

/** A failure mode as the criticality analysis reads it: its item, its effects' severities and its causes' occurrences. */
export interface FmecaMode {
  readonly id: string;
  readonly name: string;
  /** The item (structure element) the mode belongs to. */
  readonly itemId: string;
  readonly itemName: string;
  readonly severities: readonly (number | null)[];
  readonly occurrences: readonly (number | null)[];
}

export interface PlacedMode {
  readonly id: string;
  readonly name: string;
  readonly itemName: string;
  readonly severity: number | null;
  readonly occurrence: number | null;
  readonly severityClass: SeverityClass | null;
  readonly occurrenceLevel: OccurrenceLevel | null;
}

/** The matrix: `cells[severityClass][occurrenceLevel]` lists the modes placed there; `unplaced` those without a rated S or O. */
export interface CriticalityMatrix {
  readonly cells: Readonly<Record<SeverityClass, Readonly<Record<OccurrenceLevel, readonly PlacedMode[]>>>>;
  readonly unplaced: readonly PlacedMode[];
}

const highest = (values: readonly (number | null)[]): number | null => values.reduce<number | null>((best, v) => (isRating(v) && (best === null || v > best) ? v : best), null);

/** Each mode at its highest effect severity and highest cause occurrence. */
export function placeMode(mode: FmecaMode): PlacedMode {
  const severity = highest(mode.severities);
  const occurrence = highest(mode.occurrences);
  return { id: mode.id, name: mode.name, itemName: mode.itemName, severity, occurrence, severityClass: severityClassOf(severity), occurrenceLevel: occurrenceLevelOf(occurrence) };
}

/** The qualitative criticality matrix of the modes (MIL-STD-1629A task 102, 4.4.3), in the modes' order within each cell. */
export function criticalityMatrix(modes: readonly FmecaMode[]): CriticalityMatrix {
  const cells = Object.fromEntries(SEVERITY_CLASSES.map((c) => [c, Object.fromEntries(OCCURRENCE_LEVELS.map((l) => [l, [] as PlacedMode[]]))])) as Record<SeverityClass, Record<OccurrenceLevel, PlacedMode[]>>;
  const unplaced: PlacedMode[] = [];
  for (const mode of modes) {
    const placed = placeMode(mode);
    if (placed.severityClass && placed.occurrenceLevel) cells[placed.severityClass][placed.occurrenceLevel].push(placed);
    else unplaced.push(placed);
  }
  return { cells, unplaced };
}

/**
 * How critical a cell is, for its colour: the product of its rank on each axis
 * (class I and level A are 4 and 5), banded high (≥ 12), medium (≥ 4), low.
 * The usual reading of the matrix: the further up and right, the more critical.
 */
export function cellCriticality(cls: SeverityClass, level: OccurrenceLevel): 'high' | 'medium' | 'low' {
  const score = (SEVERITY_CLASSES.length - SEVERITY_CLASSES.indexOf(cls)) * (OCCURRENCE_LEVELS.length - OCCURRENCE_LEVELS.indexOf(level));
  return score >= 12 ? 'high' : score >= 4 ? 'medium' : 'low';
}

/** The quantitative inputs of one mode (MIL-STD-1629A task 102, 4.4.3 and 4.4.4): plain numbers. */
export interface CmInput {
  readonly modeId: string;
  readonly itemId: string;
  /** Failure-effect probability β: the conditional probability that the mode ends in the effect classified (0–1). */
  readonly beta: number | null;
  /** Failure-mode ratio α: the share of the item's failure rate in this mode (0–1; an item's modes add up to at most 1). */
  readonly alpha: number | null;
  /** Part failure rate λp, failures per hour. */
  readonly lambdaP: number | null;
  /** Operating time t, hours. */
  readonly hours: number | null;
}

export interface CmResult extends CmInput {
  /** β·α·λp·t; null while an input is missing or out of range. */
  readonly cm: number | null;
}

export interface ItemCriticality {
  readonly itemId: string;
  /** Σ Cm of the item's modes that have one; null when none has. */
  readonly cr: number | null;
  readonly modes: readonly CmResult[];
}

/** Why an input is refused (the service turns these into field issues). */
export type CmProblem = { readonly modeId: string; readonly itemId: string; readonly field: 'beta' | 'alpha' | 'lambdaP' | 'hours'; readonly value: number } | { readonly itemId: string; readonly field: 'alphaSum'; readonly value: number };

const finite = (n: number | null): n is number => typeof n === 'number' && Number.isFinite(n);
const inUnit = (n: number) => n >= 0 && n <= 1;

/** Inputs out of range: β and α outside 0–1, a negative or non-finite λp or t, an item's α adding up to more than 1. */
export function cmProblems(inputs: readonly CmInput[]): CmProblem[] {
  const problems: CmProblem[] = [];
  const alphaSum = new Map<string, number>();
  for (const i of inputs) {
    if (i.beta !== null && !(finite(i.beta) && inUnit(i.beta))) problems.push({ modeId: i.modeId, itemId: i.itemId, field: 'beta', value: i.beta });
    if (i.alpha !== null && !(finite(i.alpha) && inUnit(i.alpha))) problems.push({ modeId: i.modeId, itemId: i.itemId, field: 'alpha', value: i.alpha });
    if (i.lambdaP !== null && !(finite(i.lambdaP) && i.lambdaP >= 0)) problems.push({ modeId: i.modeId, itemId: i.itemId, field: 'lambdaP', value: i.lambdaP });
    if (i.hours !== null && !(finite(i.hours) && i.hours >= 0)) problems.push({ modeId: i.modeId, itemId: i.itemId, field: 'hours', value: i.hours });
    if (finite(i.alpha)) alphaSum.set(i.itemId, (alphaSum.get(i.itemId) ?? 0) + i.alpha);
  }
  // 1e-9: ratios typed as 0.1 + 0.2 + 0.7 add up to 1.0000000000000002
  for (const [itemId, sum] of alphaSum) if (sum > 1 + 1e-9) problems.push({ itemId, field: 'alphaSum', value: sum });
  return problems;
}

/** Cm of one mode: β·α·λp·t, or null while an input is missing or out of range. */
export function modeCriticality(i: Omit<CmInput, 'modeId' | 'itemId'>): number | null {
  const { beta, alpha, lambdaP, hours } = i;
  if (!finite(beta) || !finite(alpha) || !finite(lambdaP) || !finite(hours)) return null;
  if (!inUnit(beta) || !inUnit(alpha) || lambdaP < 0 || hours < 0) return null;
  return beta * alpha * lambdaP * hours;
}

/** Cm per mode and Cr per item (Σ Cm), items in the order their first mode comes. */
export function itemCriticalities(inputs: readonly CmInput[]): ItemCriticality[] {
  const items = new Map<string, CmResult[]>();
  for (const i of inputs) {
    const list = items.get(i.itemId) ?? [];
    list.push({ ...i, cm: modeCriticality(i) });
    items.set(i.itemId, list);
  }
  return [...items].map(([itemId, modes]) => {
    const known = modes.filter((m) => m.cm !== null);
    return { itemId, cr: known.length === 0 ? null : known.reduce((sum, m) => sum + m.cm!, 0), modes };
  });
}
