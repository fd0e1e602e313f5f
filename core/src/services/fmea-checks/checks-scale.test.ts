import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { importAnalysis } from '../fmea/import.ts';
import { syntheticAnalysis } from '../../testing/synthetic.ts';
import { getProjectChecks } from './index.ts';

/**
 * The checks of a bulk-imported DFMEA (the synthetic analysis): every finding
 * names an item of the project and the counts add up. The time at 20,000
 * chains is a bench (`npm run bench:checks`), not asserted here.
 */
const CHAINS = 2_000;
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
  it('finds what the synthetic analysis leaves open, each finding on an item, the counts adding up', async () => {
    const checks = await getProjectChecks(team.reader, projectId);
    expect(checks.findings.length).toBeGreaterThan(0);
    expect(checks.findings.every((f) => f.target.id.length > 0)).toBe(true);
    expect(checks.counts.errors + checks.counts.warnings).toBe(checks.findings.length);
    expect(checks.counts.errors).toBe(checks.findings.filter((f) => f.severity === 'error').length);
  }, 60_000);
});
