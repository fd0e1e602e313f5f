/**
 * Closed-loop mixed load: `readers` workers and `writers` workers, each on its
 * own keep-alive connection, send back to back for `seconds`. Reads and writes
 * are timed apart; the ids the writes were acknowledged with are kept so the
 * caller can check that every acknowledged write is stored.
 */
import { performance } from 'node:perf_hooks';
import { percentile, type Call, type Outcome } from './http-load.ts';

export interface KindResult {
  completed: number;
  failed: number;
  rate: number;
  p50: number;
  p99: number;
  max: number;
  statuses: Record<number, number>;
}

export interface MixedResult {
  seconds: number;
  reads: KindResult;
  writes: KindResult;
  /** Ids from the `data.id` of every acknowledged (200) write. */
  ackedIds: string[];
}

function summarise(latencies: number[], failed: number, statuses: Map<number, number>, seconds: number): KindResult {
  latencies.sort((a, b) => a - b);
  return {
    completed: latencies.length,
    failed,
    rate: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? NaN,
    statuses: Object.fromEntries(statuses),
  };
}

export async function mixedLoad(
  send: (call: Call) => Promise<Outcome>,
  read: (worker: number) => Call,
  write: (worker: number, n: number) => Call,
  options: { readers: number; writers: number; seconds: number },
): Promise<MixedResult> {
  const readLatencies: number[] = [];
  const writeLatencies: number[] = [];
  const readStatuses = new Map<number, number>();
  const writeStatuses = new Map<number, number>();
  const ackedIds: string[] = [];
  let readFailed = 0;
  let writeFailed = 0;
  const start = performance.now();
  const end = start + options.seconds * 1000;
  const readers = Array.from({ length: options.readers }, async (_, worker) => {
    const call = read(worker);
    while (performance.now() < end) {
      const outcome = await send(call);
      readStatuses.set(outcome.status, (readStatuses.get(outcome.status) ?? 0) + 1);
      if (outcome.ok) readLatencies.push(outcome.ms);
      else readFailed++;
    }
  });
  const writers = Array.from({ length: options.writers }, async (_, worker) => {
    for (let n = 0; performance.now() < end; n++) {
      const outcome = await send({ ...write(worker, n), keepBody: true });
      writeStatuses.set(outcome.status, (writeStatuses.get(outcome.status) ?? 0) + 1);
      const id = outcome.ok ? idOf(outcome.body) : undefined;
      if (id) {
        writeLatencies.push(outcome.ms);
        ackedIds.push(id);
      } else writeFailed++;
    }
  });
  await Promise.all([...readers, ...writers]);
  const seconds = (performance.now() - start) / 1000;
  return {
    seconds,
    reads: summarise(readLatencies, readFailed, readStatuses, seconds),
    writes: summarise(writeLatencies, writeFailed, writeStatuses, seconds),
    ackedIds,
  };
}

function idOf(body: string | undefined): string | undefined {
  try {
    const parsed = JSON.parse(body ?? '') as { meta?: { success?: boolean }; data?: { id?: unknown } };
    return parsed.meta?.success && typeof parsed.data?.id === 'string' ? parsed.data.id : undefined;
  } catch {
    return undefined;
  }
}
