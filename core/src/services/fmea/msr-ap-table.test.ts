import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { dialectOfDb } from '../../db/client.ts';
import { fmeaProject } from '../../db/schema/index.ts';
import { buildWindowLifter, createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { replaceApRules } from '../rules/ap-rules.ts';
import { readRiskGrid } from './grid.ts';
import { rateMsr, readMsr } from './msr.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

const EVERYTHING_M = [{ ruleType: 'SOD' as const, ap: 'M' as const, sMin: 1, sMax: 10, oMin: 1, oMax: 10, dMin: 1, dMax: 10 }];

/** The data migration that moves MSR projects to the DFMEA table, as this engine's migrator applies it on start. */
function migrationStatements(dialect: 'sqlite' | 'postgres'): string[] {
  const folder = dialect === 'postgres' ? '../../db/migrations-pg/' : '../../db/migrations/';
  const journal = JSON.parse(readFileSync(fileURLToPath(new URL(`${folder}meta/_journal.json`, import.meta.url)), 'utf8')) as { entries: { tag: string }[] };
  const entry = journal.entries.find((e) => e.tag.endsWith('_msr_ap_table_dfmea'));
  expect(entry, 'the migration is in the journal the app migrates by').toBeDefined();
  const text = readFileSync(fileURLToPath(new URL(`${folder}${entry!.tag}.sql`, import.meta.url)), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((s) => s.replace(/^--.*$/gm, '').trim())
    .filter(Boolean);
}

describe('the AP tables of an FMEA-MSR project', () => {
  it('rates the DFMEA part with the DFMEA table and only the MSR steps with the MSR table', async () => {
    const project = await createTeamProject(team, { projectType: 'msr' });
    expect(project.apTable).toBe('dfmea');
    const w = await buildWindowLifter(team.editor, project);
    await rateMsr(team.editor, w.worn.id, { version: w.worn.version, msrFrequency: 4, msrMonitoring: 6 });
    // an MSR table that says M everywhere rates the MSR form, not the DFMEA grid (S 9, O 6, D 5 is H by the DFMEA table)
    await replaceApRules(t.ctx, 'msr', EVERYTHING_M);
    const grid = (await readRiskGrid(team.reader, project.id)).items.find((r) => r.cause?.description === 'Teeth worn')!;
    expect(grid.ap).toBe('H');
    expect((await readMsr(team.reader, project.id)).rows.find((r) => r.cause === 'Teeth worn')!.ap).toBe('M');
  });

  it('moves existing MSR projects from the MSR table to the DFMEA table on migration, and no other project', async () => {
    const msr = await createTeamProject(team, { projectType: 'msr' });
    const dfmea = await createTeamProject(team, { projectType: 'dfmea' });
    // as an MSR project was created before: its chains rated with the MSR table, the counts stored with it
    const summary = { L: 1, M: 0, H: 0, unrated: 0, chains: 1 };
    await t.db.update(fmeaProject).set({ apTable: 'msr', apSummary: summary }).where(eq(fmeaProject.id, msr.id));
    // a DFMEA an owner switched to the MSR table keeps the owner's choice
    await t.db.update(fmeaProject).set({ apTable: 'msr', apSummary: summary }).where(eq(fmeaProject.id, dfmea.id));
    for (const statement of migrationStatements(dialectOfDb(t.db))) await t.db.run(sql.raw(statement));
    const rows = await t.db.select({ id: fmeaProject.id, apTable: fmeaProject.apTable, apSummary: fmeaProject.apSummary }).from(fmeaProject);
    expect(rows.find((r) => r.id === msr.id)).toEqual({ id: msr.id, apTable: 'dfmea', apSummary: null });
    expect(rows.find((r) => r.id === dfmea.id)).toEqual({ id: dfmea.id, apTable: 'msr', apSummary: summary });
  });
});
