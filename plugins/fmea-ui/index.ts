/**
 * The shared FMEA UI: the screens every FMEA kind shows (the project list,
 * the project page with its header, review, baselines and checks, the shared
 * analysis steps, templates and reuse), as a library the kinds' plugins depend
 * on instead of on each other (as Backstage keeps shared UI in `*-react`
 * packages). A kind's plugin passes what tells it apart through an FmeaKind
 * in context and adds its own steps; docs/architecture.md, "The shared FMEA UI".
 * Not a work area: the workbench does not host it.
 */

// what tells a kind apart (the catalogs the shared screens speak from are the light entry `@fmea/fmea-ui/catalogs`)
export { DFMEA_KIND, FmeaKindProvider, useFmeaKind, type FmeaKind, type FmeaKindTexts, type KindWorkbook, type LabelledNode, type NodeLabel, type RiskGridStructureColumn } from './web/kind.tsx';

// pages: the project list, the templates page and the project page a kind fills with its steps
export { FmeaProjectList } from './web/list/ProjectList.tsx';
export { TemplatesPage } from './web/reuse/TemplatesPage.tsx';
export { FMEA_STEPS, MSR_STEP_COMPONENTS, NoProjectChosen, ProjectPage, useFmeaStepLabels, useMsrStepLabels, type FmeaStep, type MsrStepKey, type SharedStepKey, type StepComponent } from './web/project/ProjectPage.tsx';

// the steps a kind adapts (its structure tree's dialogs and actions, its function analysis's fields)
export { default as StructureStep, type NodeDialogProps, type StructureActionProps, type StructureOptions } from './web/steps/StructureStep.tsx';
export { default as FunctionAnalysisStep, type CharacteristicExtras, type ExtraFields, type FunctionExtras, type FunctionStepOptions } from './web/steps/FunctionAnalysisStep.tsx';

// what a kind's own steps read
export { treeOf, type StepProps, type TreeNode } from './web/types.ts';
export type { Analysis, CharacteristicRow, FunctionRow } from './web/analysis/model.ts';
export { catalogLabel } from './web/analysis/suggestions.ts';
export { isConflict } from './web/risk/risk-api.ts';
export { useDict } from './web/list/lookups.ts';
export { useDictLabel } from './web/list/dict-label.ts';

// closing the loop (docs/domain/closed-loop.md): the problem and EWO pages mount a source's FMEA proposals panel
export { ProposalsPanel } from './web/loop/ProposalsPanel.tsx';
