import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCluster, type TestCluster } from '@fmea/core/testing';
import { dbEnv, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let cluster: TestCluster;
let plant: TempDb;
beforeAll(async () => {
  [cluster, plant] = await Promise.all([startTestCluster(), tempDbUrl()]);
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await plant?.cleanup();
});

describe('fmea db copy', { timeout: 120_000 }, () => {
  it('copies the embedded database to PostgreSQL with a summary, and refuses to write over data in either language', async () => {
    expect((await runFmea(['db', 'migrate'], { env: dbEnv(plant) })).code).toBe(0);
    const target = await cluster.createDatabase('plant_cli');
    const shown = target.replace(/\/\/[^@]*@/, '//');
    const copied = await runFmea(['--lang', 'en-US', 'db', 'copy', '--from', plant.url, '--to', target]);
    expect(copied.code).toBe(0);
    expect(copied.stdout).toMatch(new RegExp(`^Copied ${plant.dir}/fmea\\.db to ${shown.replace(/[.?*+^$[\]\\(){}|-]/g, '\\$&')}: \\d+ tables, \\d+ rows, each table checked\\n$`));
    expect(copied.stdout).not.toContain(':' + target.split(':')[2]!.split('@')[0]);
    const again = await runFmea(['db', 'copy', '--from', plant.url, '--to', target]);
    expect(again).toMatchObject({ code: 5, stdout: '', stderr: `${shown} 中已有数据，未复制任何内容（加 --force 可替换）\n` });
    const json = await runFmea(['--json', 'db', 'copy', '--from', plant.url, '--to', target, '--force']);
    expect(JSON.parse(json.stdout).data.tables).toEqual(expect.arrayContaining([expect.objectContaining({ table: 'user', rows: 1, hash: expect.stringMatching(/^[0-9a-f]{64}$/) })]));
  });
});
