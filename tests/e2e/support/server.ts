import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from './paths.ts';

/** The administrator's password on the test database (policy-compliant, chosen by the operator: no forced change). */
export const ADMIN_PASSWORD = 'Kx7#pQ2!mZ9$wR';
export const ADMIN_USER = 'admin';

export interface RunningServer {
  baseURL: string;
  dir: string;
  pid: number;
  /** The server's output so far (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Ready when /api/health answers with the API's JSON envelope (not the SPA's index.html). */
async function ready(baseURL: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseURL}/api/health`);
    if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/json')) return false;
    return ((await res.json()) as { meta?: { success?: boolean } }).meta?.success === true;
  } catch {
    return false; // not listening yet
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Starts `fmea serve` on a fresh database in its own process group, so
 * stopping it ends tsx and everything it started.
 */
export async function startServer(options: { dir?: string; timeoutMs?: number } = {}): Promise<RunningServer> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'fmea-e2e-'));
  mkdirSync(join(dir, 'files'), { recursive: true });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // the real server, with test users' passwords hashed at argon2's least cost as in the node tests: the run creates and
  // signs in some hundreds of users, each at the shipped cost otherwise (core/src/testing/cheap-hashing.ts)
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './core/src/testing/cheap-hashing.ts', ...(process.env.E2E_SERVER_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.E2E_SERVER_PROF] : []), 'cli/src/main.ts', 'serve', '--port', String(port)], {
    cwd: REPO,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: `file:${join(dir, 'e2e.db')}`, ADMIN_PASSWORD, FILES_DIR: join(dir, 'files'), CI: 'true' },
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));
  const onExit = () => killGroup(child, 'SIGKILL');
  process.on('exit', onExit);

  // a bound for a start that should succeed (tsx compiles the server first): generous for a busy machine
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  while (!(await ready(baseURL))) {
    if (exited !== null) throw new Error(`fmea serve exited (${exited}) before it was ready:\n${output}`);
    if (Date.now() > deadline) {
      killGroup(child, 'SIGKILL');
      throw new Error(`fmea serve was not ready at ${baseURL} in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    baseURL,
    dir,
    pid: child.pid!,
    output: () => output,
    stop: async () => {
      process.off('exit', onExit);
      if (exited !== null) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
      // tsx may leave a child in the group: make sure nothing survives
      killGroup(child, 'SIGKILL');
    },
  };
}
