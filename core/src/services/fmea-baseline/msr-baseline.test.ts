import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fmeaBaseline, fmeaProject } from '../../db/schema/index.ts';
import { canonicalJson, parseSnapshot } from '../../domain/fmea-baseline/index.ts';
import { buildWindowLifter, createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { readAllSheets } from '../fmea/excel/workbook-io.ts';
import { rateMsr } from '../fmea/msr.ts';
import { replaceApRules } from '../rules/ap-rules.ts';
import { diffBaselines, exportBaselineWorkbook, freezeBaseline, readBaselineItems, readSnapshot, sha256 } from './index.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

async function freeze(projectId: string) {
  const row = (await t.db.select().from(fmeaProject).where(eq(fmeaProject.id, projectId)).get())!;
  return (await t.db.transaction((tx) => freezeBaseline(tx, team.owner, row, 1)))!;
}

describe('baselines of FMEA-MSR projects', () => {
  it('freeze a cause’s F, M, effect after the response and its severity, show them, and a diff with the working copy shows an F change', async () => {
    const project = await createTeamProject(team, { projectType: 'msr' });
    const w = await buildWindowLifter(team.editor, project);
    const rated = await rateMsr(team.editor, w.worn.id, { version: w.worn.version, msrFrequency: 4, msrMonitoring: 2, msrSeverity: 5, msrEffect: 'Window stops, lamp on' });
    const baseline = await freeze(project.id);

    const { items } = await readBaselineItems(team.reader, project.id, baseline.label);
    const worn = items.find((i) => i.kind === 'cause' && i.id === w.worn.id)!;
    expect(worn.fields).toEqual(
      expect.arrayContaining([
        { field: 'msrFrequency', value: 4 },
        { field: 'msrMonitoring', value: 2 },
        { field: 'msrSeverity', value: 5 },
        { field: 'msrEffect', value: 'Window stops, lamp on' },
      ]),
    );
    // a cause without MSR ratings lists none of them
    expect(items.find((i) => i.id === w.broken.id)!.fields.map((f) => f.field)).not.toContain('msrFrequency');

    await rateMsr(team.editor, w.worn.id, { version: rated.version, msrFrequency: 2 });
    await rateMsr(team.editor, w.broken.id, { version: w.broken.version, msrMonitoring: 7 });
    const diff = await diffBaselines(team.reader, project.id, baseline.label, 'working');
    expect(diff.items.filter((i) => i.kind === 'cause')).toEqual([
      expect.objectContaining({ change: 'changed', id: w.broken.id, fields: [{ field: 'msrMonitoring', old: null, new: 7 }] }),
      expect.objectContaining({ change: 'changed', id: w.worn.id, fields: [{ field: 'msrFrequency', old: 4, new: 2 }] }),
    ]);
  });

  it('freeze the MSR rule set its MSR AP was read with, and its workbook rates the MSR sheet with it', async () => {
    const project = await createTeamProject(team, { projectType: 'msr' });
    const w = await buildWindowLifter(team.editor, project);
    await rateMsr(team.editor, w.worn.id, { version: w.worn.version, msrFrequency: 4, msrMonitoring: 6 });
    await replaceApRules(t.ctx, 'msr', [{ ruleType: 'SOD', ap: 'M', sMin: 1, sMax: 10, oMin: 1, oMax: 10, dMin: 1, dMax: 10 }]);
    const baseline = await freeze(project.id);
    const stored = parseSnapshot((await t.db.select().from(fmeaBaseline).where(eq(fmeaBaseline.id, baseline.id)).get())!.content)!;
    expect(stored.ap.table).toBe('dfmea');
    expect(stored.msrAp).toMatchObject({ table: 'msr', rules: [expect.objectContaining({ ap: 'M' })] });
    // the rules change after the release: the baseline's MSR sheet still says M (S 9, F 4, M 6 is H by the default table)
    await replaceApRules(t.ctx, 'msr', [{ ruleType: 'SOD', ap: 'H', sMin: 1, sMax: 10, oMin: 1, oMax: 10, dMin: 1, dMax: 10 }]);
    const sheets = await readAllSheets((await exportBaselineWorkbook(team.reader, project.id, baseline.label, { locale: 'en-US' })).bytes);
    const msrSheet = sheets.find((s) => s.name === 'FMEA-MSR')!;
    const row = msrSheet.rows.find((r) => r.cells.some((c) => String(c).includes('Teeth worn')))!.cells;
    expect(row).toContain('M');
    expect(row).not.toContain('H');
    expect((await diffBaselines(team.reader, project.id, baseline.label, 'working')).items).toEqual([
      expect.objectContaining({ kind: 'apRules', id: 'msr', fields: [expect.objectContaining({ field: 'rules' })] }),
    ]);
  });

  it('leave a project without MSR ratings hashing as before they were frozen: an earlier baseline still verifies and matches its working copy', async () => {
    const project = await createTeamProject(team, { projectType: 'dfmea' });
    await buildWindowLifter(team.editor, project);
    const baseline = await freeze(project.id);
    const row = (await t.db.select().from(fmeaBaseline).where(eq(fmeaBaseline.id, baseline.id)).get())!;
    // no MSR key anywhere in the stored text, and the stored text parsed and written again is the hashed text
    expect(row.content).not.toMatch(/msr/i);
    expect(sha256(canonicalJson(parseSnapshot(row.content)))).toBe(row.contentHash);
    expect(canonicalJson(await readSnapshot(t.db, project.id))).toBe(row.content);
    expect((await diffBaselines(team.reader, project.id, baseline.label, 'working')).items).toEqual([]);
  });
});
