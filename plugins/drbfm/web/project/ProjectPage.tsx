import { lazy } from 'react';
import { useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { FMEA_STEPS, FmeaKindProvider, NoProjectChosen, ProjectPage, useFmeaStepLabels, type FmeaStep, type StepComponent } from '@fmea/fmea-ui';
import { useDrbfmKind } from '../kind.tsx';

/** The DRBFM's steps: the shared planning (header and team), then its worksheet (change, parts, concerns, actions, meetings). */
const DRBFM_STEPS = {
  planning: FMEA_STEPS.planning,
  worksheet: lazy(() => import('../worksheet/WorksheetStep.tsx')),
} satisfies Record<string, StepComponent>;
type DrbfmStepKey = keyof typeof DRBFM_STEPS;

const ORDER: DrbfmStepKey[] = ['planning', 'worksheet'];

/**
 * The project page of the DRBFM area (micro route 'drbfmProject'): the project by `projectId` or by `serialNum`
 * (the DR number), the step from `rightType`; it opens on the worksheet.
 */
export default function DrbfmProjectPage() {
  const query = new URLSearchParams(useSearch());
  const { t } = useLingui();
  const shared = useFmeaStepLabels();
  const kind = useDrbfmKind();
  const projectId = query.get('projectId');
  const serialNum = query.get('serialNum') ?? query.get('pptSerial');
  if (!projectId && !serialNum) return <NoProjectChosen />;
  const labels: Record<DrbfmStepKey, string> = { planning: shared.planning, worksheet: t`DRBFM worksheet` };
  const steps: FmeaStep[] = ORDER.map((key) => ({ key, label: labels[key], Component: DRBFM_STEPS[key] }));
  return (
    <FmeaKindProvider kind={kind}>
      <ProjectPage key={projectId ?? serialNum} projectId={projectId} pptSerial={serialNum} rightType={query.get('rightType') ?? 'worksheet'} legacyLink={query.get('type') === '1'} steps={steps} />
    </FmeaKindProvider>
  );
}
