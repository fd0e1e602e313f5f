/** FMEA engine use cases: one function per use case on a ServiceContext (docs/domain/fmea-engine.md). */
export { FMEA_SERVICE_MESSAGE_KEYS, type FmeaServiceMessageKey } from './messages.ts';
export { actorOf, readMembers, type FmeaButton, type FmeaProjectRow } from './access.ts';
export { projectOfItem, type FmeaEntity } from './item-project.ts';
export {
  createProject,
  deleteProject,
  getProjectById,
  getProjectBySerialNumber,
  resolveProjectReference,
  updateProjectHeader,
  type ProjectHeader,
  type ProjectInput,
  type ProjectReference,
  type ProjectUpdate,
  type ProjectView,
} from './projects.ts';
export { previewProjectNumber, type ProjectNumberPreview } from './project-number.ts';
export {
  FEATURE_CLASSIFY_PROJECT_KINDS,
  customerClassNamer,
  projectClassNamer,
  featureClassesOfProject,
  projectFeatureClasses,
  type FeatureClassifyProjectKind,
  type ProjectFeatureClass,
  type ProjectFeatureClasses,
} from './feature-classes.ts';
export { MEMBER_ROLE_DICTIONARY, memberRoleNamer, projectDictionaries, projectLabeler, resolveProjectCodes, unknownItemIssue, type ProjectCodes, type ProjectDictionaries, type ProjectLabels } from './project-codes.ts';
export { getShare, MAX_SHARE_USERS, setShare, type ProjectShareView, type ShareInput, type ShareUser } from './sharing.ts';
export { listProjects, listRecentProjects, openProject, type ProjectListItem, type ProjectListQuery } from './project-list.ts';
export { loadGraph } from './graph-load.ts';
export { addNode, deleteNode, findNode, moveNode, nodeDeletionImpact, updateNode, type FmeaNodeRow, type MoveInput, type NodeInput } from './structure.ts';
export { getStructureTree, type StructureTreeNode } from './structure-tree.ts';
export { readAnalysis, type AnalysisCatalogRef, type AnalysisReadOptions, type FmeaAnalysis } from './analysis-read.ts';
export { borrowSubtree, copySubtree } from './structure-copy.ts';
export { copyProject, type CopyProjectInput } from './project-copy.ts';
export { projectUsage } from './project-usage.ts';
export {
  applyTemplate,
  createProjectFromTemplate,
  getTemplate,
  listTemplates,
  saveTemplate,
  publishTemplate,
  TEMPLATE_SIDES,
  type ProjectFromTemplateInput,
  type TemplateSide,
  type TemplateView,
} from './templates.ts';
export { createVariant, listVariants, takeOverFromFamily, variantDeviations, type GainedItem, type VariantDeviation, type VariantDeviations, type VariantListItem } from './variants.ts';
export { processProgress, updateProcedureTaskStatus, type ProcessProgress } from './process-tasks.ts';
export { assertProjectOfType } from './process-structure.ts';
export { applyProcessProcedure, type ApplyProcedureInput } from './process-templates.ts';
export { exportPfmeaProductFeatures, importPfmeaProductFeatures, productFeatureColumns, resolvePfmeaReference, type ProductFeatureImportReport } from './product-features.ts';
export { addFunction, deleteFunction, findFunction, updateFunction, type FmeaFunctionRow } from './functions.ts';
export { linkFailures, linkFunctions, unlinkFailures, unlinkFunctions, type FmeaFailureLinkRow, type FmeaFunctionLinkRow } from './nets.ts';
export {
  addCharacteristic,
  deleteCharacteristic,
  listCharacteristics,
  updateCharacteristic,
  type CharacteristicInput,
  type FmeaCharacteristicRow,
} from './characteristics.ts';
export { addInterface, deleteInterface, listInterfaces, updateInterface, type FmeaInterfaceRow, type InterfaceInput } from './interfaces.ts';
export {
  addFailure,
  deleteFailure,
  findFailure,
  rateCause,
  rateEffect,
  updateFailure,
  type FailureInput,
  type FailureRatings,
  type FmeaFailureRow,
} from './failures.ts';
export { addControl, deleteControl, setControls, updateControl, type FmeaControlRow, type SetControlsInput } from './controls.ts';
export {
  addAction,
  changeActionStatus,
  deleteAction,
  listActions,
  updateAction,
  type ActionInput,
  type ActionUpdate,
  type FmeaActionRow,
} from './actions.ts';
export {
  GRID_PAGE_DEFAULT,
  GRID_PAGE_MAX,
  readRiskGrid,
  readRiskGridJson,
  recomputeAllAp,
  streamRiskGrid,
  type RiskGridFilter,
  type RiskGridJsonPage,
  type RiskGridJsonRow,
  type RiskGridQuery,
} from './grid.ts';
export { readRiskGridCompact, type RiskGridCompactPage } from './grid-compact.ts';
export { importAnalysis, type AnalysisImport, type ImportResult } from './import.ts';
export { ROOT_KEY } from './import-plan.ts';
export * from './excel/index.ts';
export { SUGGEST_KINDS, SUGGEST_PAGE_DEFAULT, SUGGEST_PAGE_MAX, suggestTexts, type SuggestKind, type SuggestQuery, type Suggestion } from './suggest.ts';
export { CATALOG_TYPE_OF_SUGGEST_KIND, suggestForField, type FieldSuggestion, type SuggestionCatalogSource } from './suggest-field.ts';
export { catalogTypeOfItem, isCatalogWording, servesFailureKind, USE_TYPE_OF_KIND, type CatalogItemKind } from './catalog-link.ts';
export { pushToKnowledge, type PushToKnowledgeInput, type PushToKnowledgeResult } from './push.ts';
export {
  addAttachments,
  listAttachments,
  MAX_ATTACHMENTS_PER_PROJECT,
  removeAttachment,
  type FmeaAttachmentRow,
  type ProjectAttachment,
} from './attachments.ts';
export { MSR_AP_TABLE, msrRowsOfProject, rateMsr, readMsr, readMsrTables, type MsrForm, type MsrRatingInput } from './msr.ts';
