/**
 * Holds every thread of libuv's pool (where zlib's asynchronous API, fs and
 * crypto work run) until released, so a test can show without any timing
 * that some work waits for the pool while the event loop keeps serving.
 * Each thread blocks in open(2) on a named pipe (Linux/macOS `mkfifo`) that
 * has no writer yet; the pool's queue is first in, first out, so work queued
 * after them cannot start before `release()`.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface HeldThreadPool {
  /** Lets the pool go; calling it again is harmless. */
  release(): Promise<void>;
}

export function holdThreadPool(): HeldThreadPool {
  const dir = mkdtempSync(join(tmpdir(), 'fmea-pool-'));
  const fifo = join(dir, 'hold');
  execFileSync('mkfifo', [fifo]);
  const threads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  const readers = Array.from({ length: threads }, () => open(fifo, 'r'));
  let released: Promise<void> | undefined;
  async function release() {
    // read-write never blocks on a FIFO, and as a writer it lets every waiting (and later) reader through
    const writer = openSync(fifo, 'r+');
    try {
      await Promise.all((await Promise.all(readers)).map((handle) => handle.close()));
    } finally {
      closeSync(writer);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { release: () => (released ??= release()) };
}
