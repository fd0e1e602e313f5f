/**
 * Every catalog.* message key the catalog engine can emit: its pure rules
 * (this folder) and its services (core/src/services/catalog). The catalog
 * test reads this list and the source of both folders, and the
 * `CatalogMessageKey` type keeps the code within it.
 */
export const CATALOG_VALIDATION_KEYS = [
  'catalog.field_unknown',
  'catalog.english_required',
  'catalog.code_one_line',
  'catalog.not_a_number',
  'catalog.not_integer',
  'catalog.below_min',
  'catalog.above_max',
  'catalog.one_value_only',
  'catalog.value_not_allowed',
  'catalog.code_unknown',
  'catalog.duplicate',
  'catalog.duplicate_combined',
] as const;

export const CATALOG_SERVICE_KEYS = [
  'catalog.type_unknown',
  'catalog.record_not_found',
  'catalog.stale_version',
  'catalog.superseded',
  'catalog.content_under_review',
  'catalog.serial_duplicate',
  'catalog.draft_exists',
  'catalog.in_use',
  'catalog.referenced',
  'catalog.not_quotable',
  'catalog.not_quoted',
  'catalog.withdraw_not_applicant',
  'catalog.product_type_denied',
  'catalog.import_invalid',
  'catalog.import_refused',
] as const;

/** Names of the knowledge log's actions (`catalog_log.action`), shown in the reader's language. */
export const CATALOG_LOG_ACTIONS = [
  'create',
  'update',
  'new_version',
  'delete',
  'apply',
  'audit',
  'approve',
  'reject',
  'withdraw',
  'quote',
  'unquote',
  'import',
] as const;

export type CatalogLogAction = (typeof CATALOG_LOG_ACTIONS)[number];

export const catalogLogActionKey = (action: CatalogLogAction) => `catalog.log.${action}` as const;

export const CATALOG_MESSAGE_KEYS = [...CATALOG_VALIDATION_KEYS, ...CATALOG_SERVICE_KEYS, ...CATALOG_LOG_ACTIONS.map(catalogLogActionKey)] as const;

export type CatalogValidationKey = (typeof CATALOG_VALIDATION_KEYS)[number];
export type CatalogServiceKey = (typeof CATALOG_SERVICE_KEYS)[number];
export type CatalogMessageKey = CatalogValidationKey | CatalogServiceKey | ReturnType<typeof catalogLogActionKey>;
