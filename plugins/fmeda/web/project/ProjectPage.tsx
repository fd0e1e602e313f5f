import { lazy } from 'react';
import { useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { FMEA_STEPS, FmeaKindProvider, NoProjectChosen, ProjectPage, useFmeaStepLabels, type FmeaStep, type StepComponent } from '@fmea/fmea-ui';
import { useFmedaKind } from '../kind.tsx';

/** The FMEDA's steps: the shared planning (header and team), then its worksheet with the live metrics. */
const FMEDA_STEPS = {
  planning: FMEA_STEPS.planning,
  worksheet: lazy(() => import('../worksheet/WorksheetStep.tsx')),
} satisfies Record<string, StepComponent>;
type FmedaStepKey = keyof typeof FMEDA_STEPS;

/** Tab order, and the legacy rightType numbers (1-based). */
const ORDER: FmedaStepKey[] = ['planning', 'worksheet'];

/**
 * The project page of the FMEDA area (micro route 'fmedaProject'): the project comes from the query by
 * `projectId` or by `serialNum` (the FM number), the step from `rightType`; it opens on the worksheet.
 */
export default function FmedaProjectPage() {
  const query = new URLSearchParams(useSearch());
  const { t } = useLingui();
  const shared = useFmeaStepLabels();
  const kind = useFmedaKind();
  const projectId = query.get('projectId');
  const serialNum = query.get('serialNum') ?? query.get('pptSerial');
  if (!projectId && !serialNum) return <NoProjectChosen />;
  const labels: Record<FmedaStepKey, string> = { planning: shared.planning, worksheet: t`Worksheet and metrics` };
  const steps: FmeaStep[] = ORDER.map((key) => ({ key, label: labels[key], Component: FMEDA_STEPS[key] }));
  return (
    <FmeaKindProvider kind={kind}>
      <ProjectPage key={projectId ?? serialNum} projectId={projectId} pptSerial={serialNum} rightType={query.get('rightType') ?? 'worksheet'} legacyLink={query.get('type') === '1'} steps={steps} />
    </FmeaKindProvider>
  );
}
