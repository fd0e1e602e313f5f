/**
 * `npm run bench:pfmea [-- <chains>] [-- --steps <n>]`: a PFMEA of 200
 * process steps (each with work elements of the four 4M types) and 20,000
 * failure chains (FMEA_BENCH_CHAINS / FMEA_BENCH_STEPS or the arguments for
 * other sizes), built through the engine's bulk import (bench/pfmea/
 * synthetic.ts), then timed in-process on a WAL file database:
 * - generating a control plan from it (one line per product and process
 *   characteristic, the causes' controls cited), answered with the plan as
 *   getControlPlan reads it (also timed alone): the plans of the three
 *   phases, each from nothing, so three runs of the same work;
 * - exporting the PFMEA workbook (AIAG-VDA PFMEA form, flat sheet, scales)
 *   and the production control plan workbook (AIAG control plan form), three
 *   runs each;
 * the medians as the figures, each export beside its library floor from this
 * run (bench/dfmea/floors.ts: exceljs's streaming write of the same cells
 * without styles or merges).
 * Prints a table of the targets (issue 13): control plan generation < 1 s,
 * each export < 10 s; exits 1 when one is missed. The floors are shown, not
 * gated. The temp dir is removed on exit, also on failure or Ctrl-C.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTROL_PLAN_PHASES, createProject, exportControlPlanWorkbook, exportFmeaWorkbook, generateControlPlan, getControlPlan, importAnalysis, readRiskGrid, recomputeAllAp } from '@fmea/core';
import { openBenchDatabase } from './dfmea/engine.ts';
import { readFloor, writeFloor } from './dfmea/floors.ts';
import { fmt, line, mb, median, printTargets, times, timed, type Target } from './dfmea/report.ts';
import { syntheticPfmea } from './pfmea/synthetic.ts';

const args = process.argv.slice(2);
const stepsAt = args.indexOf('--steps');
const STEPS = Number((stepsAt >= 0 ? args[stepsAt + 1] : undefined) ?? process.env.FMEA_BENCH_STEPS ?? 200);
const CHAINS = Number(args.find((a, i) => /^\d+$/.test(a) && i !== stepsAt + 1) ?? process.env.FMEA_BENCH_CHAINS ?? 20_000);
/** Issue 13: control plan generation. */
const GENERATE_MS = 1_000;
/** Issue 13: exporting the PFMEA and the control plan, each. */
const EXPORT_MS = 10_000;
/** Each export is timed this many times; the figure is the median (a shared machine is noisy). */
const RUNS = 3;

const dir = mkdtempSync(join(tmpdir(), 'fmea-bench-pfmea-'));
let cleaned = false;
function cleanup() {
  if (cleaned) return;
  cleaned = true;
  rmSync(dir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    cleanup();
    process.exit(130);
  });
}

const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;
/** The spread of the runs: "0.42–0.49 s". */
const range = (values: number[]) => `${(Math.min(...values) / 1000).toFixed(2)}–${seconds(Math.max(...values))}`;

/** An export's library floor: exceljs reading the workbook (untimed here), then writing the same cells plainly. */
async function exportFloor(bytes: Uint8Array) {
  const read = await readFloor(bytes);
  const write = await writeFloor(read.sheets);
  const rows = read.sheets.reduce((n, s) => n + s.rows.length, 0);
  return { ms: write.ms, detail: `${read.sheets.length} sheets, ${fmt(rows)} rows, ${fmt(read.cells)} cells; plain rewrite ${mb(write.bytes)}` };
}

