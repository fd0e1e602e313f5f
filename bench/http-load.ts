/**
 * A small, bounded HTTP load generator on node:http with keep-alive (undici
 * is not installed here). Loopback only: every request goes to 127.0.0.1.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Hand the response text back in the outcome (else it is read and dropped). */
  keepBody?: boolean;
}

export interface Outcome {
  ok: boolean;
  status: number;
  ms: number;
  /** The response text, only when the call asked for it (`keepBody`). */
  body?: string;
}

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * `connections` keep-alive connections to one server, or to each of several: given several ports, the
 * requests go to them in turn, as a round-robin load balancer sends them (so one worker's requests
 * alternate between the servers).
 */
export function createClient(ports: number | readonly number[], connections: number) {
  const list = typeof ports === 'number' ? [ports] : [...ports];
  const agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  let turn = 0;
  function send(call: Call): Promise<Outcome> {
    const port = list[turn++ % list.length]!;
    const payload = call.body === undefined ? undefined : Buffer.from(JSON.stringify(call.body));
    const headers: Record<string, string | number> = { ...call.headers };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    const started = performance.now();
    return new Promise((resolve) => {
      const req = request({ host: '127.0.0.1', port, method: call.method, path: call.path, agent, headers, timeout: REQUEST_TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => call.keepBody && chunks.push(chunk));
        res.on('end', () => {
          const body = call.keepBody ? Buffer.concat(chunks).toString('utf8') : undefined;
          resolve({ ok: res.statusCode === 200, status: res.statusCode ?? 0, ms: performance.now() - started, body });
        });
        res.on('error', () => resolve({ ok: false, status: 0, ms: performance.now() - started }));
      });
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => resolve({ ok: false, status: 0, ms: performance.now() - started }));
      req.end(payload);
    });
  }
  return { send, close: () => agent.destroy() };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export interface FixedRateResult {
  sent: number;
  completed: number;
  failed: number;
  dropped: number;
  seconds: number;
  latencies: number[];
  /** Worst delay between a request's planned and actual send time (client-side scheduling). */
  maxLateMs: number;
  statuses: Map<number, number>;
}

/**
 * Open-loop load: request i is sent at start + i / rate, whether or not
 * earlier ones have answered (so a slow server shows up as latency, not as a
 * lower rate). At most `maxInFlight` requests are outstanding; beyond that a
 * planned request is dropped and counted.
 */
export async function fixedRate(send: (call: Call) => Promise<Outcome>, pick: (i: number) => Call, options: { rate: number; seconds: number; maxInFlight?: number }): Promise<FixedRateResult> {
  const total = Math.round(options.rate * options.seconds);
  const maxInFlight = options.maxInFlight ?? 256;
  const interval = 1000 / options.rate;
  const result: FixedRateResult = { sent: 0, completed: 0, failed: 0, dropped: 0, seconds: 0, latencies: [], maxLateMs: 0, statuses: new Map() };
  const pending = new Set<Promise<void>>();
  const start = performance.now();
  let next = 0;
  while (next < total) {
    const now = performance.now();
    while (next < total && start + next * interval <= now) {
      result.maxLateMs = Math.max(result.maxLateMs, now - (start + next * interval));
      if (pending.size >= maxInFlight) result.dropped++;
      else {
        result.sent++;
        const job: Promise<void> = send(pick(next)).then((outcome) => {
          pending.delete(job);
          result.statuses.set(outcome.status, (result.statuses.get(outcome.status) ?? 0) + 1);
          if (outcome.ok) {
            result.completed++;
            result.latencies.push(outcome.ms);
          } else result.failed++;
        });
        pending.add(job);
      }
      next++;
    }
    const wait = start + next * interval - performance.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(wait, 5))));
  }
  await Promise.all(pending);
  result.seconds = (performance.now() - start) / 1000;
  result.latencies.sort((a, b) => a - b);
  return result;
}

export interface ThroughputResult {
  completed: number;
  failed: number;
  seconds: number;
  rate: number;
  p50: number;
  p99: number;
}

/** Closed-loop load: `connections` workers send back to back for `seconds`. */
export async function maxThroughput(send: (call: Call) => Promise<Outcome>, call: Call, options: { connections: number; seconds: number }): Promise<ThroughputResult> {
  const latencies: number[] = [];
  let failed = 0;
  const start = performance.now();
  const end = start + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < end) {
        const outcome = await send(call);
        if (outcome.ok) latencies.push(outcome.ms);
        else failed++;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { completed: latencies.length, failed, seconds, rate: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}
