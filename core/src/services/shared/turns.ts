import { setImmediate as nextTurn } from 'node:timers/promises';

/** The most a long job runs before letting the server's other work in (health checks have 100 ms: docs/decisions/imports-streaming.md). */
export const TURN_MS = 10;

/**
 * For work that runs long in one request (reading a workbook, writing
 * thousands of rows): `await pause()` between chunks yields to the event
 * loop, once `ms` have passed since the last yield, so requests, health
 * checks and timers are served in between. Cheap when called often.
 */
export function turnKeeper(ms = TURN_MS): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < ms) return;
    await nextTurn();
    last = performance.now();
  };
}
