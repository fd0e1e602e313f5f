import type { Client, InArgs, InStatement, Replicated, ResultSet, Transaction, TransactionMode } from '@libsql/client';
import { LibsqlError } from '@libsql/client';
import { WriteQueue, type WriteQueueOptions } from './write-queue.ts';

/**
 * A libsql `Client` for an embedded database that uses SQLite's WAL design as
 * intended (see docs/decisions/database-connections.md):
 *
 * - reads (a lone SELECT outside a transaction) run on a reader connection of
 *   their own, which sees the last commit and never waits for the writer;
 * - everything else (writes, batches, transactions, migrations) goes through
 *   one writer connection, in arrival order, via a WriteQueue that commits
 *   the writes of one event-loop turn together.
 *
 * Without a reader (`:memory:`, where a second connection would be a second,
 * empty database) reads use the writer's connection when it is idle and
 * otherwise wait their turn, so they never see uncommitted changes.
 */
export class RoutedClient implements Client {
  readonly protocol: string;
  closed = false;
  readonly #writer: Client;
  readonly #reader: Client | undefined;
  readonly #queue: WriteQueue;
  #savepoints = 0;

  constructor(writer: Client, reader: Client | undefined, options: WriteQueueOptions) {
    this.#writer = writer;
    this.#reader = reader;
    this.protocol = writer.protocol;
    this.#queue = new WriteQueue(writer, options);
  }

  execute(stmt: InStatement): Promise<ResultSet>;
  execute(sql: string, args?: InArgs): Promise<ResultSet>;
  async execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    this.#checkOpen();
    const stmt: InStatement = typeof stmtOrSql === 'string' ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
    if (isRead(stmt)) {
      if (this.#reader) return this.#reader.execute(stmt);
      if (this.#queue.idle) return this.#writer.execute(stmt);
      return this.#exclusive(() => this.#writer.execute(stmt));
    }
    return this.#writeOne(stmt);
  }

  async batch(stmts: Array<InStatement | [string, InArgs?]>, _mode?: TransactionMode): Promise<ResultSet[]> {
    this.#checkOpen();
    const normalized = stmts.map((s): InStatement => (Array.isArray(s) ? { sql: s[0], args: s[1] ?? [] } : s));
    // all or nothing, as a batch promises
    return this.#write(async (tx) => {
      const name = this.#savepoint();
      await tx.executeMultiple(`SAVEPOINT ${name}`);
      try {
        const results = await tx.batch(normalized);
        await tx.executeMultiple(`RELEASE ${name}`);
        return results;
      } catch (error) {
        await undo(tx, name);
        throw error;
      }
    });
  }

  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    this.#checkOpen();
    // migrations switch foreign keys off for their own transaction: they need the bare connection
    return this.#exclusive(() => this.#writer.migrate(stmts), true);
  }

  async executeMultiple(sql: string): Promise<void> {
    this.#checkOpen();
    return this.#exclusive(() => this.#writer.executeMultiple(sql), true);
  }

  async transaction(_mode?: TransactionMode): Promise<Transaction> {
    this.#checkOpen();
    await this.#queue.acquire();
    let tx: Transaction;
    const name = this.#savepoint();
    try {
      tx = await this.#queue.group();
      await tx.executeMultiple(`SAVEPOINT ${name}`);
    } catch (error) {
      await this.#queue.release(false);
      throw error;
    }
    return new QueuedTransaction(this.#queue, tx, name);
  }

  async sync(): Promise<Replicated> {
    return this.#writer.sync();
  }

  close(): void {
    this.closed = true;
    try {
      this.#queue.close();
    } finally {
      this.#writer.close();
      this.#reader?.close();
    }
  }

  reconnect(): void {
    throw new LibsqlError('Reconnecting is not supported; open the database again', 'NOT_SUPPORTED');
  }

  #savepoint(): string {
    return `fmea_write_${++this.#savepoints}`;
  }

  #checkOpen(): void {
    if (this.closed) throw new LibsqlError('The client is closed', 'CLIENT_CLOSED');
  }

  /** One statement is atomic by itself: alone it runs on the bare connection (no BEGIN and COMMIT), else in the turn's transaction. */
  async #writeOne(stmt: InStatement): Promise<ResultSet> {
    await this.#queue.acquire();
    if (!this.#queue.alone) return this.#inTurn((tx) => tx.execute(stmt));
    try {
      return await this.#writer.execute(stmt);
    } finally {
      await this.#queue.release(false);
    }
  }

  /** Runs `work` in the shared write transaction; resolves once that has committed. */
  async #write<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    await this.#queue.acquire();
    return this.#inTurn(work);
  }

  /** `#write` for a caller that already holds the writer. */
  async #inTurn<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await work(await this.#queue.group());
    } catch (error) {
      await this.#queue.release(false);
      throw error;
    }
    await this.#queue.release(true);
    return result;
  }

  /** Runs `work` while holding the writer, with no transaction of the queue open (`flush` commits it first). */
  async #exclusive<T>(work: () => Promise<T>, flush = false): Promise<T> {
    await this.#queue.acquire();
    try {
      if (flush) await this.#queue.flush();
      return await work();
    } finally {
      await this.#queue.release(false);
    }
  }
}

