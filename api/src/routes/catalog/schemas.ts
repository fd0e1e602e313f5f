import { CATALOG_CREATOR_TABS, CATALOG_SUGGEST_PAGE_MAX, CATALOG_TYPES, CATALOG_TYPE_IDS, DEFAULT_CATALOG_TEXT_MAX, REVIEW_OPINION_MAX_LENGTH, catalogEntities, type CatalogArea } from '@fmea/core';
import { z } from '../../http/route.ts';
import { DateTime, Id, REVIEW_STATUSES, ReviewTrailFields, ImportIssue } from '../../http/fields.ts';
import { CustomListFields } from '../custom-fields/list-query.ts';

/**
 * The catalog engine's request and answer shapes (spec 001 §3, §7, §9). One
 * set per base: the knowledge base (`/api/knowledge/{entity}`) serves the
 * types of area `knowledge`, the main-data base (`/api/mainData/{entity}`)
 * those of `masterData`; `entity` is an enum of the base's entities, so an
 * unknown one is a 400 naming the ones there are.
 */

export const CATALOG_BASES = {
  knowledge: { area: 'knowledge', tag: 'knowledge', name: 'Knowledge' },
  mainData: { area: 'masterData', tag: 'main-data', name: 'MainData' },
} as const satisfies Record<string, { area: CatalogArea; tag: string; name: string }>;

export type CatalogBase = keyof typeof CATALOG_BASES;

export const Timestamp = z.string().max(40).optional();
const STATUSES = REVIEW_STATUSES;
const Status = z.enum(STATUSES).openapi({ description: '0 editing, 1 to be approved, 2 released, 3 pending approval, 4 rejected' });
const ProductType = z.string().trim().min(1).max(64);
const Search = z.string().trim().max(200);

/** The path parameter of a base: one of its entities. */
export function entityParams(base: CatalogBase) {
  const entities = catalogEntities(CATALOG_BASES[base].area) as [string, ...string[]];
  return z.object({
    entity: z.enum(entities).openapi({
      param: { name: 'entity', in: 'path' },
      description: `The catalog type, by the spec's entity name: ${entities.join(', ')}`,
    }),
  });
}

/** A field value: text, a number, a list of codes (multiple enums and dictionaries), or null when empty. */
const CatalogValueSchema = z.union([z.string(), z.number(), z.array(z.string()), z.null()]);

/** Every field key the base's types declare (each type answers its own; the document lists them all, closed). */
function valuesSchema(base: CatalogBase) {
  const keys = new Set(CATALOG_TYPE_IDS.filter((id) => CATALOG_TYPES[id].area === CATALOG_BASES[base].area).flatMap((id) => CATALOG_TYPES[id].fields.map((f) => f.key)));
  return z
    .strictObject(Object.fromEntries([...keys].map((key) => [key, CatalogValueSchema.optional()])))
    .openapi({ description: 'The type’s declared fields by their spec names (core/src/domain/catalog/types.ts), null when empty' });
}

const RowActions = z
  .strictObject({
    edit: z.boolean(),
    del: z.boolean(),
    apply: z.boolean(),
    audit: z.boolean(),
    approve: z.boolean(),
    reject: z.boolean(),
    withdraw: z.boolean(),
  })
  .openapi({ description: 'What the caller may do with the row now (the server checks again when they act)' });


/** One version of a record, in the spec's names (001 §3 audit fields). */
export function recordSchema(base: CatalogBase) {
  return z
    .strictObject({
      id: z.string(),
      entity: z.string(),
      rootId: z.string().openapi({ description: 'The record’s first version’s id: ties its versions together' }),
      serialNum: z.string(),
      status: Status,
      versionNo: z.number().int(),
      isLatestVersion: z.boolean(),
      quoteCount: z.number().int(),
      remark: z.string().nullable(),
      values: valuesSchema(base),
      creatorId: z.string().nullable(),
      createRealName: z.string().nullable(),
      createTime: DateTime,
      updateRealName: z.string().nullable(),
      updateTime: DateTime,
      ...ReviewTrailFields,
      version: z.number().int().openapi({ description: 'The row’s edit counter: send it back with every change' }),
      marker: z.enum(['mycompiled', 'myreadable', 'noPermission']).openapi({ description: 'mycompiled: the caller wrote it (red); myreadable: someone else did (orange); noPermission: no creator' }),
      can: RowActions,
      customFields: z.record(z.string(), z.string()).openapi({ description: 'Custom field values by system name (entity catalog, shared by every catalog type)' }),
    })
    .openapi(`${CATALOG_BASES[base].name}CatalogRecord`);
}

export const ListBody = z
  .object({
    page: z.number().int().min(1).max(1_000_000).default(1),
    limit: z.number().int().min(1).max(500).default(10),
    search: Search.optional().openapi({ description: 'In the description (either language) or the number' }),
    status: z.array(Status).max(5).optional(),
    productTypes: z.array(ProductType).max(200).optional(),
    category: Search.optional(),
    creator: z.enum(CATALOG_CREATOR_TABS).default('all').openapi({ description: 'all, mine (mycompiled) or others (myreadable)' }),
    allVersions: z.boolean().default(false).openapi({ description: 'Also the releases a later release replaced' }),
    ...CustomListFields,
  })
  .openapi('CatalogListBody');

export const IdQuery = z.object({ id: Id, timestamp: Timestamp });

export const LogQuery = z.object({
  id: Id.optional().openapi({ description: 'One record (any of its versions); absent: the whole type' }),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  timestamp: Timestamp,
});

