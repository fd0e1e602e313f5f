/**
 * The real server as a child process for `npm run bench:zip` (bench/servers.ts),
 * and what the bench reads of it: CPU time, resident memory, /api/health.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { BENCH_ADMIN_PASSWORD } from '../servers.ts';

export const MB = 1024 * 1024;

export interface BenchServer {
  child: ChildProcess;
  base: string;
  token: string;
  stop(): Promise<void>;
}

/** Starts the API (fresh database) with `env` on top of this process's, and signs the admin in. */
export async function startServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const script = resolve(fileURLToPath(import.meta.url), '../../servers.ts');
  const child = fork(script, ['api'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'pipe', 'inherit', 'ipc'], env: { ...process.env, ...env } });
  const port = await new Promise<number>((ready, failed) => {
    createInterface({ input: child.stdout! }).once('line', (line) => ready((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => failed(new Error(`server exited early (${code})`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.send('stop');
    await new Promise((done) => child.once('exit', done));
  };
  try {
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }) });
    const token = ((await login.json()) as { data: { token?: string } }).data.token;
    if (!token) throw new Error('bench sign-in failed');
    return { child, base, token, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The child's CPU time so far (all its threads, the zlib pool included), in ms. */
export function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((answer) => {
    const listen = (message: unknown) => {
      if (message && typeof message === 'object' && 'cpu' in message) {
        child.off('message', listen);
        answer((message as { cpu: number }).cpu / 1000);
      }
    };
    child.on('message', listen);
    child.send('cpu');
  });
}

/** Resident memory of a process (Linux /proc), in bytes. */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

/** The highest resident memory of `pid` while `work` runs (sampled every 5 ms), and the work's result. */
export async function peakRssWhile<T>(pid: number, work: () => Promise<T>): Promise<{ peak: number; result: T }> {
  let peak = rssOf(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 5);
  try {
    const result = await work();
    return { peak: Math.max(peak, rssOf(pid)), result };
  } finally {
    clearInterval(sampler);
  }
}

/** Polls /api/health one request after another while `work` runs; every answer's time in ms. */
export async function healthWhile(base: string, work: () => Promise<unknown>): Promise<number[]> {
  let polling = true;
  const times: number[] = [];
  const poll = (async () => {
    while (polling) {
      const start = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      times.push(performance.now() - start);
    }
  })();
  try {
    await work();
  } finally {
    polling = false;
    await poll;
  }
  return times;
}

/** The p-th percentile (0–100) of some times. */
export function percentile(times: readonly number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}
