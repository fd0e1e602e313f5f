import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectRefused, openTestApp, plainEngineer, reader, type TestApp } from '../../testing.ts';

/** A tiny translation provider on loopback: answers as LibreTranslate does, or fails as told by the text. */
let provider: Server;
let endpoint: string;
const received: unknown[] = [];
beforeAll(async () => {
  provider = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw) as { q: string; target: string };
    received.push(body);
    if (body.q === 'boom') return void res.writeHead(500).end('down');
    if (body.q === 'garbage') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('not json');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ translatedText: `[${body.target}] ${body.q}` }));
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/translate?key=secret`;
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

let api: TestApp;
let admin: string;
beforeEach(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
  received.length = 0;
});
afterEach(() => api.dispose());

const translate = (desc: string, token: string, lang = 'en-US', target?: string) =>
  api.call('GET', `/api/translation/translation?desc=${encodeURIComponent(desc)}${target ? `&target=${target}` : ''}&timestamp=1`, { token, lang });
const save = (body: unknown, token = admin, lang?: string) => api.call('POST', '/api/translation/saveSettings', { token, body, lang });

describe('the translation service: who may call it', () => {
  it('refuses the translation without a token (401) and the settings without the app manager (403)', async () => {
    const { token } = await plainEngineer(api);
    await expectRefused(api, { method: 'GET', path: '/api/translation/translation?desc=x' });
    await expectRefused(api, { method: 'GET', path: '/api/translation/settings' }, token);
    await expectRefused(api, { method: 'POST', path: '/api/translation/saveSettings', body: { enabled: false } }, token);
    const { token: readerToken } = await reader(api, 'system_app');
    expect((await api.call('GET', '/api/translation/settings', { token: readerToken })).status).toBe(200);
    expect((await save({ enabled: false }, readerToken)).status).toBe(403);
  });
});

describe('GET /api/translation/translation', () => {
  it('is off by default: refused with the spec’s message, nothing sent anywhere', async () => {
    const { token } = await plainEngineer(api);
    expect((await api.call('GET', '/api/translation/settings', { token: admin })).body.data).toEqual({ enabled: false, endpoint: null });
    const off = await translate('你好', token);
    expect(off.status).toBe(409);
    expect(off.body.meta.message).toMatch(/not switched on/);
    expect(received).toEqual([]);
  });

  it('translates through the administrator’s provider, into English by default', async () => {
    expect((await save({ enabled: true, endpoint })).body.data).toEqual({ enabled: true, endpoint });
    const { token } = await plainEngineer(api);
    const res = await translate('失效模式', token);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ result: '[en] 失效模式' });
    expect(received).toEqual([{ q: '失效模式', text: '失效模式', source: 'auto', target: 'en', locale: 'en-US' }]);
    expect((await translate('failure mode', token, 'en-US', 'zh-CN')).body.data).toEqual({ result: '[zh] failure mode' });
    // the key in the address stays out of the log
    const log = await api.call('POST', '/api/operationLog/list', { token: admin, body: { action: 'settings.translation', limit: 1 } });
    expect(JSON.stringify(log.body.data.items[0].after)).not.toContain('secret');
  });

  it('says the spec’s messages for an empty text and a failing provider, in both languages', async () => {
    await save({ enabled: true, endpoint });
    const { token } = await plainEngineer(api);
    const empty = await translate('  ', token);
    expect(empty.status).toBe(400);
    expect(empty.body.meta.message).toBe('The content to translate cannot be empty');
    expect((await translate('', token, 'zh-CN')).body.meta.message).toBe('翻译内容不能为空');
    for (const text of ['boom', 'garbage']) {
      const failed = await translate(text, token);
      expect(failed.status, text).toBe(409);
      expect(failed.body.meta.message).toBe('Translation went wrong; try again later');
    }
    expect((await translate('boom', token, 'zh-CN')).body.meta.message).toBe('翻译出错，请稍后重试');
    expect((await translate('x'.repeat(2001), token)).status).toBe(400);
  });
});

describe('POST /api/translation/saveSettings', () => {
  it('refuses to switch on without an http address, naming the field, and changes nothing', async () => {
    const bad = await save({ enabled: true, endpoint: 'file:///etc/passwd' }, admin, 'en-US');
    expect(bad.status).toBe(400);
    expect(bad.body.data.issues[0]).toMatchObject({ field: 'endpoint', message: expect.stringContaining('http or https') });
    expect((await save({ enabled: true }, admin)).status).toBe(400);
    expect((await api.call('GET', '/api/translation/settings', { token: admin })).body.data).toEqual({ enabled: false, endpoint: null });
  });
});

describe('the app info tells the workbench whether to offer "Translate"', () => {
  it('answers translation false by default and true once switched on, without the address', async () => {
    const info = async () => (await api.call('POST', '/api/replaceLogo/getInfoByClient', { body: {} })).body.data;
    expect((await info()).translation).toBe(false);
    expect((await save({ enabled: true, endpoint })).status).toBe(200);
    const after = await info();
    expect(after.translation).toBe(true);
    expect(JSON.stringify(after)).not.toContain('secret');
  });
});
