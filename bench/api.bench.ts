/**
 * `npm run bench:api`: the API under load on loopback.
 *
 * 1. The real server (temp file database, seeded) and a bare Hono hello-world
 *    run as child processes; this process only generates load, so each
 *    server has a core of its own on a two-core machine.
 * 2. Fixed rate: 500 requests/s for 10 s over a mix of 70% GET /api/user/info,
 *    20% POST /api/user/sysUserList and 10% a save (POST /api/notice/saveOrUpdate,
 *    else /api/dictionary/saveOrUpdate, else user/info again): achieved rate, p50/p99.
 * 3. Max throughput: 50 keep-alive connections for 5 s against GET /api/user/info,
 *    then against the bare Hono hello-world; both rates and their ratio.
 * 4. Mixed load (issue 9 §4): 100 readers (GET /api/user/info) and 50 writers
 *    (POST /api/fmea/addControl, each on its own failure cause) back to back for
 *    60 s, as 10 signed-in engineers; per kind the rate, p50/p99, errors, and the
 *    acknowledged writes against the rows stored. BENCH_ONLY=mixed runs only
 *    this phase; BENCH_MIXED_SECONDS shortens it while iterating.
 *
 * Prints figures next to their targets; asserts nothing. Bounded: fixed request
 * counts and durations, a global time limit, children stopped at the end.
 * BENCH_PROFILE=1 runs the API child under --cpu-prof (profile in $BENCH_PROFILE_DIR, default <tmp>/fmea-bench-profile).
 */
import { cpus, loadavg } from 'node:os';
import { BENCH_ADMIN_PASSWORD } from './servers.ts';
import { fmt, mark, PROFILE_DIR, runBounded, startChild, withCpu, type ServerChild } from './children.ts';
import { createClient, fixedRate, maxThroughput, percentile, type Call } from './http-load.ts';
import { MIXED, printMixedPhase, runMixedPhase } from './mixed-phase.ts';

const RATE = 500;
const FIXED_SECONDS = 10;
const MAX_SECONDS = 5;
const CONNECTIONS = 50;
const WARMUP_SECONDS = 1;
const TIME_LIMIT_MS = 240_000;
const TARGET_P99_MS = 50;
const TARGET_RATIO = 0.5;
const MIXED_TARGET = { readP99Ms: 50, writeP99Ms: 200, writesPerSecond: 1000 };
const ONLY_MIXED = process.env.BENCH_ONLY === 'mixed';

async function main() {
  const [api, hello] = await Promise.all([startChild('api', { profile: process.env.BENCH_PROFILE === '1' }), startChild('hello')]);
  console.log(`API bench on 127.0.0.1 (Node ${process.version}); load from node:http keep-alive (undici not installed)`);
  // on a shared machine the figures move with everything else running: say how busy it was
  const load = () => loadavg().map((n) => n.toFixed(1)).join(' ');
  console.log(`machine: ${cpus().length} cores, load average ${load()} at the start`);
  if (!ONLY_MIXED) await fixedAndMax(api, hello);
  await mixed(api);
  console.log(`\nmachine: load average ${load()} at the end`);
  if (process.env.BENCH_PROFILE === '1') console.log(`\nCPU profile of the API process: ${PROFILE_DIR}`);
}

