import { asDownload } from '../../http/files.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import {
  CATALOG_BASES,
  DeleteBody,
  ExportQuery,
  FlowBody,
  IdQuery,
  ImportForm,
  ImportReportSchema,
  ListBody,
  LogQuery,
  LogRowSchema,
  SaveBody,
  SearchBody,
  Timestamp,
  entityParams,
  pageOf,
  recordSchema,
  suggestionSchema,
  type CatalogBase,
} from './schemas.ts';

/**
 * One route family for every catalog type (spec 001 §7), built once per base:
 * `/api/knowledge/{entity}/…` and `/api/mainData/{entity}/…`. Every route is
 * open to signed-in users; what each may do is the catalog engine's to say
 * (core/src/services/catalog/access.ts: the type's route and buttons, the
 * creator rules, the product types), so the API checks nothing twice.
 */

const FLOW = {
  apply: 'Apply for approval (0 → 1); opinion optional',
  audit: 'Audit (1 → 3); opinion required; needs the audit button',
  approve: 'Approve and release (3 → 2); a new version replaces the release before it; needs the approve button',
  reject: 'Reject back to the author (1 or 3 → 4); opinion required',
  withdraw: 'Withdraw an application (1 → 0); the applicant or an administrator',
} as const;

const IMPORT_DESCRIPTION =
  'Multipart: excelFile (xls or xlsx, at most IMPORT_MAX_MB, default 1 MB), importWayType, acceptUnmapped, goodRowsOnly. Headers in either language ' +
  '(the export’s or the template’s; the template’s description row is skipped). Every row is checked as the form checks it; a wrong row refuses the file ' +
  '(400 catalog.import_invalid, data.issues with rows), nothing written, unless goodRowsOnly is true. A column with data under no known header refuses ' +
  'the file (400 import.columns_unmapped, data.issues with the sheet, column letter and header) unless acceptUnmapped is true. The rows are checked ' +
  'even then: a file with both is refused once (400 catalog.import_refused, params.count wrong rows and params.columns columns; data.issues the columns ' +
  'first, without row, then the rows), so one answer tells which flags would import the rest. Custom fields (entity catalog) are columns after the ' +
  'record’s own, headed by either alias or the system name; a filled cell is checked as an edit checks it (issues under customFields.<systemName>) ' +
  'and saved with the record. Needs the import button. Progress goes to the caller’s ' +
  'sockets as receiveProgressInfo.';

export function catalogRoutes<const B extends CatalogBase>(base: B) {
  const { tag } = CATALOG_BASES[base];
  const params = entityParams(base);
  const Record = recordSchema(base);
  const at = <const P extends string>(op: P) => `/api/${base}/{entity}/${op}` as `/api/${B}/{entity}/${P}`;
  const flow = <const A extends keyof typeof FLOW>(action: A) =>
    defineRoute({ method: 'post', path: at(action), tag, summary: FLOW[action], access: 'user', request: { params, ...jsonBody(FlowBody) }, data: Record });

  return {
    list: defineRoute({
      method: 'post',
      path: at('list'),
      tag,
      summary: 'A page of the type’s records (each record’s present: its latest version and the version in preparation), newest change first',
      description: 'Needs the type’s route. Only records of the caller’s product types (or without one) are listed.',
      access: 'user',
      request: { params, ...jsonBody(ListBody) },
      data: pageOf(Record),
    }),
    get: defineRoute({
      method: 'get',
      path: at('get'),
      tag,
      summary: 'One version of a record',
      access: 'user',
      request: { params, query: IdQuery },
      data: Record,
    }),
    versions: defineRoute({
      method: 'get',
      path: at('versions'),
      tag,
      summary: 'Every live version of the record a version belongs to, oldest first',
      access: 'user',
      request: { params, query: IdQuery },
      data: z.strictObject({ items: z.array(Record) }),
    }),
    log: defineRoute({
      method: 'get',
      path: at('log'),
      tag,
      summary: 'The knowledge log of the type, or of one record (every version), newest first',
      access: 'user',
      request: { params, query: LogQuery },
      data: pageOf(LogRowSchema),
    }),
    saveOrUpdate: defineRoute({
      method: 'post',
      path: at('saveOrUpdate'),
      tag,
      summary: 'Create a record (without id) or change one (id and version)',
      description:
        'Create needs the add button; the number comes from the type’s rule unless typed where allowed. Change needs the edit button and the creator rule’s consent: ' +
        'a draft changes in place, a rejected record goes back to editing, a released one gets a new version (the answer, with its own id). serialNum is ignored on a change.',
      access: 'user',
      request: { params, ...jsonBody(SaveBody) },
      data: Record,
    }),
    remove: defineRoute({
      method: 'post',
      path: at('delete'),
      tag,
      summary: 'Delete a record version (the version in preparation alone, or the record with every version)',
      access: 'user',
      request: { params, ...jsonBody(DeleteBody) },
      data: z.strictObject({ deleted: z.number().int() }),
    }),
    apply: flow('apply'),
    audit: flow('audit'),
    approve: flow('approve'),
    reject: flow('reject'),
    withdraw: flow('withdraw'),
    search: defineRoute({
      method: 'post',
      path: at('search'),
      tag,
      summary: 'Released records for autocomplete (spec 001 §7): matching in either language, those starting with the text first, then the most cited',
      description: 'Any signed-in user; only records of the caller’s product types (or without one).',
      access: 'user',
      request: { params, ...jsonBody(SearchBody) },
      data: z.strictObject({ items: z.array(suggestionSchema(base)) }),
    }),
    exportData: asDownload(
      defineRoute({
        method: 'get',
        path: at('exportData'),
        tag,
        summary: 'Export the list filter’s records as an xlsx (headers in the reader’s language)',
        description: 'Needs the export button. scope=page exports the list page asked (page, limit). Custom fields (entity catalog) follow the record’s own columns, headed by their alias in the reader’s language (a choice as its dictionary code).',
        access: 'user',
        request: { params, query: ExportQuery },
        data: z.null(),
      }),
      'The spreadsheet',
    ),
    exportDescription: asDownload(
      defineRoute({
        method: 'get',
        path: at('exportDescription'),
        tag,
        summary: 'Export the import template: the headers in the reader’s language, under each the other language’s and what the column takes',
        access: 'user',
        request: { params, query: z.object({ timestamp: Timestamp }) },
        data: z.null(),
      }),
      'The template',
    ),
    importData: defineRoute({
      method: 'post',
      path: at('importData'),
      tag,
      summary: 'Import records from a spreadsheet (cover or de-duplicate)',
      description: IMPORT_DESCRIPTION,
      access: 'user',
      request: { params, body: { content: { 'multipart/form-data': { schema: ImportForm } }, required: true } },
      importSlot: true,
      data: ImportReportSchema,
    }),
    importDescription: defineRoute({
      method: 'post',
      path: at('importDescription'),
      tag,
      summary: 'Import a filled-in template (as importData)',
      description: IMPORT_DESCRIPTION,
      access: 'user',
      request: { params, body: { content: { 'multipart/form-data': { schema: ImportForm } }, required: true } },
      importSlot: true,
      data: ImportReportSchema,
    }),
  };
}

export type CatalogRoutes<B extends CatalogBase> = ReturnType<typeof catalogRoutes<B>>;
