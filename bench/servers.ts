/**
 * Child-process side of `npm run bench:api` and `bench:cluster` (bench/children.ts starts it):
 * `node --import tsx bench/servers.ts api [databaseUrl] | hello`.
 * Starts one server on 127.0.0.1 (port chosen by the system; the API on a new temporary file database,
 * or on `databaseUrl`, which several children may share when it is PostgreSQL), prints
 * `{"port":N}` on stdout, answers "cpu" with its CPU time so far, and stops
 * when the parent says "stop" or goes away.
 * Run under `--cpu-prof` the profile is written on that clean exit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { startServer } from '@fmea/api';
import type { Database } from '@fmea/core';
import { countStored, prepareMixedLoad } from './mixed-fixture.ts';

export const BENCH_ADMIN_PASSWORD = 'Bench#Pass9x!Q';

async function startApi(databaseUrl?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'fmea-bench-api-'));
  const server = await startServer({
    port: 0,
    hostname: '127.0.0.1',
    databaseUrl: databaseUrl ?? `file:${join(dir, 'bench.db')}`,
    adminPassword: BENCH_ADMIN_PASSWORD,
    filesDir: join(dir, 'files'),
  });
  return {
    port: server.port,
    database: server.database as Database | undefined,
    stop: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startHello() {
  const app = new Hono().get('/', (c) => c.text('Hello Hono!'));
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    database: undefined as Database | undefined,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

if (process.argv[2]) {
  const which = process.argv[2];
  const started = which === 'hello' ? await startHello() : await startApi(process.argv[3]);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await started.stop();
    process.exit(0);
  };
  process.on('message', (message) => {
    if (message === 'stop') void stop();
    // CPU time used so far (µs): the parent turns it into CPU per request, which a busy machine distorts far less than wall-clock rates
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpu: user + system });
    }
    void answerMixed(started.database, message);
  });
  process.on('disconnect', () => void stop());
  process.on('SIGTERM', () => void stop());
  process.stdout.write(`${JSON.stringify({ port: started.port })}\n`);
}

/** The mixed-load bench's requests to the API child: build its fixture, count what got stored. */
async function answerMixed(database: Database | undefined, message: unknown) {
  if (!database || !message || typeof message !== 'object' || !('type' in message)) return;
  const m = message as { type: string; users?: number; causesPerUser?: number; probe?: boolean; ackedIds?: string[]; causeIds?: string[] };
  if (m.type === 'mixed:prepare') process.send?.({ type: 'mixed:ready', fixture: await prepareMixedLoad(database, m.users ?? 10, m.causesPerUser ?? 5, { probe: m.probe }) });
  if (m.type === 'mixed:count') process.send?.({ type: 'mixed:counted', ...(await countStored(database, m.ackedIds ?? [], m.causeIds ?? [])) });
}
