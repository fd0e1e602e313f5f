import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server as HttpServer } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { createContext, importConcurrencyFromEnv, importLimitFromEnv, openDatabase, prepareDatabase, type SeedResult } from '@fmea/core';
import { SOCKET_CLOSE_SERVICE_RESTART } from '@fmea/core/domain';
import { createApp } from './app.ts';
import { webOriginsFromEnv } from './http/origin.ts';
import { mountWorkbench } from './http/workbench.ts';
import { attachPostgresRelay } from './realtime/relay.ts';
import { announceOnlineHere } from './realtime/socket.ts';

export const DEFAULT_PORT = 3000;
/** The built workbench; WORKBENCH_DIST points elsewhere (a deployment's own build). */
const WORKBENCH_DIST = resolve(process.env.WORKBENCH_DIST ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../workbench/dist'));

export interface ServerOptions {
  port?: number;
  hostname?: string;
  databaseUrl?: string;
  /** A streaming replica for lists (PostgreSQL only); default DATABASE_READ_URL. */
  readUrl?: string;
  adminPassword?: string;
  /** Where uploads live; default FILES_DIR or ./data/files. */
  filesDir?: string;
  /** Largest spreadsheet import in bytes; default IMPORT_MAX_MB (whole MB, 1..100) or 1 MB. */
  importLimitBytes?: number;
  /** Spreadsheet imports run at once; default IMPORT_CONCURRENCY (1..16) or 2. */
  importConcurrency?: number;
  onSeeded?: (result: SeedResult) => void;
}

/** Opens (migrating and seeding) the database and serves the API plus the built workbench on one port. */
export async function startServer(options: ServerOptions = {}) {
  // a bad IMPORT_MAX_MB, IMPORT_CONCURRENCY, TRUST_PROXY or ALLOWED_ORIGINS stops the start before the database is touched
  const importLimitBytes = options.importLimitBytes ?? importLimitFromEnv(process.env);
  const importConcurrency = options.importConcurrency ?? importConcurrencyFromEnv(process.env);
  const web = webOriginsFromEnv(process.env);
  const database = await openDatabase(options.databaseUrl, { readUrl: options.readUrl ?? (process.env.DATABASE_READ_URL || undefined) });
  const seeded = await prepareDatabase(database.db, createContext(database.db), { adminPassword: options.adminPassword });
  options.onSeeded?.(seeded);
  const { app, services } = createApp({ database, filesDir: options.filesDir, importLimitBytes, importConcurrency, web });
  // several servers may share a PostgreSQL database: their realtime events go through it to each other's sockets
  const detachRelay = database.dialect === 'postgres' ? await attachPostgresRelay(services.realtime, database) : undefined;
  services.realtime.onRemoteOnline = (newcomer) => void announceOnlineHere(services, newcomer).catch(() => undefined);
  if (existsSync(WORKBENCH_DIST)) mountWorkbench(app, WORKBENCH_DIST);
  const sockets = new WebSocketServer({ noServer: true });
  const server = serve({
    fetch: app.fetch,
    port: options.port ?? DEFAULT_PORT,
    hostname: options.hostname ?? process.env.HOST ?? '0.0.0.0',
    websocket: { server: sockets },
  });
  // port 0 asks the system for a free port: report the one actually bound
  await new Promise<void>((listening, failed) => {
    server.once('listening', listening);
    server.once('error', failed);
  }).catch(async (error) => {
    await detachRelay?.();
    await database.close();
    throw error;
  });
  const port = (server.address() as AddressInfo).port;
  const http = server as unknown as HttpServer;
  let closing: Promise<void> | undefined;
  return {
    port,
    database,
    services,
    /**
     * The first step of stopping behind a load balancer: /api/health answers 503 "draining" while every
     * request is still served, so the balancer takes this server out of rotation (SHUTDOWN_GRACE_SECONDS
     * in `fmea serve`) before `close` stops accepting.
     */
    drain: () => {
      services.lifecycle.draining = true;
    },
    /**
     * Stops without losing a request: no new connections; the requests in flight finish and are answered
     * (idle keep-alive connections end as they come free); browsers' sockets close with 1012 "service
     * restart", on which the workbench reconnects at once (to another server behind a balancer); then the
     * database closes. What is still open after `timeoutMs` (default 30 s) is cut.
     */
    close: (options: { timeoutMs?: number } = {}) =>
      (closing ??= new Promise<void>((done) => {
        services.lifecycle.draining = true;
        const idle = setInterval(() => http.closeIdleConnections(), 50);
        const cut = setTimeout(() => {
          http.closeAllConnections();
          for (const client of sockets.clients) client.terminate();
        }, options.timeoutMs ?? SHUTDOWN_TIMEOUT_MS);
        server.close(() => {
          clearInterval(idle);
          clearTimeout(cut);
          void (async () => {
            await detachRelay?.().catch(() => undefined);
            await database.close();
          })().finally(done);
        });
        http.closeIdleConnections();
        for (const client of sockets.clients) client.close(SOCKET_CLOSE_SERVICE_RESTART, 'server restarting');
      })),
  };
}

export { SOCKET_CLOSE_SERVICE_RESTART as CLOSE_SERVICE_RESTART };
/** How long a stopping server waits for requests in flight before it cuts them. */
export const SHUTDOWN_TIMEOUT_MS = 30_000;