/**
 * A transaction of one caller: a savepoint inside the queue's shared transaction.
 * (Savepoint statements go through executeMultiple: it skips the driver's
 * per-statement preparation, about 50 µs here.)
 */
class QueuedTransaction implements Transaction {
  readonly #queue: WriteQueue;
  readonly #tx: Transaction;
  readonly #name: string;
  #done = false;

  constructor(queue: WriteQueue, tx: Transaction, name: string) {
    this.#queue = queue;
    this.#tx = tx;
    this.#name = name;
  }

  get closed(): boolean {
    return this.#done || this.#tx.closed;
  }

  async execute(stmt: InStatement): Promise<ResultSet> {
    this.#checkOpen();
    return this.#tx.execute(stmt);
  }

  async batch(stmts: InStatement[]): Promise<ResultSet[]> {
    this.#checkOpen();
    return this.#tx.batch(stmts);
  }

  async executeMultiple(sql: string): Promise<void> {
    this.#checkOpen();
    return this.#tx.executeMultiple(sql);
  }

  /** Keeps the changes; resolves when they are committed, fails when they could not be. */
  async commit(): Promise<void> {
    this.#checkOpen();
    this.#done = true;
    try {
      await this.#tx.executeMultiple(`RELEASE ${this.#name}`);
    } catch (error) {
      await undo(this.#tx, this.#name);
      await this.#queue.release(false);
      throw error;
    }
    return this.#queue.release(true);
  }

  async rollback(): Promise<void> {
    if (this.#done) return;
    this.#done = true;
    await undo(this.#tx, this.#name);
    await this.#queue.release(false);
  }

  close(): void {
    void this.rollback();
  }

  #checkOpen(): void {
    if (this.closed) throw new LibsqlError('The transaction is closed', 'TRANSACTION_CLOSED');
  }
}

/** Undoes a savepoint's changes; when SQLite has already ended the transaction there is nothing left to undo. */
async function undo(tx: Transaction, name: string): Promise<void> {
  if (tx.closed) return;
  try {
    await tx.executeMultiple(`ROLLBACK TO ${name}; RELEASE ${name}`);
  } catch {
    // the savepoint cannot be undone alone: end the whole transaction rather than commit part of
    // this caller's changes; the queue notices and tells the other writers in it
    tx.close();
  }
}

/** A lone SELECT reads only: it may run on a reader connection. Anything else goes to the writer. */
function isRead(stmt: InStatement): boolean {
  const sql = typeof stmt === 'string' ? stmt : stmt.sql;
  return /^\s*select\b/i.test(sql);
}
