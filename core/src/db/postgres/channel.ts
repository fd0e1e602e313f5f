import pg from 'pg';

/**
 * A PostgreSQL notification channel (LISTEN/NOTIFY) between the processes on one database (issue 22):
 * what several API servers use to pass realtime events to each other's sockets. Listening takes a
 * connection of its own, opened again after the server closed it (a restart, a failover): notifications
 * sent while it was away are not delivered, which is what realtime hints may lose (the workbench reads the
 * records again when its socket reconnects). Notifying takes a connection of its own as well, in the order
 * given (what waits is sent together, below), so one process's events arrive in the order it sent them.
 * Not the pool: on a loaded server every pool connection is busy with requests' queries, and events queued
 * behind them (one at a time) fell seconds behind the writes they announce (bench:cluster).
 */
export interface NotifyChannel {
  notify(payload: string): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL's limit on a notification's payload is 8000 bytes. */
export const NOTIFY_PAYLOAD_BYTES = 7900;

const RECONNECT_MS = 500;
/** Notifications sent in one statement at most. */
const NOTIFY_BATCH = 200;

export async function openNotifyChannel(options: { url: string; channel: string; onPayload: (payload: string) => void }): Promise<NotifyChannel> {
  const { url, channel, onPayload } = options;
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let closed = false;
  let listener: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    const lost = () => {
      if (listener !== client) return;
      listener = undefined;
      void client.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void listen().catch(lostAgain), RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    listener = client;
    if (closed) await client.end();
  };
  const lostAgain = () => {
    if (!closed) retry = setTimeout(() => void listen().catch(lostAgain), RECONNECT_MS);
  };
  await listen();

  // the sending connection, opened when first needed and again after it was lost
  let sender: pg.Client | undefined;
  const sending = async (): Promise<pg.Client> => {
    if (sender) return sender;
    const client = new pg.Client({ connectionString: url });
    const lost = () => {
      if (sender === client) sender = undefined;
      void client.end().catch(() => undefined);
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.connect();
    sender = client;
    return client;
  };

  // What waits while a statement is under way goes in the next one, all of it: one statement per round trip
  // (a server sending one at a time fell behind its own writes when its event loop was busy). PostgreSQL
  // delivers one transaction's notifications in the order sent but drops a repeated payload, so a batch
  // ends before a payload already in it.
  const waiting: { payload: string; done: () => void; failed: (error: unknown) => void }[] = [];
  let flushing: Promise<void> | undefined;
  const flush = async () => {
    while (waiting.length) {
      const seen = new Set<string>();
      let size = 0;
      while (size < waiting.length && size < NOTIFY_BATCH && !seen.has(waiting[size]!.payload)) seen.add(waiting[size++]!.payload);
      const batch = waiting.splice(0, size);
      try {
        const payloads = batch.map((b) => b.payload);
        await (await sending()).query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) WITH ORDINALITY AS sent(payload, n) ORDER BY n', [channel, payloads]);
        for (const b of batch) b.done();
      } catch (error) {
        for (const b of batch) b.failed(error);
      }
    }
    // no await since the loop saw nothing waiting: the next notify starts a flush of its own
    flushing = undefined;
  };
  return {
    notify(payload) {
      const sent = new Promise<void>((done, failed) => waiting.push({ payload, done, failed }));
      flushing ??= flush();
      return sent;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await flushing;
      const clients = [listener, sender];
      listener = undefined;
      sender = undefined;
      await Promise.all(clients.map((client) => client?.end().catch(() => undefined)));
    },
  };
}
