import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
let dfmea: string;
let dvpNum: string;
const fmea = (args: string[]) => runFmea(args, { env });
const file = (name: string) => join(temp.dir, name);

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { createDvpPlan, createProject, findUserRow, generateDvpTests } = await import('@fmea/core/services');
  const { buildWindowLifter } = await import('@fmea/core/testing');
  const database = await openTempDb(temp);
  try {
    const { ctx, db } = database;
    const admin = await findUserRow(db, 'admin');
    const project = await createProject(ctx, { projectType: 'dfmea', name: 'Window lifter', members: [{ userId: admin.id, roles: [0] }] });
    await buildWindowLifter(ctx, project);
    const plan = await createDvpPlan(ctx, { project: project.id });
    await generateDvpTests(ctx, plan.id);
    dfmea = project.serialNum;
    dvpNum = plan.dvpNum;
  } finally {
    database.close();
  }
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea dvp export and import', { timeout: 120_000 }, () => {
  it('writes the plan as the DVP&R workbook (by its DP or its DFMEA number) and reads it back; a missing plan is refused', async () => {
    const out = file('dvp.xlsx');
    const exported = await fmea(['--lang', 'en-US', 'dvp', 'export', dfmea, out]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toBe(`1 DVP tests written to ${out}\n`);
    const imported = await fmea(['--lang', 'en-US', 'dvp', 'import', dvpNum, out]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('0 DVP tests added, 1 updated');
    const missing = await fmea(['--lang', 'en-US', 'dvp', 'export', 'DP404', file('x.xlsx')]);
    expect([missing.code, missing.stderr]).toEqual([3, 'DVP&R plan DP404 was not found\n']);
  });
});
