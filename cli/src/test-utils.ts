/**
 * Test helpers: `runFmea` spawns the real `fmea` binary (as a user would run
 * it, plain output because CI=true); `startFmea` keeps it running (serve);
 * `captureIo` runs the CLI in-process with fake streams; `tempDbUrl` gives a
 * throwaway `file:` database, `dbEnv` the environment pointing at it and
 * `openTempDb` a core service context on it to check what a command did.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { CliIo } from './ui/index.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const FMEA_BIN = fileURLToPath(new URL('../bin/fmea.js', import.meta.url));

export interface FmeaResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Wall time of the whole process, start-up included. */
  readonly ms: number;
}

export interface RunFmeaOptions {
  /** Added to a clean environment (no LANG, FMEA_LANG, DATABASE_URL, FMEA_DEBUG from the caller's shell). */
  readonly env?: Record<string, string>;
  /** Written to stdin, which is then closed (closed at once when absent). */
  readonly input?: string;
  /** Working directory; the repository root by default. */
  readonly cwd?: string;
  /** Kill the process after this long (default 20 s). */
  readonly timeoutMs?: number;
}

const SCRUBBED = ['ADMIN_PASSWORD', 'DEMO_PASSWORD', 'PORT', 'HOST', 'LANG', 'LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'FMEA_LANG', 'DATABASE_URL', 'DATABASE_AUTH_TOKEN', 'FMEA_DEBUG', 'FORCE_COLOR', 'IMPORT_MAX_MB'];

function spawnFmea(args: readonly string[], env: Record<string, string>, cwd: string): ChildProcessWithoutNullStreams {
  const base = { ...process.env };
  for (const name of SCRUBBED) delete base[name];
  return spawn(process.execPath, [FMEA_BIN, ...args], {
    cwd,
    env: { ...base, CI: 'true', NO_COLOR: '1', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Runs `node cli/bin/fmea.js …args` and collects its exit code and output. */
export function runFmea(args: readonly string[], { env = {}, input, cwd = REPO_ROOT, timeoutMs = 20_000 }: RunFmeaOptions = {}): Promise<FmeaResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawnFmea(args, env, cwd);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr, ms: performance.now() - started });
    });
    child.stdin.on('error', () => {}); // the CLI may exit without reading stdin
    child.stdin.end(input ?? '');
  });
}

export interface RunningFmea {
  readonly child: ChildProcessWithoutNullStreams;
  /** Output so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout matches `pattern` (rejects when the process ends first or after `timeoutMs`). */
  waitForStdout(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Sends `signal` and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the real binary and leaves it running (for `fmea serve`); stop it in the test. */
export function startFmea(args: readonly string[], { env = {}, cwd = REPO_ROOT }: Omit<RunFmeaOptions, 'input' | 'timeoutMs'> = {}): RunningFmea {
  const child = spawnFmea(args, env, cwd);
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    waitForStdout(pattern, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => done(new Error(`timed out waiting for ${pattern}; stdout: ${out}; stderr: ${err}`)), timeoutMs);
        const check = () => {
          const match = out.match(pattern);
          if (match) done(undefined, match);
        };
        const onClose = () => done(new Error(`exited before ${pattern}; stdout: ${out}; stderr: ${err}`));
        const done = (error?: Error, match?: RegExpMatchArray) => {
          clearTimeout(timer);
          child.stdout.off('data', check);
          child.off('close', onClose);
          if (error) reject(error);
          else resolve(match!);
        };
        child.stdout.on('data', check);
        child.on('close', onClose);
        check();
      });
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface TempDb {
  /** `file:/tmp/fmea-cli-XXXX/fmea.db` */
  readonly url: string;
  readonly dir: string;
  /** Removes the folder; call it in `afterEach`/`afterAll` or `onTestFinished`. */
  cleanup(): Promise<void>;
}

/** A fresh database location under os.tmpdir(); the file is created by the first command that opens it. */
export async function tempDbUrl(): Promise<TempDb> {
  const dir = await mkdtemp(join(tmpdir(), 'fmea-cli-'));
  return {
    url: `file:${join(dir, 'fmea.db')}`,
    dir,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

export interface CapturedIo {
  readonly io: CliIo;
  readonly stdout: () => string;
  readonly stderr: () => string;
}

/** Fake streams for in-process runs (`runCli(args, { io })`); `tty` makes stdout/stderr look like a terminal. */
export function captureIo({ input = '', env = {}, tty = false, columns = 80 }: { input?: string; env?: Record<string, string>; tty?: boolean; columns?: number } = {}): CapturedIo {
  const sink = () => {
    let text = '';
    const stream = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        text += chunk.toString();
        callback();
      },
    });
    return { stream: Object.assign(stream, { isTTY: tty, columns }), text: () => text };
  };
  const out = sink();
  const err = sink();
  const stdin = new PassThrough();
  stdin.end(input);
  return { io: { stdout: out.stream, stderr: err.stream, stdin, env: { ...env } }, stdout: out.text, stderr: err.text };
}

/** ADMIN_PASSWORD for test databases: the admin is created without a generated password (no notice on stderr). */
export const TEST_ADMIN_PASSWORD = 'Kx7#pQ2!mZ9$wR';

/** The environment of a run on `temp`: its DATABASE_URL and a fixed ADMIN_PASSWORD, plus `extra`. */
export function dbEnv(temp: TempDb, extra: Record<string, string> = {}): Record<string, string> {
  return { DATABASE_URL: temp.url, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, ...extra };
}

/** Opens (migrates and seeds, like the CLI does) the temp database in the test process, with a service context. */
export async function openTempDb(temp: TempDb) {
  const [{ openDatabase }, { createContext, prepareDatabase }] = await Promise.all([import('@fmea/core/db'), import('@fmea/core/services')]);
  const database = await openDatabase(temp.url);
  const ctx = createContext(database.db);
  await prepareDatabase(database.db, ctx, { adminPassword: TEST_ADMIN_PASSWORD });
  return { ...database, ctx };
}
