import { InvalidInputError } from '../../errors.ts';

/** Imports one server runs at once unless IMPORT_CONCURRENCY says otherwise (docs/decisions/imports-streaming.md). */
export const IMPORT_CONCURRENCY_DEFAULT = 2;
export const IMPORT_CONCURRENCY_MIN = 1;
export const IMPORT_CONCURRENCY_MAX = 16;

/** Told how many imports are ahead of a waiting one: when it starts waiting and each time one ahead of it starts. */
export type OnWaiting = (ahead: number) => void;

interface Waiter {
  start: () => void;
  onWaiting?: OnWaiting;
}

/**
 * The server's import slots: at most `size` spreadsheet imports run at once;
 * the others wait in arrival order and are told their place while they wait.
 * A slot is held from before the workbook is read until the import's answer
 * is ready, so the memory and CPU of imports never add up past `size` of them.
 */
export class ImportSlots {
  #running = 0;
  readonly #queue: Waiter[] = [];

  constructor(readonly size: number = IMPORT_CONCURRENCY_DEFAULT) {
    if (!Number.isSafeInteger(size) || size < IMPORT_CONCURRENCY_MIN) throw new RangeError(`import slots must be a whole number of at least ${IMPORT_CONCURRENCY_MIN} (got ${size})`);
  }

  /** Imports running now. */
  get running(): number {
    return this.#running;
  }

  /** Imports waiting for a slot. */
  get waiting(): number {
    return this.#queue.length;
  }

  /**
   * Resolves with the slot's release once one is free (at once when one is);
   * call the release exactly once, when the import is over (later calls do
   * nothing).
   */
  acquire(onWaiting?: OnWaiting): Promise<() => void> {
    return new Promise((resolve) => {
      const start = () => {
        this.#running++;
        resolve(this.#releaser());
      };
      if (this.#running < this.size && this.#queue.length === 0) return start();
      this.#queue.push({ start, onWaiting });
      onWaiting?.(this.#queue.length - 1);
    });
  }

  /** Runs `work` in a slot (waiting for one first) and frees the slot when it settles. */
  async run<T>(work: () => Promise<T>, onWaiting?: OnWaiting): Promise<T> {
    const release = await this.acquire(onWaiting);
    try {
      return await work();
    } finally {
      release();
    }
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#running--;
      const next = this.#queue.shift();
      if (!next) return;
      next.start();
      this.#queue.forEach((waiter, ahead) => waiter.onWaiting?.(ahead));
    };
  }
}

/** Parses IMPORT_CONCURRENCY (a whole number from 1 to 16, blanks around it allowed); anything else → undefined. */
export function parseImportConcurrency(value: string): number | undefined {
  const text = value.trim();
  if (!/^\d{1,2}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= IMPORT_CONCURRENCY_MIN && n <= IMPORT_CONCURRENCY_MAX ? n : undefined;
}

/**
 * The import slots from the environment's IMPORT_CONCURRENCY: absent or
 * empty → 2; a bad value throws `config.import_concurrency_invalid` naming
 * the variable, so a misconfigured server refuses to start.
 */
export function importConcurrencyFromEnv(env: Readonly<Record<string, string | undefined>>): number {
  const value = env.IMPORT_CONCURRENCY;
  if (value === undefined || value.trim() === '') return IMPORT_CONCURRENCY_DEFAULT;
  const n = parseImportConcurrency(value);
  if (n === undefined) throw new InvalidInputError('config.import_concurrency_invalid', { option: 'IMPORT_CONCURRENCY', value, min: IMPORT_CONCURRENCY_MIN, max: IMPORT_CONCURRENCY_MAX });
  return n;
}
