/**
 * `npm run bench:report [-- <chains>]`: the DFMEA report over a 20,000-chain DFMEA (issue 25: under 1 s, on both
 * databases). Each engine runs in a child process (the engine is fixed per process): libsql on a WAL file, and
 * PostgreSQL on a throwaway cluster of Debian's postgresql (startTestCluster, as the postgres test project and
 * bench:cluster use; skipped with a note when no PostgreSQL is installed). Figures beside the target, and the
 * ratio to a floor measured in the same run on the same data: a bare count(*) over the same chains, one statement.
 * Exits 1 when a target is missed.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { postgresAvailable, startTestCluster } from '../core/src/testing/postgres.ts';
import { fmt, printTargets, type Target } from './dfmea/report.ts';

const CHAINS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? process.env.FMEA_BENCH_CHAINS ?? 20_000);
const TARGET_MS = 1_000;
const child = fileURLToPath(new URL('./report/engine-run.ts', import.meta.url));
const run = promisify(execFile);

interface Figures {
  chains: number;
  counted: number;
  importMs: number;
  reportMs: number;
  reportRuns: number[];
  floorMs: number;
  H: number;
  Hafter: number;
  openActions: number;
  special: number;
}

async function engine(name: string, env: Record<string, string>): Promise<Figures> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', child], { env: { ...process.env, ...env, FMEA_BENCH_CHAINS: String(CHAINS) }, maxBuffer: 10 * 1024 * 1024 });
  const figures = JSON.parse(stdout.trim().split('\n').at(-1)!) as Figures;
  console.log(
    `${name}: ${fmt(figures.chains)} chains (bare count ${fmt(figures.counted)}), built in ${(figures.importMs / 1000).toFixed(1)} s; ` +
      `report runs ${figures.reportRuns.map((v) => v.toFixed(0)).join(', ')} ms; AP H ${fmt(figures.H)} before, ${fmt(figures.Hafter)} after; ${fmt(figures.openActions)} open actions, ${fmt(figures.special)} special characteristics`,
  );
  return figures;
}

const target = (name: string, f: Figures): Target => ({
  name: `DFMEA report, ${fmt(CHAINS)} chains, ${name} (median)`,
  measured: `${f.reportMs.toFixed(0)} ms (${(f.reportMs / Math.max(f.floorMs, 0.01)).toFixed(1)}× floor)`,
  floor: `count(*) of the chains ${f.floorMs.toFixed(1)} ms`,
  target: '< 1 s',
  met: f.reportMs < TARGET_MS && f.chains === f.counted,
});

const targets: Target[] = [];
const dir = mkdtempSync(join(tmpdir(), 'fmea-bench-report-'));
try {
  targets.push(target('libsql', await engine('libsql (WAL file)', { FMEA_DIALECT: 'sqlite', DATABASE_URL: `file:${join(dir, 'report.db')}` })));
  if (postgresAvailable()) {
    const cluster = await startTestCluster({ durable: true });
    try {
      const url = await cluster.createDatabase('bench_report');
      targets.push(target('PostgreSQL', await engine('PostgreSQL (loopback)', { FMEA_DIALECT: 'postgres', DATABASE_URL: url })));
    } finally {
      await cluster.stop();
    }
  } else {
    console.log('PostgreSQL: not installed here (initdb/pg_ctl not found); its half is not measured');
    targets.push({ name: `DFMEA report, ${fmt(CHAINS)} chains, PostgreSQL`, measured: '–', target: '< 1 s', met: undefined });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
printTargets(targets);
process.exit(targets.every((t) => t.met !== false) ? 0 : 1);
