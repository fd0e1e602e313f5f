import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema } from '@fmea/core';
import { freshDatabaseUrl, TEST_PASSWORD } from '@fmea/core/testing';
import { JSON_BODY_LIMIT } from '../app.ts';
import { startServer } from '../server.ts';
import { openTestApp } from '../testing.ts';
import { expectEnvelope, LEAK, request } from './support.ts';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const SECRET = 'TOP-SECRET-OUTSIDE-FILES-DIR';

const NAMES = [
  '../../etc/passwd',
  '../../../../../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '..%252F..%252Fetc%252Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%c0%ae%c0%ae%c0%af%c0%ae%c0%ae%c0%afetc%c0%afpasswd',
  '..%u2216..%u2216etc%u2216passwd',
  '/etc/passwd',
  '%2Fetc%2Fpasswd',
  'file:///etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '..%5C..%5Cwindows%5Cwin.ini',
  'C:%5Cwindows%5Cwin.ini',
  '....//....//etc/passwd',
  '..;/..;/etc/passwd',
  '00000000-0000-4000-8000-000000000000%00.pdf',
  '00000000-0000-4000-8000-000000000000/../../secret',
  '------------------------------------',
  '00000000-0000-4000-8000-000000000000',
  '',
];

describe('downloads through the app', () => {
  const ctx = { api: undefined as unknown as Awaited<ReturnType<typeof openTestApp>>, admin: '' };
  beforeAll(async () => {
    ctx.api = await openTestApp();
    ctx.admin = await ctx.api.adminToken();
    // a file next to (outside) filesDir that a traversal would reach
    writeFileSync(join(ctx.api.services.filesDir, '..', 'secret'), SECRET);
  });
  afterAll(() => {
    rmSync(join(ctx.api.services.filesDir, '..', 'secret'), { force: true });
    ctx.api.dispose();
  });

  it.each(NAMES)('never serves %j', async (name) => {
    for (const path of ['/api/fileOperate/downloadFile', '/api/replaceLogo/downloadFile']) {
      const res = await request(ctx.api, 'GET', `${path}?fileName=${name}`, { token: ctx.admin });
      expect([400, 404], `${path} ${name}`).toContain(res.status);
      expectEnvelope(res, res.status);
      expect(res.text).not.toMatch(/root:|\[fonts\]|TOP-SECRET/);
    }
  });

  it('ignores a forged record whose id is not a stored-file id', async () => {
    await ctx.api.t.db.insert(schema.file).values({ id: '../secret', kind: 'logo', originalName: 'x.png', mime: 'image/png', size: 1, sha256: '0' });
    for (const path of ['/api/fileOperate/downloadFile', '/api/replaceLogo/downloadFile']) {
      const res = await request(ctx.api, 'GET', `${path}?fileName=..%2Fsecret`, { token: ctx.admin });
      expectEnvelope(res, 400);
      expect(res.text).not.toContain(SECRET);
    }
  });

  it('refuses a repeated fileName parameter', async () => {
    const res = await request(ctx.api, 'GET', '/api/fileOperate/downloadFile?fileName=a&fileName=../../etc/passwd', { token: ctx.admin });
    expectEnvelope(res, 400);
  });
});

/** Raw HTTP over TCP, so nothing normalises the path before the server sees it. */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let out = '';
    socket.setTimeout(5000, () => socket.destroy(new Error('timeout')));
    socket.on('data', (chunk) => (out += chunk.toString('latin1')));
    socket.on('end', () => resolve(out));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
    socket.write(text);
  });
}

describe('the real server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let dir: string;
  let token: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fmea-traversal-'));
    mkdirSync(join(dir, 'files'));
    writeFileSync(join(dir, 'secret'), SECRET);
    server = await startServer({ port: 0, hostname: '127.0.0.1', databaseUrl: await freshDatabaseUrl(dir, 'test.db'), adminPassword: TEST_PASSWORD, filesDir: join(dir, 'files') });
    const res = await fetch(`http://127.0.0.1:${server.port}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: TEST_PASSWORD }) });
    token = ((await res.json()) as { data: { token: string } }).data.token;
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    '/../../../../etc/passwd',
    '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/assets/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/..%5c..%5c..%5c..%5cetc%5cpasswd',
    '/%252e%252e/%252e%252e/etc/passwd',
    '//etc/passwd',
    '/api/../../../etc/passwd',
    '/api/fileOperate/downloadFile?fileName=../../../../../../etc/passwd',
    '/api/fileOperate/downloadFile?fileName=..%2F..%2Fsecret',
    '/api/replaceLogo/downloadFile?fileName=../secret',
  ])('never serves a file outside its folders for %s', async (path) => {
    const answer = await raw(server.port, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\ntoken: ${token}\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 \d{3}/);
    expect(answer).not.toMatch(/root:.*:0:0:|TOP-SECRET|\[fonts\]/);
    expect(answer).not.toMatch(LEAK);
  });

  it('answers an unknown API path with the 404 envelope, not the workbench page', async () => {
    for (const [method, path] of [['GET', '/api/nope'], ['GET', '/api/user/nope'], ['POST', '/api/nope'], ['GET', '/api']]) {
      const res = await fetch(`http://127.0.0.1:${server.port}${path}`, { method, headers: { lang: 'en-US' } });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ meta: { success: false, code: 404, message: 'The requested resource does not exist' } });
    }
  });

  it('refuses an announced or a chunked JSON body over 1 MB with 413 over the network', async () => {
    const big = `{"username":"${'a'.repeat(JSON_BODY_LIMIT)}","password":"x"}`;
    const announced = await fetch(`http://127.0.0.1:${server.port}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', lang: 'en-US' }, body: big });
    expect(announced.status).toBe(413);
    expect(((await announced.json()) as { meta: unknown }).meta).toMatchObject({ success: false, code: 413 });
    const chunks = [`POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\nConnection: close\r\n\r\n`];
    for (let at = 0; at < big.length; at += 65536) {
      const part = big.slice(at, at + 65536);
      chunks.push(`${part.length.toString(16)}\r\n${part}\r\n`);
    }
    chunks.push('0\r\n\r\n');
    const answer = await raw(server.port, chunks.join(''));
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('"success":false');
  });
});
