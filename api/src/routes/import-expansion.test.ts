import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@fmea/core';
import { expandingWorkbook, holdThreadPool, tableRowCounts } from '@fmea/core/testing';
import { openTestApp, type TestApp } from '../testing.ts';

/**
 * Decompression limits on every spreadsheet upload (issue 9 §3): a workbook
 * of a few hundred KB whose sheet inflates to hundreds of MB is refused with
 * a translated message naming the limit, writes nothing, and the server
 * keeps answering while it refuses.
 */

/** Each import route with its file field and any other fields it needs. */
const ROUTES: { path: string; field: string; fields?: Record<string, string>; rows: number }[] = [
  { path: '/api/user/userImport', field: 'excelFile', rows: 10_000 },
  { path: '/api/dictionary/importDic', field: 'excelFile', rows: 10_000 },
  { path: '/api/project/importData', field: 'excelFile', rows: 50_000 },
  { path: '/api/project/importDataFlatProduct', field: 'excelFile', rows: 50_000 },
  { path: '/api/apRule/import', field: 'file', fields: { table: 'dfmea' }, rows: 10_000 },
];

function form(route: (typeof ROUTES)[number], bytes: Uint8Array, name: string): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(route.fields ?? {})) data.append(key, value);
  data.append(route.field, new Blob([Buffer.from(bytes)]), name);
  return data;
}

let api: TestApp;
let admin: string;
beforeAll(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
}, 60_000);
afterAll(() => api.dispose());

/** Rows of every table, to show a refusal wrote nothing anywhere. */
async function tableCounts(): Promise<Record<string, number>> {
  return tableRowCounts(api.t);
}

describe('spreadsheet uploads that expand past the limits', { timeout: 60_000 }, () => {
  const rows = expandingWorkbook({ honestSizes: false });
  const blanks = expandingWorkbook({ body: 'whitespace', honestSizes: false });

  it.each(ROUTES)('$path refuses a 760 KB sheet of rows expanding to 250 MB at its row limit, in both languages, writing nothing', async (route) => {
    const before = await tableCounts();
    for (const lang of ['en-US', 'zh-CN'] as const) {
      const res = await api.call('POST', route.path, { token: admin, lang, raw: form(route, rows, 'bomb.xlsx') });
      expect(res.status).toBe(400);
      expect(res.body.data).toMatchObject({ messageKey: 'file.too_many_rows', params: { limit: route.rows } });
      expect(res.body.meta.message).toBe(translate(lang, 'file.too_many_rows', { limit: route.rows }));
    }
    const res = await api.call('POST', route.path, { token: admin, lang: 'en-US', raw: form(route, blanks, 'bomb.xlsx') });
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe('The workbook unpacks to more than 50 MB, the most this import reads (it follows the import size limit); split it into smaller files');
    expect(await tableCounts()).toEqual(before);
  });

  it.each(ROUTES)('$path answers a text file renamed .xlsx with “not an Excel workbook”, not the zip library’s text', async (route) => {
    const text = new TextEncoder().encode('userName,realName\nzhang,张\n');
    const en = await api.call('POST', route.path, { token: admin, lang: 'en-US', raw: form(route, text, 'users.xlsx') });
    expect(en.status).toBe(400);
    expect(en.body.meta.message).toBe('This file is not an Excel workbook (.xlsx)');
    const zh = await api.call('POST', route.path, { token: admin, lang: 'zh-CN', raw: form(route, text, 'users.xlsx') });
    expect(zh.body.meta.message).toBe('该文件不是 Excel 工作簿（.xlsx）');
  });

  it('answers /api/health over HTTP while an upload is being refused', async () => {
    const server = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // the test holds libuv's thread pool, where the guard inflates: the refusal cannot end before release()
    const pool = holdThreadPool();
    try {
      let refused = false;
      const upload = fetch(`${base}/api/user/userImport`, { method: 'POST', headers: { token: admin, lang: 'en-US' }, body: form(ROUTES[0]!, blanks, 'bomb.xlsx') }).then(async (res) => {
        refused = true;
        return { status: res.status, body: (await res.json()) as { meta: { message: string } } };
      });
      for (let i = 0; i < 3; i++) {
        const health = await fetch(`${base}/api/health`);
        expect(await health.json()).toMatchObject({ meta: { success: true }, data: { status: 'up' } });
        expect(refused).toBe(false);
      }
      await pool.release();
      const answer = await upload;
      expect(answer.status).toBe(400);
      expect(answer.body.meta.message).toBe(translate('en-US', 'file.unpacked_too_large', { limit: '50 MB' }));
    } finally {
      await pool.release();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
