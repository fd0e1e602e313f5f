import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@fmea/core';
import { JSON_BODY_LIMIT } from '../app.ts';
import { openTestApp } from '../testing.ts';
import { expectEnvelope, operationsOf, request, urlOf } from './support.ts';

const api = await openTestApp();
const { operations } = await operationsOf(api);
afterAll(() => api.dispose());

let admin: string;
beforeAll(async () => {
  admin = await api.adminToken();
});

const json = { 'content-type': 'application/json' };
const jsonOps = operations.filter((op) => op.bodyTypes.includes('application/json'));

describe('malformed JSON', () => {
  it('answers 400 request.malformed in both languages', async () => {
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const res = await request(api, 'POST', '/api/login', { headers: json, body: '{"username": "admin", "password": ', lang });
      expectEnvelope(res, 400, translate(lang, 'request.malformed'));
      expect(res.json.data).toEqual({ code: 'invalid_input', messageKey: 'request.malformed', params: {}, issues: [] });
    }
  });

  it.each(jsonOps.map((op) => [op.label, op] as const))('%s answers 400 request.malformed to broken JSON', async (_label, op) => {
    for (const body of ['{', '{"a":}', "{'single': 'quotes'}", '\u0000\u0001', '{"a":1}}']) {
      const res = await request(api, op.method, urlOf(op), { token: admin, headers: json, body });
      expectEnvelope(res, 400);
      expect(res.json.data).toMatchObject({ code: 'invalid_input', messageKey: 'request.malformed' });
    }
  });
});

describe('body size', () => {
  const over = `{"username":"${'a'.repeat(JSON_BODY_LIMIT)}","password":"x"}`;

  it('refuses a JSON body over 1 MB with 413, whether it announces its length or not', async () => {
    const announced = await request(api, 'POST', '/api/login', { headers: { ...json, 'content-length': String(over.length) }, body: over });
    expectEnvelope(announced, 413, translate('en-US', 'request.too_large'));
    expect(announced.json.data).toMatchObject({ code: 'invalid_input', messageKey: 'request.too_large' });
    const bytes = new TextEncoder().encode(over);
    const streamed = await api.app.request('/api/login', {
      method: 'POST',
      headers: { ...json, lang: 'en-US' },
      body: new ReadableStream({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 64 * 1024) controller.enqueue(bytes.subarray(at, at + 64 * 1024));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as { meta: unknown }).meta).toMatchObject({ success: false, code: 413, message: 'The request body exceeds the size limit' });
  });

  it('refuses it on signed-in routes too, before anything is read into a handler', async () => {
    const res = await request(api, 'POST', '/api/user/sysUserList', { token: admin, headers: json, body: `{"searchKey":"${'x'.repeat(JSON_BODY_LIMIT)}"}` });
    expectEnvelope(res, 413);
  });

  it('accepts a body of exactly 1 MB as far as size goes (the field itself is then too long)', async () => {
    const head = '{"username":"';
    const tail = '","password":"x"}';
    const exact = head + 'a'.repeat(JSON_BODY_LIMIT - head.length - tail.length) + tail;
    expect(exact.length).toBe(JSON_BODY_LIMIT);
    const res = await request(api, 'POST', '/api/login', { headers: json, body: exact });
    expectEnvelope(res, 400);
    expect(res.json.data.issues.map((i: { field: string }) => i.field)).toEqual(['username']);
  });

  it('does not let a multipart content type smuggle a large body into a JSON route', async () => {
    const res = await request(api, 'POST', '/api/login', { headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: 'x'.repeat(2 * JSON_BODY_LIMIT) });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.json.meta.success).toBe(false);
  });
});

describe('wrong types', () => {
  it('lists every wrong field, translated', async () => {
    const res = await request(api, 'POST', '/api/login', { headers: json, body: JSON.stringify({ username: 5, password: ['x'], forceLogin: 'yes', siteId: {} }) });
    expectEnvelope(res, 400);
    expect(res.json.data.code).toBe('invalid_input');
    const fields = res.json.data.issues.map((i: { field: string }) => i.field).sort();
    expect(fields).toEqual(['forceLogin', 'password', 'siteId', 'username']);
    // each named by its label, saying what is wrong
    expect(res.json.meta.message.split('\n').slice(1)).toEqual(['User name must be text', 'Password must be text', 'Site must be text', 'Forced sign-in must be true or false']);
    const zh = await request(api, 'POST', '/api/login', { headers: json, body: JSON.stringify({ username: 5, password: 'x' }), lang: 'zh-CN' });
    expect(zh.json.meta.message.split('\n')[0]).toBe(translate('zh-CN', 'request.invalid'));
  });

  it('checks signed-in bodies and query strings the same way', async () => {
    const body = await request(api, 'POST', '/api/removeLoginUser', { token: admin, headers: json, body: JSON.stringify({ userId: 123 }) });
    expectEnvelope(body, 400);
    expect(body.json.data.issues.map((i: { field: string }) => i.field)).toEqual(['userId']);
    const query = await request(api, 'GET', '/api/notice/list?page=abc&limit=-1', { token: admin });
    expectEnvelope(query, 400);
    expect(query.json.data.issues.map((i: { field: string }) => i.field).sort()).toEqual(['limit', 'page']);
  });

  it('answers a body that is JSON but not an object with 400', async () => {
    for (const body of ['null', '[]', '"admin"', '42', 'true']) {
      const res = await request(api, 'POST', '/api/login', { headers: json, body });
      expectEnvelope(res, 400);
    }
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['GET', '/api/user/info/extra'],
    ['PUT', '/api/user/info'],
    ['DELETE', '/api/login'],
    ['GET', '/api/fileOperate/../../etc/passwd'],
    ['GET', '/api'],
  ])('%s %s answers the 404 envelope', async (method, path) => {
    const res = await request(api, method, path, { token: admin });
    expectEnvelope(res, 404, translate('en-US', 'request.route_not_found'));
  });
});

