export {
  assertCatalogOperate,
  assertCatalogRead,
  assertProductType,
  canCatalogOperate,
  catalogCaller,
  catalogType,
  productTypeVisible,
  type CatalogCaller,
  type CatalogRecordOwner,
} from './access.ts';
export {
  CATALOG_CREATOR_TABS,
  catalogListFilter,
  createCatalogRecord,
  deleteCatalogRecord,
  getCatalogRecord,
  insertCatalogRecord,
  listCatalogRecords,
  listCatalogVersions,
  reviseCatalogRecord,
  updateCatalogRecord,
  type CatalogCreateInput,
  type CatalogCreatorTab,
  type CatalogListQuery,
  type CatalogUpdateInput,
} from './records.ts';
export {
  applyCatalogRecord,
  approveCatalogRecord,
  auditCatalogRecord,
  rejectCatalogRecord,
  withdrawCatalogRecord,
  type CatalogFlowInput,
} from './flow.ts';
export { changeCatalogQuotes, quoteCatalogRecord, releaseCatalogQuotes, unquoteCatalogRecord } from './quotes.ts';
export { CATALOG_SUGGEST_PAGE_DEFAULT, CATALOG_SUGGEST_PAGE_MAX, suggestCatalogRecords, type CatalogSuggestQuery, type CatalogSuggestion } from './search.ts';
export {
  CATALOG_EXPORT_MAX,
  CATALOG_IMPORT_MODES,
  exportCatalogRecords,
  importCatalogRecords,
  type CatalogExportQuery,
  type CatalogImportMode,
  type CatalogImportOptions,
  type CatalogImportResult,
} from './sheet.ts';
export { catalogTemplateDescriptions, exportCatalogTemplate, isCatalogTemplateRow } from './template.ts';
export { listCatalogLog, writeCatalogLog, type CatalogLogEntry, type CatalogLogQuery, type CatalogLogRow, type CatalogLogView } from './log.ts';
export {
  findCatalogRow,
  valuesOfRow,
  type CatalogPeople,
  type CatalogRecordRow,
  type CatalogRecordView,
  type CatalogRowActions,
} from './store.ts';
export { labelCatalogError, labelCatalogIssues } from './labels.ts';
export { getCatalogRecordBySerial, probeCatalogValue, type CatalogProbeAnswer, type CatalogValueProbe } from './probes.ts';
export { failureModeFunctionGroups, type FunctionGroup } from './function-groups.ts';
