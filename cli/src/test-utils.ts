/**
 * Test helpers. `runFmea` runs one command line in this process (runCli with
 * captured streams and its own environment, one run at a time) and answers
 * like the real binary would; `runFmeaBinary` spawns the real `fmea` (the
 * smoke tests, plain output because CI=true); `startFmea` keeps the binary
 * running (serve). `captureIo` gives fake streams for lower-level tests;
 * `tempDbUrl` a throwaway `file:` database, `dbEnv` the environment pointing
 * at it and `openTempDb` a core service context on it to check what a
 * command did. See docs/architecture.md, "Testing".
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { CommandDeps } from './commands/index.ts';
import { runCli } from './run.ts';
import type { CliIo } from './ui/index.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const FMEA_BIN = fileURLToPath(new URL('../bin/fmea.js', import.meta.url));

export interface FmeaResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunFmeaOptions {
  /** Added to a clean environment (no LANG, FMEA_LANG, DATABASE_URL, FMEA_DEBUG from the caller's shell). */
  readonly env?: Record<string, string>;
  /** Written to stdin, which is then closed (closed at once when absent). */
  readonly input?: string;
}

export interface RunFmeaBinaryOptions extends RunFmeaOptions {
  /** Working directory; the repository root by default. */
  readonly cwd?: string;
}

const SCRUBBED = ['ADMIN_PASSWORD', 'DEMO_PASSWORD', 'PORT', 'HOST', 'LANG', 'LANGUAGE', 'LC_ALL', 'LC_MESSAGES', 'FMEA_LANG', 'DATABASE_URL', 'FMEA_DEBUG', 'FORCE_COLOR', 'IMPORT_MAX_MB'];

/** The environment of one run: the test process's, minus what would change the CLI's answers, plus `env`. */
function runEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = { ...process.env };
  for (const name of SCRUBBED) delete base[name];
  return { ...base, CI: 'true', NO_COLOR: '1', ...env };
}

// in-process runs wait for each other: the embedded database driver is
// synchronous, so a second connection of this process waiting on the first
// one's write lock would block the very event loop the first one needs
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `fmea …args` in this process, as the binary would (CI, plain or JSON
 * output, its own stdin, stdout, stderr and environment), and resolves with
 * the exit code and output. Runs are taken one at a time; files named by
 * relative paths resolve against the test process's working directory (the
 * repository root), so tests name absolute ones.
 */
export function runFmea(args: readonly string[], { env = {}, input, deps }: RunFmeaOptions & { deps?: CommandDeps } = {}): Promise<FmeaResult> {
  const run = queue.then(async () => {
    const { io, stdout, stderr } = captureIo({ input, env: runEnv(env) });
    let code: number;
    try {
      code = await runCli(args, { io, deps });
    } catch (error) {
      // what main.ts does with a bug in the runner itself
      io.stderr.write(`fmea: ${String(error)}\n`);
      code = 1;
    }
    return { code, stdout: stdout(), stderr: stderr() };
  });
  queue = run.catch(() => undefined);
  return run;
}

const children = new Set<ChildProcessWithoutNullStreams>();
// a test that timed out leaves no process behind once its worker ends
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function spawnFmea(args: readonly string[], env: Record<string, string>, cwd: string): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, [FMEA_BIN, ...args], { cwd, env: runEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  children.add(child);
  child.once('close', () => children.delete(child));
  return child;
}

/**
 * Runs the real binary, `node cli/bin/fmea.js …args`, and collects its exit
 * code and output: for the few smoke tests that prove start-up, exit codes
 * and stream handling of the actual process. No time limit of its own: the
 * test's timeout bounds it.
 */
export function runFmeaBinary(args: readonly string[], { env = {}, input, cwd = REPO_ROOT }: RunFmeaBinaryOptions = {}): Promise<FmeaResult> {
  return new Promise((resolve, reject) => {
    const child = spawnFmea(args, env, cwd);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
    child.stdin.on('error', () => {}); // the CLI may exit without reading stdin
    child.stdin.end(input ?? '');
  });
}

export interface RunningFmea {
  readonly child: ChildProcessWithoutNullStreams;
  /** Output so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout matches `pattern`; rejects when the process ends first (the test's timeout bounds the wait). */
  waitForStdout(pattern: RegExp): Promise<RegExpMatchArray>;
  /** Sends `signal` and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the real binary and leaves it running (for `fmea serve`); stop it in the test. */
export function startFmea(args: readonly string[], { env = {}, cwd = REPO_ROOT }: Omit<RunFmeaBinaryOptions, 'input'> = {}): RunningFmea {
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
    waitForStdout(pattern) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = out.match(pattern);
          if (match) done(undefined, match);
        };
        const onClose = () => done(new Error(`exited before ${pattern}; stdout: ${out}; stderr: ${err}`));
        const done = (error?: Error, match?: RegExpMatchArray) => {
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
export function captureIo({ input = '', env = {}, tty = false, columns = 80 }: { input?: string; env?: NodeJS.ProcessEnv; tty?: boolean; columns?: number } = {}): CapturedIo {
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
