import type { Issue } from '../../errors.ts';
import { ASILS, FAULT_CLASSES, type FmedaRow } from './metrics.ts';

/**
 * The stored FMEDA (issue 23): a project's settings (which standard it is judged by and its target) and
 * its worksheet rows as typed, shares in percent. Pure: the services check with these before writing, the
 * workbench computes the live metrics from the same rows (`metricRows`).
 */
export const FMEDA_STANDARDS = ['iso26262', 'iec61508'] as const;
export type FmedaStandard = (typeof FMEDA_STANDARDS)[number];
export const ELEMENT_TYPES = ['typeA', 'typeB'] as const;
export const SIL_TARGETS = [1, 2, 3, 4] as const;
export const HFTS = [0, 1, 2] as const;

export interface FmedaSettings {
  standard: FmedaStandard;
  /** ISO 26262: the ASIL the element is to meet. */
  targetAsil: (typeof ASILS)[number] | null;
  /** IEC 61508: the SIL claimed, the element's type and hardware fault tolerance. */
  targetSil: number | null;
  elementType: (typeof ELEMENT_TYPES)[number] | null;
  hft: number | null;
  safetyGoal: string | null;
}

/** A worksheet row as stored and edited: shares in percent (0–100), as the worksheet shows them. */
export interface FmedaRowInput {
  elementName: string;
  elementFit: number;
  failureMode: string;
  distributionPct: number;
  faultClass: string;
  residualMechanism?: string | null;
  dcResidualPct?: number | null;
  latentMechanism?: string | null;
  dcLatentPct?: number | null;
}

/** The rows as the metric functions take them (fractions). */
export const metricRows = (rows: readonly FmedaRowInput[]): FmedaRow[] =>
  rows.map((r) => ({
    elementFit: r.elementFit,
    distribution: r.distributionPct / 100,
    faultClass: r.faultClass as FmedaRow['faultClass'],
    dcResidual: r.dcResidualPct == null ? null : r.dcResidualPct / 100,
    dcLatent: r.dcLatentPct == null ? null : r.dcLatentPct / 100,
  }));

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * What is wrong with worksheet rows, by row (1-based, in the order given) and field: a name, FIT ≥ 0, a
 * distribution and coverages from 0 to 100 %, a known fault class, and no element whose modes share more
 * than 100 % of its λ. Message keys are the worksheet reader's (fmeda.*), so the workbook and the grid
 * speak alike.
 */
export function fmedaRowIssues(rows: readonly FmedaRowInput[]): Issue[] {
  const issues: Issue[] = [];
  const shares = new Map<string, { sum: number; row: number }>();
  rows.forEach((r, index) => {
    const row = index + 1;
    const wrong = (messageKey: string, field: string, value: unknown) => issues.push({ messageKey, field, row, params: { value: value == null ? '' : String(value) } });
    if (!r.elementName?.trim()) wrong('fmeda.element_missing', 'elementName', '');
    if (!r.failureMode?.trim()) wrong('fmeda.mode_missing', 'failureMode', '');
    if (!finite(r.elementFit) || r.elementFit < 0) wrong('fmeda.fit_invalid', 'elementFit', r.elementFit);
    if (!finite(r.distributionPct) || r.distributionPct < 0 || r.distributionPct > 100) wrong('fmeda.distribution_invalid', 'distributionPct', r.distributionPct);
    if (!(FAULT_CLASSES as readonly string[]).includes(r.faultClass)) wrong('fmeda.fault_class_invalid', 'faultClass', r.faultClass);
    if (r.dcResidualPct != null && (!finite(r.dcResidualPct) || r.dcResidualPct < 0 || r.dcResidualPct > 100)) wrong('fmeda.dc_residual_invalid', 'dcResidualPct', r.dcResidualPct);
    if (r.dcLatentPct != null && (!finite(r.dcLatentPct) || r.dcLatentPct < 0 || r.dcLatentPct > 100)) wrong('fmeda.dc_latent_invalid', 'dcLatentPct', r.dcLatentPct);
    const element = r.elementName?.trim() ?? '';
    if (finite(r.distributionPct)) {
      const seen = shares.get(element);
      shares.set(element, { sum: (seen?.sum ?? 0) + r.distributionPct, row: seen?.row ?? row });
    }
  });
  // an element's modes share its λ: more than all of it counts some failures twice
  for (const [element, { sum, row }] of shares) {
    if (element && sum > 100 + 1e-6) issues.push({ messageKey: 'fmeda.distribution_over', field: 'distributionPct', row, params: { element, sum: String(Math.round(sum * 1000) / 1000) } });
  }
  return issues.sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
}

/** What is wrong with an FMEDA's settings: a known standard, and the target that standard asks for in range. */
export function fmedaSettingsIssues(s: Partial<FmedaSettings>): Issue[] {
  const issues: Issue[] = [];
  const wrong = (messageKey: string, field: string, value: unknown) => issues.push({ messageKey, field, params: { value: value == null ? '' : String(value) } });
  if (s.standard !== undefined && !(FMEDA_STANDARDS as readonly string[]).includes(s.standard)) wrong('fmeda.standard_invalid', 'standard', s.standard);
  if (s.targetAsil != null && !(ASILS as readonly string[]).includes(s.targetAsil)) wrong('fmeda.target_asil_invalid', 'targetAsil', s.targetAsil);
  if (s.targetSil != null && !(SIL_TARGETS as readonly number[]).includes(s.targetSil)) wrong('fmeda.target_sil_invalid', 'targetSil', s.targetSil);
  if (s.elementType != null && !(ELEMENT_TYPES as readonly string[]).includes(s.elementType)) wrong('fmeda.element_type_invalid', 'elementType', s.elementType);
  if (s.hft != null && !(HFTS as readonly number[]).includes(s.hft)) wrong('fmeda.hft_invalid', 'hft', s.hft);
  return issues;
}
