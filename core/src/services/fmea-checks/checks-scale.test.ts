import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { importAnalysis } from '../fmea/import.ts';
import { syntheticAnalysis } from '../fmea/synthetic.ts';
import { getProjectChecks } from './index.ts';

/**
 * The checks of a 20,000-chain DFMEA (the bulk import's synthetic analysis):
 * a handful of selects and one linear pass, so a read well inside the time a
 * user waits for the header's count. The time goes to the output; the bound
 * asserted is loose (2 shared cores).
 */
const CHAINS = 20_000;
let t: TestDatabase;
let team: Team;
let projectId: string;

beforeAll(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
  projectId = (await createTeamProject(team)).id;
  await importAnalysis(team.editor, projectId, syntheticAnalysis({ chains: CHAINS }));
}, 120_000);
afterAll(() => t.dispose());

describe(`the checks of a ${CHAINS.toLocaleString('en-US')}-chain DFMEA`, () => {
  it('read in one pass', async () => {
    await getProjectChecks(team.reader, projectId); // warm the AP table cache
    const start = performance.now();
    const checks = await getProjectChecks(team.reader, projectId);
    const took = performance.now() - start;
    console.log(`[fmea checks] ${CHAINS} chains: ${checks.findings.length} findings (${checks.counts.errors} errors) in ${took.toFixed(0)} ms`);
    expect(checks.findings.length).toBeGreaterThan(0);
    expect(took).toBeLessThan(5000);
  }, 60_000);
});
