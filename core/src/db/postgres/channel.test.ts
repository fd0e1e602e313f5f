import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestCluster, type TestCluster } from '../../testing/postgres.ts';
import { openNotifyChannel, type NotifyChannel } from './channel.ts';

let cluster: TestCluster;
let url: string;
beforeAll(async () => {
  cluster = await startTestCluster();
  url = await cluster.createDatabase('channel');
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
});

/** Resolves with the payloads once `count` have arrived (the test's timeout bounds the wait). */
function received(into: string[], count: number): Promise<string[]> {
  return new Promise((resolve) => {
    const look = setInterval(() => {
      if (into.length >= count) {
        clearInterval(look);
        resolve(into);
      }
    }, 10);
  });
}

describe('a notification channel between processes on one PostgreSQL database', () => {
  it('sends while every connection of the pool is taken (a server under load: its events do not queue behind its queries)', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const payloads: string[] = [];
    const listening = await openNotifyChannel({ url, channel: 'test_busy', onPayload: (p) => payloads.push(p) });
    const sending = await openNotifyChannel({ url, channel: 'test_busy', onPayload: () => undefined });
    // a long query holds the pool's one connection, as queries of a loaded server hold all of theirs
    const busy = await pool.connect();
    try {
      await sending.notify('first');
      await sending.notify('second');
      expect(await received(payloads, 2)).toEqual(['first', 'second']);
    } finally {
      busy.release();
      await Promise.all([sending.close(), listening.close()]);
      await pool.end();
    }
  });

  it('keeps a process’s notifications in the order sent, many at once, a payload sent twice delivered twice', async () => {
    const payloads: string[] = [];
    const channels: NotifyChannel[] = [
      await openNotifyChannel({ url, channel: 'test_order', onPayload: (p) => payloads.push(p) }),
      await openNotifyChannel({ url, channel: 'test_order', onPayload: () => undefined }),
    ];
    try {
      const sent = Array.from({ length: 500 }, (_, i) => (i % 7 === 0 ? 'again' : `event ${i}`));
      await Promise.all(sent.map((p) => channels[1]!.notify(p)));
      expect(await received(payloads, 500)).toEqual(sent);
    } finally {
      await Promise.all(channels.map((c) => c.close()));
    }
  });
});
