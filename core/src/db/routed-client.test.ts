import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/libsql';
import { embeddedClient, openDatabase, openFileClient, type EmbeddedDatabase } from './client.ts';

/** A gate a test opens by hand: work awaiting it is suspended on a real await until then. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const opened: { database: EmbeddedDatabase; dir?: string }[] = [];
afterEach(() => {
  for (const { database, dir } of opened.splice(0)) {
    database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * A file database as openDatabase makes it, or `:memory:`. `oneTurn`: the
 * write queue's turns take every queued writer however long they run, so
 * writers started together deterministically share one transaction.
 */
async function open(kind: 'file' | 'memory', options: { oneTurn?: boolean } = {}): Promise<EmbeddedDatabase> {
  const dir = kind === 'file' ? mkdtempSync(join(tmpdir(), 'fmea-routed-')) : undefined;
  let database: EmbeddedDatabase;
  if (dir && options.oneTurn) {
    const url = `file:${join(dir, 'routed.db')}`;
    const client = await openFileClient(url, { groupMs: 3_600_000, maxTurnMs: 3_600_000 });
    database = { dialect: 'sqlite', client, db: drizzle({ client }) as unknown as EmbeddedDatabase['db'], url, query: async (text) => (await client.execute(text)).rows as never, close: async () => client.close() };
  } else database = (await openDatabase(dir ? `file:${join(dir, 'routed.db')}` : ':memory:')) as EmbeddedDatabase;
  opened.push({ database, dir });
  await embeddedClient(database).execute('create table note (id integer primary key, text text not null unique)');
  return database;
}

/** The messages of an error and its causes (drizzle wraps the driver's error). */
const messages = (error: unknown) => {
  let text = '';
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) text += ` ${e.message}`;
  return text;
};

const texts = async (database: EmbeddedDatabase) => (await database.db.all<{ text: string }>(sql`select text from note order by id`)).map((r) => r.text);

describe('reads and writes on a file database', () => {
  it('answers a read while a write transaction is open, from the last commit', async () => {
    const database = await open('file');
    const { db } = database;
    await db.run(sql`insert into note (text) values ('committed')`);
    const events: string[] = [];
    const inside = gate();
    const finish = gate();
    const writing = db.transaction(async (tx) => {
      await tx.run(sql`insert into note (text) values ('uncommitted')`);
      events.push('written');
      inside.open();
      // a real await inside the transaction: the writer stays held until the test opens the gate
      await finish.opened;
      events.push('transaction ends');
    });
    await inside.opened;
    const seen = await db.all<{ text: string }>(sql`select text from note order by id`);
    events.push('read answered');
    finish.open();
    await writing;
    expect(events).toEqual(['written', 'read answered', 'transaction ends']);
    expect(seen.map((r) => r.text)).toEqual(['committed']);
    expect(await texts(database)).toEqual(['committed', 'uncommitted']);
  });

  it('stores every one of many concurrent writes it acknowledges, of every kind', async () => {
    const database = await open('file');
    const { db, client } = database;
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 60; i++) {
      if (i % 3 === 0) writes.push(db.run(sql`insert into note (text) values (${`plain ${i}`})`));
      if (i % 3 === 1) writes.push(db.transaction(async (tx) => tx.run(sql`insert into note (text) values (${`tx ${i}`})`)));
      if (i % 3 === 2) writes.push(client.batch([{ sql: 'insert into note (text) values (?)', args: [`batch ${i}`] }]));
      writes.push(db.all(sql`select count(*) from note`));
    }
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect((await texts(database)).length).toBe(60);
  });

  it('rolls back a failed transaction alone and frees the writer for the next', async () => {
    const database = await open('file', { oneTurn: true });
    const { db } = database;
    const failure = new Error('refused half way');
    // started together, they share one turn of the queue: the failure must not take the others with it
    const first = db.transaction(async (tx) => tx.run(sql`insert into note (text) values ('first')`));
    const failed = db.transaction(async (tx) => {
      await tx.run(sql`insert into note (text) values ('half')`);
      throw failure;
    });
    const clash = db.transaction(async (tx) => tx.run(sql`insert into note (text) values ('first')`));
    const last = db.transaction(async (tx) => tx.run(sql`insert into note (text) values ('last')`));
    await expect(failed).rejects.toBe(failure);
    expect(await clash.then(() => 'stored', messages)).toMatch(/UNIQUE/);
    await Promise.all([first, last]);
    await db.run(sql`insert into note (text) values ('after')`);
    expect(await texts(database)).toEqual(['first', 'last', 'after']);
  });

  it('tells every writer of a turn when SQLite ends the shared transaction, and keeps none of it', async () => {
    const database = await open('file', { oneTurn: true });
    const { db } = database;
    const kept = db.transaction(async (tx) => tx.run(sql`insert into note (text) values ('lost with the turn')`));
    const breaker = db.transaction(async (tx) => {
      await tx.run(sql`insert into note (text) values ('breaker')`);
      // stands for an error after which SQLite rolls back the whole transaction (disk full, I/O error)
      await tx.run(sql.raw('ROLLBACK'));
    });
    const outcomes = await Promise.allSettled([kept, breaker]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(await texts(database)).toEqual([]);
    await db.run(sql`insert into note (text) values ('next')`);
    expect(await texts(database)).toEqual(['next']);
  });

  it('refuses writes that were waiting when the database closes, instead of leaving them pending', async () => {
    const database = await open('file');
    const inside = gate();
    const holding = database.db.transaction(async (tx) => {
      await tx.run(sql`insert into note (text) values ('open')`);
      inside.open();
      await new Promise<void>(() => undefined);
    });
    void holding.catch(() => undefined);
    await inside.opened;
    const waiting = database.db.run(sql`insert into note (text) values ('waiting')`);
    database.close();
    expect(await waiting.then(() => 'stored', messages)).toMatch(/client is closed/);
    opened.splice(opened.findIndex((o) => o.database === database), 1);
  });
});

describe('reads and writes on an in-memory database (one connection)', () => {
  it('lets a read wait for an open transaction, so it never sees uncommitted rows', async () => {
    const database = await open('memory');
    const { db } = database;
    const events: string[] = [];
    const inside = gate();
    const writing = db.transaction(async (tx) => {
      await tx.run(sql`insert into note (text) values ('row')`);
      inside.open();
      await Promise.resolve();
      events.push('transaction ends');
    });
    await inside.opened;
    const reading = db.all<{ text: string }>(sql`select text from note`).then((rows) => {
      events.push('read answered');
      return rows;
    });
    await writing;
    expect((await reading).map((r) => r.text)).toEqual(['row']);
    expect(events).toEqual(['transaction ends', 'read answered']);
  });

  it('runs concurrent transactions one after another instead of refusing them', async () => {
    const database = await open('memory');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await tx.run(sql`insert into note (text) values (${`n${i}`})`);
          await new Promise((resolve) => setImmediate(resolve));
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect((await texts(database)).length).toBe(20);
  });
});
