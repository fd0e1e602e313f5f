import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedClient, openDatabase, type EmbeddedDatabase } from './client.ts';
import { STATEMENT_CACHE_SIZE } from './statement-cache.ts';

const opened: { database: EmbeddedDatabase; dir: string }[] = [];
afterEach(() => {
  for (const { database, dir } of opened.splice(0)) {
    database.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function openFile(): Promise<EmbeddedDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'fmea-stmt-'));
  const database = (await openDatabase(`file:${join(dir, 'cache.db')}`)) as EmbeddedDatabase;
  opened.push({ database, dir });
  await embeddedClient(database).execute('create table note (id integer primary key, text text not null unique)');
  return database;
}

/** How many distinct statements `prepare` answered for this SQL text, counted from here on. */
function countPrepares(sqlText: string): { count: () => number; stop: () => void } {
  let prepared = 0;
  const native = createRequire(import.meta.url)('libsql');
  const before = native.prototype.prepare;
  native.prototype.prepare = function (this: unknown, sql: string) {
    const stmt = before.call(this, sql);
    if (sql === sqlText && !(stmt as { __seen?: boolean }).__seen) {
      prepared += 1;
      (stmt as { __seen?: boolean }).__seen = true;
    }
    return stmt;
  };
  return { count: () => prepared, stop: () => (native.prototype.prepare = before) };
}

describe('prepared statements reused per connection', () => {
  it('prepares a statement once for many executions and answers the same rows as before', async () => {
    const { client } = await openFile();
    const select = 'select id, text from note where id = ?';
    const counter = countPrepares(select);
    try {
      for (let i = 1; i <= 50; i++) await client.execute({ sql: 'insert into note (id, text) values (?, ?)', args: [i, `n${i}`] });
      for (let i = 1; i <= 50; i++) {
        const result = await client.execute({ sql: select, args: [i] });
        expect(result.columns).toEqual(['id', 'text']);
        expect(result.rows[0]).toMatchObject({ id: i, text: `n${i}` });
      }
      expect(counter.count()).toBe(1);
    } finally {
      counter.stop();
    }
  });

  it('keeps working after a statement failed, and the failed write changed nothing', async () => {
    const { client } = await openFile();
    const insert = 'insert into note (id, text) values (?, ?)';
    await client.execute({ sql: insert, args: [1, 'same'] });
    await expect(client.execute({ sql: insert, args: [2, 'same'] })).rejects.toThrow(/UNIQUE/);
    await client.execute({ sql: insert, args: [3, 'other'] });
    const rows = (await client.execute('select id from note order by id')).rows.map((r) => r.id);
    expect(rows).toEqual([1, 3]);
  });

  it('lets the reader see every later commit through a statement it has run before', async () => {
    const { client } = await openFile();
    const count = 'select count(*) as n from note';
    for (let i = 1; i <= 5; i++) {
      await client.execute({ sql: 'insert into note (id, text) values (?, ?)', args: [i, `t${i}`] });
      expect((await client.execute(count)).rows[0]!.n).toBe(i);
    }
    // a RETURNING write (a statement that returns rows) and a plain one, reused
    for (let i = 6; i <= 8; i++) {
      const back = await client.execute({ sql: 'insert into note (id, text) values (?, ?) returning id', args: [i, `t${i}`] });
      expect(back.rows[0]!.id).toBe(i);
    }
    expect((await client.execute(count)).rows[0]!.n).toBe(8);
  });

  it('forgets the statements of a table whose shape changed', async () => {
    const { client } = await openFile();
    await client.execute({ sql: 'insert into note (id, text) values (?, ?)', args: [1, 'a'] });
    const star = 'select * from note';
    expect((await client.execute(star)).columns).toEqual(['id', 'text']);
    await client.execute('alter table note add column extra text');
    // the first run after the change re-prepares the statement (the driver reports the columns it had before)
    await client.execute(star);
    expect((await client.execute(star)).columns).toEqual(['id', 'text', 'extra']);
    expect((await client.execute(star)).rows[0]).toMatchObject({ id: 1, text: 'a', extra: null });
  });

  it('keeps at most the configured number of statements per connection', async () => {
    const { client } = await openFile();
    await client.execute({ sql: 'insert into note (id, text) values (?, ?)', args: [1, 'a'] });
    // more distinct texts than the cache holds, then the first again: still right
    for (let i = 0; i < STATEMENT_CACHE_SIZE + 20; i++) await client.execute(`select id + ${i} as v from note`);
    expect((await client.execute('select id + 0 as v from note')).rows[0]!.v).toBe(1);
  });
});
