/**
 * `npm run bench:spc-compute`: SPC limits plus capability over 1,000,000 measurements (issue 25: under
 * 1 s), as `analyzeVariables` computes them — subgroup statistics, σ within, limits of both charts, the
 * default run rules, Cp/Cpk/Pp/Ppk/Cpm and the histogram: 200,000 subgroups of 5 as X̄-R, and 1,000,000
 * individual values as I-MR. The floor, measured in the same run, is one plain summation pass over the
 * same input (the least any statistic over it costs). Data: a seeded normal process with a slow drift,
 * so some run rules fire. Five runs after one to warm up; the median is the figure. Exits 1 when a
 * target is missed.
 */
import { performance } from 'node:perf_hooks';
import { analyzeAttributes, analyzeVariables, type VariablesSubgroup } from '@fmea/core/domain';
import { fmt, median, printTargets, times, type Target } from './dfmea/report.ts';

const TARGET_MS = 1000;
const RUNS = 5;
const SPEC = { lsl: 9.4, usl: 10.6, target: 10 };

/** A seeded normal stream (LCG + Box–Muller), so every run charts the same data. */
function normals(seed: number): () => number {
  let state = seed >>> 0;
  const uniform = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state + 1) / 4294967297;
  };
  return () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
}

function measure(run: () => unknown): number {
  const times: number[] = [];
  for (let r = 0; r < RUNS + 1; r++) {
    const t0 = performance.now();
    run();
    if (r > 0) times.push(performance.now() - t0);
  }
  return median(times);
}

const next = normals(25);
const drift = (i: number, n: number) => 0.05 * Math.sin((i / n) * 6 * Math.PI);
const subgroups: VariablesSubgroup[] = Array.from({ length: 200_000 }, (_, i) => ({
  subgroup: `S${i + 1}`,
  values: Array.from({ length: 5 }, () => 10 + drift(i, 200_000) + 0.1 * next()),
}));
const individuals: VariablesSubgroup[] = Array.from({ length: 1_000_000 }, (_, i) => ({ subgroup: `I${i + 1}`, values: [10 + drift(i, 1_000_000) + 0.1 * next()] }));
const attributes = Array.from({ length: 200_000 }, (_, i) => ({ subgroup: `L${i + 1}`, count: Math.max(0, Math.round(5 + 2 * next())), size: 100 + (i % 7) }));

let sink = 0;
const sumSubgroups = () => {
  for (const g of subgroups) for (const v of g.values) sink += v;
};
const sumIndividuals = () => {
  for (const g of individuals) sink += g.values[0]!;
};

const floorXbar = measure(sumSubgroups);
const floorImr = measure(sumIndividuals);
let signals = { xbar: 0, imr: 0 };
const xbar = measure(() => {
  signals.xbar = analyzeVariables(subgroups, 'xbar-r', { spec: SPEC }).violations.length;
});
const imr = measure(() => {
  signals.imr = analyzeVariables(individuals, 'i-mr', { spec: SPEC }).violations.length;
});
const xbarS = measure(() => analyzeVariables(subgroups, 'xbar-s', { spec: SPEC }));
const p = measure(() => analyzeAttributes(attributes, 'p'));

console.log(`${fmt(1_000_000)} measurements: X̄-R ${fmt(subgroups.length)} subgroups of 5 (${fmt(signals.xbar)} signals), I-MR ${fmt(individuals.length)} values (${fmt(signals.imr)} signals)${sink > 0 ? '' : ' '}`);
const targets: Target[] = [
  { name: 'X̄-R limits + rules + capability, 200,000 × 5 (median)', measured: `${xbar.toFixed(0)} ms`, floor: `sum ${floorXbar.toFixed(1)} ms (${times(xbar, floorXbar)})`, target: `< ${TARGET_MS} ms`, met: xbar < TARGET_MS },
  { name: 'I-MR limits + rules + capability, 1,000,000 (median)', measured: `${imr.toFixed(0)} ms`, floor: `sum ${floorImr.toFixed(1)} ms (${times(imr, floorImr)})`, target: `< ${TARGET_MS} ms`, met: imr < TARGET_MS },
  { name: 'X̄-S (same data)', measured: `${xbarS.toFixed(0)} ms`, floor: `sum ${floorXbar.toFixed(1)} ms (${times(xbarS, floorXbar)})`, target: '–', met: true, informative: true },
  { name: 'p chart, 200,000 lots of varying size', measured: `${p.toFixed(0)} ms`, target: '–', met: true, informative: true },
];
printTargets(targets);
process.exit(targets.every((t) => t.met || t.informative) ? 0 : 1);
