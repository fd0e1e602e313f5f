import { lazy } from 'react';
import { useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { FMEA_STEPS, FmeaKindProvider, NoProjectChosen, ProjectPage, useFmeaStepLabels, type FmeaStep, type StepComponent } from '@fmea/fmea-ui';
import { usePfmeaKind } from '../kind.tsx';

/**
 * The PFMEA's steps: its own structure (process tree with step numbers and 4M
 * types) and function analysis (function scope, product/process
 * characteristics), the shared planning, failure, risk and optimisation as
 * they are, and the flow chart and control plan views of the same model.
 */
const PFMEA_STEPS = {
  planning: FMEA_STEPS.planning,
  structure: lazy(() => import('../steps/ProcessStructureStep.tsx')),
  function: lazy(() => import('../steps/ProcessFunctionStep.tsx')),
  failure: FMEA_STEPS.failure,
  risk: FMEA_STEPS.risk,
  optimization: FMEA_STEPS.optimization,
  flow: lazy(() => import('../flow/FlowChartStep.tsx')),
  controlPlan: lazy(() => import('../control-plan/ControlPlanStep.tsx')),
} satisfies Record<string, StepComponent>;
type PfmeaStepKey = keyof typeof PFMEA_STEPS;

/** Tab order, and the legacy rightType numbers: 1–6 are the AIAG-VDA steps, 7 the flow chart, 8 the control plan. */
const ORDER: PfmeaStepKey[] = ['planning', 'structure', 'function', 'failure', 'risk', 'optimization', 'flow', 'controlPlan'];

/**
 * A message's leftType (spec 001 §2: default -1, 9 for message type 1007, 10
 * for 1008) opens a step whatever rightType says: 9 the control plan (its
 * lines asking for review), 10 the optimisation (the actions). Any other value
 * leaves the choice to rightType.
 */
export const LEFT_TYPE_STEPS: Readonly<Record<string, PfmeaStepKey>> = { '9': 'controlPlan', '10': 'optimization' };

/**
 * The project page of the PFMEA area (micro route 'pfmeaProject'): the project
 * comes from the query by `projectId` or by `pppSerial` (a project number or a
 * process node; also `serialNum`), the step from `leftType` or `rightType`;
 * `type=1` marks the legacy deep link (/main/pfmeaProject?type=1&projectId=…:
 * a non-member sees 403, a missing or deleted project goes to the login).
 */
export default function PfmeaProjectPage() {
  const query = new URLSearchParams(useSearch());
  const { t } = useLingui();
  const shared = useFmeaStepLabels();
  const kind = usePfmeaKind();
  const projectId = query.get('projectId');
  const pppSerial = query.get('pppSerial') ?? query.get('serialNum');
  if (!projectId && !pppSerial) return <NoProjectChosen />;
  const labels: Record<PfmeaStepKey, string> = {
    planning: shared.planning,
    structure: shared.structure,
    function: shared.function,
    failure: shared.failure,
    risk: shared.risk,
    optimization: shared.optimization,
    flow: t`Process flow chart`,
    controlPlan: t`Control plan`,
  };
  const steps: FmeaStep[] = ORDER.map((key) => ({ key, label: labels[key], Component: PFMEA_STEPS[key] }));
  return (
    <FmeaKindProvider kind={kind}>
      <ProjectPage
        key={projectId ?? pppSerial}
        projectId={projectId}
        pptSerial={pppSerial}
        rightType={query.get('rightType')}
        openStep={LEFT_TYPE_STEPS[query.get('leftType') ?? '-1'] ?? null}
        legacyLink={query.get('type') === '1'}
        steps={steps}
      />
    </FmeaKindProvider>
  );
}
