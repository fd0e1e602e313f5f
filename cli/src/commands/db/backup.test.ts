import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dbEnv, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temps: TempDb[] = [];
afterEach(async () => {
  await Promise.all(temps.map((t) => t.cleanup()));
  temps = [];
});

describe('fmea db backup and restore', { timeout: 90_000 }, () => {
  it('backs up the database and the files, refuses to write over the archive, and restores both on a fresh machine', async () => {
    const [plant, fresh] = await Promise.all([tempDbUrl(), tempDbUrl()]);
    temps.push(plant, fresh);
    const env = dbEnv(plant, { FILES_DIR: join(plant.dir, 'files') });
    expect((await runFmea(['db', 'migrate'], { env })).code).toBe(0);
    mkdirSync(join(plant.dir, 'files', 'ab'), { recursive: true });
    writeFileSync(join(plant.dir, 'files', 'ab', 'abc123'), 'drawing');
    const archive = join(plant.dir, 'plant.tar.gz');

    const backup = await runFmea(['--lang', 'en-US', '--json', 'db', 'backup', archive], { env });
    expect(backup.code).toBe(0);
    const written = JSON.parse(backup.stdout).data;
    expect(written).toMatchObject({ path: archive, format: 'fmea-workbench-backup/1', engine: 'sqlite', files: 1, tables: { user: 1 } });
    expect(await runFmea(['db', 'backup', archive], { env })).toMatchObject({ code: 5, stdout: '', stderr: `${archive} 已存在，未写入任何内容（加 --force 可覆盖）\n` });

    const freshEnv = dbEnv(fresh, { FILES_DIR: join(fresh.dir, 'files') });
    const restore = await runFmea(['--lang', 'en-US', 'db', 'restore', archive], { env: freshEnv });
    expect(restore.code).toBe(0);
    expect(restore.stdout).toBe(`Restored the backup of ${written.createdAt} into ${fresh.url} and ${join(fresh.dir, 'files')} (rows: ${Object.entries(written.tables as Record<string, number>).filter(([name]) => !name.startsWith('__')).reduce((sum, [, n]) => sum + n, 0)}, files: 1)\n`);
    expect(readFileSync(join(fresh.dir, 'files', 'ab', 'abc123'), 'utf8')).toBe('drawing');
    const again = await runFmea(['db', 'restore', archive], { env: freshEnv });
    expect(again).toMatchObject({ code: 5, stderr: `${fresh.dir}/fmea.db 中已有数据，未做任何更改（加 --force 可覆盖恢复，被替换的内容另存为 …before-restore-<时间>）\n` });
    const stranger = join(fresh.dir, 'notes.tar.gz');
    writeFileSync(stranger, 'not an archive');
    expect(await runFmea(['--lang', 'en-US', 'db', 'restore', stranger, '--force'], { env: freshEnv })).toMatchObject({
      code: 2,
      stderr: `${stranger} is not a backup of FMEA Workbench, or it is damaged; nothing was changed\n`,
    });
  });
});
