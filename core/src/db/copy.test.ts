import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@libsql/client';
import { embeddedClient } from './client.ts';
import { openTestDatabase, startTestCluster, type TestCluster } from '../testing/index.ts';
import { buildWindowLifter, createTeamProject, makeTeam } from '../testing/builders.ts';
import { copyDatabase } from './copy.ts';

let cluster: TestCluster;
let dir: string;
beforeAll(async () => {
  cluster = await startTestCluster();
  dir = mkdtempSync(join(tmpdir(), 'fmea-copy-'));
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('fmea db copy', { timeout: 120_000 }, () => {
  it('moves an installation to PostgreSQL and back with the same rows and content hashes, and refuses a target with data', async () => {
    const plant = await openTestDatabase({ file: true });
    let fromFile;
    try {
      // a team, a project with its structure, functions, failures and ratings, and the log of all of it
      const team = await makeTeam(plant);
      const project = await createTeamProject(team);
      await buildWindowLifter(team.owner, project);
      // a baseline: its triggers refuse any UPDATE and a DELETE while its project exists, which a forced copy must not trip
      await embeddedClient(plant).execute({
        sql: "insert into fmea_baseline (id, project_id, project_type, seq, round, version_label, label, content, content_hash, node_count, chain_count, created_at) values ('bl-1', ?, 'dfmea', 1, 1, 'A', 'BL1', '{}', 'h', 0, 0, 1796550000000)",
        args: [project.id],
      });
      const progress: number[] = [];
      const pg = await cluster.createDatabase('plant_a');
      fromFile = await copyDatabase({ from: plant.url, to: pg, onProgress: (done, total) => progress.push(done / total) });
      expect(progress.at(-1)).toBe(1);
    } finally {
      plant.dispose();
    }
    const rows = Object.fromEntries(fromFile.map((t) => [t.table, t.rows]));
    expect(rows.user).toBeGreaterThanOrEqual(2);
    expect(rows.fmea_project).toBe(1);
    expect(rows.operation_log).toBeGreaterThan(0);

    const back = `file:${join(dir, 'back.db')}`;
    // two rows at a time: every table read in pages (the rowid on SQLite, a cursor on PostgreSQL)
    const fromPostgres = await copyDatabase({ from: cluster.urlOf('plant_a'), to: back, batchRows: 2 });
    expect(fromPostgres).toEqual(fromFile);
    const client = createClient({ url: back });
    try {
      expect(Number((await client.execute('select count(*) as n from fmea_project')).rows[0]!.n)).toBe(1);
    } finally {
      client.close();
    }

    expect(rows.fmea_baseline).toBe(1);
    await expect(copyDatabase({ from: back, to: cluster.urlOf('plant_a') })).rejects.toMatchObject({ code: 'conflict', messageKey: 'db.copy_target_not_empty' });
    expect(await copyDatabase({ from: back, to: cluster.urlOf('plant_a'), force: true, batchRows: 3 })).toEqual(fromFile);
    // over an embedded file with data: the old file is set aside, not emptied row by row
    expect(await copyDatabase({ from: cluster.urlOf('plant_a'), to: back, force: true })).toEqual(fromFile);
    expect(readdirSync(dir).filter((name) => name.startsWith('back.db.before-copy-') && !/-(wal|shm)$/.test(name))).toHaveLength(1);
    await expect(copyDatabase({ from: back, to: `file:${join(dir, '.', 'back.db')}` })).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'db.copy_same' });
    await expect(copyDatabase({ from: back, to: 'mysql://db/fmea' })).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'db.copy_url_unsupported' });
  });
});
