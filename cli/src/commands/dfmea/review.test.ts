import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
let serialNum: string;
let projectId: string;
const names: Record<'owner' | 'professional' | 'quality' | 'director' | 'countersigner', string> = { owner: '', professional: '', quality: '', director: '', countersigner: '' };
const fmea = (args: string[]) => runFmea(['--lang', 'en-US', ...args], { env });

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { createProject } = await import('@fmea/core/services');
  const { insertUser } = await import('@fmea/core/testing');
  const database = await openTempDb(temp);
  try {
    const ids: Record<string, string> = {};
    for (const role of Object.keys(names) as (keyof typeof names)[]) {
      const row = await insertUser(database.db, { label: role });
      names[role] = row.userName;
      ids[role] = row.id;
    }
    const members = [{ userId: ids.owner!, roles: [0] }, ...['professional', 'quality', 'director', 'countersigner'].map((r) => ({ userId: ids[r]!, roles: [2] }))];
    const project = await createProject(database.ctx, { projectType: 'dfmea', name: 'Seat recliner', members });
    serialNum = project.serialNum;
    projectId = project.id;
  } finally {
    database.close();
  }
}, 60_000);
afterAll(() => temp.cleanup());

async function asUser<T>(userName: string, work: (ctx: Awaited<ReturnType<typeof import('@fmea/core/services')['createContext']>>) => Promise<T>): Promise<T> {
  const { createContext, findUserRow } = await import('@fmea/core/services');
  const database = await openTempDb(temp);
  try {
    const row = await findUserRow(database.db, userName);
    return await work(createContext(database.db, { userId: row.id, userName }));
  } finally {
    database.close();
  }
}

describe('fmea dfmea submit|release', { timeout: 120_000 }, () => {
  it('submits as the owner naming the four roles, refuses an early release, releases once approved', async () => {
    const roles = ['--professional', names.professional, '--quality', names.quality, '--director', names.director, '--countersigner', names.countersigner];
    const missing = await fmea(['dfmea', 'submit', serialNum, '--as', names.owner, '--professional', names.professional]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).not.toMatch(/at .*\.ts:\d+/);
    expect(missing.stderr).toContain('Please name every review role');

    const submitted = await fmea(['dfmea', 'submit', serialNum, '--as', names.owner, ...roles]);
    expect(submitted.code, submitted.stderr).toBe(0);
    expect(submitted.stdout).toContain(`${serialNum}: under review (review round 1)`);

    const early = await fmea(['dfmea', 'release', serialNum, '--as', names.countersigner]);
    expect(early.code).not.toBe(0);
    expect(early.stderr.length).toBeGreaterThan(0);
    expect(early.stderr).toContain('not allowed in the FMEA');

    const { approveReview } = await import('@fmea/core/services');
    // opinions stay in the browser; here the reviewers walk the steps and give them through the service
    const { walkAndGiveOpinion } = await import('@fmea/core/testing');
    await asUser(names.professional, (ctx) => walkAndGiveOpinion(ctx, projectId, { conclusion: 'conform', text: 'complete' }));
    await asUser(names.quality, (ctx) => walkAndGiveOpinion(ctx, projectId, { conclusion: 'conform', text: 'ok' }));
    await asUser(names.director, (ctx) => approveReview(ctx, projectId));

    const released = await fmea(['dfmea', 'release', serialNum, '--as', names.countersigner]);
    expect(released.code, released.stderr).toBe(0);
    expect(released.stdout).toContain(`${serialNum}: released (review round 1)`);
  });

  it('refuses a DFMEA through fmea pfmea', async () => {
    const wrong = await fmea(['pfmea', 'release', serialNum, '--as', names.countersigner]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(`${serialNum} is not a project of fmea pfmea`);
  });
});
