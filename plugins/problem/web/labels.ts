import { useLingui } from '@lingui/react/macro';
import type {
  CauseTrack,
  IsNotDimension,
  IshikawaCategory,
  ProblemActionKind as ActionKind,
  ProblemMemberRole as MemberRole,
  ProblemSource,
  ProblemStatus,
  ProblemStep as StepCode,
  ProblemStepState as StepState,
  ProblemType,
} from '@fmea/core/domain';

export { PROBLEM_STEPS as STEPS } from '@fmea/core/domain';
export type { ActionKind, CauseTrack, IsNotDimension, MemberRole, ProblemSource, ProblemStatus, ProblemType, StepCode, StepState };

/** A discipline's short code as the forms print it (D7A → D7A) and its title (the VDA 8D volume's wording). */
export function useStepTitle(): (step: StepCode) => string {
  const { t } = useLingui();
  const titles: Record<StepCode, string> = {
    D0: t`Prepare and emergency response`,
    D1: t`Set up the team`,
    D2: t`Describe the problem`,
    D3: t`Containment actions`,
    D4: t`Root cause`,
    D5: t`Permanent corrective actions`,
    D6: t`Implement and verify`,
    D7A: t`Prevent recurrence: systems`,
    D7B: t`Prevent recurrence: read across`,
    D8: t`Close and recognise the team`,
  };
  return (step) => titles[step];
}

export function useStepStateLabel(): (state: StepState) => string {
  const { t } = useLingui();
  const names: Record<StepState, string> = { notStarted: t`Not started`, inProgress: t`In progress`, done: t`Done` };
  return (state) => names[state];
}

export function useStatusLabel(): (status: ProblemStatus) => string {
  const { t } = useLingui();
  const names: Record<ProblemStatus, string> = { open: t`Open`, underReview: t`Under review`, released: t`Released`, closed: t`Closed` };
  return (status) => names[status];
}

/** The 6M categories as engineers say them (人机料法测环). */
export function useSixMLabel(): (category: IshikawaCategory) => string {
  const { t } = useLingui();
  const names: Record<IshikawaCategory, string> = { man: t`Man`, machine: t`Machine`, material: t`Material`, method: t`Method`, measurement: t`Measurement`, environment: t`Environment` };
  return (category) => names[category];
}

export function useMemberRoleLabel(): (role: MemberRole) => string {
  const { t } = useLingui();
  const names: Record<MemberRole, string> = { champion: t`Champion`, leader: t`Team leader`, member: t`Member` };
  return (role) => names[role];
}

export function useIsNotLabel(): (dimension: IsNotDimension) => string {
  const { t } = useLingui();
  const names: Record<IsNotDimension, string> = { what: t`What`, where: t`Where`, when: t`When`, howMany: t`How much / how many` };
  return (dimension) => names[dimension];
}

export function useTrackLabel(): (track: CauseTrack) => string {
  const { t } = useLingui();
  const names: Record<CauseTrack, string> = { occurrence: t`Why it occurred`, detection: t`Why it was not detected` };
  return (track) => names[track];
}

export function useActionKindLabel(): (kind: ActionKind) => string {
  const { t } = useLingui();
  const names: Record<ActionKind, string> = {
    emergency: t`Emergency response action`,
    containment: t`Containment action`,
    corrective: t`Permanent corrective action`,
    verification: t`Verification of effectiveness`,
    preventive: t`Preventive action (systems, FMEA, control plan)`,
    readAcross: t`Read-across to similar products and processes`,
  };
  return (kind) => names[kind];
}

export function useTypeLabel(): (type: ProblemType) => string {
  const { t } = useLingui();
  const names: Record<ProblemType, string> = { designProblem: t`Design problem`, produceProblem: t`Production problem`, equipmentProblem: t`Equipment problem` };
  return (type) => names[type];
}

export function useSourceLabel(): (source: ProblemSource) => string {
  const { t } = useLingui();
  const names: Record<ProblemSource, string> = {
    customerComplaint: t`Customer complaint`,
    field: t`Field`,
    production: t`Production`,
    incomingInspection: t`Incoming inspection`,
    audit: t`Audit`,
    test: t`Test`,
    other: t`Other`,
  };
  return (source) => names[source];
}
