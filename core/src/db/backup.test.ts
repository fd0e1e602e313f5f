import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '@libsql/client';
import { openEmptyDatabase, openTestDatabase, tableRowCounts, type TestDatabase } from '../testing/index.ts';
import { DIALECT } from './dialect.ts';
import { buildUser } from '../testing/builders.ts';
import { writeArchive } from './archive.ts';
import { BACKUP_FORMAT, backupDatabase, restoreDatabase } from './backup.ts';

let dir: string;
let t: TestDatabase;
let filesDir: string;
const FILE_ID = '3f2a9c1e-0d4b-4c8e-9f6a-2b7d1e5c8a90';
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fmea-backup-test-'));
  t = await openTestDatabase({ file: true });
  await buildUser(t.ctx, { label: 'kept' });
  filesDir = join(dir, 'files');
  mkdirSync(join(filesDir, '3f'), { recursive: true });
  writeFileSync(join(filesDir, '3f', FILE_ID), Buffer.from([0, 1, 2, 250, 251, 252]));
});
afterEach(() => {
  t.dispose();
  rmSync(dir, { recursive: true, force: true });
});

async function userCount(url: string): Promise<number> {
  const client = createClient({ url });
  try {
    return Number((await client.execute('select count(*) as n from user')).rows[0]!.n);
  } finally {
    client.close();
  }
}

describe.skipIf(DIALECT === 'postgres')('backup and restore of the embedded database', { timeout: 60_000 }, () => {
  it('writes a .tar.gz any tar lists, and restores the same rows and files on a fresh machine', async () => {
    const out = join(dir, 'plant.tar.gz');
    const progress: number[] = [];
    const manifest = await backupDatabase(t, { filesDir, out, onProgress: (done, total) => progress.push(done / total) });
    expect(manifest).toMatchObject({ format: BACKUP_FORMAT, engine: 'sqlite', files: 1 });
    expect(manifest.tables.user).toBe(await userCount(t.url));
    expect(manifest.migrations).toBeGreaterThan(20);
    expect(progress.at(-1)).toBe(1);
    expect(execFileSync('tar', ['tzf', out], { encoding: 'utf8' }).trim().split('\n')).toEqual(['manifest.json', 'database/fmea.db', `files/3f/${FILE_ID}`]);
    await expect(backupDatabase(t, { filesDir, out })).rejects.toMatchObject({ code: 'conflict', messageKey: 'db.backup_exists' });

    const fresh = join(dir, 'fresh');
    const restored = await restoreDatabase({ archive: out, url: `file:${join(fresh, 'fmea.db')}`, filesDir: join(fresh, 'files') });
    expect(restored.tables).toEqual(manifest.tables);
    expect(await userCount(`file:${join(fresh, 'fmea.db')}`)).toBe(manifest.tables.user);
    expect(readFileSync(join(fresh, 'files', '3f', FILE_ID))).toEqual(Buffer.from([0, 1, 2, 250, 251, 252]));

    // a second restore over data is refused unless forced; forced, it keeps what it replaced
    await expect(restoreDatabase({ archive: out, url: `file:${join(fresh, 'fmea.db')}`, filesDir: join(fresh, 'files') })).rejects.toMatchObject({ code: 'conflict', messageKey: 'db.restore_target_not_empty' });
    await restoreDatabase({ archive: out, url: `file:${join(fresh, 'fmea.db')}`, filesDir: join(fresh, 'files'), force: true });
    const kept = readdirSync(fresh).filter((name) => name.includes('.before-restore-'));
    // the database (with its -wal and -shm when the last user left them) and the files folder
    expect(kept.filter((name) => name.startsWith('fmea.db.before-restore-') && !/-(wal|shm)$/.test(name))).toHaveLength(1);
    expect(kept.filter((name) => name.startsWith('files.before-restore-'))).toHaveLength(1);
    expect(readdirSync(fresh).filter((name) => name.startsWith('.fmea-restore'))).toEqual([]);
  });

  it('changes nothing for a damaged archive, a stranger file or an entry that names a path outside the files', async () => {
    const out = join(dir, 'plant.tar.gz');
    await backupDatabase(t, { filesDir, out });
    const target = join(dir, 'target');
    const attempt = (archive: string) => restoreDatabase({ archive, url: `file:${join(target, 'fmea.db')}`, filesDir: join(target, 'files') });

    await expect(attempt(join(dir, 'missing.tar.gz'))).rejects.toMatchObject({ code: 'not_found', messageKey: 'db.restore_archive_missing' });
    const cut = join(dir, 'cut.tar.gz');
    writeFileSync(cut, readFileSync(out));
    truncateSync(cut, Math.floor(statSync(out).size / 2));
    await expect(attempt(cut)).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'db.restore_not_backup' });

    const stranger = join(dir, 'notes.tar.gz');
    writeFileSync(stranger, 'just some text');
    await expect(attempt(stranger)).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'db.restore_not_backup' });

    const hostile = join(dir, 'hostile.tar.gz');
    const manifest = Buffer.from(JSON.stringify({ format: BACKUP_FORMAT, engine: 'sqlite', tables: {}, bytes: 1 }));
    const evil = Buffer.from('x');
    await writeArchive(createWriteStream(hostile), [
      { name: 'manifest.json', size: manifest.length, body: () => manifest },
      { name: 'files/../../escaped', size: 1, body: () => evil },
    ]);
    await expect(attempt(hostile)).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'db.restore_not_backup' });
    expect(existsSync(join(dir, 'escaped'))).toBe(false);
    expect(existsSync(join(target, 'fmea.db'))).toBe(false);
    expect(readdirSync(target)).toEqual([]);
  });
});