const Version = z.number().int().min(1).openapi({ description: 'The row’s `version` as last read' });
const Remark = z.string().max(REVIEW_OPINION_MAX_LENGTH).nullable().optional();

/** A field's value as a form sends it: text (no declared field is longer), a number, a multiple choice, or nothing; the type's declaration judges it. */
const FieldValue = z.union([z.string().max(DEFAULT_CATALOG_TEXT_MAX), z.number(), z.array(z.string().max(DEFAULT_CATALOG_TEXT_MAX)).max(50), z.null()]);

export const SaveBody = z
  .object({
    id: Id.optional().openapi({ description: 'Absent: a new record; present: the version to change (with `version`)' }),
    version: Version.optional().openapi({ description: 'Required with id' }),
    serialNum: z.string().max(100).nullable().optional().openapi({ description: 'A number typed by hand, on create only: where the numbering rule allows it, or always for types whose users type numbers (products)' }),
    values: z.record(z.string().max(64), FieldValue).openapi({ description: 'The type’s fields by their spec names; on update, fields left out keep their values' }),
    remark: Remark,
    customFields: z
      .record(z.string().max(50), z.union([z.string().max(200), z.number(), z.null()]))
      .optional()
      .openapi({ description: 'Custom field values by system name (GET /api/customField/list?entity=catalog); blank or null clears; an update keeps the fields left out' }),
  })
  .openapi('CatalogSaveBody');

export const DeleteBody = z.object({ id: Id, version: Version }).openapi('CatalogDeleteBody');

export const FlowBody = z
  .object({ id: Id, version: Version, opinion: Remark.openapi({ description: 'Required for audit and reject, optional otherwise' }) })
  .openapi('CatalogFlowBody');

export const SearchBody = z
  .object({
    from: z.number().int().min(0).max(1000).default(0),
    pageSize: z.number().int().min(1).max(CATALOG_SUGGEST_PAGE_MAX).default(10),
    productTypes: z.array(ProductType).max(200).optional(),
    searchName: Search.default(''),
  })
  .openapi('CatalogSearchBody');

export const SuggestionSchema = z
  .strictObject({
    id: z.string().openapi({ description: 'The released version to cite' }),
    rootId: z.string(),
    serialNum: z.string(),
    versionNo: z.number().int(),
    text: z.string(),
    enText: z.string().nullable(),
    productType: z.string().nullable(),
    quoteCount: z.number().int(),
  })
  .openapi('CatalogSuggestion');

export function suggestionSchema(base: CatalogBase) {
  return SuggestionSchema.extend({ values: valuesSchema(base) }).openapi(`${CATALOG_BASES[base].name}CatalogSuggestion`);
}

export const LogRowSchema = z
  .strictObject({
    id: z.number().int(),
    at: DateTime,
    recordId: z.string(),
    rootId: z.string(),
    serialNum: z.string(),
    versionNo: z.number().int(),
    action: z.string(),
    actionName: z.string().openapi({ description: 'The action in the reader’s language' }),
    fromStatus: z.string().nullable(),
    toStatus: z.string().nullable(),
    remark: z.string().nullable(),
    userId: z.string().nullable(),
    userName: z.string().openapi({ description: 'The login the person acted under' }),
    userRealName: z.string().nullable().openapi({ description: 'The person’s real name; null when they have none or were removed' }),
  })
  .openapi('CatalogLogRow');

export function pageOf<T extends z.ZodType>(item: T) {
  return z.strictObject({ items: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
}

const Flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** A list filter in a query string: lists comma-separated. */
const ListText = z.string().max(200).optional();

export const ExportQuery = z.object({
  scope: z.enum(['all', 'page']).default('all').openapi({ description: 'all: every record the filter matches; page: the list page asked (page, limit)' }),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  search: Search.optional(),
  status: ListText.openapi({ description: 'Status codes, comma-separated' }),
  productTypes: ListText.openapi({ description: 'Product-type codes, comma-separated' }),
  category: Search.optional(),
  creator: z.enum(CATALOG_CREATOR_TABS).optional(),
  allVersions: Flag,
  timestamp: Timestamp,
});

export const ImportForm = z
  .object({
    excelFile: z.custom<File>((value) => value instanceof File).openapi({ type: 'string', format: 'binary', description: 'xls or xlsx, at most IMPORT_MAX_MB (default 1 MB)' }),
    importWayType: z
      .enum(['cover', 'dedupe', '1', '2'])
      .optional()
      .transform((value) => (value === '1' ? 'cover' : value === '2' ? 'dedupe' : value))
      .openapi({ description: 'cover or 1: rows naming a record change it (as editing does); dedupe or 2 (default): they are left out' }),
    acceptUnmapped: Flag.openapi({ description: 'true: import even though columns with data have no field (listed in unmappedColumns); otherwise such a file is refused' }),
    goodRowsOnly: Flag.openapi({ description: 'true: write the good rows even when others are wrong (listed in rowErrors); otherwise a wrong row refuses the file, nothing written' }),
  })
  .openapi('CatalogImportForm');


export const ImportReportSchema = z
  .strictObject({
    created: z.number().int(),
    updated: z.number().int().openapi({ description: 'Drafts and rejected records changed in place' }),
    versioned: z.number().int().openapi({ description: 'Released records that got a new version in editing' }),
    skipped: z.number().int().openapi({ description: 'Rows naming a record that exists, left out (dedupe)' }),
    rowErrors: z.array(ImportIssue).openapi({ description: 'The rows left out with goodRowsOnly, each problem with its row' }),
    unmappedColumns: z.array(ImportIssue).openapi({ description: 'Columns left out with acceptUnmapped' }),
  })
  .openapi('CatalogImportReport');
