import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildHousingPfmea, createTeamProject, idOf, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { addCharacteristic, deleteCharacteristic, updateControl, updateFailure, updateNode } from '../fmea/index.ts';
import { findNode } from '../fmea/structure.ts';
import { setRuleFlag } from '../rules/rule-flags.ts';
import { listOperations } from '../oplog/oplog.ts';
import { controlPlanMarks, generateControlPlan, getControlPlan, saveControlPlanHeader } from './control-plan.ts';
import type { ControlPlanLineView } from './control-plan-view.ts';
import { addControlPlanLine, deleteControlPlanLine, reviewControlPlanLine, saveControlPlanLine } from './control-plan-lines.ts';

let t: TestDatabase;
let team: Team;
let pfmea: Awaited<ReturnType<typeof buildHousingPfmea>>;
const production = { phase: 'production' } as const;

beforeEach(async () => {
  let day = 0;
  t = await openTestDatabase({ now: () => new Date(Date.UTC(2026, 2, 1, 8, day++)) });
  team = await makeTeam(t);
  pfmea = await buildHousingPfmea(team.owner, [
    { userId: idOf(team.owner), roles: [0] },
    { userId: idOf(team.editor), roles: [1] },
    { userId: idOf(team.reader), roles: [4] },
  ]);
});
afterEach(() => t.dispose());

const projectId = () => pfmea.project.id;
const lineOf = (view: { lines: readonly ControlPlanLineView[] }, name: string) => view.lines.find((l) => l.productCharacteristic === name || l.processCharacteristic === name)!;

describe('generating the control plan', () => {
  it('gives one line per characteristic of a step, in process order, with the PFMEA’s texts and controls', async () => {
    const view = await generateControlPlan(team.editor, projectId(), production);
    expect(view.added).toBe(5);
    expect(view.columns).toHaveLength(13);
    expect(view.lines.map((l) => [l.processNo, l.processName, l.machine, l.characteristicNo, l.productCharacteristic, l.processCharacteristic, l.specialClass, l.evaluationTechnique, l.controlMethod])).toEqual([
      ['10', 'Machine housing', 'CNC lathe', '1', 'Bore diameter', '', 'CC', 'Bore gauge 100%', 'Tool life counter\nPoka-yoke fixture'],
      ['10', 'Machine housing', 'CNC lathe', '2', 'Surface finish', '', '', 'Bore gauge 100%', 'Tool life counter\nPoka-yoke fixture'],
      ['10', 'Machine housing', 'CNC lathe', '3', '', 'Spindle speed', 'SC', 'Bore gauge 100%', 'Tool life counter'],
      ['20', 'Press bearing', 'Press', '4', 'Press depth', '', '', 'End-of-line check', 'Force monitoring'],
      ['20', 'Press bearing', 'Press', '5', '', 'Press force', '', 'End-of-line check', 'Force monitoring'],
    ]);
    expect(view.lines.every((l) => l.linked && l.origin === 'generated' && !l.suspect && l.contradictions.length === 0)).toBe(true);
    expect(view.plan).toMatchObject({ phase: 'production', version: 1, header: { controlPlanNumber: `CP-${pfmea.project.serialNum}-P`, partName: 'Gearbox housing GH-100', originalDate: '2026-03-01' } });
    // the bore is CC with a cause rated D 7: the reviewer's check flags it
    expect(view.checks).toEqual({
      missingLines: [],
      untraced: [],
      weakDetections: [expect.objectContaining({ name: 'Bore diameter', detection: 7, controls: [expect.objectContaining({ text: 'Bore gauge 100%' })], lineId: lineOf(view, 'Bore diameter').id })],
    });
    expect((await listOperations(t.ctx, { action: 'controlPlan.line.generate' })).items[0]).toMatchObject({ after: { phase: 'production', added: 5 } });
  });

  it('adds lines only for characteristics without one and never changes an existing line', async () => {
    const first = await generateControlPlan(team.editor, projectId(), production);
    const bore = lineOf(first, 'Bore diameter');
    await saveControlPlanLine(team.editor, bore.id, { version: bore.version, specification: 'Ø20 H7', sampleSize: '5 pcs' });
    await addCharacteristic(team.owner, { functionId: pfmea.ids.bore!, name: 'Bore roundness', characteristicClass: 'significant', special: true });
    const before = await getControlPlan(team.reader, projectId(), production);
    expect(before.checks.missingLines).toEqual([expect.objectContaining({ name: 'Bore roundness', planClass: 'SC', processNo: '10' })]);
    const again = await generateControlPlan(team.editor, projectId(), production);
    expect(again.added).toBe(1);
    // the new line goes with its step, not at the end; the edited line is as it was
    expect(again.lines.map((l) => l.productCharacteristic || l.processCharacteristic)).toEqual(['Bore diameter', 'Surface finish', 'Spindle speed', 'Bore roundness', 'Press depth', 'Press force']);
    expect(lineOf(again, 'Bore diameter')).toMatchObject({ specification: 'Ø20 H7', sampleSize: '5 pcs', version: bore.version + 1 });
    expect(again.checks.missingLines).toEqual([]);
    expect((await generateControlPlan(team.editor, projectId(), production)).added).toBe(0);
  });

  it('keeps one plan per phase', async () => {
    await generateControlPlan(team.editor, projectId(), production);
    const prototype = await getControlPlan(team.editor, projectId(), { phase: 'prototype' });
    expect(prototype.lines).toEqual([]);
    expect(prototype.plan.header.controlPlanNumber).toBe(`CP-${pfmea.project.serialNum}-PT`);
  });
});

