import type { CheckFlag } from '../rules/read.ts';

/**
 * The checks before release (issue #14, "Checks before release"): a live
 * linter of an FMEA of any type. Each check has a code, the analysis step its
 * findings belong to, a default severity and the business rule that switches it
 * (group `report`, "FMEA export and report rules": '0' off, '1' warning,
 * '2' error). docs/domain/fmea-checks.md says why each one is there and why it
 * has the severity it has.
 */

/** The steps a finding can belong to, in the handbook's order (planning is step 1, optimisation step 6, then FMEA-MSR's risk analysis and optimisation: the workbench's tab keys). */
export const FMEA_CHECK_STEPS = ['planning', 'structure', 'function', 'failure', 'risk', 'optimization', 'msrRisk', 'msrOptimization'] as const;
export type FmeaCheckStep = (typeof FMEA_CHECK_STEPS)[number];

export const FMEA_CHECK_SEVERITIES = ['error', 'warning'] as const;
export type FmeaCheckSeverity = (typeof FMEA_CHECK_SEVERITIES)[number];

/** The values of a check's rule flag: off, warning, error. */
export const CHECK_LEVELS = ['0', '1', '2'] as const;
export type CheckLevel = (typeof CHECK_LEVELS)[number];

export const levelOfSeverity = (severity: FmeaCheckSeverity): CheckLevel => (severity === 'error' ? '2' : '1');

export interface FmeaCheckDefinition {
  /** The step of its findings; `english_missing` takes the step of the item it names instead, the action checks an FMEA-MSR action's `msrOptimization`. */
  readonly step: FmeaCheckStep;
  readonly severity: FmeaCheckSeverity;
  /** The rule flag (group `report`, core/src/domain/rules/rule-flags.ts) switching it. */
  readonly flag: CheckFlag;
}

/** Every check, in the order its findings are listed within a step. */
export const FMEA_CHECKS = {
  team_responsible_missing: { step: 'planning', severity: 'error', flag: 'checkTeamResponsible' },
  family_item_count: { step: 'structure', severity: 'error', flag: 'checkFamilyItem' },
  node_without_function: { step: 'structure', severity: 'warning', flag: 'checkNodeWithoutFunction' },
  function_without_failure: { step: 'function', severity: 'warning', flag: 'checkFunctionWithoutFailure' },
  english_missing: { step: 'function', severity: 'error', flag: 'checkEnglishNames' },
  mode_without_cause: { step: 'failure', severity: 'error', flag: 'checkModeWithoutCause' },
  mode_without_effect: { step: 'failure', severity: 'warning', flag: 'checkModeWithoutEffect' },
  cause_orphan: { step: 'failure', severity: 'warning', flag: 'checkCauseOrphan' },
  use_type_missing: { step: 'failure', severity: 'error', flag: 'checkFailureUseType' },
  rating_missing: { step: 'risk', severity: 'warning', flag: 'checkRatingMissing' },
  special_without_control_plan: { step: 'risk', severity: 'error', flag: 'checkSpecialControlPlan' },
  detection_without_dvp: { step: 'risk', severity: 'warning', flag: 'checkDetectionDvp' },
  high_without_action: { step: 'optimization', severity: 'error', flag: 'checkHighApAction' },
  completed_without_rerating: { step: 'optimization', severity: 'error', flag: 'checkCompletedRerating' },
  target_date_missing: { step: 'optimization', severity: 'error', flag: 'checkTargetDate' },
  action_overdue: { step: 'optimization', severity: 'warning', flag: 'checkActionOverdue' },
  // FMEA-MSR (a kind with the MSR steps only): the MSR form's ratings and its AP H, as rating_missing and high_without_action for the DFMEA
  msr_rating_missing: { step: 'msrRisk', severity: 'warning', flag: 'checkMsrRatingMissing' },
  msr_high_without_action: { step: 'msrOptimization', severity: 'error', flag: 'checkMsrHighApAction' },
} as const satisfies Record<string, FmeaCheckDefinition>;

export type FmeaCheckCode = keyof typeof FMEA_CHECKS;
export const FMEA_CHECK_CODES = Object.keys(FMEA_CHECKS) as FmeaCheckCode[];

export const checkLabelKey = (code: FmeaCheckCode) => `fmeaCheck.${code}`;
export const checkStepLabelKey = (step: FmeaCheckStep) => `fmeaCheck.step.${step}`;
