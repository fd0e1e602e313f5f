/**
 * `npm run bench:diff [-- <chains>]`: the diff of two FMEA baselines of
 * 20,000 failure chains each (FMEA_BENCH_CHAINS or the argument for other
 * sizes), issue 14's "diff of two 20,000-chain baselines under 1 s".
 * Both sides are the synthetic DFMEA (core/src/testing/baseline.ts) as
 * stored canonical JSON; the second has every 20th cause re-rated, every
 * 10th control reworded, 1% of the actions removed and as many added. Timed
 * as the service runs it: parse both stored texts, then diff. Five runs;
 * the median is the figure. Exits 1 when the target is missed.
 */
import { canonicalJson, diffSnapshots, parseSnapshot, snapshotCounts, type FmeaSnapshot } from '@fmea/core/domain';
import { syntheticSnapshot } from '@fmea/core/testing';
import { fmt, median, printTargets, type Target } from './dfmea/report.ts';

const CHAINS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? process.env.FMEA_BENCH_CHAINS ?? 20_000);
/** Issue 14: the diff of two 20,000-chain baselines. */
const DIFF_MS = 1_000;
const RUNS = 5;

const before = syntheticSnapshot({ chains: CHAINS });
const after = JSON.parse(canonicalJson(before)) as FmeaSnapshot;
let n = 0;
for (const f of after.failures as Record<string, unknown>[]) if (f.kind === 'FC' && n++ % 20 === 0) f.occurrence = 10;
(after.controls as Record<string, unknown>[]).forEach((c, i) => {
  if (i % 10 === 0) c.description = `${String(c.description)} (rev.)`;
});
const drop = Math.max(1, Math.floor(after.actions.length / 100));
const removed = after.actions.splice(0, drop);
for (const [i, a] of removed.entries()) after.actions.push({ ...a, id: `new-action-${i}`, description: 'Added action' });
const textA = canonicalJson(before);
const textB = canonicalJson(after);
const counts = snapshotCounts(before);

const runs: number[] = [];
let result = diffSnapshots(before, after);
for (let r = 0; r < RUNS; r++) {
  const start = performance.now();
  result = diffSnapshots(parseSnapshot(textA)!, parseSnapshot(textB)!);
  runs.push(performance.now() - start);
}
const ms = median(runs);
console.log(`Baselines: ${fmt(counts.chains)} chains, ${fmt(counts.nodes)} nodes, ${(textA.length / 1024 / 1024).toFixed(1)} MB of canonical JSON each`);
console.log(`Diff: ${fmt(result.added)} added, ${fmt(result.removed)} removed, ${fmt(result.changed)} changed; runs ${runs.map((v) => v.toFixed(0)).join(', ')} ms`);
const targets: Target[] = [{ name: `diff two ${fmt(counts.chains)}-chain baselines (median)`, measured: `${ms.toFixed(0)} ms`, target: '< 1 s', met: ms < DIFF_MS }];
printTargets(targets);
process.exit(targets.every((t) => t.met) ? 0 : 1);
