import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, openDatabase, prepareDatabase, type Database } from '@fmea/core';
import { DIALECT } from '@fmea/core/db/dialect';
import { startTestCluster, TEST_PASSWORD, type TestCluster } from '@fmea/core/testing';
import { createApp } from './app.ts';
import { lsnValue, READ_POSITION_COOKIE } from './http/read-replica.ts';

/**
 * The optional read replica (DATABASE_READ_URL, issue 22), against a real streaming replica of a
 * throwaway cluster: lists read from it, and a user's own writes are read from the primary until the
 * replica has replayed them, whichever server the user reaches next (the position travels in a cookie).
 * The replica's replay is paused, so it lags for as long as the test needs.
 */
const WAIT_MS = 20_000;
let primary: TestCluster;
let replica: TestCluster;
let dir: string;
const opened: Database[] = [];

async function server(url: string, readUrl: string) {
  const database = await openDatabase(url, { readUrl });
  opened.push(database);
  return createApp({ database, filesDir: join(dir, 'files') }).app;
}

async function call(app: Awaited<ReturnType<typeof server>>, method: string, path: string, token: string, options: { body?: unknown; cookie?: string } = {}) {
  const res = await app.request(path, {
    method,
    headers: { token, lang: 'en-US', ...(options.body ? { 'content-type': 'application/json' } : {}), ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as { data: any }, cookie: res.headers.get('set-cookie') ?? '' };
}

async function sql<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(DIALECT !== 'postgres')('a read replica', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fmea-replica-'));
    primary = await startTestCluster();
    const url = await primary.createDatabase('plant');
    const seeding = await openDatabase(url);
    await prepareDatabase(seeding.db, createContext(seeding.db), { adminPassword: TEST_PASSWORD });
    await seeding.close();
    replica = await primary.replica();
  }, 120_000);
  afterAll(async () => {
    for (const database of opened) await database.close();
    await replica?.stop();
    await primary?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers lists from the replica, and a user’s own writes from the primary until the replica has them', async () => {
    const url = primary.urlOf('plant');
    const readUrl = replica.urlOf('plant');
    const a = await server(url, readUrl);
    const b = await server(url, readUrl);
    const login = await a.request('/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: TEST_PASSWORD }) });
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    // the replica has everything so far; then it stops replaying: it lags from here on
    const now = (await sql<{ lsn: string }>(url, 'SELECT pg_current_wal_lsn()::text AS lsn'))[0]!.lsn;
    for (let waited = 0; ; waited += 20) {
      const lsn = (await sql<{ lsn: string }>(readUrl, 'SELECT pg_last_wal_replay_lsn()::text AS lsn'))[0]!.lsn;
      if (lsnValue(lsn)! >= lsnValue(now)!) break;
      if (waited > WAIT_MS) throw new Error('the replica did not catch up');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await sql(readUrl, 'SELECT pg_wal_replay_pause()');
    // a pause is requested, then taken at the replay's next step
    for (let waited = 0; (await sql<{ state: string }>(readUrl, 'SELECT pg_get_wal_replay_pause_state() AS state'))[0]!.state !== 'paused'; waited += 20) {
      if (waited > WAIT_MS) throw new Error('the replica did not pause');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const saved = await call(a, 'POST', '/api/notice/saveOrUpdate', token, { body: { title: 'Line 3 stops on Friday', content: 'Maintenance' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const position = decodeURIComponent(new RegExp(`${READ_POSITION_COOKIE}=([^;]+)`).exec(saved.cookie)?.[1] ?? '');
    expect(position).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    const titles = (res: { body: { data: { items: { title: string }[] } } }) => res.body.data.items.map((n) => n.title);

    // the writer reads their write: on the server that took it, and on another with the cookie
    expect(titles(await call(a, 'GET', '/api/notice/list', token))).toContain('Line 3 stops on Friday');
    expect(titles(await call(b, 'GET', '/api/notice/list', token, { cookie: `${READ_POSITION_COOKIE}=${encodeURIComponent(position)}` }))).toContain('Line 3 stops on Friday');
    // a list read without that position is the replica's, which has not replayed the write
    expect(titles(await call(b, 'GET', '/api/notice/list', token))).not.toContain('Line 3 stops on Friday');

    // replaying again, the replica shows it to everyone
    await sql(readUrl, 'SELECT pg_wal_replay_resume()');
    for (let waited = 0; ; waited += 50) {
      if (titles(await call(b, 'GET', '/api/notice/list', token)).includes('Line 3 stops on Friday')) break;
      if (waited > WAIT_MS) throw new Error('the replica never showed the write');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('is refused for the embedded database, naming the address without its password', async () => {
    await expect(openDatabase(':memory:', { readUrl: 'postgres://reader:secret@replica.example/fmea' })).rejects.toMatchObject({ messageKey: 'db.read_url_needs_postgres', params: { url: 'postgres://replica.example/fmea' } });
  });
});
