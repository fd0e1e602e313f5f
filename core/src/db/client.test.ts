import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseLocation, migrateDatabase, openDatabase } from './client.ts';

describe('migrations', () => {
  it('survives several connections migrating a fresh file database at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fmea-migrate-'));
    const url = `file:${join(dir, 'race.db')}`;
    const databases = await Promise.all([openDatabase(url), openDatabase(url), openDatabase(url)]);
    try {
      await Promise.all(databases.map((d) => migrateDatabase(d.db)));
      const tables = await databases[0]!.client.execute("select count(*) as n from sqlite_master where type = 'table' and name = 'user'");
      expect(Number(tables.rows[0]!.n)).toBe(1);
    } finally {
      databases.forEach((d) => d.close());
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('databaseLocation', () => {
  it('names a file by its absolute path, memory as memory, and a server without credentials or query', () => {
    expect(databaseLocation('file:./data/fmea.db')).toEqual({ kind: 'file', path: resolve('data/fmea.db') });
    expect(databaseLocation('file:/srv/fmea/app.db?mode=rwc')).toEqual({ kind: 'file', path: '/srv/fmea/app.db' });
    expect(databaseLocation(':memory:')).toEqual({ kind: 'memory' });
    expect(databaseLocation('file::memory:?cache=shared')).toEqual({ kind: 'memory' });
    expect(databaseLocation('libsql://user:secret@db.example.test/fmea?authToken=abc')).toEqual({ kind: 'server', url: 'libsql://db.example.test/fmea' });
  });
});