describe('kept in sync with the PFMEA', () => {
  it('reads the step from the PFMEA at once and marks the line suspect, naming who changed what', async () => {
    const view = await generateControlPlan(team.editor, projectId(), production);
    const step = await findNode(t.db, pfmea.ids.op10!);
    await updateNode(team.owner, step.id, { version: step.version, name: 'Turn housing', processNo: '15' });
    const after = await getControlPlan(team.reader, projectId(), production);
    const bore = lineOf(after, 'Bore diameter');
    expect(bore).toMatchObject({ processNo: '15', processName: 'Turn housing', suspect: true });
    expect(bore.reasons).toEqual([
      { code: 'step_number_changed', params: { from: '10', to: '15' }, by: idOf(team.owner), byName: team.owner.actor.userName, at: expect.any(Date) },
      { code: 'step_renamed', params: { from: 'Machine housing', to: 'Turn housing' }, by: idOf(team.owner), byName: team.owner.actor.userName, at: expect.any(Date) },
    ]);
    expect(after.counts).toEqual({ lines: view.lines.length, suspect: 3, contradictions: 0 });
  });

  it('marks a changed detection control and a new D, until someone reviews the line', async () => {
    await generateControlPlan(team.editor, projectId(), production);
    const gauge = await pfmea.control('Bore gauge 100%');
    await updateControl(team.owner, gauge.id, { version: gauge.version, description: 'Air gauge 100%' });
    const cause = pfmea.ids.worn!;
    const { version } = (await t.db.query.fmeaFailure.findFirst({ where: (f, { eq }) => eq(f.id, cause) }))!;
    await updateFailure(team.editor, cause, { version, detection: 5 });
    const view = await getControlPlan(team.reader, projectId(), production);
    const speed = lineOf(view, 'Spindle speed');
    expect(speed.evaluationTechnique).toBe('Air gauge 100%');
    expect(speed.reasons.map((r) => [r.code, r.params, r.byName])).toEqual([
      ['control_changed', { kind: 'detection', from: 'Bore gauge 100%', to: 'Air gauge 100%' }, team.owner.actor.userName],
      ['detection_changed', { from: 7, to: 5 }, team.editor.actor.userName],
    ]);
    const reviewed = await reviewControlPlanLine(team.editor, speed.id, { version: speed.version });
    expect(reviewed).toMatchObject({ suspect: false, reasons: [], reviewedBy: idOf(team.editor), reviewedByName: team.editor.actor.userName });
    expect(reviewed.reviewedAt).toBeInstanceOf(Date);
    expect(lineOf(await getControlPlan(team.reader, projectId(), production), 'Spindle speed').suspect).toBe(false);
    // the other lines citing the gauge are still to review
    expect(lineOf(view, 'Bore diameter').suspect).toBe(true);
  });

  it('marks a line whose characteristic was deleted, with who deleted it; review keeps its texts and unlinks it', async () => {
    await generateControlPlan(team.editor, projectId(), production);
    const depth = await pfmea.characteristic('Press depth');
    await deleteCharacteristic(team.owner, depth.id, { version: depth.version });
    const view = await getControlPlan(team.reader, projectId(), production);
    const line = lineOf(view, 'Press depth');
    expect(line).toMatchObject({ suspect: true, characteristicId: null, processNo: '20', controlMethod: 'Force monitoring' });
    expect(line.reasons).toEqual([{ code: 'characteristic_deleted', params: { name: 'Press depth' }, by: idOf(team.owner), byName: team.owner.actor.userName, at: expect.any(Date) }]);
    expect(view.checks.untraced).toEqual([{ lineId: line.id, reason: 'characteristicMissing' }]);
    const reviewed = await reviewControlPlanLine(team.editor, line.id, { version: line.version });
    expect(reviewed).toMatchObject({ linked: false, suspect: false, processNo: '20', processName: 'Press bearing', productCharacteristic: 'Press depth', machine: 'Press', controlMethod: 'Force monitoring', evaluationTechnique: 'End-of-line check' });
    expect((await getControlPlan(team.reader, projectId(), production)).checks.untraced).toEqual([{ lineId: line.id, reason: 'unlinked' }]);
  });
});

