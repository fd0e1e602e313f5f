import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callAs, caller, expectRefused, ftaApp, ftaSetup, openTestApp, upload, type TestApp } from '../../testing.ts';

const ARALIA = new URL('../../../../../shared/reference/fta-aralia/', import.meta.url);
const chinese = readFileSync(new URL('chinese.xml', ARALIA));

let api: TestApp;
let s: Awaited<ReturnType<typeof ftaApp>>['s'];

beforeEach(async () => {
  ({ api, s } = await ftaApp());
});
afterEach(() => api.dispose());

const importCall = (name = 'chinese.xml', content: Uint8Array | string = chinese) => ({ method: 'POST' as const, path: '/api/fta/import', raw: upload('file', name, content) });

describe('POST /api/fta/import', () => {
  it('stores the model as a new tree and answers its number', async () => {
    const res = await callAs(api, importCall(), s.team.editor.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ trees: [{ id: expect.any(String), ftaNum: 'FT2603010001', name: 'chinese' }] });
    expect(await caller(api, s.team.reader).ok('GET', '/api/fta/get?id=FT2603010001')).toMatchObject({ gateCount: 36, basicEventCount: 25 });
  });

  it('refuses without a token (401), without the import button (403), with no file, another file type or an unreadable model (400), in words', async () => {
    await expectRefused(api, importCall(), s.team.reader.token);
    const none = await api.call('POST', '/api/fta/import', { token: s.team.editor.token, raw: new FormData(), lang: 'en-US' });
    expect(none.status).toBe(400);
    const txt = await api.call('POST', '/api/fta/import', { token: s.team.editor.token, raw: upload('file', 'notes.txt', 'x'), lang: 'en-US' });
    expect([txt.status, txt.body.meta.message]).toEqual([400, 'notes.txt is not an Open-PSA MEF file (.xml)']);
    const broken = await api.call('POST', '/api/fta/import', { token: s.team.editor.token, raw: upload('file', 'loop.xml', '<opsa-mef><define-fault-tree name="x"/></opsa-mef>'), lang: 'zh-CN' });
    expect([broken.status, broken.body.meta.message]).toEqual([400, 'loop.xml 不是可读取的 Open-PSA MEF 故障树模型']);
    expect((await caller(api, s.team.reader).ok('POST', '/api/fta/list', {})).total).toBe(0);
  });

  it('refuses a file above the import limit', async () => {
    const small = await openTestApp({ importLimitBytes: 4096 });
    try {
      const { team } = await ftaSetup(small);
      const res = await callAs(small, importCall(), team.editor.token, 'en-US');
      expect([res.status, res.body.meta.message]).toEqual([400, 'The file exceeds the size limit (4KB)']);
    } finally {
      await small.dispose();
    }
  });
});

describe('GET /api/fta/export', () => {
  it('downloads the tree as MEF XML that imports back to the same document', async () => {
    await callAs(api, importCall(), s.team.editor.token);
    await expectRefused(api, { method: 'GET', path: '/api/fta/export?id=FT2603010001' }, s.team.reader.token);
    const res = await api.app.request('/api/fta/export?id=FT2603010001', { headers: { token: s.team.editor.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('FT2603010001.xml');
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<opsa-mef>/);
    const again = await callAs(api, importCall('FT2603010001.xml', xml), s.team.editor.token);
    const [first, second] = await Promise.all(['FT2603010001', again.body.data.trees[0].ftaNum].map((n) => caller(api, s.team.reader).ok('GET', `/api/fta/get?id=${n}`)));
    expect(second.document).toEqual(first.document);
    const missing = await caller(api, s.team.editor, 'en-US').get('/api/fta/export?id=FT0');
    expect(missing.status).toBe(404);
    expect((await caller(api, s.team.editor).get('/api/fta/export')).status).toBe(400);
  });
});
