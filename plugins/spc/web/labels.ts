import { useLingui } from '@lingui/react/macro';
import type { StudyChart } from '@fmea/core/domain';

/** The SPC words in the user's language: charts, Nelson's rules, measurement sources. */
export function useSpcLabels() {
  const { t } = useLingui();
  const chart: Record<StudyChart, string> = {
    'xbar-r': t`X̄-R (mean and range)`,
    'xbar-s': t`X̄-S (mean and standard deviation)`,
    'i-mr': t`I-MR (individuals and moving range)`,
    p: t`p (proportion defective)`,
    np: t`np (number defective)`,
    c: t`c (defects)`,
    u: t`u (defects per unit)`,
  };
  const secondaryName: Record<StudyChart, string> = { 'xbar-r': t`Range (R)`, 'xbar-s': t`Standard deviation (S)`, 'i-mr': t`Moving range (MR)`, p: '', np: '', c: '', u: '' };
  const rule: Record<number, string> = {
    1: t`1: a point beyond 3σ`,
    2: t`2: nine points on one side of the centre`,
    3: t`3: six points steadily rising or falling`,
    4: t`4: fourteen points alternating up and down`,
    5: t`5: two of three points beyond 2σ on one side`,
    6: t`6: four of five points beyond 1σ on one side`,
    7: t`7: fifteen points within 1σ`,
    8: t`8: eight points beyond 1σ on both sides`,
  };
  const source: Record<'entered' | 'import' | 'machine', string> = { entered: t`Entered`, import: t`Imported`, machine: t`Machine` };
  return { chart, secondaryName, rule, source };
}

export const fixed = (value: number | null | undefined, digits = 3): string => (typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : '—');