describe('the control plan’s own columns', () => {
  it('saves them with the version read, and refuses a stale save', async () => {
    const view = await generateControlPlan(team.editor, projectId(), production);
    const bore = lineOf(view, 'Bore diameter');
    const saved = await saveControlPlanLine(team.editor, bore.id, { version: bore.version, specification: 'Ø20 H7', sampleFrequency: 'every hour', reactionPlan: 'Quarantine, 100% check', characteristicNo: '1a' });
    expect(saved).toMatchObject({ specification: 'Ø20 H7', sampleFrequency: 'every hour', reactionPlan: 'Quarantine, 100% check', characteristicNo: '1a', version: bore.version + 1 });
    await expect(saveControlPlanLine(team.editor, bore.id, { version: bore.version, specification: 'x' })).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.stale_version' });
  });

  it('refuses the PFMEA’s columns on a linked line, and texts over 200 characters', async () => {
    const bore = lineOf(await generateControlPlan(team.editor, projectId(), production), 'Bore diameter');
    const error = await saveControlPlanLine(team.editor, bore.id, { version: bore.version, processName: 'Other', specification: 'x'.repeat(201) }).catch((e) => e);
    expect(error).toMatchObject({ code: 'invalid_input', messageKey: 'validation.failed' });
    expect(error.issues).toEqual([
      { messageKey: 'controlPlan.column_from_pfmea', field: 'processName', params: { field: 'processName' } },
      { messageKey: 'validation.too_long', field: 'specification', params: { field: 'specification', max: 200 } },
    ]);
  });

  it('marks a control method that contradicts the PFMEA, on the line and on the PFMEA’s side', async () => {
    const bore = lineOf(await generateControlPlan(team.editor, projectId(), production), 'Bore diameter');
    const same = await saveControlPlanLine(team.editor, bore.id, { version: bore.version, controlMethod: 'poka-yoke fixture; Tool life counter' });
    expect(same).toMatchObject({ ownControlMethod: null, contradictions: [] });
    const other = await saveControlPlanLine(team.editor, bore.id, { version: same.version, controlMethod: 'SPC chart' });
    const life = await pfmea.control('Tool life counter');
    const yoke = await pfmea.control('Poka-yoke fixture');
    expect(other).toMatchObject({ controlMethod: 'SPC chart', ownControlMethod: 'SPC chart', suspect: false });
    expect(other.contradictions).toEqual([{ column: 'controlMethod', text: 'SPC chart', pfmeaText: 'Tool life counter\nPoka-yoke fixture', controlIds: [life.id, yoke.id] }]);
    const marks = await controlPlanMarks(team.reader, projectId());
    expect(marks).toEqual([
      {
        phase: 'production',
        lineId: bore.id,
        stepNodeId: pfmea.ids.op10,
        characteristicId: bore.characteristicId,
        column: 'controlMethod',
        text: 'SPC chart',
        pfmeaText: 'Tool life counter\nPoka-yoke fixture',
        controlIds: [life.id, yoke.id],
      },
    ]);
    // clearing the own text follows the PFMEA again
    const cleared = await saveControlPlanLine(team.editor, bore.id, { version: other.version, controlMethod: '' });
    expect(cleared).toMatchObject({ controlMethod: 'Tool life counter\nPoka-yoke fixture', contradictions: [] });
  });

  it('adds a line by hand, linked to a characteristic or with its own texts, and deletes one', async () => {
    const speed = await pfmea.characteristic('Spindle speed');
    const linked = await addControlPlanLine(team.editor, projectId(), { ...production, characteristicId: speed.id, specification: '1200 ± 50 rpm' });
    expect(linked).toMatchObject({ origin: 'manual', linked: true, processNo: '10', processCharacteristic: 'Spindle speed', specification: '1200 ± 50 rpm', controlMethod: 'Tool life counter' });
    const own = await addControlPlanLine(team.editor, projectId(), { ...production, processNo: '30', processName: 'Final inspection', productCharacteristic: 'Label', reactionPlan: 'Relabel' });
    expect(own).toMatchObject({ origin: 'manual', linked: false, processName: 'Final inspection', sort: linked.sort + 1 });
    const refused = await addControlPlanLine(team.editor, projectId(), { ...production, specification: 'x' }).catch((e) => e);
    expect(refused.issues.map((i: { messageKey: string }) => i.messageKey)).toEqual(['controlPlan.process_missing', 'controlPlan.characteristic_missing']);
    const wrongStep = await addControlPlanLine(team.editor, projectId(), { ...production, characteristicId: speed.id, stepNodeId: pfmea.ids.op20 }).catch((e) => e);
    expect(wrongStep.issues).toEqual([{ messageKey: 'controlPlan.link_invalid', field: 'characteristicId' }]);
    const view = await getControlPlan(team.reader, projectId(), production);
    expect(view.checks.untraced).toEqual([{ lineId: own.id, reason: 'unlinked' }]);
    await deleteControlPlanLine(team.editor, own.id, { version: own.version });
    expect((await getControlPlan(team.reader, projectId(), production)).lines.map((l) => l.id)).toEqual([linked.id]);
    await expect(deleteControlPlanLine(team.editor, own.id, { version: own.version })).rejects.toMatchObject({ code: 'not_found', messageKey: 'controlPlan.line_not_found' });
  });
});

