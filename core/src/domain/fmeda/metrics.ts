/**
 * FMEDA hardware metrics (issue 23), pure: the worksheet's rows in, ISO 26262-5 Annex C's and
 * IEC 61508-2's figures out. docs/domain/fmeda.md says how each row is classified and why.
 *
 * Failure rates are in FIT (1 FIT = 1e-9 per hour); shares (distribution, diagnostic coverage) and every
 * ratio out are fractions (0.99, not 99 %).
 */

export const FAULT_CLASSES = ['safe', 'single-point', 'multiple-point'] as const;
export type FaultClass = (typeof FAULT_CLASSES)[number];

/** One failure mode of one hardware element: a worksheet row. */
export interface FmedaRow {
  /** λ of the element, FIT. */
  elementFit: number;
  /** The mode's share of the element's λ, 0..1. */
  distribution: number;
  faultClass: FaultClass;
  /** Diagnostic coverage of the mechanism against the single-point (dangerous) mode, 0..1; 0 or absent: none. */
  dcResidual?: number | null;
  /** Coverage of the mechanism revealing multiple-point faults, 0..1; 0 or absent: none. */
  dcLatent?: number | null;
}

/** The failure rates of one row (FIT), ISO 26262-5's classes. */
export interface RowRates {
  total: number;
  safe: number;
  /** Single-point fault: a single-point mode without a safety mechanism. */
  spf: number;
  /** Residual fault: the uncovered share of a single-point mode with a mechanism. */
  rf: number;
  /** Multiple-point faults: detected (covered share of a single-point mode, covered share of a multiple-point one) … */
  mpfDetected: number;
  /** … and latent (the uncovered share of a multiple-point mode). */
  mpfLatent: number;
}

const clampShare = (value: number | null | undefined) => Math.min(1, Math.max(0, value ?? 0));

export function rowRates(row: FmedaRow): RowRates {
  const total = row.elementFit * row.distribution;
  const zero = { total, safe: 0, spf: 0, rf: 0, mpfDetected: 0, mpfLatent: 0 };
  if (row.faultClass === 'safe') return { ...zero, safe: total };
  if (row.faultClass === 'single-point') {
    const dc = clampShare(row.dcResidual);
    // no mechanism: the whole mode violates the goal on its own; with one, what it misses is residual
    if (dc === 0) return { ...zero, spf: total };
    return { ...zero, rf: total * (1 - dc), mpfDetected: total * dc };
  }
  const dc = clampShare(row.dcLatent);
  return { ...zero, mpfDetected: total * dc, mpfLatent: total * (1 - dc) };
}

export const ASILS = ['B', 'C', 'D'] as const;
export type Asil = (typeof ASILS)[number];

/** ISO 26262-5 targets: SPFM and LFM at least, PMHF below (FIT). */
export const ASIL_TARGETS: Record<Asil, { spfm: number; lfm: number; pmhfFit: number }> = {
  B: { spfm: 0.9, lfm: 0.6, pmhfFit: 100 },
  C: { spfm: 0.97, lfm: 0.8, pmhfFit: 100 },
  D: { spfm: 0.99, lfm: 0.9, pmhfFit: 10 },
};

/**
 * Ratios are sums of products of decimals: 1 − 3/100 comes out as 0.9699999999999999, which must meet a
 * 97 % target. Comparisons allow this much.
 */
const EPSILON = 1e-9;

export interface Iso26262Metrics {
  /** Single-point fault metric, or null without a safety-related λ. */
  spfm: number | null;
  /** Latent fault metric, or null when nothing is left after single-point and residual faults. */
  lfm: number | null;
  /** Probabilistic metric for random hardware failures, first order: λ_SPF + λ_RF. */
  pmhfFit: number;
  pmhfPerHour: number;
  /** Per ASIL, whether each metric meets its target (a metric that cannot be computed does not). */
  asil: Record<Asil, { spfm: boolean; lfm: boolean; pmhf: boolean }>;
  /** The sums the metrics are made of (FIT). */
  sums: Omit<RowRates, 'total'> & { total: number };
}

function sumRates(rows: readonly FmedaRow[]): RowRates {
  const sums: RowRates = { total: 0, safe: 0, spf: 0, rf: 0, mpfDetected: 0, mpfLatent: 0 };
  for (const row of rows) {
    const rates = rowRates(row);
    for (const key of Object.keys(sums) as (keyof RowRates)[]) sums[key] += rates[key];
  }
  return sums;
}

export function iso26262Metrics(rows: readonly FmedaRow[]): Iso26262Metrics {
  const sums = sumRates(rows);
  const spfm = sums.total > 0 ? 1 - (sums.spf + sums.rf) / sums.total : null;
  const beyondSingle = sums.total - sums.spf - sums.rf;
  const lfm = beyondSingle > 0 ? 1 - sums.mpfLatent / beyondSingle : null;
  const pmhfFit = sums.spf + sums.rf;
  const asil = Object.fromEntries(
    ASILS.map((level) => {
      const target = ASIL_TARGETS[level];
      return [level, { spfm: spfm !== null && spfm >= target.spfm - EPSILON, lfm: lfm !== null && lfm >= target.lfm - EPSILON, pmhf: pmhfFit < target.pmhfFit - EPSILON }];
    }),
  ) as Iso26262Metrics['asil'];
  return { spfm, lfm, pmhfFit, pmhfPerHour: pmhfFit * 1e-9, asil, sums };
}

