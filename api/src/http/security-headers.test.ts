import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdf } from '@fmea/core/testing';
import { openTestApp, type TestApp } from '../testing.ts';
import { mountWorkbench } from './workbench.ts';

/**
 * What the server answers with, where the workbench is served (its files and
 * the SPA fallback, mounted as server.ts does) and where the API answers
 * (issue #20: the workbench could be framed by another site).
 */
let api: TestApp;
let root: string;
let admin: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'fmea-dist-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>FMEA</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, 'assets', 'index-8joUg8Mb.js'), 'console.log(2)');
  api = await openTestApp();
  mountWorkbench(api.app, root);
  admin = await api.adminToken();
});
afterAll(() => {
  api.dispose();
  rmSync(root, { recursive: true, force: true });
});

const ANSWERS: [string, string, number, RegExp][] = [
  ['the workbench’s page', '/', 200, /text\/html/],
  ['a client route (the SPA fallback)', '/main/dfmea?projectId=x', 200, /text\/html/],
  ['a built file', '/assets/app.js', 200, /javascript/],
  ['an API answer', '/api/health', 200, /application\/json/],
  ['an API refusal', '/api/user/info', 401, /application\/json/],
  ['an unknown API path', '/api/nope', 404, /application\/json/],
  ['the API reference', '/api/docs', 200, /text\/html/],
];

describe('caching of the workbench', () => {
  it('lets the browser keep a hashed built file, and asks it to check the page and unhashed files on every load', async () => {
    expect((await api.app.request('/assets/index-8joUg8Mb.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/main/dfmea?projectId=x', '/assets/app.js']) expect((await api.app.request(path)).headers.get('cache-control')).toBe('no-cache');
    expect((await api.app.request('/api/health')).headers.get('cache-control') ?? '').not.toContain('immutable');
  });
});

describe('headers on every answer', () => {
  it.each(ANSWERS)('%s may not be framed by any page and is not sniffed', async (_what, path, status, type) => {
    const res = await api.app.request(path);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(type);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('adds frame-ancestors to a file answer’s own policy, keeping its sandbox', async () => {
    const form = new FormData();
    form.append('file', new File([pdf('report') as Uint8Array<ArrayBuffer>], 'report.pdf'));
    const up = await api.app.request('/api/fileOperate/uploadSingleFile', { method: 'POST', headers: { token: admin }, body: form });
    expect(up.status).toBe(200);
    const { fileName } = ((await up.json()) as { data: { fileName: string } }).data;
    const res = await api.app.request(`/api/fileOperate/downloadFile?fileName=${encodeURIComponent(fileName)}`, { headers: { token: admin } });
    expect(res.status).toBe(200);
    const policy = res.headers.get('content-security-policy')!;
    expect(policy).toMatch(/sandbox/);
    expect(policy).toMatch(/frame-ancestors 'none'$/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});
