import type { AppServices } from '../http/env.ts';

/**
 * Tells a user's open tabs how far a long job is (spec event receiveProgressInfo
 * `{ val, text }`): val is a whole percent 0–100; the client creeps towards 99
 * on its own and hides the bar 3 s after 100. Returns how many sockets got it.
 */
export function sendProgress(services: Pick<AppServices, 'realtime'>, userId: string, val: number, text = ''): number {
  const percent = Number.isFinite(val) ? Math.min(100, Math.max(0, Math.round(val))) : 0;
  return services.realtime.toUser(userId, 'receiveProgressInfo', { val: percent, text });
}

/**
 * Tells a user's tabs that their import waits for a slot (`waiting: true`
 * beside the spec's `{ val, text }`: the bar shows the text and does not
 * creep while waiting; a client that ignores the flag shows 0 %).
 */
export function sendWaiting(services: Pick<AppServices, 'realtime'>, userId: string, text: string): number {
  return services.realtime.toUser(userId, 'receiveProgressInfo', { val: 0, text, waiting: true });
}

/**
 * An `onProgress(done, total)` callback (the shape core's imports report in)
 * that sends progress only when the whole percent changes.
 */
export function progressReporter(services: Pick<AppServices, 'realtime'>, userId: string, text = '') {
  let last = -1;
  return (done: number, total: number) => {
    const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
    if (percent === last) return;
    last = percent;
    sendProgress(services, userId, percent, text);
  };
}
