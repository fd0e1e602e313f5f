import type { ApiRoutes } from '@fmea/api/routes';
import { http } from './client.ts';

/**
 * The typed API client (the SDK's `api`): every call names its route by the
 * path the route definition declares, and its request and answer are typed
 * from that definition's zod schemas (z.input for path parameters, query and
 * body, z.output for the answer's data). A path the API does not define, a
 * body field it does not take or a missing required one does not compile.
 *
 * `ApiRoutes` comes from the api package as a type only (`import type`), so
 * neither zod nor any server code reaches the browser bundle. Every call goes
 * through the transport (`client.ts`): the envelope, ApiError with the
 * domain's error code, the session headers, abort signals, uploads and
 * downloads behave as they always did.
 */

/** Every path the API defines. */
export type ApiPath = keyof ApiRoutes;
type PathOf<M extends 'get' | 'post'> = { [P in ApiPath]: ApiRoutes[P]['method'] extends M ? P : never }[ApiPath];
/** Paths read with GET. */
export type GetPath = PathOf<'get'>;
/** Paths that take a multipart upload. */
export type UploadPath = { [P in PathOf<'post'>]: ApiRoutes[P]['form'] extends undefined ? never : P }[PathOf<'post'>];
/** Paths written with a JSON body (or none). */
export type PostPath = Exclude<PathOf<'post'>, UploadPath>;

type Part<T> = T extends undefined ? {} : T;
/** What a route reads from its URL: its path parameters and its query, in one object (z.input); no field at all for a route that reads none. */
export type ApiQuery<P extends ApiPath> = ApiRoutes[P]['params'] extends undefined
  ? ApiRoutes[P]['query'] extends undefined
    ? Record<string, never>
    : Part<ApiRoutes[P]['query']>
  : Part<ApiRoutes[P]['params']> & Part<ApiRoutes[P]['query']>;
/** The JSON body of a POST route (z.input). */
export type ApiBody<P extends PostPath> = ApiRoutes[P]['json'];
/** The multipart form of an upload route (z.input): File parts and text fields. */
export type ApiForm<P extends UploadPath> = Exclude<ApiRoutes[P]['form'], undefined>;
/** The data of the route's answer (z.output of its schema); a Blob for routes that answer a file. */
export type ApiData<P extends ApiPath> = ApiRoutes[P]['data'];

export interface CallOptions {
  /** Cancels a request whose answer is no longer wanted (e.g. a superseded search). */
  signal?: AbortSignal;
}

/** The arguments after the path: the input may be left out when every field of it is optional. */
type QueryArgs<P extends ApiPath> = {} extends ApiQuery<P> ? [input?: ApiQuery<P>, options?: CallOptions] : [input: ApiQuery<P>, options?: CallOptions];
type Params<P extends ApiPath> = Exclude<ApiRoutes[P]['params'], undefined>;
type JsonPart<P extends PostPath> = ApiBody<P> extends undefined ? { json?: undefined } : {} extends ApiBody<P> ? { json?: ApiBody<P> } : { json: ApiBody<P> };
/** A POST route with path parameters (`/api/knowledge/{entity}/list`) takes them beside its body: `{ params, json }`. */
type BodyArgs<P extends PostPath> = ApiRoutes[P]['params'] extends undefined
  ? ApiBody<P> extends undefined
    ? []
    : {} extends ApiBody<P>
      ? [body?: ApiBody<P>]
      : [body: ApiBody<P>]
  : [input: { params: Params<P> } & JsonPart<P>];
/** An upload route with path parameters takes them beside its form: `{ params, form }`. */
type UploadArgs<P extends UploadPath> = ApiRoutes[P]['params'] extends undefined ? [form: ApiForm<P>] : [input: { params: Params<P>; form: ApiForm<P> }];

/** Whether the path names parameters, so the call's argument is `{ params, json | form }`. */
const hasParams = (path: string) => path.includes('{');

/** `{name}` segments of the path are filled from the input (encoded); the rest of the input is the query. */
export function fillPath(path: string, input: Record<string, unknown> = {}): { url: string; query: Record<string, unknown> } {
  const query = { ...input };
  const url = path.replace(/\{([^}]+)\}/g, (_segment, name: string) => {
    const value = query[name];
    delete query[name];
    if (value === undefined || value === null || value === '') throw new Error(`${path}: path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  return { url, query };
}

export const api = {
  /** GET a route: `input` holds its path parameters and query. */
  get<P extends GetPath>(path: P, ...[input, options]: QueryArgs<P>): Promise<ApiData<P>> {
    const { url, query } = fillPath(path, input as Record<string, unknown> | undefined);
    return http.get<ApiData<P>>(url, query, options);
  },
  /** POST a route's JSON body (an empty object when the route takes none or all of it is optional); `{ params, json }` for a path with parameters. */
  post<P extends PostPath>(path: P, ...body: BodyArgs<P>): Promise<ApiData<P>> {
    if (!hasParams(path)) return http.post<ApiData<P>>(path, body[0] ?? {});
    const { params, json } = body[0] as { params: Record<string, unknown>; json?: unknown };
    return http.post<ApiData<P>>(fillPath(path, params).url, json ?? {});
  },
  /** Upload a route's multipart form: File parts under their names, the other fields as text; `{ params, form }` for a path with parameters. */
  upload<P extends UploadPath>(path: P, ...[input]: UploadArgs<P>): Promise<ApiData<P>> {
    type Parts = Parameters<typeof http.upload>[1];
    if (!hasParams(path)) return http.upload<ApiData<P>>(path, input as Parts);
    const { params, form } = input as { params: Record<string, unknown>; form: Parts };
    return http.upload<ApiData<P>>(fillPath(path, params).url, form);
  },
  /** Download what a GET route answers and hand it to the browser under `fileName`. */
  download<P extends GetPath>(path: P, fileName: string, ...[input]: QueryArgs<P>): Promise<void> {
    const { url, query } = fillPath(path, input as Record<string, unknown> | undefined);
    return http.download(url, fileName, query);
  },
  /**
   * The URL of a GET route for the browser to load itself (an `<img src>`),
   * with its parameters; the session cookie authenticates it.
   */
  href<P extends GetPath>(path: P, ...[input]: QueryArgs<P>): string {
    const { url, query } = fillPath(path, input as Record<string, unknown> | undefined);
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
    const search = params.toString();
    return search ? `${url}?${search}` : url;
  },
};

export type TypedApi = typeof api;
