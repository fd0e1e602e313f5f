import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
let studyNum: string;
const fmea = (args: string[]) => runFmea(args, { env });

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const database = await openTempDb(temp);
  try {
    const { createStudy, findUserRow, generateControlPlan } = await import('@fmea/core/services');
    const { buildHousingPfmea } = await import('@fmea/core/testing');
    const admin = await findUserRow(database.db, 'admin');
    const pfmea = await buildHousingPfmea(database.ctx, [{ userId: admin.id, roles: [0] }]);
    const plan = await generateControlPlan(database.ctx, pfmea.project.id, { phase: 'production' });
    const line = plan.lines.find((l) => l.productCharacteristic === 'Bore diameter')!;
    studyNum = (await createStudy(database.ctx, { projectId: pfmea.project.id, lineId: line.id, chart: 'i-mr', subgroupSize: 1, lsl: 19.95, usl: 20.05 })).study.studyNum;
  } finally {
    database.close();
  }
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea spc import', { timeout: 120_000 }, () => {
  it('adds a file to a study named by its number, all or nothing', async () => {
    const bad = join(temp.dir, 'bad.csv');
    await writeFile(bad, 'subgroup,value\n1,20.01\n2,x\n');
    const refused = await fmea(['--lang', 'en-US', 'spc', 'import', studyNum, bad]);
    expect([refused.code, refused.stderr.trim().split('\n')]).toEqual([2, ['The file bad.csv has rows that cannot be read', '  Row 3: value: “x” is not a number']]);
    const good = join(temp.dir, 'good.csv');
    await writeFile(good, ['subgroup,value', ...Array.from({ length: 30 }, (_, i) => `${i + 1},${(20 + ((i % 5) - 2) * 0.004).toFixed(3)}`)].join('\n'));
    const done = await fmea(['--lang', 'en-US', 'spc', 'import', studyNum, good]);
    expect([done.code, done.stdout.trim()]).toEqual([0, `30 measurements added to ${studyNum} (sequence 1–30)`]);
    const missing = await fmea(['--lang', 'en-US', 'spc', 'import', 'SP404', good]);
    expect([missing.code, missing.stderr.trim()]).toEqual([3, 'SPC study SP404 does not exist']);
  });
});
