import { useLingui } from '@lingui/react/macro';
import type { DvpControlStatus, DvpPlanState, DvpResult, DvpStage } from '@fmea/core/domain';

/** The names of a DVP&R's values in the reader's language (the lists are core's: core/src/domain/dvp/vocabulary.ts). */
export function useDvpLabels() {
  const { t } = useLingui();
  const status: Record<DvpPlanState, string> = { planning: t`Planning`, testing: t`Testing`, completed: t`Completed` };
  const result: Record<DvpResult, string> = { qualified: t`Qualified`, unqualified: t`Unqualified`, notInvolved: t`Not involved` };
  const stage: Record<DvpStage, string> = { DV: t`DV (design verification)`, PV: t`PV (product validation)` };
  const control: Record<DvpControlStatus, string> = { none: t`No test`, planned: t`Planned`, qualified: t`Qualified`, unqualified: t`Unqualified`, notInvolved: t`Not involved` };
  return { status, result, stage, control };
}

export const options = <K extends string>(labels: Record<K, string>): { value: K; label: string }[] => (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));
