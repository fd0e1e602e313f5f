import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { ActionStatus, AnyControlKind } from '@fmea/core/domain';
// the route definitions themselves, to check what the client sends against the schemas the server validates with (tests only: the app imports types)
import { ROUTE_MODULES, type DefinedRoute } from '@fmea/api/routes';
import { api, type ApiBody, type ApiData, type ApiQuery } from './typed-client.ts';

interface Sent {
  url: URL;
  method: string;
  body: BodyInit | null | undefined;
}

/** Answers every call with `data` in the envelope and keeps what was sent. */
function answer(data: unknown = null): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      sent.push({ url: new URL(input, 'http://localhost'), method: init.method ?? 'GET', body: init.body });
      return new Response(JSON.stringify({ meta: { success: true, code: 200, message: '' }, data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const routes = Object.values(ROUTE_MODULES).flatMap((module) => Object.values(module as Record<string, unknown>)) as DefinedRoute[];
/** The route the server registers under `path`, with the zod schemas it validates requests with. */
function route(path: string) {
  const found = routes.find((r) => typeof r === 'object' && r !== null && r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found as DefinedRoute & {
    request?: { query?: ZodLike; params?: ZodLike; body?: { content: Record<string, { schema: ZodLike }> } };
  };
}
interface ZodLike {
  safeParse(value: unknown): { success: boolean; error?: unknown };
}
const queryOf = (sent: Sent) => Object.fromEntries(sent.url.searchParams);

describe('the typed API client', () => {
  it('sends a GET route’s query as its schema reads it, with the timestamp', async () => {
    const sent = answer({ nodes: [], functions: [], functionLinks: [], characteristics: [], failures: [], failureLinks: [], controls: [] });
    const analysis = await api.get('/api/fmea/analysis', { projectId: 'p-1', nodeId: 'n-1' });
    expect(analysis.failures).toEqual([]);
    expect(sent[0]!.method).toBe('GET');
    expect(sent[0]!.url.pathname).toBe('/api/fmea/analysis');
    expect(queryOf(sent[0]!)).toMatchObject({ projectId: 'p-1', nodeId: 'n-1' });
    expect(route('/api/fmea/analysis').request!.query!.safeParse(queryOf(sent[0]!)).success).toBe(true);
  });

  it('fills path parameters into the path (encoded) and sends the rest as the query', async () => {
    const sent = answer({ items: [], total: 0, from: 0, pageSize: 10 });
    await api.get('/api/siteUser/selectSiteUsers/{from}/{pageSize}/{siteId}/{searchKey}', { from: 20, pageSize: 10, siteId: 'site 1', searchKey: 'a/b' });
    expect(sent[0]!.url.pathname).toBe('/api/siteUser/selectSiteUsers/20/10/site%201/a%2Fb');
    expect(Object.keys(queryOf(sent[0]!))).toEqual(['timestamp']);
    const params = { from: '20', pageSize: '10', siteId: 'site 1', searchKey: 'a/b' };
    expect(route('/api/siteUser/selectSiteUsers/{from}/{pageSize}/{siteId}/{searchKey}').request!.params!.safeParse(params).success).toBe(true);
  });

  it('posts a JSON body that the route’s schema accepts', async () => {
    const sent = answer({ id: 'c-1', version: 1, sort: 1, causeId: 'fc-1', kind: 'prevention', description: 'Design review' });
    const control = await api.post('/api/fmea/addControl', { causeId: 'fc-1', kind: 'prevention', description: 'Design review' });
    expect(control.kind).toBe('prevention');
    expect(sent[0]!.method).toBe('POST');
    const body = JSON.parse(String(sent[0]!.body)) as unknown;
    expect(body).toEqual({ causeId: 'fc-1', kind: 'prevention', description: 'Design review' });
    expect(route('/api/fmea/addControl').request!.body!.content['application/json']!.schema.safeParse(body).success).toBe(true);
  });

  it('posts an empty object to a route that takes no body', async () => {
    const sent = answer(null);
    await api.post('/api/logout');
    expect(String(sent[0]!.body)).toBe('{}');
  });

  it('uploads a multipart form: the file under its part’s name, the other fields as text', async () => {
    const sent = answer({ fileName: 'f-1', originalName: 'a.pdf', kind: 'attachment', size: 3, mime: 'application/pdf', url: '/x' });
    const file = new File(['abc'], 'a.pdf', { type: 'application/pdf' });
    const saved = await api.upload('/api/fileOperate/uploadSingleFile', { file, kind: 'attachment' });
    expect(saved.fileName).toBe('f-1');
    const form = sent[0]!.body as FormData;
    expect((form.get('file') as File).name).toBe('a.pdf');
    expect(form.get('kind')).toBe('attachment');
    expect(route('/api/fileOperate/uploadSingleFile').request!.body!.content['multipart/form-data']!.schema.safeParse({ file: form.get('file'), kind: form.get('kind') }).success).toBe(true);
  });

  it('posts to a path with parameters: `{ params, json }` fills the path and sends the body', async () => {
    const sent = answer({ items: [], total: 0, page: 1, limit: 10 });
    await api.post('/api/knowledge/{entity}/list', { params: { entity: 'occMeasure' }, json: { page: 2, limit: 20, search: 'seal' } });
    expect(sent[0]!.url.pathname).toBe('/api/knowledge/occMeasure/list');
    const body = JSON.parse(String(sent[0]!.body)) as unknown;
    expect(body).toEqual({ page: 2, limit: 20, search: 'seal' });
    const listRoute = route('/api/knowledge/{entity}/list');
    expect(listRoute.request!.params!.safeParse({ entity: 'occMeasure' }).success).toBe(true);
    expect(listRoute.request!.body!.content['application/json']!.schema.safeParse(body).success).toBe(true);
    // @ts-expect-error the parameters go beside the body, not in it (compiled, never called)
    const wrong = () => api.post('/api/knowledge/{entity}/list', { entity: 'occMeasure', page: 1 });
    expect(typeof wrong).toBe('function');
  });

  it('uploads to a path with parameters: `{ params, form }`', async () => {
    const sent = answer({ created: 0, updated: 0, versioned: 0, skipped: 0, rowErrors: [], unmappedColumns: [] });
    const excelFile = new File(['x'], 'p.xlsx');
    await api.upload('/api/mainData/{entity}/importData', { params: { entity: 'product' }, form: { excelFile, importWayType: 'cover' } });
    expect(sent[0]!.url.pathname).toBe('/api/mainData/product/importData');
    const form = sent[0]!.body as FormData;
    expect((form.get('excelFile') as File).name).toBe('p.xlsx');
    expect(form.get('importWayType')).toBe('cover');
  });

  it('builds the URL of a GET route for the browser to load itself', () => {
    expect(api.href('/api/fileOperate/downloadFile', { fileName: 'a b' })).toBe('/api/fileOperate/downloadFile?fileName=a+b');
  });

  it('types requests and answers from the route definitions', () => {
    expectTypeOf<ApiData<'/api/fmea/actions'>[number]['status']>().toEqualTypeOf<ActionStatus>();
    expectTypeOf<ApiBody<'/api/fmea/addControl'>['kind']>().toEqualTypeOf<AnyControlKind>();
    expectTypeOf<ApiQuery<'/api/fmea/analysis'>>().toHaveProperty('projectId').toEqualTypeOf<string>();
    // a date in the schema arrives as the string JSON makes of it
    expectTypeOf<ApiData<'/api/online/list'>[number]['since']>().toEqualTypeOf<string>();
  });

  it('refuses, at compile time, a path, a method, a field or a value the route does not define', () => {
    answer(null);
    // type checks only (tsc -p workbench reads these lines); the calls are never made
    const never = false as boolean;
    if (never) {
      // @ts-expect-error a path the API does not define
      void api.get('/api/fmea/analysys', { projectId: 'p-1' });
      // @ts-expect-error a POST route read with GET
      void api.get('/api/fmea/addControl');
      // @ts-expect-error a required query field left out
      void api.get('/api/fmea/analysis', {});
      // @ts-expect-error a query field the route does not read
      void api.get('/api/fmea/analysis', { projectId: 'p-1', projectID: 'p-1' });
      // @ts-expect-error a body field misspelt
      void api.post('/api/fmea/addControl', { causeId: 'fc-1', kind: 'prevention', descripton: 'x' });
      // @ts-expect-error a value outside the route's enum
      void api.post('/api/fmea/addControl', { causeId: 'fc-1', kind: 'mitigation', description: 'x' });
      // @ts-expect-error an upload route posted as JSON
      void api.post('/api/fileOperate/uploadSingleFile', {});
      // @ts-expect-error a field the answer does not have
      void api.get('/api/user/list').then((users) => users[0]?.fullName);
    }
  });
});