describe('the timestamp query parameter', () => {
  const reads = operations.filter((op) => op.method === 'GET');
  it.each(reads.map((op) => [op.label, op] as const))('%s answers the same with ?timestamp=…', async (_label, op) => {
    const plain = await request(api, 'GET', urlOf(op), { token: admin });
    const stamped = await request(api, 'GET', urlOf(op, { timestamp: String(Date.now()) }), { token: admin });
    expect(stamped.status).toBe(plain.status);
    expect(stamped.status).toBeLessThan(500);
    const fields = (stamped.json?.data?.issues ?? []).map((i: { field?: string }) => i.field);
    expect(fields).not.toContain('timestamp');
  });

  it.each(jsonOps.map((op) => [op.label, op] as const))('%s does not object to ?timestamp=…', async (_label, op) => {
    // a JSON body that is not an object: refused by the body schema, so nothing runs
    const res = await request(api, op.method, urlOf(op, { timestamp: '1718000000000' }), { token: admin, headers: json, body: '"not an object"' });
    expectEnvelope(res, 400);
    expect(res.json.data.issues.map((i: { field?: string }) => i.field)).not.toContain('timestamp');
  });
});

describe('hostile strings', () => {
  const sql = "Robert'); DROP TABLE notice;-- ' OR '1'='1";
  const script = '<script>alert(document.cookie)</script><img src=x onerror="alert(1)">{{constructor.constructor(\'alert(1)\')()}}';

  it('stores SQL- and script-like text verbatim and returns it as JSON, never as markup', async () => {
    const saved = await request(api, 'POST', '/api/notice/saveOrUpdate', { token: admin, headers: json, body: JSON.stringify({ title: sql, content: script }) });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('content-type')).toMatch(/^application\/json/);
    expect(saved.json.data).toMatchObject({ title: sql, content: script });
    const list = await request(api, 'GET', '/api/notice/list?limit=50', { token: admin });
    expect(list.json.data.items.find((n: { id: string }) => n.id === saved.json.data.id)).toMatchObject({ title: sql, content: script });
    // the table is still there and still works
    const again = await request(api, 'POST', '/api/notice/saveOrUpdate', { token: admin, headers: json, body: JSON.stringify({ title: 'plain' }) });
    expect(again.status).toBe(200);
  });

  it('keeps an uploaded file’s hostile name as data only', async () => {
    const name = `x'); DROP TABLE file;-- ${script.replace(/[\\/]/g, '')}.pdf`;
    const form = new FormData();
    form.append('file', new File([new TextEncoder().encode('%PDF-1.7\n%%EOF\n')], name));
    const res = await request(api, 'POST', '/api/fileOperate/uploadSingleFile', { token: admin, body: form });
    expect(res.status).toBe(200);
    expect(res.json.data.originalName).toBe(name);
    const download = await api.app.request(res.json.data.url, { headers: { token: admin } });
    // one quoted ASCII fallback without quotes, backslashes or line breaks, then the percent-encoded exact name
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"\\\r\n]*"; filename\*=UTF-8''[A-Za-z0-9%._~!-]+$/);
    expect(decodeURIComponent(download.headers.get('content-disposition')!.split("UTF-8''")[1]!)).toBe(name);
    expect(download.headers.get('content-type')).toBe('application/pdf');
  });

  it.each(["admin' --", "' OR '1'='1", 'admin"; --', '%', '_'])('does not sign in the user name %j', async (username) => {
    const res = await request(api, 'POST', '/api/login', { headers: json, body: JSON.stringify({ username, password: "' OR '1'='1" }) });
    expect(res.status).toBe(400);
    expect(res.json.data?.token).toBeUndefined();
  });

  it('takes LIKE wildcards literally in searches', async () => {
    const all = await request(api, 'GET', '/api/user/list', { token: admin });
    const percent = await request(api, 'GET', '/api/user/list?searchKey=%25', { token: admin });
    expect(all.status).toBe(200);
    expect(percent.status).toBe(200);
    expect(JSON.stringify(percent.json.data)).not.toContain('"admin"');
  });
});
