/**
 * `node --import tsx bench/fmea.bench.ts [chains]`: builds a synthetic DFMEA
 * (20,000 failure chains unless told otherwise) on a WAL file database through
 * the engine's bulk import, then times the risk grid: the whole grid in one
 * read, one page of 500, the AP = H filter, the streamed export path, JSON
 * serialisation, and recomputing every AP. Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  createContext,
  createProject,
  importAnalysis,
  openDatabase,
  prepareDatabase,
  readRiskGrid,
  recomputeAllAp,
  schema,
  streamRiskGrid,
  syntheticAnalysis,
} from '@fmea/core';

const CHAINS = Number(process.argv[2] ?? process.env.FMEA_BENCH_CHAINS ?? 20_000);

async function timed<T>(label: string, fn: () => Promise<T>, describe: (result: T) => string = () => ''): Promise<T> {
  const start = performance.now();
  const result = await fn();
  const ms = performance.now() - start;
  console.log(`  ${label.padEnd(38)} ${ms.toFixed(0).padStart(6)} ms  ${describe(result)}`);
  return result;
}

const dir = mkdtempSync(join(tmpdir(), 'fmea-bench-'));
const database = await openDatabase(`file:${join(dir, 'bench.db')}`);
try {
  await prepareDatabase(database.db, createContext(database.db), { adminPassword: 'Bench#Pass9x!Q' });
  const [owner] = await database.db.insert(schema.user).values({ userName: 'bench.owner', realName: 'Bench', passwordHash: 'x' }).returning();
  const ctx = createContext(database.db, { userId: owner!.id, userName: owner!.userName });
  const project = await createProject(ctx, { projectType: 'dfmea', name: 'Bench DFMEA', members: [{ userId: owner!.id, roles: [0] }] });

  console.log(`FMEA engine, ${CHAINS.toLocaleString('en-US')} failure chains (WAL file database, Node ${process.version})`);
  const input = syntheticAnalysis({ chains: CHAINS });
  await timed('build (bulk import, one transaction)', () => importAnalysis(ctx, project.id, input), (r) => `${Object.values(r.counts).reduce((a, b) => a + b, 0).toLocaleString('en-US')} rows`);
  for (const run of ['cold', 'warm', 'warm']) {
    await timed(`grid read, all rows (${run})`, () => readRiskGrid(ctx, project.id, { limit: CHAINS }), (r) => `${r.items.length} rows`);
  }
  const grid = await readRiskGrid(ctx, project.id, { limit: CHAINS });
  await timed('JSON.stringify of the whole grid', async () => JSON.stringify(grid.items), (s) => `${(s.length / 1024 / 1024).toFixed(1)} MB`);
  await timed('grid page 40 × 500 rows', () => readRiskGrid(ctx, project.id, { page: 40, limit: 500 }), (r) => `${r.items.length} of ${r.total}`);
  await timed('grid AP = H, first 500', () => readRiskGrid(ctx, project.id, { ap: ['H'], limit: 500 }), (r) => `${r.total} H rows`);
  await timed('grid open actions, first 500', () => readRiskGrid(ctx, project.id, { openActions: true, limit: 500 }), (r) => `${r.total} rows`);
  await timed('grid stream, batches of 2,000', async () => {
    let rows = 0;
    for await (const batch of streamRiskGrid(ctx, project.id, {}, { batchSize: 2000 })) rows += batch.length;
    return rows;
  }, (rows) => `${rows} rows`);
  await timed('recompute every AP', () => recomputeAllAp(ctx, project.id), (s) => `H ${s.H} / M ${s.M} / L ${s.L}`);
} finally {
  database.close();
  rmSync(dir, { recursive: true, force: true });
}
