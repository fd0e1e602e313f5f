import pg from 'pg';

/**
 * A PostgreSQL notification channel (LISTEN/NOTIFY) between the processes on one database (issue 22):
 * what several API servers use to pass realtime events to each other's sockets. Listening takes a
 * connection of its own, opened again after the server closed it (a restart, a failover): notifications
 * sent while it was away are not delivered, which is what realtime hints may lose (the workbench reads the
 * records again when its socket reconnects). Notifying takes a connection of its own as well, one
 * notification at a time in the order given, so one process's events arrive in the order it sent them.
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

  let queue: Promise<void> = Promise.resolve();
  return {
    notify(payload) {
      const sent = queue.then(async () => {
        await (await sending()).query('SELECT pg_notify($1, $2)', [channel, payload]);
      });
      queue = sent.catch(() => undefined);
      return sent;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await queue;
      const clients = [listener, sender];
      listener = undefined;
      sender = undefined;
      await Promise.all(clients.map((client) => client?.end().catch(() => undefined)));
    },
  };
}
