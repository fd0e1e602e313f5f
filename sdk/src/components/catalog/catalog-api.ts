import { catalogEntity, type CatalogTypeDefinition } from '@fmea/core/domain';
import { api, type ApiBody, type ApiData, type ApiForm, type ApiQuery } from '../../api/typed-client.ts';

/**
 * The catalog routes of one type (api/src/routes/catalog): the knowledge
 * base serves `/api/knowledge/{entity}/…`, master data `/api/mainData/{entity}/…`.
 * Both bases take and answer the same shapes (only the closed list of field
 * keys differs), so the calls are typed by the knowledge base's routes and
 * the values read as a record of field keys.
 */
type Op = 'list' | 'get' | 'versions' | 'log' | 'saveOrUpdate' | 'validate' | 'delete' | 'apply' | 'audit' | 'approve' | 'reject' | 'withdraw' | 'exportData' | 'exportDescription' | 'importData';
type Path<O extends Op> = `/api/knowledge/{entity}/${O}`;

/** A field's value as the API carries it. */
export type CatalogFieldValue = string | number | string[] | null;
type Answered = ApiData<Path<'get'>>;
/** One version of a record, as the list, get and versions answer it. */
export type CatalogRow = Omit<Answered, 'values'> & { values: Readonly<Record<string, CatalogFieldValue | undefined>> };
export type CatalogListBody = NonNullable<ApiBody<Path<'list'>>>;
export type CatalogLogRow = ApiData<Path<'log'>>['items'][number];
export type CatalogImportReport = ApiData<Path<'importData'>>;
export type CatalogExportQuery = Omit<ApiQuery<Path<'exportData'>>, 'entity'>;
export type CatalogFlowAction = 'apply' | 'audit' | 'approve' | 'reject' | 'withdraw';
export type CatalogSaveBody = NonNullable<ApiBody<Path<'saveOrUpdate'>>>;
export type CatalogValidateBody = NonNullable<ApiBody<Path<'validate'>>>;

interface Page<T> {
  items: T[];
  total: number;
}

/** The calls of one catalog type, its base and entity filled in. */
export function catalogApi(type: CatalogTypeDefinition) {
  const base = type.area === 'masterData' ? 'mainData' : 'knowledge';
  // the entity is the type's, checked by the route's enum; the path is the type's base
  const params = { entity: catalogEntity(type) } as { entity: never };
  const path = <O extends Op>(op: O) => `/api/${base}/{entity}/${op}` as Path<O>;
  const flow = (action: CatalogFlowAction, row: Pick<CatalogRow, 'id' | 'version'>, opinion?: string) =>
    api.post(path(action), { params, json: { id: row.id, version: row.version, opinion: opinion?.trim() || null } }) as Promise<CatalogRow>;
  return {
    list: (body: CatalogListBody) => api.post(path('list'), { params, json: body }) as Promise<Page<CatalogRow>>,
    get: (id: string) => api.get(path('get'), { ...params, id }) as Promise<CatalogRow>,
    versions: (id: string) => api.get(path('versions'), { ...params, id }).then((d) => d.items as CatalogRow[]),
    log: (id: string, page = 1, limit = 50) => api.get(path('log'), { ...params, id, page, limit }),
    save: (body: CatalogSaveBody) => api.post(path('saveOrUpdate'), { params, json: body }) as Promise<CatalogRow>,
    /** Whether saving would refuse a value (its field's checks and the unique rules it takes part in), asked before saving. */
    validate: (body: CatalogValidateBody) => api.post(path('validate'), { params, json: body }),
    remove: (row: Pick<CatalogRow, 'id' | 'version'>) => api.post(path('delete'), { params, json: { id: row.id, version: row.version } }),
    flow,
    exportData: (fileName: string, query: CatalogExportQuery) => api.download(path('exportData'), fileName, { ...params, ...query }),
    template: (fileName: string) => api.download(path('exportDescription'), fileName, { ...params }),
    importData: (form: ApiForm<Path<'importData'>>) => api.upload(path('importData'), { params, form }),
  };
}

export type CatalogApi = ReturnType<typeof catalogApi>;
