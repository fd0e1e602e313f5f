import { lazy } from 'react';
import { useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { FMEA_STEPS, NoProjectChosen, ProjectPage, useFmeaStepLabels, type StepComponent } from '@fmea/fmea-ui';

/**
 * The DFMEA's steps: the shared ones, its own structure (which a BOM can
 * fill), and the block diagram with interfaces and the characteristics,
 * which only a design FMEA has.
 */
const DFMEA_STEPS = {
  planning: FMEA_STEPS.planning,
  structure: lazy(() => import('../steps/DesignStructureStep.tsx')),
  interfaces: lazy(() => import('../steps/InterfacesStep.tsx')),
  function: FMEA_STEPS.function,
  failure: FMEA_STEPS.failure,
  risk: FMEA_STEPS.risk,
  optimization: FMEA_STEPS.optimization,
  characteristics: lazy(() => import('../steps/CharacteristicsStep.tsx')),
} satisfies Record<string, StepComponent>;
type DfmeaStepKey = keyof typeof DFMEA_STEPS;

/** Tab order, and the legacy rightType numbers (1-based). */
const ORDER: DfmeaStepKey[] = ['planning', 'structure', 'interfaces', 'function', 'failure', 'risk', 'optimization', 'characteristics'];

/**
 * The project page of the DFMEA area (micro route 'dfmeaProject'): the project
 * comes from the query, by `projectId` or by `pptSerial` (also `serialNum`), the
 * open step from `rightType`; `type=1` marks the legacy deep link.
 */
export default function DfmeaProjectPage() {
  const query = new URLSearchParams(useSearch());
  const { t } = useLingui();
  const shared = useFmeaStepLabels();
  const projectId = query.get('projectId');
  const pptSerial = query.get('pptSerial') ?? query.get('serialNum');
  if (!projectId && !pptSerial) return <NoProjectChosen />;
  const labels: Record<DfmeaStepKey, string> = { ...shared, interfaces: t`Block diagram and interfaces`, characteristics: t`Characteristics` };
  const steps = ORDER.map((key) => ({ key, label: labels[key], Component: DFMEA_STEPS[key] }));
  return <ProjectPage key={projectId ?? pptSerial} projectId={projectId} pptSerial={pptSerial} rightType={query.get('rightType')} legacyLink={query.get('type') === '1'} steps={steps} />;
}