/** Phases 2 and 3. */
async function fixedAndMax(api: ServerChild, hello: ServerChild) {
  const client = createClient(api.port, CONNECTIONS);
  const helloClient = createClient(hello.port, CONNECTIONS);

  // sign in once
  const login = await fetch(`http://127.0.0.1:${api.port}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }) });
  const token = ((await login.json()) as { data: { token?: string } }).data.token;
  if (!token) throw new Error('bench sign-in failed');
  const headers = { token, lang: 'en-US' };

  const doc = (await (await fetch(`http://127.0.0.1:${api.port}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
  const info: Call = { method: 'GET', path: '/api/user/info', headers };
  const list: Call = doc.paths['/api/user/sysUserList'] ? { method: 'POST', path: '/api/user/sysUserList', headers, body: { page: 1, limit: 10 } } : info;
  const save = (i: number): Call =>
    doc.paths['/api/notice/saveOrUpdate']
      ? { method: 'POST', path: '/api/notice/saveOrUpdate', headers, body: { title: `bench notice ${i}`, content: 'load test' } }
      : doc.paths['/api/dictionary/saveOrUpdate']
        ? { method: 'POST', path: '/api/dictionary/saveOrUpdate', headers, body: { parentId: '', code: `bench${i}`, name: `bench ${i}`, enName: `bench ${i}` } }
        : info;
  const saveName = doc.paths['/api/notice/saveOrUpdate'] ? 'POST /api/notice/saveOrUpdate' : doc.paths['/api/dictionary/saveOrUpdate'] ? 'POST /api/dictionary/saveOrUpdate' : 'GET /api/user/info (no save route yet)';

  // a fixed, interleaved mix: of every 10 requests 7 info, 2 list, 1 save
  const MIX = ['info', 'list', 'info', 'info', 'save', 'info', 'list', 'info', 'info', 'info'] as const;
  const pick = (i: number): Call => {
    const kind = MIX[i % MIX.length]!;
    return kind === 'info' ? info : kind === 'list' ? list : save(i);
  };

  for (const call of [info, list, save(-1)]) {
    const res = await client.send(call);
    if (!res.ok) throw new Error(`${call.method} ${call.path} answered ${res.status}`);
  }
  await maxThroughput(client.send, info, { connections: 10, seconds: WARMUP_SECONDS });
  console.log(`\nFixed rate: ${RATE} req/s for ${FIXED_SECONDS} s, mix 70% GET /api/user/info, 20% ${list.method} ${list.path}, 10% ${saveName}`);
  const fixed = await withCpu(api.child, () => fixedRate(client.send, pick, { rate: RATE, seconds: FIXED_SECONDS }));
  const p50 = percentile(fixed.latencies, 50);
  const p99 = percentile(fixed.latencies, 99);
  console.log(`  sent ${fixed.sent}, ok ${fixed.completed}, failed ${fixed.failed}, dropped ${fixed.dropped} in ${fmt(fixed.seconds, 2)} s; statuses ${JSON.stringify(Object.fromEntries(fixed.statuses))}`);
  console.log(`  achieved ${fmt(fixed.completed / fixed.seconds)} req/s (target ${RATE})`);
  console.log(`  latency p50 ${fmt(p50, 2)} ms, p99 ${fmt(p99, 2)} ms, max ${fmt(fixed.latencies.at(-1) ?? NaN, 2)} ms   target p99 < ${TARGET_P99_MS} ms: ${mark(p99 < TARGET_P99_MS && fixed.failed === 0)}`);
  console.log(`  server CPU ${fmt(fixed.cpuPerRequestUs, 0)} µs per request (a ceiling of ~${fmt(1e6 / fixed.cpuPerRequestUs, 0)} req/s on one core); client scheduling: worst late send ${fmt(fixed.maxLateMs, 1)} ms`);

  console.log(`\nMax throughput: ${CONNECTIONS} keep-alive connections, ${MAX_SECONDS} s each (after a ${WARMUP_SECONDS} s warm-up)`);
  await maxThroughput(helloClient.send, { method: 'GET', path: '/' }, { connections: CONNECTIONS, seconds: WARMUP_SECONDS });
  const bare = await withCpu(hello.child, () => maxThroughput(helloClient.send, { method: 'GET', path: '/' }, { connections: CONNECTIONS, seconds: MAX_SECONDS }));
  await maxThroughput(client.send, info, { connections: CONNECTIONS, seconds: WARMUP_SECONDS });
  const user = await withCpu(api.child, () => maxThroughput(client.send, info, { connections: CONNECTIONS, seconds: MAX_SECONDS }));
  const ratio = user.rate / bare.rate;
  const cpuRatio = bare.cpuPerRequestUs / user.cpuPerRequestUs;
  console.log(`  bare Hono hello-world  ${fmt(bare.rate, 0).padStart(7)} req/s  p50 ${fmt(bare.p50, 2)} ms  p99 ${fmt(bare.p99, 2)} ms  failed ${bare.failed}  server CPU ${fmt(bare.cpuPerRequestUs, 0)} µs/req`);
  console.log(`  GET /api/user/info     ${fmt(user.rate, 0).padStart(7)} req/s  p50 ${fmt(user.p50, 2)} ms  p99 ${fmt(user.p99, 2)} ms  failed ${user.failed}  server CPU ${fmt(user.cpuPerRequestUs, 0)} µs/req`);
  console.log(`  ratio user/info : bare ${fmt(ratio * 100, 1)}% of the rate   target ≥ ${TARGET_RATIO * 100}%: ${mark(ratio >= TARGET_RATIO && user.failed === 0)}`);
  console.log(`  by server CPU per request ${fmt(cpuRatio * 100, 1)}% (less sensitive to a busy machine and to the client's own ceiling)`);
  console.log('  (both rates go through the same node:http client, which has a ceiling of its own: it caps the bare figure first)');
  client.close();
  helloClient.close();
}

/** Phase 4: readers and writers at once, as engineers of their own projects. */
async function mixed(api: ServerChild) {
  const result = await runMixedPhase([api], MIXED);
  const { reads, writes } = result;
  printMixedPhase('Mixed load', result);
  console.log(`  targets: read p99 < ${MIXED_TARGET.readP99Ms} ms ${mark(reads.p99 < MIXED_TARGET.readP99Ms)}; write p99 < ${MIXED_TARGET.writeP99Ms} ms ${mark(writes.p99 < MIXED_TARGET.writeP99Ms)}; ≥ ${MIXED_TARGET.writesPerSecond} writes/s ${mark(writes.rate >= MIXED_TARGET.writesPerSecond)}`);
}

await runBounded('bench:api', TIME_LIMIT_MS, main);
