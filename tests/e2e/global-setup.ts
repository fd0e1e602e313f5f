import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureWorkbenchBuilt } from './support/build.ts';
import { startServer } from './support/server.ts';
import { ApiSession, adminRoleId, apiLogin, createUser } from './support/api.ts';
import { ADMIN_PASSWORD, ADMIN_USER } from './support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    serverDir: string;
    setupToken: string;
    /** Where the run's demo database is seeded once, for every test file on the demo data (support/demo.ts). */
    demoTemplateDir: string;
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
  const setupToken = await prepareServer(server.baseURL);
  console.log(`[e2e] workbench ${build}; server at ${server.baseURL} (pid group ${server.pid}, data ${server.dir}) in ${Date.now() - started} ms`);
  project.provide('baseURL', server.baseURL);
  project.provide('serverDir', server.dir);
  project.provide('setupToken', setupToken);
  const demoTemplateDir = mkdtempSync(join(tmpdir(), 'fmea-e2e-demo-'));
  project.provide('demoTemplateDir', demoTemplateDir);
  return async () => {
    await server.stop();
    rmSync(demoTemplateDir, { recursive: true, force: true });
    // E2E_KEEP_DATA=1 keeps the database and uploads for a look afterwards
    if (process.env.E2E_KEEP_DATA !== '1') rmSync(server.dir, { recursive: true, force: true });
  };
}

/**
 * As the built-in admin: turn the per-address sign-in throttle off (every
 * browser of the run signs in from 127.0.0.1, the throttle is API-tested),
 * turn separation of duties off (the files' setup releases catalog records
 * and names reviewers through one setup account; the rule is tested in core
 * and the API, and the demo walk-through runs on its own server with it on) and
 * make the run's setup account, a super administrator whose one session all
 * files share for setup calls. Answers that session's token.
 */
async function prepareServer(baseURL: string): Promise<string> {
  const admin = await apiLogin(baseURL, ADMIN_USER, ADMIN_PASSWORD);
  const password = 'Setup#e2E9vQz!';
  try {
    await admin.post('/api/security/savePolicy', { addressMaxFailures: 0 });
    await admin.post('/api/basicRule/saveOrUpdate', { ruleType: 'separationOfDuties', flag: '0' });
    await createUser(admin, { userName: 'e2e.setup', realName: 'E2E 准备', password: `${password}x`, roleIds: [await adminRoleId(admin)] });
  } finally {
    await admin.logout();
  }
  const first = await new ApiSession(baseURL).post<{ changeToken: string }>('/api/login', { username: 'e2e.setup', password: `${password}x` });
  await new ApiSession(baseURL).post('/api/user/resetPwd', { changeToken: first.changeToken, oldPassword: `${password}x`, newPassword: password, confirmPassword: password });
  return (await apiLogin(baseURL, 'e2e.setup', password)).token!;
}
