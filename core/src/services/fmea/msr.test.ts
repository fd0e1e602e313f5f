import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fmeaFailure } from '../../db/schema/index.ts';
import { buildWindowLifter, createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { replaceApRules } from '../rules/ap-rules.ts';
import { addAction, updateAction } from './actions.ts';
import { addControl, setControls } from './controls.ts';
import { readRiskGrid } from './grid.ts';
import { rateMsr, readMsr } from './msr.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

async function lifter(projectType: 'msr' | 'dfmea' = 'msr') {
  const project = await createTeamProject(team, { projectType });
  return { project, ...(await buildWindowLifter(team.editor, project)) };
}

describe('FMEA-MSR on a cause', () => {
  it('rates F, M and the effect after the system response, and reads the MSR AP from the stored MSR rules', async () => {
    const w = await lifter();
    const rated = await rateMsr(team.editor, w.worn.id, { version: w.worn.version, msrFrequency: 4, msrMonitoring: 1, msrSeverity: 5, msrEffect: '  Window stops, lamp on ' });
    expect(rated).toMatchObject({ msrFrequency: 4, msrMonitoring: 1, msrSeverity: 5, msrEffect: 'Window stops, lamp on', version: w.worn.version + 1 });
    await addControl(team.editor, { causeId: w.worn.id, kind: 'monitoring', description: 'Motor current watched' });
    await addControl(team.editor, { causeId: w.worn.id, kind: 'response', description: 'Stop the motor' });
    const form = await readMsr(team.reader, w.project.id);
    expect(form.msr).toBe(true);
    // every cause under the mode is a row; S is the mode's worst effect (9)
    expect(form.rows.map((r) => r.cause)).toEqual(['Teeth worn', 'Teeth broken', 'Bearing seat loose']);
    const worn = form.rows[0]!;
    expect(worn).toMatchObject({ effect: 'Window does not close', severity: 9, frequency: 4, monitoring: 1, severityAfterResponse: 5, effectAfterResponse: 'Window stops, lamp on', ap: 'H' });
    expect(worn.monitoringControls.map((c) => c.description)).toEqual(['Motor current watched']);
    expect(worn.responseControls.map((c) => c.description)).toEqual(['Stop the motor']);
    // the MSR rules as stored decide: a rule set that makes everything M gives M
    await replaceApRules(t.ctx, 'msr', [{ ruleType: 'SOD', ap: 'M', sMin: 1, sMax: 10, oMin: 1, oMax: 10, dMin: 1, dMax: 10 }]);
    expect((await readMsr(team.reader, w.project.id)).rows[0]!.ap).toBe('M');
  });

  it('refuses bad ratings naming the field, a stale version, readers and a project without the MSR steps, and writes nothing', async () => {
    const w = await lifter();
    await expect(rateMsr(team.editor, w.worn.id, { version: w.worn.version, msrFrequency: 11 })).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [expect.objectContaining({ field: 'msrFrequency', messageKey: 'ap.rating_out_of_range' })],
    });
    await expect(rateMsr(team.editor, w.mode.id, { version: w.mode.version, msrMonitoring: 3 })).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'fmea.rating_on_cause_only' })] });
    await expect(rateMsr(team.editor, w.worn.id, { version: w.worn.version + 5, msrFrequency: 3 })).rejects.toMatchObject({ code: 'conflict' });
    await expect(rateMsr(team.reader, w.worn.id, { version: w.worn.version, msrFrequency: 3 })).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(readMsr(team.outsider, w.project.id)).rejects.toMatchObject({ code: 'not_allowed' });
    const stored = await t.db.select().from(fmeaFailure).where(eq(fmeaFailure.id, w.worn.id)).get();
    expect(stored).toMatchObject({ msrFrequency: null, msrMonitoring: null, version: w.worn.version });

    const d = await lifter('dfmea');
    await expect(rateMsr(team.editor, d.worn.id, { version: d.worn.version, msrFrequency: 3 })).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'fmea.msr_not_in_project' })] });
    await expect(addControl(team.editor, { causeId: d.worn.id, kind: 'monitoring', description: 'x' })).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'fmea.msr_not_in_project' })] });
    await expect(addAction(team.editor, { causeId: d.worn.id, kind: 'response', description: 'x' })).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'fmea.msr_not_in_project' })] });
    await expect(setControls(team.editor, { causeId: d.worn.id, kind: 'monitoring', descriptions: ['x'], seen: [] })).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'fmea.msr_not_in_project' })] });
    expect(await readMsr(team.reader, d.project.id)).toEqual({ msr: false, rows: [] });
  });

  it('keeps MSR controls and actions out of the DFMEA risk grid, and rates the MSR optimisation after its actions', async () => {
    const w = await lifter();
    await rateMsr(team.editor, w.worn.id, { version: w.worn.version, msrFrequency: 4, msrMonitoring: 6 });
    const before = (await readRiskGrid(team.reader, w.project.id)).items.find((r) => r.cause?.description === 'Teeth worn')!;
    await setControls(team.editor, { causeId: w.worn.id, kind: 'monitoring', descriptions: ['Current watched', 'Hall pulses watched'], seen: [] });
    const act = await addAction(team.editor, { causeId: w.worn.id, kind: 'monitoring', description: 'Plausibility check', raOccurrence: 2, raDetection: 1 });
    const after = (await readRiskGrid(team.reader, w.project.id)).items.find((r) => r.cause?.description === 'Teeth worn')!;
    expect(after.controls).toEqual(before.controls);
    expect(after.actions).toEqual([]);
    expect([after.raseverity, after.raoccurrence, after.radet, after.raAp]).toEqual([before.raseverity, before.raoccurrence, before.radet, before.raAp]);

    const row = (await readMsr(team.reader, w.project.id)).rows[0]!;
    expect(row.monitoringControls.map((c) => c.description)).toEqual(['Current watched', 'Hall pulses watched']);
    // S 9, F 4, M 6: H; after the action F 2, M 1: L
    expect(row.ap).toBe('H');
    expect(row.actions).toEqual([expect.objectContaining({ id: act.id, kind: 'monitoring', frequencyAfter: 2, monitoringAfter: 1, severityAfter: null, status: 'open' })]);
    expect(row.after).toEqual({ severityAfterResponse: null, frequency: 2, monitoring: 1, ap: 'L' });
    // an MSR action does not turn into a DFMEA one on a project... but may change between the MSR kinds
    const moved = await updateAction(team.editor, act.id, { version: act.version, kind: 'response' });
    expect(moved.kind).toBe('response');
  });
});
