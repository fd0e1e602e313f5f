/** The FMEA analysis engine: one model for DFMEA, PFMEA, family FMEA and FMEA-MSR (docs/domain/fmea-engine.md). */
export { FMEA_DOMAIN_MESSAGE_KEYS, FMEA_LABEL_KEYS, FMEA_REFUSAL_KEYS, type FmeaMessageKey } from './messages.ts';
export * from './vocabulary.ts';
export * from './kinds.ts';
export { NODE_TYPES, assertChildNodeType, isSpecialNodeType, nodeTypeProfile, type NodeTypeProfile } from './node-types.ts';
export * from './graph.ts';
export { brokenLinkCount, brokenLinks, failureLinkRefusal, functionLinkRefusal, linksBrokenBy, type BrokenLinks, type LinkRefusal } from './links.ts';
export { buildChains, chainKey, chainsThrough, failureOrder, type FailureChain } from './chains.ts';
export { riskRowsOf, type CatalogRefOf, type GridTables } from './grid-rows.ts';
export { dfmeaOnly, hasMsrSteps, msrIssues, msrKindIssues, msrOnly, msrRowsOf, type MsrAction, type MsrControl, type MsrFields, type MsrRow, type MsrTables } from './msr.ts';
export {
  assertFamilyAllowsChild,
  assertNodeCopyable,
  assertNodeDeletable,
  assertNodeMovable,
  familyItemIssues,
  nextChildSort,
  planSubtreeCopy,
  type CopyPlan,
} from './structure.ts';
export { RATING_FIELDS, assertTemplatePlacement, ratingDeviations, templateKindOf, templateModule, type RatedFailure, type RatingDeviation, type RatingField, type TemplateKind } from './reuse.ts';
export { deletionImpact, type CrossingReference, type DeletionImpact, type FmeaItemKind, type FmeaItemRef, type RemovedSet } from './impact.ts';
export { dateIssues, ratingIssues, sortIssues } from './fields.ts';
export { controlIssues, failureIssues, frequencyRatioIssues, functionIssues, type FailureFields } from './failures.ts';
export { parseControlList, planControlList, type ControlListPlan } from './control-list.ts';
export { characteristicIssues, interfaceIssues, nodeIssues } from './elements.ts';
export {
  CREATOR_DEFAULT_ROLE,
  OWNER_ONLY_PROJECT_FIELDS,
  PROJECT_DATE_FIELDS,
  PROJECT_DICTIONARY_FIELDS,
  PROJECT_DICTIONARY_FIELD_NAMES,
  PROJECT_TEXT_FIELDS,
  projectHeaderIssues,
  responsibleOf,
  sameTeam,
  teamIssues,
  withCreator,
  type OwnerOnlyProjectField,
  type ProjectDateField,
  type ProjectDictionaryField,
  type ProjectHeaderFields,
  type ProjectTextField,
  type TeamMember,
} from './project.ts';
export {
  ACTION_STATUSES,
  ACTION_STATUS_LABEL_KEYS,
  UNFINISHED_ACTION_STATUSES,
  actionCauseIssues,
  actionIssues,
  actionMachine,
  applyActionEvent,
  completionIssues,
  residualRatings,
  type ActionEvent,
  type ActionFields,
  type ActionState,
  type ActionStatus,
  type RerateSource,
  type ResidualRatings,
} from './actions.ts';
export {
  apSummary,
  apTableString,
  buildRiskRow,
  rowAction,
  isUnfinished,
  mostSeriousClass,
  rateChain,
  raterFromLookup,
  raterFromRules,
  type ChainFacts,
  type ChainRater,
  type ChainRisk,
  type RiskGridRow,
  type RowAction,
  type RowCharacteristic,
  type RowCatalogRef,
  type RowControl,
  type RowFailure,
} from './risk-row.ts';
export { COMPACT_GRID_COLUMNS, expandCompactGrid, type CompactGridShape, type CompactGridValues, type ExpandedGridRow } from './compact-grid.ts';
