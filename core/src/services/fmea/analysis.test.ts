import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { fmeaFailure, fmeaFailureLink, fmeaFunctionLink, operationLog } from '../../db/schema/index.ts';
import { buildWindowLifter, createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { addCharacteristic, deleteCharacteristic, listCharacteristics, updateCharacteristic } from './characteristics.ts';
import { addControl, deleteControl, updateControl } from './controls.ts';
import { addFailure, deleteFailure, rateCause, rateEffect, updateFailure } from './failures.ts';
import { addFunction, deleteFunction, updateFunction } from './functions.ts';
import { addInterface, deleteInterface, listInterfaces, updateInterface } from './interfaces.ts';
import { linkFailures, linkFunctions, unlinkFailures, unlinkFunctions } from './nets.ts';
import { addNode } from './structure.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

async function lifter() {
  const project = await createTeamProject(team);
  return { project, ...(await buildWindowLifter(team.editor, project)) };
}

describe('failure net and the chain rule', () => {
  it('refuses an effect two levels above the mode, and causes above it', async () => {
    const w = await lifter();
    const toothMode = await addFailure(team.editor, { functionId: w.mesh.id, kind: 'FM', description: 'Tooth deformed' });
    await expect(linkFailures(team.editor, { higherFailureId: w.effect.id, lowerFailureId: toothMode.id })).rejects.toMatchObject({
      code: 'invalid_input',
      messageKey: 'fmea.link_effect_level',
    });
    const rootCause = await addFailure(team.editor, { functionId: w.close.id, kind: 'FC', description: 'Door frame bent' });
    await expect(linkFailures(team.editor, { higherFailureId: w.mode.id, lowerFailureId: rootCause.id })).rejects.toMatchObject({ messageKey: 'fmea.link_cause_level' });
  });

  it('refuses links other than FE→FM and FM→FC, and a link made twice', async () => {
    const w = await lifter();
    await expect(linkFailures(team.editor, { higherFailureId: w.effect.id, lowerFailureId: w.worn.id })).rejects.toMatchObject({ messageKey: 'fmea.link_kinds' });
    await expect(linkFailures(team.editor, { higherFailureId: w.mode.id, lowerFailureId: w.worn.id })).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.link_duplicate' });
  });

  it('lets the function net carry an effect on another function of the same element', async () => {
    const w = await lifter();
    const guide = await addFunction(team.editor, { nodeId: w.gearbox.id, description: 'Guide the cable' });
    const effect = await addFailure(team.editor, { functionId: guide.id, kind: 'FE', description: 'Cable slack', severity: 5 });
    await expect(linkFailures(team.editor, { higherFailureId: effect.id, lowerFailureId: w.mode.id })).rejects.toMatchObject({ messageKey: 'fmea.link_effect_level' });
    const netLink = await linkFunctions(team.editor, { higherFunctionId: guide.id, lowerFunctionId: w.torque.id });
    await linkFailures(team.editor, { higherFailureId: effect.id, lowerFailureId: w.mode.id });
    await expect(linkFunctions(team.editor, { higherFunctionId: w.torque.id, lowerFunctionId: guide.id })).rejects.toMatchObject({ messageKey: 'fmea.function_link_cycle' });

    await expect(unlinkFunctions(team.editor, netLink.id)).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.links_broken', params: { count: 1 } });
    expect(await t.db.select().from(fmeaFunctionLink)).toHaveLength(1);
    const broken = await unlinkFunctions(team.editor, netLink.id, { confirm: true });
    expect(broken.failureLinks).toHaveLength(1);
    expect(await t.db.select().from(fmeaFailureLink)).toHaveLength(4);
  });

  it('refuses function links that skip a level, and links across projects', async () => {
    const w = await lifter();
    await expect(linkFunctions(team.editor, { higherFunctionId: w.close.id, lowerFunctionId: w.mesh.id })).rejects.toMatchObject({ messageKey: 'fmea.function_link_level' });
    const other = await createTeamProject(team, { name: 'Other' });
    const fn = await addFunction(team.editor, { nodeId: other.rootNodeId!, description: 'x' });
    await expect(linkFunctions(team.editor, { higherFunctionId: fn.id, lowerFunctionId: w.torque.id })).rejects.toMatchObject({ messageKey: 'fmea.other_project' });
  });

  it('unlinks a failure link by id or by its ends', async () => {
    const w = await lifter();
    await unlinkFailures(team.editor, { higherFailureId: w.mode.id, lowerFailureId: w.loose.id });
    expect(await t.db.select().from(fmeaFailureLink)).toHaveLength(3);
    await expect(unlinkFailures(team.editor, 'nope')).rejects.toMatchObject({ code: 'not_found', messageKey: 'fmea.link_not_found' });
  });
});

describe('ratings', () => {
  it('rates severity on the effect and occurrence and detection on the cause, each 1..10', async () => {
    const w = await lifter();
    expect(await rateEffect(team.editor, w.effect.id, { version: 1, severity: 10 })).toMatchObject({ severity: 10, version: 2 });
    expect(await rateCause(team.editor, w.worn.id, { version: 1, occurrence: 3 })).toMatchObject({ occurrence: 3, detection: 5, version: 2 });
    await expect(rateEffect(team.editor, w.effect.id, { version: 2, severity: 11 })).rejects.toMatchObject({
      issues: [expect.objectContaining({ messageKey: 'ap.rating_out_of_range', field: 'severity' })],
    });
    await expect(rateEffect(team.editor, w.effect.id, { version: 2, severity: 0 })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('refuses severity on a mode or cause and O/D on an effect', async () => {
    const w = await lifter();
    await expect(rateEffect(team.editor, w.worn.id, { version: 1, severity: 5 })).rejects.toMatchObject({
      issues: [expect.objectContaining({ messageKey: 'fmea.severity_on_effect_only' })],
    });
    await expect(rateCause(team.editor, w.effect.id, { version: 1, occurrence: 5 })).rejects.toMatchObject({
      issues: [expect.objectContaining({ messageKey: 'fmea.rating_on_cause_only' })],
    });
  });

  it('keeps the first of two concurrent saves and refuses the second, losing nothing', async () => {
    const w = await lifter();
    await rateCause(team.owner, w.worn.id, { version: 1, occurrence: 4 });
    await expect(rateCause(team.editor, w.worn.id, { version: 1, detection: 2 })).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.stale_version' });
    const row = await t.db.select().from(fmeaFailure).where(eq(fmeaFailure.id, w.worn.id)).get();
    expect(row).toMatchObject({ occurrence: 4, detection: 5, version: 2 });
  });

  it('refuses a read-only member', async () => {
    const w = await lifter();
    await expect(rateEffect(team.reader, w.effect.id, { version: 1, severity: 3 })).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.project_read_only' });
  });

  it('logs each rating with before and after', async () => {
    const w = await lifter();
    await rateEffect(team.editor, w.effect.id, { version: 1, severity: 7 });
    const [log] = await t.db.select().from(operationLog).where(eq(operationLog.action, 'fmea.failure.update')).orderBy(operationLog.at, sql`rowid`);
    expect(log).toMatchObject({ entity: 'fmea_failure', entityId: w.effect.id, before: expect.objectContaining({ severity: 9 }), after: expect.objectContaining({ severity: 7 }) });
  });
});

describe('frequency ratios', () => {
  it('refuses failure modes of one function whose ratios total more than 1', async () => {
    const w = await lifter();
    await updateFailure(team.editor, w.mode.id, { version: 1, frequencyRatio: 0.6 });
    await expect(addFailure(team.editor, { functionId: w.torque.id, kind: 'FM', description: 'Torque too low', frequencyRatio: 0.5 })).rejects.toMatchObject({
      issues: [expect.objectContaining({ messageKey: 'validation.frequency_ratio_sum', params: expect.objectContaining({ sum: 1.1 }) })],
    });
    const low = await addFailure(team.editor, { functionId: w.torque.id, kind: 'FM', description: 'Torque too low', frequencyRatio: 0.4 });
    await expect(updateFailure(team.editor, low.id, { version: 1, frequencyRatio: 0.41 })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await updateFailure(team.editor, low.id, { version: 1, frequencyRatio: 0.3 })).toMatchObject({ frequencyRatio: 0.3 });
  });

  it('keeps the ratio on modes', async () => {
    const w = await lifter();
    await expect(updateFailure(team.editor, w.worn.id, { version: 1, frequencyRatio: 0.2 })).rejects.toMatchObject({
      issues: [expect.objectContaining({ messageKey: 'fmea.frequency_ratio_on_mode_only' })],
    });
  });
});

describe('functions, controls, characteristics and interfaces', () => {
  it('edits and deletes a function, asking first when other nodes use its failures', async () => {
    const w = await lifter();
    expect(await updateFunction(team.editor, w.mesh.id, { version: 1, requirement: 'Backlash < 0.1 mm' })).toMatchObject({ requirement: 'Backlash < 0.1 mm', version: 2 });
    await expect(deleteFunction(team.editor, w.mesh.id, { version: 2 })).rejects.toMatchObject({ messageKey: 'fmea.node_in_use', params: { count: 1 } });
    const impact = await deleteFunction(team.editor, w.mesh.id, { version: 2, confirm: true });
    expect([...impact.removed.failures].sort()).toEqual([w.broken.id, w.worn.id].sort());
    expect(await t.db.select().from(fmeaFailureLink)).toHaveLength(2);
  });

  it('deletes a failure with its links, asking first', async () => {
    const w = await lifter();
    await expect(deleteFailure(team.editor, w.loose.id, { version: 1 })).rejects.toMatchObject({ messageKey: 'fmea.node_in_use' });
    await deleteFailure(team.editor, w.loose.id, { version: 1, confirm: true });
    const unlinked = await addFailure(team.editor, { functionId: w.hold.id, kind: 'FC', description: 'Seat corroded' });
    expect((await deleteFailure(team.editor, unlinked.id, { version: 1 })).count).toBe(0);
  });

  it('puts controls on causes only, and edits them with their version', async () => {
    const w = await lifter();
    await expect(addControl(team.editor, { causeId: w.mode.id, kind: 'prevention', description: 'x' })).rejects.toMatchObject({
      issues: [expect.objectContaining({ messageKey: 'fmea.cause_required' })],
    });
    const control = await addControl(team.editor, { causeId: w.loose.id, kind: 'detection', description: 'Pull-out test' });
    expect(await updateControl(team.editor, control.id, { version: 1, description: 'Pull-out test PT-4' })).toMatchObject({ version: 2 });
    await expect(deleteControl(team.editor, control.id, { version: 1 })).rejects.toMatchObject({ messageKey: 'fmea.stale_version' });
    await deleteControl(team.editor, control.id, { version: 2 });
  });

  it('places each added control after the cause’s controls of its kind, and refuses outsiders and read-only members', async () => {
    const w = await lifter();
    const sorts = [];
    for (const [kind, description] of [['prevention', 'P1'], ['prevention', 'P2'], ['detection', 'D1'], ['prevention', 'P3']] as const) {
      sorts.push((await addControl(team.editor, { causeId: w.loose.id, kind, description })).sort);
    }
    expect(sorts).toEqual([1, 2, 1, 3]);
    await expect(addControl(team.outsider, { causeId: w.loose.id, kind: 'prevention', description: 'x' })).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    await expect(addControl(team.reader, { causeId: w.loose.id, kind: 'prevention', description: 'x' })).rejects.toMatchObject({ messageKey: 'permission.project_read_only' });
  });

  it('keeps characteristics with their class and special flag', async () => {
    const w = await lifter();
    const c = await addCharacteristic(team.editor, { functionId: w.mesh.id, name: 'Tooth hardness', characteristicClass: 'critical', special: true });
    await addCharacteristic(team.editor, { functionId: w.hold.id, name: 'Colour', characteristicClass: 'general' });
    await expect(addCharacteristic(team.editor, { functionId: w.hold.id, name: 'x', characteristicClass: 'major' as never })).rejects.toMatchObject({ code: 'invalid_input' });
    expect((await listCharacteristics(team.reader, w.project.id)).map((x) => x.name)).toEqual(['Tooth hardness', 'Colour']);
    expect(await listCharacteristics(team.reader, w.project.id, { specialOnly: true })).toHaveLength(1);
    expect(await updateCharacteristic(team.editor, c.id, { version: 1, characteristicClass: 'safety' })).toMatchObject({ characteristicClass: 'safety', version: 2 });
    await deleteCharacteristic(team.editor, c.id, { version: 2 });
  });

  it('records typed interfaces between two different nodes', async () => {
    const w = await lifter();
    const i = await addInterface(team.editor, { firstNodeId: w.gear.id, secondNodeId: w.housing.id, interfaceType: 1, description: 'Bearing fit' });
    await expect(addInterface(team.editor, { firstNodeId: w.gear.id, secondNodeId: w.gear.id, interfaceType: 2 })).rejects.toMatchObject({
      issues: [expect.objectContaining({ messageKey: 'fmea.interface_same_node' })],
    });
    await expect(addInterface(team.editor, { firstNodeId: w.gear.id, secondNodeId: w.housing.id, interfaceType: 6 as never })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await updateInterface(team.editor, i.id, { version: 1, interfaceType: 3 })).toMatchObject({ interfaceType: 3 });
    expect(await listInterfaces(team.reader, w.project.id)).toHaveLength(1);
    await deleteInterface(team.editor, i.id, { version: 2 });
    await expect(addNode(team.outsider, { parentId: w.gear.id, name: 'x' })).rejects.toMatchObject({ code: 'not_allowed' });
  });
});
