import { performance } from 'node:perf_hooks';
import { LibsqlError, type Client, type Transaction } from '@libsql/client';

// Captured once: a test that fakes timers must not stall the database.
const defer = globalThis.setImmediate;

export interface WriteQueueOptions {
  /**
   * How long (ms) one turn may at least keep taking queued writers into its
   * transaction before it commits. 0: no turns; every writer commits alone, at once.
   */
  groupMs: number;
  /** The longest a turn may run (ms), however busy the rest of the process was. Default 25. */
  maxTurnMs?: number;
  /**
   * How much longer a turn may run than the rest of the process ran since the
   * previous one: 1 splits a busy process's time evenly between writes and
   * everything else. Default 1.
   */
  writeShare?: number;
}

interface Ack {
  resolve: () => void;
  reject: (error: unknown) => void;
}

const WATCH_MS = 10_000;

const rolledBack = () => new LibsqlError('The shared write transaction was rolled back; nothing of this write was stored', 'TRANSACTION_CLOSED');
const closedError = () => new LibsqlError('The client is closed', 'CLIENT_CLOSED');

/**
 * Serialises every write of one process through its single writer
 * connection, in arrival order, and commits them in groups.
 *
 * A writer `acquire`s, works inside `group()` (one SQLite transaction shared
 * by the writers of one turn; each writer keeps its own savepoint), and
 * `release`s. A writer's changes are acknowledged (its `release(true)`
 * settles) only once the shared transaction has committed; if it fails or
 * is rolled back, every writer in it is told so and nothing of it is kept.
 *
 * With `groupMs` > 0 (file databases) the queue runs in turns scheduled
 * with setImmediate: requests that arrived meanwhile (reads need no turn)
 * are answered between turns, and the writes queued by then share one
 * commit. A turn keeps taking queued writers for as long as the process
 * spent on other work since the previous turn (at least `groupMs`, at most
 * `maxTurnMs`): under load, writers and everything else get about half of
 * the time each, so neither starves and a read waits at most about a turn.
 *
 * The embedded driver is synchronous, so SQLite's busy handler would sleep
 * on the event loop if two connections of this process contended for the
 * write lock: one writer connection and this queue avoid that.
 */
export class WriteQueue {
  readonly #client: Client;
  readonly #groupMs: number;
  readonly #maxTurnMs: number;
  readonly #writeShare: number;
  #turnBudget = 0;
  #lastTurnEnd = 0;
  #waiting: { grant: () => void; refuse: (error: unknown) => void }[] = [];
  #held = false;
  #scheduled = false;
  #group: Transaction | undefined;
  #groupStarted = 0;
  #acks: Ack[] = [];
  #closed = false;
  #grants = 0;
  #watchdog: ReturnType<typeof setInterval> | undefined;

  constructor(client: Client, options: WriteQueueOptions) {
    this.#client = client;
    this.#groupMs = options.groupMs;
    this.#maxTurnMs = options.maxTurnMs ?? 25;
    this.#writeShare = options.writeShare ?? 1;
  }

  /** Nobody holds the writer and no transaction is open: a read on the writer's connection would see only committed data. */
  get idle(): boolean {
    return !this.#held && this.#group === undefined;
  }

  /** The holder is alone: no shared transaction is open and nobody waits, so it may use the bare connection. */
  get alone(): boolean {
    return this.#group === undefined && this.#waiting.length === 0;
  }

  /** Resolves when the caller holds the writer (first come, first served). Call `release` exactly once afterwards. */
  acquire(): Promise<void> {
    if (this.#closed) return Promise.reject(closedError());
    return new Promise((grant, refuse) => {
      this.#waiting.push({ grant, refuse });
      this.#kick();
    });
  }

  /** The transaction the holder works in, begun on first use. */
  async group(): Promise<Transaction> {
    if (!this.#group) {
      const started = performance.now();
      // a turn may take as long as the rest of the process had since the last one
      this.#turnBudget = Math.min(this.#maxTurnMs, Math.max(this.#groupMs, (started - this.#lastTurnEnd) * this.#writeShare));
      this.#group = await this.#client.transaction('write');
      this.#groupStarted = started;
    }
    return this.#group;
  }

  /** Commits the open transaction now (the holder needs the bare connection, e.g. for migrations). */
  async flush(): Promise<void> {
    await this.#commit();
  }

  /**
   * Gives the writer back. `keep`: the holder changed something to keep, and
   * the promise settles when that is committed (or fails when it is not);
   * otherwise it settles at once.
   */
  release(keep: boolean): Promise<void> {
    this.#held = false;
    const group = this.#group;
    let kept: Promise<void> = Promise.resolve();
    if (keep && group) kept = new Promise((resolve, reject) => this.#acks.push({ resolve, reject }));
    if (group?.closed) {
      // SQLite ended the transaction itself (an error that aborts it): whatever it held is gone
      this.#group = undefined;
      group.close();
      this.#settle(this.#take(), rolledBack());
    }
    if (this.#group && this.#groupMs > 0 && this.#waiting.length > 0 && performance.now() - this.#groupStarted < this.#turnBudget) this.#grant();
    else void this.#commit().finally(() => this.#kick());
    return kept;
  }

  /** Rolls back what is not committed (its writers are told), refuses the waiting and further writers. */
  close(): void {
    this.#closed = true;
    clearInterval(this.#watchdog);
    const group = this.#group;
    this.#group = undefined;
    const waiting = this.#waiting;
    this.#waiting = [];
    try {
      group?.close();
    } finally {
      this.#settle(this.#take(), closedError());
      for (const w of waiting) w.refuse(closedError());
    }
  }

  #kick(): void {
    if (this.#held || this.#scheduled || this.#waiting.length === 0) return;
    if (this.#groupMs === 0) return this.#grant();
    this.#scheduled = true;
    defer(() => {
      this.#scheduled = false;
      if (!this.#held) this.#grant();
    });
  }

  #grant(): void {
    const next = this.#waiting.shift();
    if (!next) return;
    this.#held = true;
    this.#grants++;
    this.#watch();
    next.grant();
  }

  /**
   * Says so when one holder keeps the writer for a whole watch period while
   * others wait: a transaction awaiting slow work, or one that writes through
   * the root client instead of its own handle and so waits for itself.
   */
  #watch(): void {
    if (this.#watchdog) return;
    let seen = this.#grants;
    let warned = -1;
    this.#watchdog = setInterval(() => {
      if (this.#held && this.#grants === seen && this.#waiting.length > 0 && warned !== seen) {
        warned = seen;
        console.error(`database: one write transaction has held the writer for over ${WATCH_MS / 1000} s while ${this.#waiting.length} writes wait (slow work inside a transaction, or a write through the root db inside one)`);
      }
      seen = this.#grants;
    }, WATCH_MS);
    this.#watchdog.unref();
  }

  #take(): Ack[] {
    const acks = this.#acks;
    this.#acks = [];
    return acks;
  }

  #settle(acks: Ack[], error?: unknown): void {
    for (const ack of acks) {
      if (error === undefined) ack.resolve();
      else ack.reject(error);
    }
  }

  async #commit(): Promise<void> {
    const group = this.#group;
    if (!group) return;
    this.#group = undefined;
    const acks = this.#take();
    try {
      await group.commit();
    } catch (error) {
      this.#settle(acks, error);
      return;
    } finally {
      this.#lastTurnEnd = performance.now();
    }
    this.#settle(acks);
  }
}
