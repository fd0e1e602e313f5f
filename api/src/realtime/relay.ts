import { randomUUID } from 'node:crypto';
import { NOTIFY_PAYLOAD_BYTES, openNotifyChannel, type PostgresDatabase } from '@fmea/core';
import type { RealtimeHub, RelayMessage } from './hub.ts';

/** The channel every server of one database listens on. */
export const REALTIME_CHANNEL = 'fmea_realtime';

interface Envelope {
  /** The server that sent it: its own events it has already delivered. */
  from: string;
  message: RelayMessage;
}

/**
 * Several API servers on one PostgreSQL database behave as one for realtime events (issue 22): every
 * event a server sends is also published on the database's notification channel, and every server sends
 * what the others published to its own sockets. PostgreSQL's LISTEN/NOTIFY is the carrier: it is already
 * there (no broker to run and keep in step), delivers in a few milliseconds, and notifications are sent
 * only when the writes before them have committed. An event too large for one notification (8000 bytes) is
 * split by its audience's users; one that cannot be split is reported, not dropped in silence.
 */
export async function attachPostgresRelay(hub: RealtimeHub, database: PostgresDatabase, report: (text: string) => void = (text) => process.stderr.write(`${text}\n`)) {
  const self = randomUUID();
  const channel = await openNotifyChannel({
    url: database.url,
    channel: REALTIME_CHANNEL,
    onPayload: (payload) => {
      let envelope: Envelope;
      try {
        envelope = JSON.parse(payload) as Envelope;
      } catch {
        return;
      }
      if (envelope.from !== self) hub.receive(envelope.message);
    },
  });
  const publish = (message: RelayMessage): void => {
    const text = JSON.stringify({ from: self, message } satisfies Envelope);
    if (Buffer.byteLength(text) <= NOTIFY_PAYLOAD_BYTES) {
      channel.notify(text).catch((error: unknown) => report(`realtime relay: an event did not reach the other servers (${error instanceof Error ? error.message : String(error)})`));
      return;
    }
    const users = message.op === 'send' ? message.audience.users : undefined;
    if (message.op === 'send' && users && users.length > 1) {
      const half = Math.ceil(users.length / 2);
      publish({ ...message, audience: { ...message.audience, users: users.slice(0, half) } });
      publish({ ...message, audience: { ...message.audience, users: users.slice(half) } });
      return;
    }
    report(`realtime relay: an event of ${Buffer.byteLength(text)} bytes is too large for the other servers (${message.op})`);
  };
  hub.attachRelay({ publish });
  return async () => {
    hub.attachRelay(undefined);
    await channel.close();
  };
}
