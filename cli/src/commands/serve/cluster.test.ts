import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '@fmea/core/testing';
import { runFmeaBinary, startFmea, TEST_ADMIN_PASSWORD, type RunningFmea } from '../../test-utils.ts';

/**
 * Two `fmea serve` processes on one PostgreSQL database behind any load balancer (issue 22): a session
 * made on one is good on the other, and a server killed outright (kill -9) in the middle of writes loses
 * none it acknowledged, while the other keeps serving. The in-process cases (realtime, locks, versions)
 * are api/src/cluster.test.ts.
 */
let cluster: TestCluster;
let url: string;
let dir: string;
const running: RunningFmea[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function serve(): Promise<{ base: string; process: RunningFmea }> {
  const port = await freePort();
  const server = startFmea(['--lang', 'en-US', 'serve', '--port', String(port), '--host', '127.0.0.1'], {
    env: { DATABASE_URL: url, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, FILES_DIR: join(dir, 'files') },
    cwd: dir,
  });
  running.push(server);
  await server.waitForStdout(/running at http:\/\/127\.0\.0\.1:\d+\//);
  return { base: `http://127.0.0.1:${port}`, process: server };
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', lang: 'en-US', ...(token ? { token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: any } };
}

beforeAll(async () => {
  cluster = await startTestCluster();
  url = await cluster.createDatabase('plant');
  dir = mkdtempSync(join(tmpdir(), 'fmea-cluster-'));
}, 120_000);

afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL');
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('fmea serve, twice on one PostgreSQL database', { timeout: 120_000 }, () => {
  it('shares sessions, and loses no acknowledged write when one server is killed in the middle of them', async () => {
    // --db names the engine as DATABASE_URL does: the binary reads it before the schema loads
    const migrated = await runFmeaBinary(['--lang', 'en-US', '--db', url, 'db', 'migrate'], { env: { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD }, cwd: dir });
    expect(migrated.code, migrated.stderr).toBe(0);
    expect(migrated.stdout).not.toContain(url.split('@')[0]!.split(':')[2]!);
    const a = await serve();
    const b = await serve();
    // created with the C collation (the test cluster's): text sorts as in the embedded database, no warning
    expect(a.process.stdout()).not.toContain('Text order');
    const signedIn = await call(a.base, 'POST', '/api/login', undefined, { username: 'admin', password: TEST_ADMIN_PASSWORD });
    expect(signedIn.body.data.flag).toBe(1);
    const token = signedIn.body.data.token as string;
    // a session made through A is one of B's
    expect((await call(b.base, 'GET', '/api/user/info', token)).status).toBe(200);

    // writes through A, many at once; A is killed once some were acknowledged
    const acknowledged: string[] = [];
    let failed = 0;
    const write = async (i: number) => {
      try {
        const res = await call(a.base, 'POST', '/api/notice/saveOrUpdate', token, { title: `Shift note ${i}`, content: 'Line 3 restarts at 06:00' });
        if (res.status === 200) acknowledged.push(res.body.data.id as string);
        else failed++;
      } catch {
        failed++; // the connection died with the server: not acknowledged
      }
    };
    const writes: Promise<void>[] = [];
    for (let i = 0; i < 200; i++) {
      writes.push(write(i));
      if (i === 120) {
        while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 5));
        a.process.child.kill('SIGKILL');
      }
    }
    await Promise.all(writes);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    expect(failed).toBeGreaterThan(0);

    // every acknowledged write is stored, and B goes on serving (and writing)
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const stored = await client.query<{ id: string }>('select id from notice where id = any($1::text[])', [acknowledged]);
      expect(stored.rows.map((r) => r.id).sort()).toEqual([...acknowledged].sort());
    } finally {
      await client.end();
    }
    expect((await call(b.base, 'GET', '/api/health')).status).toBe(200);
    const after = await call(b.base, 'POST', '/api/notice/saveOrUpdate', token, { title: 'After the restart', content: 'B writes on' });
    expect(after.status).toBe(200);
  });
});
