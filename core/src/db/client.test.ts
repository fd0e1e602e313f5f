import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseLocation, embeddedClient, migrateDatabase, openDatabase } from './client.ts';
import { translate } from '../i18n/index.ts';

describe('migrations', () => {
  it('survives several connections migrating a fresh file database at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fmea-migrate-'));
    const url = `file:${join(dir, 'race.db')}`;
    const databases = await Promise.all([openDatabase(url), openDatabase(url), openDatabase(url)]);
    try {
      await Promise.all(databases.map((d) => migrateDatabase(d.db)));
      const tables = await embeddedClient(databases[0]!).execute("select count(*) as n from sqlite_master where type = 'table' and name = 'user'");
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

describe('openDatabase', () => {
  it('refuses a URL it cannot open, naming it without credentials and saying what it can open', async () => {
    for (const url of ['libsql://user:secret@db.example.test/fmea?authToken=abc', 'http://127.0.0.1:8080', 'mysql://db/fmea']) {
      const refusal = await openDatabase(url).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal, url).toMatchObject({ code: 'invalid_input', messageKey: 'db.url_unsupported' });
    }
    const error = (await openDatabase('libsql://user:secret@db.example.test/fmea?authToken=abc').then(
      () => expect.fail('opened a libSQL server URL'),
      (e: unknown) => e,
    )) as { messageKey: string; params: Record<string, string> };
    const message = translate('en-US', error.messageKey, error.params);
    expect(message).toBe('The database address libsql://db.example.test/fmea is not supported: use a file: path of the embedded database (for example file:./data/fmea.db), :memory: or a postgres:// address');
    expect(message).not.toContain('secret');
    expect(translate('zh-CN', error.messageKey, error.params)).toContain('不支持的数据库地址 libsql://db.example.test/fmea');
  });
});