// the postgres project runs this file on PostgreSQL (vitest.config.ts)
describe.skipIf(DIALECT !== 'postgres')('backup and restore of a PostgreSQL database', { timeout: 60_000 }, () => {
  it('backs up while serving into the same portable archive, and restores it into another PostgreSQL database or a file', async () => {
    const out = join(dir, 'plant.tar.gz');
    const manifest = await backupDatabase(t, { filesDir, out });
    expect(manifest).toMatchObject({ format: BACKUP_FORMAT, engine: 'sqlite', source: 'postgres', files: 1 });
    expect(manifest.tables).toMatchObject(await tableRowCounts(t));
    expect(execFileSync('tar', ['tzf', out], { encoding: 'utf8' }).trim().split('\n')).toEqual(['manifest.json', 'database/fmea.db', `files/3f/${FILE_ID}`]);

    // onto a fresh PostgreSQL database (another machine's): the same rows, table by table
    const other = await openEmptyDatabase();
    try {
      await restoreDatabase({ archive: out, url: other.url, filesDir: join(dir, 'other-files') });
      expect(await tableRowCounts(other)).toEqual(await tableRowCounts(t));
      expect(readFileSync(join(dir, 'other-files', '3f', FILE_ID))).toEqual(Buffer.from([0, 1, 2, 250, 251, 252]));
      // a database holding data is refused without --force, and replaced with it
      await expect(restoreDatabase({ archive: out, url: other.url, filesDir: join(dir, 'empty-files') })).rejects.toMatchObject({ code: 'conflict', messageKey: 'db.restore_target_not_empty' });
      await buildUser(t.ctx, { label: 'later' });
      await restoreDatabase({ archive: out, url: other.url, filesDir: join(dir, 'other-files'), force: true });
      expect((await tableRowCounts(other)).user).toBe(manifest.tables.user);
    } finally {
      await other.close();
    }

    // or onto the embedded file
    const file = `file:${join(dir, 'fresh', 'fmea.db')}`;
    await restoreDatabase({ archive: out, url: file, filesDir: join(dir, 'fresh', 'files') });
    expect(await userCount(file)).toBe(manifest.tables.user);
  });
});
