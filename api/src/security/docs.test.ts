import { afterAll, describe, expect, it } from 'vitest';
import { renderReference } from '../docs/reference.ts';
import { openTestApp } from '../testing.ts';
import { operationsOf } from './support.ts';

const api = await openTestApp();
const { doc, operations } = await operationsOf(api);
afterAll(() => api.dispose());

/** Routes outside the document: the socket upgrade, the documents themselves, and the SSO provider's redirect back (a browser's, described under /api/ssoLogin). */
const UNDOCUMENTED = new Set(['GET /api/ws', 'GET /api/openapi.json', 'GET /api/docs', 'GET /api/sso/callback']);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'cookie', 'token']);
  });

  it('documents every API route the app serves, and nothing it does not', () => {
    const served = new Set(
      api.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.includes('*'))
        .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    );
    const documented = new Set(operations.map((op) => op.label));
    const missing = [...served].filter((route) => !documented.has(route) && !UNDOCUMENTED.has(route));
    expect(missing).toEqual([]);
    const phantom = [...documented].filter((route) => !served.has(route));
    expect(phantom).toEqual([]);
  });

  it('says for every secured operation how to send the token, and for public ones that none is needed', () => {
    for (const op of operations) {
      const { security, 'x-writes': writes } = doc.paths[op.path][op.method.toLowerCase()];
      if (op.access === 'public') expect(security, op.label).toEqual([]);
      // a GET that changes something takes the token in a header only (never the cookie alone)
      else if (writes) expect(security, op.label).toEqual([{ token: [] }, { bearer: [] }]);
      else expect(security, op.label).toEqual([{ token: [] }, { bearer: [] }, { cookie: [] }]);
    }
    const writingGets = operations.filter((op) => doc.paths[op.path][op.method.toLowerCase()]['x-writes']).map((op) => op.label);
    expect(writingGets).toEqual(['GET /api/message/agreeApplication', 'GET /api/message/disagreeApplication']);
  });
});

describe('operationId', () => {
  const ids = operations.map((op) => [op.label, doc.paths[op.path][op.method.toLowerCase()].operationId as unknown] as const);

  it('names every operation with a readable identifier, each once', () => {
    for (const [label, id] of ids) expect(id, label).toMatch(/^[a-z][A-Za-z0-9]*$/);
    const seen = new Map<unknown, string>();
    const repeated = ids.filter(([label, id]) => seen.has(id) || !seen.set(id, label)).map(([label, id]) => `${label}: ${String(id)} (also ${seen.get(id)})`);
    expect(repeated).toEqual([]);
  });

  it('derives each from the path, so a generated client keeps its method names from one release to the next', () => {
    const idOf = (label: string) => ids.find(([l]) => l === label)?.[1];
    expect(idOf('GET /api/health')).toBe('health');
    expect(idOf('POST /api/login')).toBe('login');
    expect(idOf('GET /api/message/agreeApplication')).toBe('messageAgreeApplication');
    expect(idOf('POST /api/knowledge/{entity}/list')).toBe('knowledgeList');
    expect(idOf('GET /api/mainData/{entity}/exportData')).toBe('mainDataExportData');
    expect(idOf('POST /api/project/review/submit')).toBe('projectReviewSubmit');
    expect(idOf('GET /api/siteUser/selectSiteUsers/{from}/{pageSize}/{siteId}')).toBe('siteUserSelectSiteUsers');
    expect(idOf('GET /api/siteUser/selectSiteUsers/{from}/{pageSize}/{siteId}/{searchKey}')).toBe('siteUserSelectSiteUsersBySearchKey');
    expect(idOf('GET /api/knowledge/featureClassify/getFeatureClassifyByCustomer/{type}/{projectSerial}')).toBe('knowledgeFeatureClassifyGetFeatureClassifyByCustomer');
  });
});

describe('GET /api/docs', () => {
  it('is an HTML page listing every path, escaped, without any script', async () => {
    const res = await api.app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    for (const op of operations) expect(html, op.label).toContain(`<code>${escapeHtml(op.path)}</code>`);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/ on[a-z]+=/i);
  });

  it('escapes hostile text from the document', () => {
    const hostile = '<script>alert(1)</script>';
    const html = renderReference({
      info: { title: hostile, version: '"><img src=x onerror=alert(1)>', description: hostile },
      paths: {
        [`/api/x${hostile}`]: {
          get: { tags: [hostile], summary: hostile, description: hostile, 'x-access': { route: hostile }, parameters: [{ name: hostile, in: 'query', schema: { type: 'string' } }] },
        },
      },
      components: { schemas: {} },
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
