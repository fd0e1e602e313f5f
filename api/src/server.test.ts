import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freshDatabaseUrl, TEST_PASSWORD } from '@fmea/core/testing';
import { CLOSE_SERVICE_RESTART, startServer } from './server.ts';
import { SOCKET_PATH } from './realtime/socket.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fmea-stop-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A POST whose body is sent in two parts: the second when `finish()` is called. */
function slowPost(url: string, body: string) {
  let finish = () => {};
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), lang: 'en-US' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.write(body.slice(0, 10));
    finish = () => req.end(body.slice(10));
  });
  return { answer, finish: () => finish() };
}

describe('stopping a server behind a load balancer', { timeout: 60_000 }, () => {
  it('says "draining" on health while it still serves, then finishes the request in flight, tells sockets to reconnect and takes no new connection', async () => {
    const server = await startServer({ port: 0, hostname: '127.0.0.1', databaseUrl: await freshDatabaseUrl(dir, 'stop.db'), adminPassword: TEST_PASSWORD, filesDir: join(dir, 'files') });
    const base = `http://127.0.0.1:${server.port}`;
    expect(await (await fetch(`${base}/api/health`)).json()).toMatchObject({ meta: { success: true }, data: { status: 'up' } });
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}${SOCKET_PATH}`);
    await once(socket, 'open');
    const socketClosed = new Promise<number>((resolve) => socket.once('close', (code: number) => resolve(code)));
    const inFlight = slowPost(`${base}/api/login`, JSON.stringify({ username: 'admin', password: TEST_PASSWORD }));

    server.drain();
    const health = await fetch(`${base}/api/health`, { headers: { lang: 'en-US' } });
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({
      meta: { success: false, code: 503, message: 'The server is stopping: it finishes the requests it has and takes no new ones' },
      data: { status: 'draining' },
    });
    const zh = await (await fetch(`${base}/api/health`)).json();
    expect(zh.meta.message).toBe('服务器正在停止：处理完手头的请求后不再接受新请求');
    // still serving while the balancer takes it out of rotation
    expect((await fetch(`${base}/api/user/info`)).status).toBe(401);

    const closed = server.close();
    expect(await socketClosed).toBe(CLOSE_SERVICE_RESTART);
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    inFlight.finish();
    const answered = await inFlight.answer;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ meta: { success: true }, data: { flag: expect.any(Number) } });
    await closed;
  });

  it('says "down" when the database does not answer', async () => {
    const server = await startServer({ port: 0, hostname: '127.0.0.1', databaseUrl: await freshDatabaseUrl(dir, 'down.db'), adminPassword: TEST_PASSWORD, filesDir: join(dir, 'files') });
    const base = `http://127.0.0.1:${server.port}`;
    try {
      // integrators read the 503 in the OpenAPI document
      const document = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, { get: { responses: Record<string, { description: string }> } }> };
      expect(document.paths['/api/health']!.get.responses['503']!.description).toMatch(/^Draining/);
      await server.database.close();
      const health = await fetch(`${base}/api/health`, { headers: { lang: 'en-US' } });
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ meta: { success: false, code: 503, message: 'The database does not answer' }, data: { status: 'down' } });
    } finally {
      await server.close();
    }
  });
});
