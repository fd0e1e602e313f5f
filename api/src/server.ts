import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { serveStatic } from '@hono/node-server/serve-static';
import { createContext, openDatabase, prepareDatabase, type SeedResult } from '@fmea/core';
import { createApp } from './app.ts';

export const DEFAULT_PORT = 3000;
const WORKBENCH_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../workbench/dist');

export interface ServerOptions {
  port?: number;
  hostname?: string;
  databaseUrl?: string;
  adminPassword?: string;
  onSeeded?: (result: SeedResult) => void;
}

/** Opens (migrating and seeding) the database and serves the API plus the built workbench on one port. */
export async function startServer(options: ServerOptions = {}) {
  const database = await openDatabase(options.databaseUrl);
  const seeded = await prepareDatabase(database.db, createContext(database.db), { adminPassword: options.adminPassword });
  options.onSeeded?.(seeded);
  const { app } = createApp({ database });
  if (existsSync(WORKBENCH_DIST)) {
    // relative to the cwd, as serveStatic wants; index.html is the SPA fallback for client routes
    const root = resolve(WORKBENCH_DIST).replace(`${process.cwd()}/`, '');
    app.use('/*', serveStatic({ root }));
    app.get('*', serveStatic({ root, path: 'index.html' }));
  }
  const port = options.port ?? DEFAULT_PORT;
  const server = serve({
    fetch: app.fetch,
    port,
    hostname: options.hostname ?? process.env.HOST ?? '0.0.0.0',
    websocket: { server: new WebSocketServer({ noServer: true }) },
  });
  return {
    port,
    database,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => {
          database.close();
          done();
        });
      }),
  };
}
