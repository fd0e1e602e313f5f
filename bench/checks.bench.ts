/**
 * `npm run bench:checks [-- <chains>]`: the checks before release of a
 * 20,000-chain DFMEA (FMEA_BENCH_CHAINS or the argument for other sizes), the
 * count every project header shows and reads again after each write (issue
 * 14, "a live linter, shown in the project all the time"). The synthetic
 * analysis of the bulk import on a WAL file database, read as the service
 * does for a reader (one select per table, one linear pass). Five runs after a
 * warm-up; the median is the figure. Target: well inside the time a user waits
 * for the header's count, < 1 s. Exits 1 when the target is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProject, getProjectChecks, importAnalysis } from '@fmea/core';
import { syntheticAnalysis } from '@fmea/core/testing';
import { openBenchDatabase } from './dfmea/engine.ts';
import { fmt, median, printTargets, type Target } from './dfmea/report.ts';

const CHAINS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? process.env.FMEA_BENCH_CHAINS ?? 20_000);
const CHECKS_MS = 1_000;
const RUNS = 5;

const dir = mkdtempSync(join(tmpdir(), 'fmea-bench-checks-'));
const { database, ctx, owner } = await openBenchDatabase(dir);
let targets: Target[] = [];
try {
  const project = await createProject(ctx, { projectType: 'dfmea', name: 'Bench DFMEA (checks)', members: owner });
  await importAnalysis(ctx, project.id, syntheticAnalysis({ chains: CHAINS }));
  let checks = await getProjectChecks(ctx, project.id); // warms the AP table and the statement cache
  const runs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    checks = await getProjectChecks(ctx, project.id);
    runs.push(performance.now() - start);
  }
  const ms = median(runs);
  console.log(`Checks of ${fmt(CHAINS)} chains: ${fmt(checks.findings.length)} findings (${fmt(checks.counts.errors)} errors, ${fmt(checks.counts.warnings)} warnings); runs ${runs.map((v) => v.toFixed(0)).join(', ')} ms`);
  targets = [{ name: `checks of a ${fmt(CHAINS)}-chain DFMEA (median)`, measured: `${ms.toFixed(0)} ms`, target: '< 1 s', met: ms < CHECKS_MS }];
} finally {
  database.close();
  rmSync(dir, { recursive: true, force: true });
}
printTargets(targets);
process.exit(targets.every((t) => t.met) ? 0 : 1);
