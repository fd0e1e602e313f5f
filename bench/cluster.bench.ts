/**
 * `npm run bench:cluster` (issue 22): the mixed load of `bench:api` (100 readers + 50 writers, 60 s; mixed-phase.ts)
 * against (a) one server on the embedded libsql file, (b) one server on PostgreSQL, (c) two servers on one
 * PostgreSQL database, the requests spread over them in turn as a round-robin load balancer would. The
 * servers are child processes (children.ts); PostgreSQL is a throwaway cluster of Debian's postgresql,
 * writing to disk as the libsql file does (startTestCluster durable), a new database for (b) and for (c).
 * During (c) a realtime probe (realtime-probe.ts) times events written on one server to a client signed
 * in on the other.
 *
 * Prints per run requests/s, p50/p99, errors, acknowledged against stored writes; then the targets with
 * their ratios, all measured in this run: 0 errors and 0 lost everywhere; PostgreSQL with one server at
 * least 70% of libsql's write rate; two servers not slower than one; realtime across servers p99 < 100 ms.
 * Asserts nothing. Bounded: fixed durations, a global time limit, children and cluster stopped at the end.
 * BENCH_MIXED_SECONDS shortens each run while iterating; DATABASE_POOL_SIZE is the servers' pool (default 10).
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startTestCluster, type TestCluster } from '../core/src/testing/postgres.ts';
import { postmasterOf } from './cpu.ts';
import { fmt, mark, runBounded, startChild, stopChildren, type ServerChild } from './children.ts';
import { percentile } from './http-load.ts';
import { MIXED_PASSWORD } from './mixed-fixture.ts';
import { cleanRun, errorsOf, lostOf, MIXED, printMixedPhase, runMixedPhase, signIn, type MixedPhaseResult } from './mixed-phase.ts';
import { realtimeProbe, type ProbeResult } from './realtime-probe.ts';

const TIME_LIMIT_MS = 3 * (MIXED.seconds + 60) * 1000 + 60_000;
const PROBE_EVENTS = 200;
const TARGET = { pgWriteRatio: 0.7, twoServersRatio: 1, realtimeP99Ms: 100 };

let cluster: TestCluster | undefined;

async function run<T>(title: string, servers: ServerChild[], options: Parameters<typeof runMixedPhase<T>>[2] = {}): Promise<MixedPhaseResult<T>> {
  try {
    const result = await runMixedPhase(servers, MIXED, options);
    printMixedPhase(title, result);
    return result;
  } finally {
    await stopChildren(servers.map((s) => s.child));
  }
}

/** Transactions of a database committed and rolled back so far (serialization failures, retried, among the latter). */
async function transactions(url: string, database: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ xact_commit: string; xact_rollback: string; deadlocks: string }>('SELECT xact_commit, xact_rollback, deadlocks FROM pg_stat_database WHERE datname = $1', [database]);
    const row = rows[0];
    return row ? `  PostgreSQL transactions in ${database} (setup included): ${row.xact_commit} committed, ${row.xact_rollback} rolled back (serialization failures retried among them), ${row.deadlocks} deadlocks` : '';
  } finally {
    await client.end();
  }
}

async function describeCluster(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const show = async (name: string) => ((await client.query(`SHOW ${name}`)).rows[0] as Record<string, string>)[name];
    return `PostgreSQL ${await show('server_version')} on loopback: fsync ${await show('fsync')}, synchronous_commit ${await show('synchronous_commit')}, shared_buffers ${await show('shared_buffers')}`;
  } finally {
    await client.end();
  }
}

async function main() {
  const load = () => loadavg().map((n) => n.toFixed(1)).join(' ');
  console.log(`Cluster bench on 127.0.0.1 (Node ${process.version}), ${cpus().length} cores, load average ${load()} at the start`);
  cluster = await startTestCluster({ durable: true });
  console.log(`${await describeCluster(cluster.url)}; each server's pool ${process.env.DATABASE_POOL_SIZE ?? 10} connections; libsql: WAL, synchronous NORMAL`);

  const libsql = await run('(a) one server, libsql', [await startChild('api')]);

  const databasePid = postmasterOf(cluster.port);
  const one = await run('(b) one server, PostgreSQL', [await startChild('api', { databaseUrl: await cluster.createDatabase('bench_one') })], { databasePid });
  console.log(await transactions(cluster.url, 'bench_one'));

  const shared = await cluster.createDatabase('bench_two');
  // one after the other: the first migrates and seeds, the second finds it done
  const a = await startChild('api', { databaseUrl: shared });
  const b = await startChild('api', { databaseUrl: shared });
  const two = await run('(c) two servers, one PostgreSQL database (requests in turn)', [a, b], {
    probe: true,
    databasePid,
    alongside: async (fixture, seconds): Promise<ProbeResult> => {
      const until = performance.now() + seconds * 1000;
      const probe = fixture.probe!;
      const writerToken = await signIn(a.port, probe.writer, MIXED_PASSWORD);
      const watcherToken = await signIn(b.port, probe.watcher, MIXED_PASSWORD);
      return realtimeProbe({ writePort: a.port, remotePort: b.port, writerToken, watcherToken, causeId: probe.causeId, events: PROBE_EVENTS, until });
    },
  });
  console.log(await transactions(cluster.url, 'bench_two'));
  summary(libsql, one, two);
  console.log(`\nmachine: load average ${load()} at the end`);
}

