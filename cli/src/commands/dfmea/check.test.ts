import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
let serialNum: string;
let causes: { id: string; description: string }[] = [];
const fmea = (args: string[], lang = 'en-US') => runFmea(['--lang', lang, ...args], { env });

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { createProject, createContext } = await import('@fmea/core/services');
  const { insertUser, buildWindowLifter } = await import('@fmea/core/testing');
  const database = await openTempDb(temp);
  try {
    const owner = await insertUser(database.db, { label: 'owner' });
    const project = await createProject(database.ctx, { projectType: 'dfmea', name: 'Window lifter', members: [{ userId: owner.id, roles: [0] }] });
    const lifter = await buildWindowLifter(createContext(database.db, { userId: owner.id, userName: owner.userName }), project);
    serialNum = project.serialNum;
    causes = [lifter.worn, lifter.broken, lifter.loose];
  } finally {
    database.close();
  }
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea dfmea check', { timeout: 90_000 }, () => {
  it('prints the findings and exits 1 while an error is among them; --json carries each finding', async () => {
    const run = await fmea(['dfmea', 'check', serialNum]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Severity\tStep\tFinding\tCheck\tItem');
    expect(run.stdout).toContain('Error\tOptimization\tFailure cause “Teeth worn” has action priority high (H) but no open or completed action\thigh_without_action\tfailure ');
    expect(run.stderr).toContain('Report incomplete, not allowed to be released');
    const json = JSON.parse((await fmea(['--json', 'dfmea', 'check', serialNum])).stdout);
    expect(json).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(json.error.issues).toContainEqual(expect.objectContaining({ messageKey: 'fmeaCheck.high_without_action', message: expect.stringContaining('Teeth worn') }));
    const zh = await fmea(['dfmea', 'check', serialNum], 'zh-CN');
    expect(zh.stderr).toContain('报告不完整，不允许发布');
  });

  it('exits 0 once no error is left, and refuses a project of the other side', async () => {
    const { createContext, addAction, findUserRow } = await import('@fmea/core/services');
    const database = await openTempDb(temp);
    try {
      const owner = await findUserRow(database.db, (await database.db.query.user.findFirst())!.userName);
      const ctx = createContext(database.db, { userId: owner.id, userName: owner.userName });
      for (const cause of causes) await addAction(ctx, { causeId: cause.id, kind: 'prevention', description: `Act on ${cause.description}`, targetDate: '2099-01-01' });
    } finally {
      database.close();
    }
    const run = await fmea(['dfmea', 'check', serialNum]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`${serialNum}: 0 errors, \\d+ warnings?`));
    const json = JSON.parse((await fmea(['--json', 'dfmea', 'check', serialNum])).stdout);
    expect(json).toMatchObject({ ok: true, data: { serialNum, counts: { errors: 0 } } });
    const other = await fmea(['pfmea', 'check', serialNum]);
    expect(other.code).toBe(2);
  });
});
