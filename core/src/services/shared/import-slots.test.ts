import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import { importConcurrencyFromEnv, ImportSlots } from './import-slots.ts';

/** A job whose end the test decides. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish };
}

describe('the server’s import slots', () => {
  it('run two imports at once; a third waits, told how many are ahead, and starts when one ends', async () => {
    const slots = new ImportSlots(2);
    const started: string[] = [];
    const told: [string, number][] = [];
    const jobs = { a: held(), b: held(), c: held(), d: held() };
    const run = (name: keyof typeof jobs) =>
      slots.run(
        async () => {
          started.push(name);
          await jobs[name].done;
          return name;
        },
        (ahead) => told.push([name, ahead]),
      );
    const a = run('a');
    const b = run('b');
    const c = run('c');
    const d = run('d');
    await nextTurn();
    expect(started).toEqual(['a', 'b']);
    expect(told).toEqual([
      ['c', 0],
      ['d', 1],
    ]);
    expect([slots.running, slots.waiting]).toEqual([2, 2]);

    jobs.b.finish();
    expect(await b).toBe('b');
    await nextTurn();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(told.at(-1)).toEqual(['d', 0]);
    expect([slots.running, slots.waiting]).toEqual([2, 1]);

    jobs.a.finish();
    jobs.c.finish();
    jobs.d.finish();
    expect(await Promise.all([a, c, d])).toEqual(['a', 'c', 'd']);
    expect([slots.running, slots.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of an import that fails, and a release called twice frees one slot only', async () => {
    const slots = new ImportSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('bad file')))).rejects.toThrow('bad file');
    expect(slots.running).toBe(0);
    const release = await slots.acquire();
    let second = false;
    const next = slots.acquire().then((r) => ((second = true), r));
    release();
    release();
    (await next)();
    expect(second).toBe(true);
    const third = await slots.acquire();
    expect(slots.running).toBe(1);
    third();
  });

  it('take IMPORT_CONCURRENCY from 1 to 16 (default 2) and refuse anything else, naming the variable', () => {
    const refusal = (value: string) => {
      try {
        importConcurrencyFromEnv({ IMPORT_CONCURRENCY: value });
      } catch (error) {
        return error as DomainError;
      }
      throw new Error(`IMPORT_CONCURRENCY=${value} was taken`);
    };
    expect(importConcurrencyFromEnv({})).toBe(2);
    expect(importConcurrencyFromEnv({ IMPORT_CONCURRENCY: ' ' })).toBe(2);
    expect(importConcurrencyFromEnv({ IMPORT_CONCURRENCY: ' 4 ' })).toBe(4);
    for (const value of ['0', '17', 'two', '2.5', '-1']) expect(refusal(value).messageKey, value).toBe('config.import_concurrency_invalid');
    expect(translateError('en-US', refusal('0'))).toBe('IMPORT_CONCURRENCY must be a whole number of imports from 1 to 16 (got 0)');
    expect(translateError('zh-CN', refusal('0'))).toBe('IMPORT_CONCURRENCY 必须是 1 到 16 之间的整数（同时进行的导入数，当前为 0）');
  });
});