console.log(`PFMEA benchmark: ${fmt(STEPS)} process steps, ${fmt(CHAINS)} failure chains (Node ${process.version}, temp dir ${dir})\n`);
let ok = false;
const { database, ctx, owner } = await openBenchDatabase(dir);
try {
  console.log('Engine (in-process, WAL file database)');
  const project = await createProject(ctx, { projectType: 'pfmea', name: 'Bench PFMEA (generated)', members: owner });
  const synthetic = syntheticPfmea({ steps: STEPS, chains: CHAINS });
  await timed('generate: bulk import, one transaction', () => importAnalysis(ctx, project.id, synthetic.input), (r) =>
    `${fmt(Object.values(r.counts).reduce((a, b) => a + b, 0))} rows written (${fmt(r.counts.nodes)} nodes, ${fmt(r.counts.characteristics)} characteristics, ${fmt(synthetic.causesPerStep)} causes per step)`,
  );
  await timed('recompute every AP', () => recomputeAllAp(ctx, project.id), (s) => `H ${fmt(s.H)} / M ${fmt(s.M)} / L ${fmt(s.L)}`);
  const chains = (await readRiskGrid(ctx, project.id, { limit: 1 })).total;
  if (chains !== synthetic.chains) console.log(`    WARNING: the project has ${fmt(chains)} chains, the generator made ${fmt(synthetic.chains)}`);

  // Each phase's plan is generated from nothing: three runs of the same work, the median is the figure.
  const generations: { ms: number; lines: number }[] = [];
  for (const phase of CONTROL_PLAN_PHASES) {
    const run = await timed(`control plan (${phase}): generate`, () => generateControlPlan(ctx, project.id, { phase }), (plan) => `${fmt(plan.added)} lines added, answered with the plan`);
    generations.push({ ms: run.ms, lines: run.result.added });
  }
  // what the generation answers with and both exports start from: the plan's lines with the PFMEA merged in, marks and checks
  await timed('control plan: read (getControlPlan)', () => getControlPlan(ctx, project.id, { phase: 'production' }), (plan) =>
    `${fmt(plan.counts.lines)} lines, ${fmt(plan.checks.missingLines.length)} CC/SC without a line`,
  );
  const lines = generations.at(-1)!.lines;

  const exportRuns = async (label: string, run: () => Promise<Uint8Array>) => {
    const runs: { ms: number; result: Uint8Array }[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await timed(`${label}, run ${i + 1}`, run, (bytes) => mb(bytes.byteLength)));
    return { ms: median(runs.map((r) => r.ms)), spread: range(runs.map((r) => r.ms)), bytes: runs.at(-1)!.result };
  };
  const pfmea = await exportRuns('export the PFMEA workbook', () => exportFmeaWorkbook(ctx, project.id, { locale: 'zh-CN' }));
  const cp = await exportRuns('export the control plan workbook', () => exportControlPlanWorkbook(ctx, project.id, { phase: 'production', locale: 'zh-CN' }));

  console.log('Library floors (the same workbooks)');
  const pfmeaFloor = await exportFloor(pfmea.bytes);
  line('floor: exceljs streaming write, PFMEA cells', pfmeaFloor.ms, pfmeaFloor.detail);
  const cpFloor = await exportFloor(cp.bytes);
  line('floor: exceljs streaming write, control plan', cpFloor.ms, cpFloor.detail);

  const generateMs = median(generations.map((g) => g.ms));
  const targets: Target[] = [
    {
      name: `control plan generation, ${fmt(lines)} lines (median)`,
      measured: `${seconds(generateMs)} (${range(generations.map((g) => g.ms))})`,
      target: '< 1 s',
      met: generateMs < GENERATE_MS,
    },
    {
      name: `export PFMEA, ${fmt(chains)} chains (median)`,
      measured: `${seconds(pfmea.ms)} (${times(pfmea.ms, pfmeaFloor.ms)})`,
      floor: `${seconds(pfmeaFloor.ms)} plain write; runs ${pfmea.spread}`,
      target: '< 10 s',
      met: pfmea.ms < EXPORT_MS,
    },
    {
      name: `export control plan, ${fmt(lines)} lines (median)`,
      measured: `${seconds(cp.ms)} (${times(cp.ms, cpFloor.ms)})`,
      floor: `${seconds(cpFloor.ms)} plain write; runs ${cp.spread}`,
      target: '< 10 s',
      met: cp.ms < EXPORT_MS,
    },
  ];
  printTargets(targets);
  ok = targets.every((t) => t.met !== false);
} finally {
  database.close();
  cleanup();
}
if (!ok) process.exitCode = 1;
