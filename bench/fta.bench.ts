/**
 * `npm run bench:fta`: the FTA engine (core/src/domain/fta, issue 23) on every Aralia fault tree
 * (../shared/reference/fta-aralia, CC BY-SA 4.0) and on random coherent trees of 100, 1,000 and 5,000
 * basic events: the time to the exact top-event probability, and to the probability with the exact count
 * of minimal cut sets, each tree in its own process (stopped past FTA_BENCH_TREE_S, default 60 s).
 * Beside them, SCRAM's time on the same file in the same run when `scram` is on PATH (`--bdd
 * --probability true` and `--zbdd`, stopped past FTA_BENCH_SCRAM_S, default 20 s), and whether its
 * probability agrees with ours (relative difference under 1e-9).
 *
 * Targets (issue 23): each tree within 10 s, all of them within 120 s, faster than SCRAM on most trees.
 * The values are checked, not the times: the bench exits 1 when a probability or a count differs from
 * the published one (known disagreements of the dataset: core/src/testing/fta.ts) or from SCRAM's.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { araliaMismatch, faultTreeToMef, randomFaultTree, runScram, scramInstalled, type AraliaExpected, type ScramAnswer } from '@fmea/core/testing';
import { runBounded } from './children.ts';

const REFERENCE = fileURLToPath(new URL('../../shared/reference/fta-aralia/', import.meta.url));
const RUNNER = fileURLToPath(new URL('./fta/run-tree.ts', import.meta.url));
const TREE_MS = Number(process.env.FTA_BENCH_TREE_S ?? 60) * 1000;
const SCRAM_MS = Number(process.env.FTA_BENCH_SCRAM_S ?? 20) * 1000;
const EACH_MS = 10_000;
const TOTAL_MS = 120_000;
const RANDOM_SIZES = [100, 1_000, 5_000];

interface Ours {
  ms: number;
  probability: number;
  count: number | null;
  coherent: boolean;
}

const running = new Set<ReturnType<typeof spawn>>();

/** Our engine on one file in a child process; null past the time limit or on a failure. */
function ours(file: string, mode: 'probability' | 'cut-sets'): Promise<Ours | null> {
  return new Promise((answer) => {
    const child = spawn(process.execPath, ['--import', 'tsx', RUNNER, file, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
    running.add(child);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), TREE_MS);
    child.on('close', () => {
      clearTimeout(timer);
      running.delete(child);
      try {
        answer(JSON.parse(out.trim().split('\n').pop()!) as Ours);
      } catch {
        answer(null);
      }
    });
  });
}

const seconds = (ms: number | undefined) => (ms === undefined ? '-' : (ms / 1000).toFixed(2));
const time = (answer: Ours | null) => (answer ? seconds(answer.ms) : `>${TREE_MS / 1000}`);
const scramTime = (answer: ScramAnswer | null) => (!answer ? 'n/a' : answer.timedOut ? `>${SCRAM_MS / 1000}` : answer.refused ? 'refused' : seconds(answer.ms));
const failures: string[] = [];

interface Row {
  name: string;
  probability: Ours | null;
  cutSets: Ours | null;
  scramProbability: ScramAnswer | null;
  scramProducts: ScramAnswer | null;
}

async function measure(name: string, file: string, scram: boolean, expected?: AraliaExpected): Promise<Row> {
  const probability = await ours(file, 'probability');
  const cutSets = await ours(file, 'cut-sets');
  const scramProbability = scram ? await runScram(file, ['--bdd', '--probability', 'true'], SCRAM_MS) : null;
  const scramProducts = scram ? await runScram(file, ['--zbdd', '--limit-order', '1000'], SCRAM_MS) : null;
  const row = { name, probability, cutSets, scramProbability, scramProducts };
  let agrees = '';
  if (probability && scramProbability?.probability != null) {
    const ok = Math.abs(probability.probability - scramProbability.probability) <= 1e-9 * Math.max(probability.probability, 1e-300) + 1e-300;
    // SCRAM prints six significant digits
    const close = Number(probability.probability.toPrecision(6)) === Number(scramProbability.probability.toPrecision(6));
    agrees = ok || close ? 'yes' : 'NO';
    if (!ok && !close) failures.push(`${name}: SCRAM's probability ${scramProbability.probability}, ours ${probability.probability}`);
  }
  if (expected) {
    for (const answer of [probability, cutSets]) {
      const wrong = answer && araliaMismatch(expected, answer);
      if (wrong) failures.push(`${name}: ${wrong}`);
    }
  }
  const count = cutSets?.count ?? null;
  const products = scramProducts?.products;
  console.log(
    `  ${name.padEnd(14)} ${time(probability).padStart(7)} ${time(cutSets).padStart(8)}  ${scramTime(scramProbability).padStart(7)} ${scramTime(scramProducts).padStart(7)}  ${(probability ? probability.probability.toPrecision(6) : '-').padStart(12)} ${agrees.padStart(5)}  ${(count === null ? (cutSets?.coherent === false ? 'non-coherent' : '-') : count > Number.MAX_SAFE_INTEGER ? `≈${count.toPrecision(4)}` : count.toLocaleString('en-US')).padStart(15)}${products != null && products !== count ? `  (SCRAM ${products.toLocaleString('en-US')})` : ''}`,
  );
  return row;
}

