import { lazy } from 'react';
import { useSearch } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { kindOf, type AnalysisStep } from '@fmea/core/domain';
import { FMEA_STEPS, MSR_STEP_COMPONENTS, NoProjectChosen, ProjectPage, useFmeaStepLabels, useMsrStepLabels, type StepComponent } from '@fmea/fmea-ui';

/**
 * The DFMEA's steps: the shared ones, its own structure (which a BOM can
 * fill), the block diagram with interfaces and the characteristics, which
 * only a design FMEA has, and FMEA-MSR's three for a kind that lists them.
 */
const DFMEA_STEPS = {
  planning: FMEA_STEPS.planning,
  structure: lazy(() => import('../steps/DesignStructureStep.tsx')),
  interfaces: lazy(() => import('../steps/InterfacesStep.tsx')),
  function: FMEA_STEPS.function,
  failure: FMEA_STEPS.failure,
  risk: FMEA_STEPS.risk,
  optimization: FMEA_STEPS.optimization,
  ...MSR_STEP_COMPONENTS,
  characteristics: lazy(() => import('../steps/CharacteristicsStep.tsx')),
  criticality: lazy(() => import('../steps/CriticalityStep.tsx')),
} satisfies Record<string, StepComponent>;
type DfmeaStepKey = keyof typeof DFMEA_STEPS;

/**
 * The tabs of each analysis step of the kind record (`kindOf(type).steps`), in
 * its order; documentation has no tab of its own (the workbook export is in the
 * header), then the characteristics and the FMECA (criticality, the delivery
 * types fmeca_qualitative and fmeca_quantitative). For a DFMEA the first eight
 * are the tab order the legacy rightType numbers (1-based) count.
 */
const TABS_OF_STEP: Record<AnalysisStep, readonly DfmeaStepKey[]> = {
  planningAndPreparation: ['planning'],
  structuralAnalysis: ['structure', 'interfaces'],
  functionalAnalysis: ['function'],
  failureAnalysis: ['failure'],
  riskAnalysis: ['risk'],
  optimization: ['optimization'],
  msrFailureAnalysis: ['msrFailure'],
  msrRiskAnalysis: ['msrRisk'],
  msrOptimization: ['msrOptimization'],
  // the FMEDA's worksheet is its own area's page (plugins/fmeda), never a DFMEA tab
  fmedaWorksheet: [],
  // as the DRBFM's worksheet (plugins/drbfm)
  drbfmWorksheet: [],
  documentation: [],
};
export const tabsOf = (projectType: string): DfmeaStepKey[] => [...kindOf(projectType).steps.flatMap((step) => TABS_OF_STEP[step]), 'characteristics', 'criticality'];

/**
 * The project page of the DFMEA area (micro route 'dfmeaProject'): the project
 * comes from the query, by `projectId` or by `pptSerial` (also `serialNum`), the
 * open step from `rightType`; `type=1` marks the legacy deep link. Its tabs are
 * its kind's steps, known once the project is read.
 */
export default function DfmeaProjectPage() {
  const query = new URLSearchParams(useSearch());
  const { t } = useLingui();
  const shared = useFmeaStepLabels();
  const msr = useMsrStepLabels();
  const projectId = query.get('projectId');
  const pptSerial = query.get('pptSerial') ?? query.get('serialNum');
  if (!projectId && !pptSerial) return <NoProjectChosen />;
  const labels: Record<DfmeaStepKey, string> = { ...shared, ...msr, interfaces: t`Block diagram and interfaces`, characteristics: t`Characteristics`, criticality: t`Criticality (FMECA)` };
  const steps = (project: { projectType: string }) => tabsOf(project.projectType).map((key) => ({ key, label: labels[key], Component: DFMEA_STEPS[key] }));
  return <ProjectPage key={projectId ?? pptSerial} projectId={projectId} pptSerial={pptSerial} rightType={query.get('rightType')} legacyLink={query.get('type') === '1'} steps={steps} />;
}
