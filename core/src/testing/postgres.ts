import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster for tests and benchmarks (issue 22): Debian's `postgresql`
 * (`.ci/run` installs it), `initdb` into a temporary folder and `pg_ctl` on a random port of
 * 127.0.0.1 only, a random password (scram-sha-256) for its one user, removed on `stop()`.
 * `initdb` refuses root: as root the cluster belongs to the `postgres` user (runuser).
 */
export interface TestCluster {
  /** postgres://fmea:<password>@127.0.0.1:<port>/postgres */
  readonly url: string;
  readonly port: number;
  /** A URL of another database of the cluster (made with `createDatabase`). */
  urlOf(database: string): string;
  /** Creates an empty database and answers its URL. */
  createDatabase(name: string): Promise<string>;
  /** Starts a streaming replica of this cluster (pg_basebackup), a cluster of its own on another port. */
  replica(): Promise<TestCluster>;
  stop(): Promise<void>;
}

/** Where Debian keeps the server's programs (off PATH): the newest version installed, else PATH. */
export function postgresBin(program: string): string | undefined {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', program)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin', program);
  }
  return undefined;
}

/** Whether this machine can start a throwaway cluster. */
export const postgresAvailable = (): boolean => postgresBin('initdb') !== undefined && postgresBin('pg_ctl') !== undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const USER = 'fmea';

/**
 * `durable` (benchmarks): commits are written to disk as the embedded file's are (fsync and full page
 * writes on, `synchronous_commit` off: SQLite's WAL with `synchronous = NORMAL` likewise survives a crash
 * whole but may lose the last commits to a power cut), so the two engines are compared on equal terms.
 */
export async function startTestCluster(options: { durable?: boolean } = {}): Promise<TestCluster> {
  const initdb = postgresBin('initdb');
  const pgCtl = postgresBin('pg_ctl');
  if (!initdb || !pgCtl) throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'fmea-pg-'));
  const data = join(dir, 'data');
  const password = randomBytes(18).toString('base64url');
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  const asRoot = process.getuid?.() === 0;
  const as = async (program: string, args: string[]) => (asRoot ? run('runuser', ['-u', 'postgres', '--', program, ...args]) : run(program, args));
  if (asRoot) {
    const { uid, gid } = await postgresIds();
    chownSync(dir, uid, gid);
    chownSync(pwfile, uid, gid);
  }
  chmodSync(dir, 0o700);
  await as(initdb, ['-D', data, '-U', USER, `--pwfile=${pwfile}`, '--auth-local=scram-sha-256', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-sync']);
  rmSync(pwfile);
  return startIn(dir, password, as, pgCtl, options.durable ?? false);
}

type Runner = (program: string, args: string[]) => Promise<unknown>;

/** Starts the cluster of `dir`/data on a free loopback port and answers its handle. */
async function startIn(dir: string, password: string, as: Runner, pgCtl: string, durable: boolean): Promise<TestCluster> {
  const data = join(dir, 'data');
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    // the socket in the cluster's own folder, TCP on loopback only; no fsync unless asked: a test cluster is thrown away
    const durability = durable ? '-c synchronous_commit=off' : '-c fsync=off -c synchronous_commit=off -c full_page_writes=off';
    const settings = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} ${durability} -c max_connections=200`;
    try {
      await as(pgCtl, ['-D', data, '-l', join(dir, 'log'), '-o', settings, '-w', '-t', '60', 'start']);
      break;
    } catch (error) {
      // the port was taken between the probe and the start: try another
      if (attempt >= 3) throw error;
    }
  }
  const urlOf = (database: string) => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    url: urlOf('postgres'),
    port,
    urlOf,
    async createDatabase(name: string) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: urlOf('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return urlOf(name);
    },
    async replica() {
      const basebackup = postgresBin('pg_basebackup');
      if (!basebackup) throw new Error('pg_basebackup is not installed');
      const standby = mkdtempSync(join(tmpdir(), 'fmea-pg-replica-'));
      if (process.getuid?.() === 0) {
        const { uid, gid } = await postgresIds();
        chownSync(standby, uid, gid);
      }
      chmodSync(standby, 0o700);
      // -R: a standby that streams from this cluster (standby.signal, primary_conninfo)
      // a fast checkpoint: the default spreads it over minutes
      await as(basebackup, ['-d', urlOf('postgres'), '-D', join(standby, 'data'), '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync']);
      return startIn(standby, password, as, pgCtl, durable);
    },
    async stop() {
      await as(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [{ stdout: uid }, { stdout: gid }] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}
