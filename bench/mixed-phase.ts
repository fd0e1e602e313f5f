/**
 * The mixed phase of `bench:api` and `bench:cluster`, parent side: the fixture prepared by one server child
 * (mixed-fixture.ts), its engineers signed in, 100 readers + 50 writers (mixed-load.ts) spread over the
 * servers' ports, then the acknowledged writes counted in the database the servers share.
 */
import { ask, fmt, mark, withCpu, type ServerChild } from './children.ts';
import { machineCpuSeconds, treeCpuSeconds } from './cpu.ts';
import { createClient, type Call } from './http-load.ts';
import { MIXED_PASSWORD, type MixedFixture } from './mixed-fixture.ts';
import { mixedLoad, type MixedResult } from './mixed-load.ts';

export interface MixedOptions {
  readers: number;
  writers: number;
  seconds: number;
  users: number;
}

export const MIXED: MixedOptions = {
  readers: Number(process.env.BENCH_MIXED_READERS ?? 100),
  writers: Number(process.env.BENCH_MIXED_WRITERS ?? 50),
  seconds: Number(process.env.BENCH_MIXED_SECONDS ?? 60),
  users: 10,
};
const WARMUP_SECONDS = 1;

export interface MixedPhaseResult<T> extends MixedResult {
  cpuPerRequestUs: number;
  /** CPU seconds of the measured load: the machine's (busy of all), this load generator's, the servers', the database's (PostgreSQL's processes). */
  cpu: { machineBusy: number; machineTotal: number; generator: number; servers: number; database?: number };
  acked: number;
  /** Acknowledged writes found stored, and controls on the fixture's causes in all (= acked when none is lost or extra). */
  stored: { found: number; total: number };
  /** What `alongside` answered. */
  alongside: T;
}

/** Signs a user in on the server at `port` and answers the session's token. */
export async function signIn(port: number, username: string, password: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const token = ((await res.json()) as { data: { token?: string } }).data.token;
  if (!token) throw new Error(`bench sign-in of ${username} failed (${res.status})`);
  return token;
}

/**
 * Runs the mixed phase against `servers` (all on one database; the first prepares the fixture and counts).
 * `alongside` runs during the measured load (after the warm-up), with the fixture and the run's length.
 */
export async function runMixedPhase<T = undefined>(
  servers: readonly ServerChild[],
  mixed: MixedOptions,
  options: { probe?: boolean; alongside?: (fixture: MixedFixture, seconds: number) => Promise<T>; databasePid?: number } = {},
): Promise<MixedPhaseResult<T>> {
  const [first] = servers;
  if (!first) throw new Error('no server');
  const { fixture } = await ask<{ fixture: MixedFixture }>(first.child, { type: 'mixed:prepare', users: mixed.users, causesPerUser: mixed.writers / mixed.users, probe: options.probe }, 'mixed:ready');
  const tokens: string[] = [];
  for (const username of fixture.userNames) tokens.push(await signIn(first.port, username, MIXED_PASSWORD));
  const client = createClient(
    servers.map((s) => s.port),
    mixed.readers + mixed.writers,
  );
  const read = (worker: number): Call => ({ method: 'GET', path: '/api/user/info', headers: { token: tokens[worker % tokens.length]!, lang: 'en-US' } });
  const write = (worker: number, n: number): Call => {
    const { owner, causeId } = fixture.causes[worker % fixture.causes.length]!;
    return { method: 'POST', path: '/api/fmea/addControl', headers: { token: tokens[owner]!, lang: 'en-US' }, body: { causeId, kind: n % 2 ? 'detection' : 'prevention', description: `Control ${worker}.${n}` } };
  };
  try {
    const warm = await mixedLoad(client.send, read, write, { readers: 10, writers: 5, seconds: WARMUP_SECONDS });
    let alongside: T = undefined as T;
    const dbCpu = () => (options.databasePid === undefined ? undefined : treeCpuSeconds(options.databasePid));
    const [machineBefore, generatorBefore, dbBefore] = [machineCpuSeconds(), process.cpuUsage(), dbCpu()];
    const result = await withCpu(
      servers.map((s) => s.child),
      async () => {
        const [r, a] = await Promise.all([mixedLoad(client.send, read, write, mixed), options.alongside?.(fixture, mixed.seconds)]);
        alongside = a as T;
        return { ...r, completed: r.reads.completed + r.writes.completed };
      },
    );
    const [machineAfter, generator, dbAfter] = [machineCpuSeconds(), process.cpuUsage(generatorBefore), dbCpu()];
    const cpu = {
      machineBusy: machineAfter.busy - machineBefore.busy,
      machineTotal: machineAfter.total - machineBefore.total,
      generator: (generator.user + generator.system) / 1e6,
      servers: result.cpuSeconds,
      ...(dbBefore === undefined || dbAfter === undefined ? {} : { database: dbAfter - dbBefore }),
    };
    const causeIds = fixture.causes.map((c) => c.causeId);
    const stored = await ask<{ found: number; total: number }>(first.child, { type: 'mixed:count', ackedIds: [...warm.ackedIds, ...result.ackedIds], causeIds }, 'mixed:counted');
    return { ...result, cpu, acked: warm.ackedIds.length + result.ackedIds.length, stored, alongside };
  } finally {
    client.close();
  }
}

export const lostOf = (r: MixedPhaseResult<unknown>) => r.acked - r.stored.found;
export const errorsOf = (r: MixedPhaseResult<unknown>) => r.reads.failed + r.writes.failed;
/** No error, no acknowledged write missing, no write stored that was not acknowledged. */
export const cleanRun = (r: MixedPhaseResult<unknown>) => errorsOf(r) === 0 && lostOf(r) === 0 && r.stored.total === r.acked;

/** Per kind the rate, p50/p99, errors; the server CPU per request; acknowledged against stored writes. */
export function printMixedPhase(title: string, r: MixedPhaseResult<unknown>): void {
  console.log(`\n${title}: ${MIXED.readers} readers (GET /api/user/info) + ${MIXED.writers} writers (POST /api/fmea/addControl) for ${fmt(r.seconds, 1)} s, ${MIXED.users} engineers`);
  for (const [name, k] of [['reads ', r.reads], ['writes', r.writes]] as const) {
    console.log(`  ${name} ${fmt(k.rate, 0).padStart(6)} req/s  p50 ${fmt(k.p50, 2)} ms  p99 ${fmt(k.p99, 2)} ms  max ${fmt(k.max, 1)} ms  ok ${k.completed}  failed ${k.failed}  statuses ${JSON.stringify(k.statuses)}`);
  }
  console.log(`  server CPU ${fmt(r.cpuPerRequestUs, 0)} µs per request (reads and writes together, all servers)`);
  const { machineBusy, machineTotal, generator, servers, database } = r.cpu;
  const share = (n: number) => `${fmt((n / machineTotal) * 100, 0)}%`;
  const others = machineBusy - generator - servers - (database ?? 0);
  console.log(
    `  machine CPU busy ${share(machineBusy)}: load generator ${share(generator)}, servers ${share(servers)}${database === undefined ? '' : `, PostgreSQL ${share(database)}`}, anything else ${share(others)}`,
  );
  console.log(`  writes acknowledged ${r.acked}, stored ${r.stored.found} (lost ${lostOf(r)}); controls on the bench causes ${r.stored.total}${r.stored.total === r.acked ? '' : ' (≠ acknowledged: a write stored but not acknowledged)'}`);
  console.log(`  0 errors ${mark(errorsOf(r) === 0)}; 0 lost ${mark(lostOf(r) === 0 && r.stored.total === r.acked)}`);
}
