import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { ensureWorkbenchBuilt } from './support/build.ts';
import { startServer } from './support/server.ts';
import { asAdmin } from './support/api.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    serverDir: string;
  }
}

/**
 * Once per run: build the workbench (or reuse a dist newer than its
 * sources), start the real server on a fresh database in its own process
 * group, and stop the group afterwards.
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const build = await ensureWorkbenchBuilt();
  const server = await startServer();
  // every browser of the run signs in from 127.0.0.1: the per-address throttle (API-tested) would count them all as one guesser
  await asAdmin(server.baseURL, (admin) => admin.post('/api/security/savePolicy', { addressMaxFailures: 0 }));
  console.log(`[e2e] workbench ${build}; server at ${server.baseURL} (pid group ${server.pid}, data ${server.dir}) in ${Date.now() - started} ms`);
  project.provide('baseURL', server.baseURL);
  project.provide('serverDir', server.dir);
  return async () => {
    await server.stop();
    // E2E_KEEP_DATA=1 keeps the database and uploads for a look afterwards
    if (process.env.E2E_KEEP_DATA !== '1') rmSync(server.dir, { recursive: true, force: true });
  };
}