export type SilLevel = 0 | 1 | 2 | 3 | 4;
export type ElementType = 'typeA' | 'typeB';

/**
 * IEC 61508-2 Route 1H, Tables 2 (type A) and 3 (type B): the highest SIL a safety function may claim by
 * safe failure fraction (rows: < 60 %, 60 % to < 90 %, 90 % to < 99 %, ≥ 99 %) and hardware fault tolerance
 * (columns: HFT 0, 1, 2). 0: not allowed.
 */
export const ROUTE_1H: Record<ElementType, readonly (readonly [SilLevel, SilLevel, SilLevel])[]> = {
  typeA: [
    [1, 2, 3],
    [2, 3, 4],
    [3, 4, 4],
    [3, 4, 4],
  ],
  typeB: [
    [0, 1, 2],
    [1, 2, 3],
    [2, 3, 4],
    [3, 4, 4],
  ],
};

const SFF_BANDS = [0.6, 0.9, 0.99];

/** The row of Route 1H's tables an SFF falls in. */
function sffBand(sff: number): number {
  let band = 0;
  for (const limit of SFF_BANDS) if (sff >= limit - EPSILON) band++;
  return band;
}

export function maxSil(sff: number | null): Record<ElementType, { hft0: SilLevel; hft1: SilLevel; hft2: SilLevel }> {
  const pick = (type: ElementType) => {
    if (sff === null) return { hft0: 0 as SilLevel, hft1: 0 as SilLevel, hft2: 0 as SilLevel };
    const [hft0, hft1, hft2] = ROUTE_1H[type][sffBand(sff)]!;
    return { hft0, hft1, hft2 };
  };
  return { typeA: pick('typeA'), typeB: pick('typeB') };
}

/**
 * IEC 61508-1 Table 3: the SIL band a probability of dangerous failure per hour falls in (high demand or
 * continuous mode): SIL 4 below 1e-8, SIL 3 below 1e-7, SIL 2 below 1e-6, SIL 1 below 1e-5, else none (0).
 */
export function pfhSilBand(pfhPerHour: number): SilLevel {
  const bounds: [number, SilLevel][] = [
    [1e-8, 4],
    [1e-7, 3],
    [1e-6, 2],
    [1e-5, 1],
  ];
  for (const [below, sil] of bounds) if (pfhPerHour < below) return sil;
  return 0;
}

export interface Iec61508Metrics {
  /** Safe failure fraction (λ_S + λ_DD) / (λ_S + λ_D), or null without safe or dangerous λ. */
  sff: number | null;
  /** Diagnostic coverage of the dangerous failures λ_DD / λ_D, or null without dangerous λ. */
  dc: number | null;
  /** PFH of a 1oo1 architecture: λ_DU per hour. */
  pfhPerHour: number;
  pfhSilBand: SilLevel;
  maxSil: ReturnType<typeof maxSil>;
  /** The sums (FIT): safe, dangerous detected, dangerous undetected, no effect (multiple-point modes). */
  sums: { safe: number; dangerousDetected: number; dangerousUndetected: number; noEffect: number };
}

/**
 * IEC 61508's view of the same rows: a single-point mode is dangerous (detected as far as its mechanism
 * covers it); a multiple-point mode causes no dangerous failure on its own, a no-effect failure, which
 * IEC 61508-2:2010 leaves out of the SFF (and so of DC and PFH).
 */
export function iec61508Metrics(rows: readonly FmedaRow[]): Iec61508Metrics {
  const sums = { safe: 0, dangerousDetected: 0, dangerousUndetected: 0, noEffect: 0 };
  for (const row of rows) {
    const total = row.elementFit * row.distribution;
    if (row.faultClass === 'safe') sums.safe += total;
    else if (row.faultClass === 'multiple-point') sums.noEffect += total;
    else {
      const dc = clampShare(row.dcResidual);
      sums.dangerousDetected += total * dc;
      sums.dangerousUndetected += total * (1 - dc);
    }
  }
  const dangerous = sums.dangerousDetected + sums.dangerousUndetected;
  const counted = sums.safe + dangerous;
  const sff = counted > 0 ? (sums.safe + sums.dangerousDetected) / counted : null;
  const pfhPerHour = sums.dangerousUndetected * 1e-9;
  return { sff, dc: dangerous > 0 ? sums.dangerousDetected / dangerous : null, pfhPerHour, pfhSilBand: pfhSilBand(pfhPerHour), maxSil: maxSil(sff), sums };
}

/**
 * The figures an FMEDA answers (`fmea fmeda metrics`, the API, the worksheet's live panel, a baseline):
 * ISO 26262's and IEC 61508's side by side, ratios as fractions.
 */
export function fmedaMetrics(rows: readonly FmedaRow[]) {
  const iso = iso26262Metrics(rows);
  const iec = iec61508Metrics(rows);
  return { spfm: iso.spfm, lfm: iso.lfm, pmhfFit: iso.pmhfFit, pmhfPerHour: iso.pmhfPerHour, asil: iso.asil, sff: iec.sff, dc: iec.dc, pfhPerHour: iec.pfhPerHour, pfhSilBand: iec.pfhSilBand, maxSil: iec.maxSil };
}
export type FmedaMetrics = ReturnType<typeof fmedaMetrics>;
