import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { readRiskGrid, recomputeAllAp, streamRiskGrid } from './grid.ts';
import { importAnalysis } from './import.ts';
import { syntheticAnalysis } from '../../testing/synthetic.ts';

/**
 * A 20,000-chain DFMEA, built through the bulk import and read back through
 * the grid. Times go to the test output; only correctness is asserted (the
 * figures to compare live in `npm run bench:fmea`).
 */
const CHAINS = 20_000;
let t: TestDatabase;
let team: Team;
let projectId: string;
const ms = (start: number) => `${(performance.now() - start).toFixed(0)} ms`;

beforeAll(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
  projectId = (await createTeamProject(team)).id;
  const start = performance.now();
  const result = await importAnalysis(team.editor, projectId, syntheticAnalysis({ chains: CHAINS }));
  console.log(`[fmea scale] import of ${CHAINS} chains (${Object.values(result.counts).reduce((a, b) => a + b, 0)} rows): ${ms(start)}`);
}, 120_000);
afterAll(() => t.dispose());

describe(`a ${CHAINS.toLocaleString('en-US')}-chain DFMEA`, () => {
  it('reads every chain through the grid in one page, rated', async () => {
    const start = performance.now();
    const grid = await readRiskGrid(team.reader, projectId, { limit: CHAINS });
    console.log(`[fmea scale] grid read, ${grid.items.length} rows: ${ms(start)}`);
    expect(grid.total).toBe(CHAINS);
    expect(grid.items).toHaveLength(CHAINS);
    expect(grid.items.every((r) => r.ap !== null && r.rpn === r.severity! * r.occurrence! * r.detection!)).toBe(true);
    expect(grid.items[0]).toMatchObject({ elementName: 'Element 1', preventionControls: ['Prevention 1'], detectionControls: ['Detection 1'] });
    expect(new Set(grid.items.map((r) => r.chainKey)).size).toBe(CHAINS);
  }, 60_000);

  it('pages and filters the grid', async () => {
    let start = performance.now();
    const page = await readRiskGrid(team.reader, projectId, { page: 40, limit: 500 });
    console.log(`[fmea scale] grid page 40 of 500 rows: ${ms(start)}`);
    expect(page.total).toBe(CHAINS);
    expect(page.items).toHaveLength(500);
    start = performance.now();
    const high = await readRiskGrid(team.reader, projectId, { ap: ['H'], limit: 100 });
    console.log(`[fmea scale] grid AP = H filter (${high.total} rows), first 100: ${ms(start)}`);
    expect(high.total).toBeGreaterThan(0);
    expect(high.items.every((r) => r.ap === 'H')).toBe(true);
    const open = await readRiskGrid(team.reader, projectId, { openActions: true, limit: 1 });
    expect(open.total).toBe(CHAINS / 5);
    const special = await readRiskGrid(team.reader, projectId, { specialCharacteristics: true, limit: 1 });
    expect(special.total).toBeGreaterThan(0);
  }, 60_000);

  it('streams the grid and recomputes every AP', async () => {
    let start = performance.now();
    let rows = 0;
    for await (const batch of streamRiskGrid(team.reader, projectId, {}, { batchSize: 2000 })) rows += batch.length;
    console.log(`[fmea scale] grid stream: ${ms(start)}`);
    expect(rows).toBe(CHAINS);
    start = performance.now();
    const summary = await recomputeAllAp(team.editor, projectId);
    console.log(`[fmea scale] recompute all AP: ${ms(start)} ${JSON.stringify(summary)}`);
    expect(summary.H + summary.M + summary.L).toBe(CHAINS);
    expect(summary.chains).toBe(CHAINS);
  }, 60_000);
});
