/**
 * The parent side of the benches' server processes (bench/servers.ts): each server runs as a child so the
 * load generator does not share its event loop. Started, asked (IPC), measured (CPU time) and stopped here.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';

export interface ServerChild {
  child: ChildProcess;
  port: number;
}

export const PROFILE_DIR = process.env.BENCH_PROFILE_DIR ?? join(tmpdir(), 'fmea-bench-profile');
const serversScript = resolve(fileURLToPath(import.meta.url), '../servers.ts');
const children: ChildProcess[] = [];

/**
 * Starts `servers.ts api|hello`. `databaseUrl` (api only) serves that database instead of a new temporary
 * file; the child's engine follows it (FMEA_DIALECT is fixed when the child starts, core/src/db/dialect.ts).
 */
export function startChild(which: 'api' | 'hello', options: { profile?: boolean; databaseUrl?: string; env?: Record<string, string> } = {}): Promise<ServerChild> {
  const execArgv = ['--import', 'tsx', ...(options.profile ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [])];
  const dialect = options.databaseUrl && /^postgres(ql)?:\/\//i.test(options.databaseUrl) ? 'postgres' : 'sqlite';
  const env = { ...process.env, ...options.env, FMEA_DIALECT: dialect };
  const args = [which, ...(options.databaseUrl ? [options.databaseUrl] : [])];
  const child = fork(serversScript, args, { execArgv, env, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  children.push(child);
  return new Promise((ready, failed) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => ready({ child, port: (JSON.parse(line) as { port: number }).port }));
    child.once('exit', (code) => failed(new Error(`${which} server exited early (${code})`)));
  });
}

/** Stops the given children (default: every child started), each cleanly, else killed after 10 s. */
export function stopChildren(which: readonly ChildProcess[] = children): Promise<void> {
  return Promise.all(
    which.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
          child.once('exit', () => {
            clearTimeout(force);
            done();
          });
          child.send('stop');
        }),
    ),
  ).then(() => undefined);
}

/** For a global time limit: every child killed at once. */
export function killChildren(): void {
  for (const child of children) child.kill('SIGKILL');
}

/** The child's CPU time so far, in microseconds. */
export function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((answer) => {
    const listen = (message: unknown) => {
      if (message && typeof message === 'object' && 'cpu' in message) {
        child.off('message', listen);
        answer((message as { cpu: number }).cpu);
      }
    };
    child.on('message', listen);
    child.send('cpu');
  });
}

/** Sends a request to a child and waits for its answer of type `reply` (fails if the child exits first). */
export function ask<T>(child: ChildProcess, message: object, reply: string): Promise<T> {
  return new Promise((answer, failed) => {
    const exited = (code: number | null) => failed(new Error(`a server exited (${code}) before answering ${reply}`));
    const listen = (m: unknown) => {
      if (m && typeof m === 'object' && (m as { type?: string }).type === reply) {
        child.off('message', listen);
        child.off('exit', exited);
        answer(m as T);
      }
    };
    child.on('message', listen);
    child.once('exit', exited);
    child.send(message);
  });
}

/** Runs a phase and adds the servers' CPU time (all of them together) per completed request (µs). */
export async function withCpu<T extends { completed: number }>(servers: ChildProcess | readonly ChildProcess[], phase: () => Promise<T>): Promise<T & { cpuPerRequestUs: number; cpuSeconds: number }> {
  const list = Array.isArray(servers) ? servers : [servers as ChildProcess];
  const total = async () => (await Promise.all(list.map(cpuOf))).reduce((a, b) => a + b, 0);
  const before = await total();
  const result = await phase();
  const used = (await total()) - before;
  return { ...result, cpuPerRequestUs: used / Math.max(1, result.completed), cpuSeconds: used / 1e6 };
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
export const mark = (ok: boolean) => (ok ? 'meets target' : 'BELOW TARGET');

/**
 * Runs a bench's `main` under a time limit: past it the children are killed and the process exits 1;
 * either way the children are stopped (and `stop`, e.g. a test cluster) at the end.
 */
export async function runBounded(name: string, limitMs: number, main: () => Promise<void>, stop: () => Promise<void> = async () => undefined): Promise<void> {
  const limit = setTimeout(() => {
    console.error(`${name} exceeded ${limitMs / 1000} s; stopping`);
    killChildren();
    void stop().finally(() => process.exit(1));
  }, limitMs);
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await stopChildren();
    await stop();
    clearTimeout(limit);
  }
}
