/**
 * How long a realtime event takes to reach a client on another server (bench:cluster). The watcher's
 * session has a socket on server B (the one timed) and one on server A (delivered there without the
 * relay, for comparison); the writer adds controls on server A to a project both are members of, and
 * each write's fmeaChanged event (one write at a time, spread over the run) is timed from the moment the request left to its arrival on each socket.
 * Times are taken in this process, which is also generating the load: its own event-loop delay is in them.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { createClient } from './http-load.ts';

export interface ProbeResult {
  /** From the sockets' sign-in to the first event on both (ms). */
  boundAfterMs: number;
  /** Probe writes sent (fewer than asked when writes took longer than their interval). */
  sent: number;
  acknowledged: number;
  /** Acknowledged writes whose event reached the socket on the other server. */
  delivered: number;
  /** Request sent → event received on the other server (ms), sorted. */
  endToEnd: number[];
  /** Arrival on the other server minus arrival on the writing server (ms), sorted: the relay's own share. */
  relayShare: number[];
}

interface ProbeOptions {
  writePort: number;
  remotePort: number;
  writerToken: string;
  watcherToken: string;
  causeId: string;
  events: number;
  /** When the load ends (performance.now()): the probe's writes are spread until then, none sent after. */
  until: number;
}

const SOCKET_PATH = '/api/ws';
const STRAGGLER_WAIT_MS = 2_000;

/** A signed-in socket that notes when each control's fmeaChanged event arrives. */
async function watch(port: number, token: string): Promise<{ arrivals: Map<string, number>; close: () => void }> {
  const arrivals = new Map<string, number>();
  const ws = new WebSocket(`ws://127.0.0.1:${port}${SOCKET_PATH}`);
  ws.on('message', (raw) => {
    const at = performance.now();
    let message: { event?: string; data?: { type?: string; entity?: string; id?: string } };
    try {
      message = JSON.parse(String(raw));
    } catch {
      return;
    }
    if (message.event === 'receiveMessage' && message.data?.type === 'fmeaChanged' && message.data.entity === 'control' && message.data.id) arrivals.set(message.data.id, at);
  });
  await new Promise<void>((open, failed) => {
    ws.once('open', () => open());
    ws.once('error', failed);
  });
  ws.send(JSON.stringify({ event: 'login', data: { token } }));
  return { arrivals, close: () => ws.close() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function realtimeProbe(options: ProbeOptions): Promise<ProbeResult> {
  const began = performance.now();
  const remote = await watch(options.remotePort, options.watcherToken);
  const local = await watch(options.writePort, options.watcherToken);
  // a connection per probe write at most: none waits for a free one behind a slow write
  const client = createClient(options.writePort, 64);
  const write = async (): Promise<{ id?: string; sentAt: number }> => {
    const sentAt = performance.now();
    const outcome = await client.send({ method: 'POST', path: '/api/fmea/addControl', headers: { token: options.writerToken, lang: 'en-US' }, body: { causeId: options.causeId, kind: 'prevention', description: 'Realtime probe' }, keepBody: true });
    const id = outcome.ok ? (JSON.parse(outcome.body ?? '{}') as { data?: { id?: string } }).data?.id : undefined;
    return { id, sentAt };
  };
  try {
    // the sockets are bound once an event reaches both (the login message has no answer of its own)
    for (let attempt = 0; ; attempt++) {
      const { id } = await write();
      for (let waited = 0; waited < 500 && !(id && remote.arrivals.has(id) && local.arrivals.has(id)); waited += 10) await sleep(10);
      if (id && remote.arrivals.has(id) && local.arrivals.has(id)) break;
      if (attempt >= 20) throw new Error('the realtime probe’s sockets never received an event');
    }
    // one write at a time, as one engineer makes them (overlapping writes on one cause would contend with
    // each other, which is not what is timed here); a write answered late delays the next, none is sent after the load
    const start = performance.now();
    const boundAfterMs = start - began;
    const end = options.until;
    const interval = (end - start) / options.events;
    const done: { id?: string; sentAt: number }[] = [];
    for (let i = 0; i < options.events && performance.now() < end; i++) {
      await sleep(start + i * interval - performance.now());
      done.push(await write());
    }
    const acknowledged = done.filter((w): w is { id: string; sentAt: number } => w.id !== undefined);
    const waitUntil = performance.now() + STRAGGLER_WAIT_MS;
    while (performance.now() < waitUntil && acknowledged.some((w) => !remote.arrivals.has(w.id))) await sleep(20);
    const endToEnd: number[] = [];
    const relayShare: number[] = [];
    for (const w of acknowledged) {
      const there = remote.arrivals.get(w.id);
      if (there === undefined) continue;
      endToEnd.push(there - w.sentAt);
      const here = local.arrivals.get(w.id);
      if (here !== undefined) relayShare.push(there - here);
    }
    endToEnd.sort((a, b) => a - b);
    relayShare.sort((a, b) => a - b);
    return { boundAfterMs, sent: done.length, acknowledged: acknowledged.length, delivered: endToEnd.length, endToEnd, relayShare };
  } finally {
    remote.close();
    local.close();
    client.close();
  }
}