function summary(libsql: MixedPhaseResult<unknown>, one: MixedPhaseResult<unknown>, two: MixedPhaseResult<ProbeResult>) {
  console.log('\nSummary                       req/s  reads/s  writes/s  read p50/p99 ms  write p50/p99 ms  errors  acked/stored');
  for (const [name, r] of [['(a) libsql, one server', libsql], ['(b) PostgreSQL, one server', one], ['(c) PostgreSQL, two servers', two]] as const) {
    const total = r.reads.rate + r.writes.rate;
    console.log(
      `  ${name.padEnd(27)} ${fmt(total, 0).padStart(6)} ${fmt(r.reads.rate, 0).padStart(8)} ${fmt(r.writes.rate, 0).padStart(9)}  ${`${fmt(r.reads.p50)}/${fmt(r.reads.p99)}`.padStart(15)}  ${`${fmt(r.writes.p50)}/${fmt(r.writes.p99)}`.padStart(16)}  ${String(errorsOf(r)).padStart(6)}  ${r.acked}/${r.stored.found}${lostOf(r) ? ` (lost ${lostOf(r)})` : ''}`,
    );
  }
  const probe = two.alongside;
  const pgRatio = one.writes.rate / libsql.writes.rate;
  const writesRatio = two.writes.rate / one.writes.rate;
  const totalRatio = (two.reads.rate + two.writes.rate) / (one.reads.rate + one.writes.rate);
  const p50 = percentile(probe.endToEnd, 50);
  const p99 = percentile(probe.endToEnd, 99);
  console.log('\nTargets');
  console.log(`  0 errors, 0 lost, nothing stored unacknowledged, in all three   ${mark(cleanRun(libsql) && cleanRun(one) && cleanRun(two))}`);
  console.log(`  PostgreSQL one server : libsql, writes/s   ${fmt(pgRatio * 100)}%   target ≥ ${TARGET.pgWriteRatio * 100}%   ${mark(pgRatio >= TARGET.pgWriteRatio)}`);
  console.log(`  two servers : one (PostgreSQL), writes/s   ${fmt(writesRatio * 100)}%, all requests/s ${fmt(totalRatio * 100)}%   target ≥ ${TARGET.twoServersRatio * 100}%   ${mark(writesRatio >= TARGET.twoServersRatio && totalRatio >= TARGET.twoServersRatio)}`);
  const all = probe.delivered === probe.sent;
  const shareP99 = percentile(probe.relayShare, 99);
  console.log(`  realtime across servers: ${probe.delivered} of ${probe.sent} probe writes on server A during the load (${PROBE_EVENTS} planned, one at a time; ${probe.acknowledged} acknowledged) reached the client on server B; its sockets were signed in ${fmt(probe.boundAfterMs, 0)} ms after they connected`);
  console.log(`    event out on A → in on B (arrival on B − arrival on A's own client): p50 ${fmt(percentile(probe.relayShare, 50))} ms, p99 ${fmt(shareP99)} ms   target p99 < ${TARGET.realtimeP99Ms} ms   ${mark(all && shareP99 < TARGET.realtimeP99Ms)}`);
  console.log(`    request sent to A → event in on B (the write's own time under this load included): p50 ${fmt(p50)} ms, p99 ${fmt(p99)} ms, max ${fmt(probe.endToEnd.at(-1) ?? NaN)} ms   target p99 < ${TARGET.realtimeP99Ms} ms   ${mark(all && p99 < TARGET.realtimeP99Ms)}`);
}

await runBounded('bench:cluster', TIME_LIMIT_MS, main, async () => void (await cluster?.stop()));