async function main(): Promise<void> {
  const scram = scramInstalled();
  console.log(`FTA engine bench (issue 23): seconds to the exact probability, and to the probability and the exact cut-set count; SCRAM ${scram ? `beside it (stopped past ${SCRAM_MS / 1000} s)` : 'not on PATH: its columns are empty'}`);
  const header = `  ${'tree'.padEnd(14)} ${'P (s)'.padStart(7)} ${'+MCS (s)'.padStart(8)}  ${'SCRAM P'.padStart(7)} ${'S. MCS'.padStart(7)}  ${'probability'.padStart(12)} ${'agree'.padStart(5)}  ${'cut sets'.padStart(15)}`;
  const published = JSON.parse(readFileSync(join(REFERENCE, 'expected.json'), 'utf8')) as { trees: AraliaExpected[] };
  console.log(`\nAralia trees (${REFERENCE})\n${header}`);
  const rows: Row[] = [];
  for (const file of readdirSync(REFERENCE).filter((f) => f.endsWith('.xml')).sort()) {
    const name = file.replace(/\.xml$/, '');
    rows.push(await measure(name, join(REFERENCE, file), scram, published.trees.find((t) => t.tree === name)));
  }
  console.log(`\nRandom coherent trees (shared events, k-of-n)\n${header}`);
  const dir = mkdtempSync(join(tmpdir(), 'fmea-bench-fta-'));
  try {
    for (const size of RANDOM_SIZES) {
      const tree = { ...randomFaultTree({ events: size, seed: size }), name: `random-${size}` };
      const file = join(dir, `${tree.name}.xml`);
      writeFileSync(file, faultTreeToMef(tree));
      console.log(`  ${tree.name}: ${tree.basicEvents.size} basic events, ${tree.gates.size} gates`);
      await measure(tree.name, file, scram);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const withValues = rows.filter((r) => published.trees.some((t) => t.tree === r.name && t.topProbability !== null));
  const took = (r: Row) => Math.max(r.probability?.ms ?? Infinity, r.cutSets?.ms ?? Infinity);
  const slowest = Math.max(...withValues.map(took));
  const over = withValues.filter((r) => took(r) > EACH_MS).map((r) => `${r.name} ${Number.isFinite(took(r)) ? `${seconds(took(r))} s` : 'unfinished'}`);
  const total = withValues.reduce((sum, r) => sum + (r.cutSets?.ms ?? TREE_MS), 0);
  const beaten = (ms: number | undefined, theirs: ScramAnswer | null) => ms !== undefined && theirs !== null && !theirs.refused && (theirs.timedOut || ms < theirs.ms);
  const faster = withValues.filter((r) => beaten(r.probability?.ms, r.scramProbability) && beaten(r.cutSets?.ms, r.scramProducts)).length;
  console.log('\nTargets (the 42 trees with published values)');
  console.log(`  slowest tree ${Number.isFinite(slowest) ? `${seconds(slowest)} s` : 'unfinished'} (target ≤ ${EACH_MS / 1000} s): ${slowest <= EACH_MS ? 'met' : `MISSED (${over.join(', ')})`}`);
  console.log(`  all trees ${seconds(total)} s to probability and cut sets, an unfinished one counted as ${TREE_MS / 1000} s (target ≤ ${TOTAL_MS / 1000} s): ${total <= TOTAL_MS ? 'met' : 'MISSED'}`);
  if (scram) console.log(`  faster than SCRAM on ${faster} of ${withValues.length} trees, both figures (target: most): ${faster * 2 > withValues.length ? 'met' : 'MISSED'}`);
  if (failures.length > 0) {
    console.error(`\nWRONG VALUES:\n${failures.map((f) => `  ${f}`).join('\n')}`);
    process.exitCode = 1;
  } else console.log('\nEvery probability and count as published (or as SCRAM computes it).');
}

await runBounded('bench:fta', 40 * 60_000, main, async () => {
  for (const child of running) child.kill('SIGKILL');
});
