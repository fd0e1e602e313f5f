/**
 * One engine's half of `npm run bench:report` (the engine is fixed per process: core/src/db/dialect.ts), run as
 * a child by report.bench.ts: DATABASE_URL names the database (a libsql file or a PostgreSQL database). Builds
 * the synthetic 20,000-chain DFMEA through the engine's bulk import, then times the DFMEA report service call
 * (five runs after a warm-up, median) beside its floor, a bare count of the same chains in one statement,
 * measured on the same database in the same run. Prints one JSON line.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createContext, createProject, dfmeaReportOf, findUserRow, importAnalysis, openDatabase, prepareDatabase } from '@fmea/core';
import { syntheticAnalysis } from '@fmea/core/testing';
import { ADMIN_PASSWORD, ADMIN_USER } from '../../tests/e2e/support/server.ts';
import { median } from '../dfmea/report.ts';

const url = process.env.DATABASE_URL!;
const chains = Number(process.env.FMEA_BENCH_CHAINS ?? 20_000);
const RUNS = 5;

const database = await openDatabase(url);
try {
  await prepareDatabase(database.db, createContext(database.db), { adminPassword: ADMIN_PASSWORD });
  const admin = await findUserRow(database.db, ADMIN_USER);
  const ctx = createContext(database.db, { userId: admin.id, userName: admin.userName });
  const project = await createProject(ctx, { projectType: 'dfmea', name: 'Bench DFMEA (report)', members: [{ userId: admin.id, roles: [0] }] });
  const start = performance.now();
  await importAnalysis(ctx, project.id, syntheticAnalysis({ chains }));
  const importMs = performance.now() - start;

  const floor = async () => {
    const t = performance.now();
    const [row] = await database.db.all<{ n: number | string }>(sql`
select count(*) as n from fmea_failure fm
left join fmea_failure_link le on le.lower_failure_id = fm.id
left join fmea_failure_link lc on lc.higher_failure_id = fm.id
where fm.project_id = ${project.id} and fm.kind = 'FM'`);
    return { ms: performance.now() - t, n: Number(row!.n) };
  };
  const report = async () => {
    const t = performance.now();
    const r = await dfmeaReportOf(ctx, project.serialNum);
    return { ms: performance.now() - t, r };
  };
  await floor();
  const warm = await report();
  const reportRuns: number[] = [];
  const floorRuns: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    floorRuns.push((await floor()).ms);
    reportRuns.push((await report()).ms);
  }
  const counted = (await floor()).n;
  const r = warm.r;
  console.log(
    JSON.stringify({
      chains: r.before.chains,
      counted,
      importMs,
      reportMs: median(reportRuns),
      reportRuns,
      floorMs: median(floorRuns),
      H: r.before.H,
      Hafter: r.after.H,
      openActions: r.openActions.open,
      special: r.specialCharacteristics.length,
    }),
  );
} finally {
  await database.close();
}