describe('the header and the template', () => {
  it('changes header fields with the plan’s version, also before the plan exists', async () => {
    const view = await saveControlPlanHeader(team.editor, projectId(), { ...production, version: 0, header: { partNumber: 'GH-100', latestChangeLevel: 'C', keyContact: 'Li Wei', revisionDate: '2026-03-02' } });
    expect(view.plan).toMatchObject({ version: 2, header: { partNumber: 'GH-100', latestChangeLevel: 'C', keyContact: 'Li Wei', revisionDate: '2026-03-02', partName: 'Gearbox housing GH-100' } });
    await expect(saveControlPlanHeader(team.editor, projectId(), { ...production, version: 1, header: { partNumber: 'x' } })).rejects.toMatchObject({ code: 'conflict' });
    const bad = await saveControlPlanHeader(team.editor, projectId(), { ...production, version: 2, header: { originalDate: '2026-13-01' } }).catch((e) => e);
    expect(bad.issues).toEqual([{ messageKey: 'fmea.date_invalid', field: 'originalDate', params: { field: 'originalDate', value: '2026-13-01' } }]);
    const cleared = await saveControlPlanHeader(team.editor, projectId(), { ...production, version: 2, header: { keyContact: '' } });
    expect(cleared.plan.header.keyContact).toBeUndefined();
  });

  it('shows the optional columns the business rule keeps', async () => {
    await setRuleFlag(t.ctx, 'controlPlanMachineColumn', '0');
    await setRuleFlag(t.ctx, 'controlPlanCharacteristicNoColumn', '0');
    const view = await getControlPlan(team.reader, projectId(), production);
    expect(view.columns).toEqual(['processNo', 'processName', 'productCharacteristic', 'processCharacteristic', 'specialClass', 'specification', 'evaluationTechnique', 'sampleSize', 'sampleFrequency', 'controlMethod', 'reactionPlan']);
  });
});

describe('who may do what', () => {
  it('lets a reader see the plan (not yet created: id null) and refuses their writes', async () => {
    const view = await getControlPlan(team.reader, projectId(), production);
    expect(view.plan).toMatchObject({ id: null, version: 0, header: { controlPlanNumber: `CP-${pfmea.project.serialNum}-P` } });
    await expect(generateControlPlan(team.reader, projectId(), production)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.project_read_only' });
    const made = await generateControlPlan(team.editor, projectId(), production);
    const line = made.lines[0]!;
    await expect(saveControlPlanLine(team.reader, line.id, { version: line.version, specification: 'x' })).rejects.toMatchObject({ messageKey: 'permission.project_read_only' });
    await expect(reviewControlPlanLine(team.reader, line.id, { version: line.version })).rejects.toMatchObject({ messageKey: 'permission.project_read_only' });
  });

  it('refuses someone outside the project, an unknown phase and a DFMEA', async () => {
    await expect(getControlPlan(team.outsider, projectId(), production)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.not_project_member' });
    await expect(getControlPlan(team.owner, projectId(), { phase: 'launch' as never })).rejects.toMatchObject({ messageKey: 'controlPlan.phase_invalid', params: { value: 'launch' } });
    const dfmea = await createTeamProject(team);
    await expect(getControlPlan(team.owner, dfmea.id, production)).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'controlPlan.not_pfmea', params: { project: dfmea.serialNum } });
  });
});
