// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_SERVICE_RESTART, connectRealtime, RECONNECT_MIN_MS, RESTART_RECONNECT_MS } from './client.ts';

/** A socket that records what happens to it; the test closes it like a dropped connection. */
class FakeSocket extends EventTarget {
  static made: FakeSocket[] = [];
  sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.dispatchEvent(new Event('close'));
  }
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeSocket.made = [];
});

describe('realtime connection', () => {
  it('connects after the delay, reconnects with a growing wait after a drop, and stops when told', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    const stop = connectRealtime(4000);
    vi.advanceTimersByTime(3999);
    expect(FakeSocket.made).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(1);
    expect(FakeSocket.made[0]!.url).toMatch(/\/api\/ws$/);

    FakeSocket.made[0]!.dispatchEvent(new Event('close'));
    vi.advanceTimersByTime(RECONNECT_MIN_MS);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.dispatchEvent(new Event('close'));
    vi.advanceTimersByTime(RECONNECT_MIN_MS);
    expect(FakeSocket.made).toHaveLength(2); // the second wait is twice as long
    vi.advanceTimersByTime(RECONNECT_MIN_MS);
    expect(FakeSocket.made).toHaveLength(3);

    // an opened socket resets the wait; stopping closes it without another attempt
    FakeSocket.made[2]!.dispatchEvent(new Event('open'));
    expect(document.documentElement.dataset.realtime).toBe('connected');
    stop();
    expect(document.documentElement.dataset.realtime).toBeUndefined();
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.made).toHaveLength(3);
  });

  it('reconnects within a second and a half when the server says it restarts, without growing the wait', () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    connectRealtime(0);
    vi.advanceTimersByTime(0);
    for (const attempt of [1, 2, 3]) {
      FakeSocket.made.at(-1)!.dispatchEvent(Object.assign(new Event('close'), { code: CLOSE_SERVICE_RESTART }));
      vi.advanceTimersByTime(RESTART_RECONNECT_MS * 1.5);
      expect(FakeSocket.made).toHaveLength(attempt + 1);
    }
    expect(RESTART_RECONNECT_MS * 1.5).toBeLessThan(RECONNECT_MIN_MS);
  });
});
