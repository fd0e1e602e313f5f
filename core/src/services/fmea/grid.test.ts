import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DIALECT } from '../../db/dialect.ts';
import { catalogRecord, fmeaControl, fmeaFailure, fmeaFunction, fmeaProject } from '../../db/schema/index.ts';
import { buildChains, chainKey, indexGraph } from '../../domain/fmea/index.ts';
import { buildWindowLifter, createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { replaceApRules } from '../rules/ap-rules.ts';
import { addAction, changeActionStatus } from './actions.ts';
import { addCharacteristic } from './characteristics.ts';
import { addControl, deleteControl, updateControl } from './controls.ts';
import { addFailure, rateCause } from './failures.ts';
import { loadGraph } from './graph-load.ts';
import { readAnalysisSource } from '../fmea-baseline/source.ts';
import { readRiskGrid, recomputeAllAp, riskGridOfSource, streamRiskGrid } from './grid.ts';
import { linkFailures } from './nets.ts';
import { updateProjectHeader } from './projects.ts';

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

describe('the risk grid', () => {
  it('shows one row per chain across three levels in AIAG-VDA form order, with AP and RPN from the handbook table', async () => {
    const w = await lifter();
    const grid = await readRiskGrid(team.reader, w.project.id);
    expect(grid.total).toBe(3);
    expect(
      grid.items.map((r) => [r.elementName, r.functionDescription, r.effect?.description, r.severity, r.mode.description, r.cause?.description, r.cause?.elementName, r.occurrence, r.detection, r.ap, r.rpn]),
    ).toEqual([
      ['Gearbox', 'Transmit torque', 'Window does not close', 9, 'No torque transmitted', 'Teeth worn', 'Gear', 6, 5, 'H', 270],
      ['Gearbox', 'Transmit torque', 'Window does not close', 9, 'No torque transmitted', 'Teeth broken', 'Gear', 2, 7, 'H', 126],
      ['Gearbox', 'Transmit torque', 'Window does not close', 9, 'No torque transmitted', 'Bearing seat loose', 'Housing', 3, 6, 'M', 162],
    ]);
    expect(grid.items.at(-1)!.controls).toEqual([]);
    expect(grid.items[0]).toMatchObject({
      requirement: '12 Nm',
      preventionControls: ['Design guideline DG-12'],
      detectionControls: ['Endurance test ET-3'],
      effect: expect.objectContaining({ elementName: w.project.name, functionDescription: 'Close window', version: 1 }),
    });
  });

  it('carries the cause’s controls with ids and versions, prevention then detection, each by sort', async () => {
    const w = await lifter();
    const detectionB = await addControl(team.editor, { causeId: w.broken.id, kind: 'detection', description: 'Fatigue test FT-1' });
    const preventionB = await addControl(team.editor, { causeId: w.broken.id, kind: 'prevention', description: 'Material spec MS-4' });
    const detectionA = await addControl(team.editor, { causeId: w.broken.id, kind: 'detection', description: 'Tooth gauge TG-2' });
    const preventionA = await addControl(team.editor, { causeId: w.broken.id, kind: 'prevention', description: 'Heat treatment HT-7' });
    // move the first prevention control last and rename the first detection control: the grid shows the versions the writes returned
    const movedDown = await updateControl(team.editor, preventionB.id, { version: preventionB.version, sort: 3 });
    const renamed = await updateControl(team.editor, detectionB.id, { version: detectionB.version, description: 'Fatigue test FT-2' });
    expect([movedDown.version, movedDown.sort, renamed.version]).toEqual([2, 3, 2]);

    const grid = await readRiskGrid(team.reader, w.project.id);
    const broken = grid.items.find((r) => r.cause?.id === w.broken.id)!;
    // own wording: no catalog version cited (the API's grid tests cover cited ones)
    const expected = [preventionA, movedDown, renamed, detectionA].map(({ id, version, kind, description, sort }) => ({ id, version, kind, description, sort, catalog: null }));
    expect(broken.controls).toEqual(expected);
    expect(broken.preventionControls).toEqual(['Heat treatment HT-7', 'Material spec MS-4']);
    expect(broken.detectionControls).toEqual(['Fatigue test FT-2', 'Tooth gauge TG-2']);

    // the lifter's own controls on "Teeth worn", and none on a cause without any
    const worn = grid.items.find((r) => r.cause?.id === w.worn.id)!;
    expect(worn.controls.map((c) => [c.kind, c.description, c.version])).toEqual([
      ['prevention', 'Design guideline DG-12', 1],
      ['detection', 'Endurance test ET-3', 1],
    ]);
    expect(grid.items.find((r) => r.cause?.id === w.loose.id)!.controls).toEqual([]);

    // the ids and versions are the ones a grid cell saves with
    await deleteControl(team.editor, renamed.id, { version: broken.controls[2]!.version });
    const after = (await readRiskGrid(team.reader, w.project.id)).items.find((r) => r.cause?.id === w.broken.id)!;
    expect(after.controls.map((c) => c.id)).toEqual([preventionA.id, movedDown.id, detectionA.id]);
    expect(after.detectionControls).toEqual(['Tooth gauge TG-2']);
  });

  it('keeps exactly the order of the engine’s buildChains', async () => {
    const w = await lifter();
    const second = await addFailure(team.editor, { functionId: w.close.id, kind: 'FE', description: 'Pinching risk', severity: 10 });
    await linkFailures(team.editor, { higherFailureId: second.id, lowerFailureId: w.mode.id });
    await addFailure(team.editor, { functionId: w.mesh.id, kind: 'FM', description: 'Lone mode' });
    const grid = await readRiskGrid(team.reader, w.project.id);
    const expected = buildChains(indexGraph(await loadGraph(t.db, w.project.id))).map(chainKey);
    expect(grid.items.map((r) => r.chainKey)).toEqual(expected);
    expect(grid.total).toBe(7);
    expect(grid.items.at(-1)).toMatchObject({ mode: expect.objectContaining({ description: 'Lone mode' }), effect: null, cause: null, ap: null, rpn: null });
  });

  it('tells on every row how many chains of the whole project share its effect and its cause, whatever the page or filter', async () => {
    const w = await lifter();
    const counts = (rows: Awaited<ReturnType<typeof readRiskGrid>>['items']) => rows.map((r) => [r.effect?.description ?? null, r.effect?.chains ?? null, r.cause?.description ?? null, r.cause?.chains ?? null]);
    // one effect over one mode with three causes: S is shared by three chains, each cause's O and D by one
    expect(counts((await readRiskGrid(team.reader, w.project.id)).items)).toEqual([
      ['Window does not close', 3, 'Teeth worn', 1],
      ['Window does not close', 3, 'Teeth broken', 1],
      ['Window does not close', 3, 'Bearing seat loose', 1],
    ]);

    // a second effect of the mode doubles the chains: each cause now lies on two; a second mode on the first effect adds its own cause and a causeless chain
    const pinch = await addFailure(team.editor, { functionId: w.close.id, kind: 'FE', description: 'Pinching risk', severity: 10 });
    await linkFailures(team.editor, { higherFailureId: pinch.id, lowerFailureId: w.mode.id });
    const slip = await addFailure(team.editor, { functionId: w.torque.id, kind: 'FM', description: 'Torque slips' });
    await linkFailures(team.editor, { higherFailureId: w.effect.id, lowerFailureId: slip.id });
    const lone = await addFailure(team.editor, { functionId: w.torque.id, kind: 'FM', description: 'Noise' });
    await linkFailures(team.editor, { higherFailureId: w.effect.id, lowerFailureId: lone.id });
    await linkFailures(team.editor, { higherFailureId: slip.id, lowerFailureId: w.worn.id });

    const all = await readRiskGrid(team.reader, w.project.id);
    expect(all.total).toBe(8);
    const byChain = new Map(all.items.map((r) => [`${r.effect?.description}|${r.mode.description}|${r.cause?.description ?? '-'}`, [r.effect?.chains, r.cause?.chains ?? null]]));
    // "Window does not close": 3 causes of the first mode + 1 of "Torque slips" + the causeless "Noise" = 5 chains
    expect(byChain.get('Window does not close|No torque transmitted|Teeth worn')).toEqual([5, 3]);
    expect(byChain.get('Window does not close|Torque slips|Teeth worn')).toEqual([5, 3]);
    expect(byChain.get('Window does not close|Noise|-')).toEqual([5, null]);
    expect(byChain.get('Pinching risk|No torque transmitted|Teeth broken')).toEqual([3, 2]);
    expect(byChain.get('Pinching risk|No torque transmitted|Bearing seat loose')).toEqual([3, 2]);
    expect(all.items.reduce((sum, r) => sum + (r.effect?.description === 'Window does not close' ? 1 : 0), 0)).toBe(5);

    // a page of one row and a filter that hides most chains still count the whole project
    const page = await readRiskGrid(team.reader, w.project.id, { page: 3, limit: 1 });
    expect([page.items[0]!.effect?.chains, page.items[0]!.cause?.chains]).toEqual(byChain.get(`${page.items[0]!.effect?.description}|${page.items[0]!.mode.description}|${page.items[0]!.cause?.description}`));
    const high = await readRiskGrid(team.reader, w.project.id, { ap: ['H'] });
    expect(high.items.find((r) => r.effect?.description === 'Window does not close')?.effect?.chains).toBe(5);
  });

  it('leaves AP empty until S, O and D are all rated', async () => {
    const w = await lifter();
    await rateCause(team.editor, w.loose.id, { version: 1, detection: null });
    const row = (await readRiskGrid(team.reader, w.project.id)).items[2]!;
    expect(row).toMatchObject({ occurrence: 3, detection: null, ap: null, rpn: null });
  });

  it('filters on AP = H, open actions and special characteristics, and pages', async () => {
    const w = await lifter();
    const high = await readRiskGrid(team.reader, w.project.id, { ap: ['H'] });
    expect(high.items.map((r) => r.cause?.description)).toEqual(['Teeth worn', 'Teeth broken']);
    expect(high.total).toBe(2);

    const action = await addAction(team.editor, { causeId: w.loose.id, kind: 'prevention', description: 'Knurl the seat' });
    expect((await readRiskGrid(team.reader, w.project.id, { openActions: true })).items.map((r) => r.cause?.description)).toEqual(['Bearing seat loose']);
    await changeActionStatus(team.editor, action.id, { version: 1, event: 'reject' });
    expect((await readRiskGrid(team.reader, w.project.id, { openActions: true })).total).toBe(0);

    await addCharacteristic(team.editor, { functionId: w.mesh.id, name: 'Tooth hardness', characteristicClass: 'critical', special: true });
    await addCharacteristic(team.editor, { functionId: w.hold.id, name: 'Colour', characteristicClass: 'general' });
    const special = await readRiskGrid(team.reader, w.project.id, { specialCharacteristics: true });
    expect(special.items.map((r) => [r.cause?.description, r.characteristicClass, r.specialCharacteristics.map((c) => c.name)])).toEqual([
      ['Teeth worn', 'critical', ['Tooth hardness']],
      ['Teeth broken', 'critical', ['Tooth hardness']],
    ]);
    expect((await readRiskGrid(team.reader, w.project.id, { ap: ['H'], specialCharacteristics: true })).total).toBe(2);

    const page2 = await readRiskGrid(team.reader, w.project.id, { page: 2, limit: 2 });
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.items.map((r) => r.cause?.description)).toEqual(['Bearing seat loose']);
    expect(await readRiskGrid(team.reader, w.project.id, { page: 5, limit: 2 })).toMatchObject({ items: [], total: 3 });
    await expect(readRiskGrid(team.reader, w.project.id, { ap: ['X' as never] })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('is for members and administrators only', async () => {
    const w = await lifter();
    await expect(readRiskGrid(team.outsider, w.project.id)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.not_project_member' });
  });

  it('is the same, row for row and field for field, when built in memory from the tables read once (the workbook export’s grid)', async () => {
    const w = await lifter();
    // shared effects and causes, a causeless and an effectless mode, characteristics on the mode's and the cause's functions,
    // controls and actions out of order, a re-rating, catalog citations (one of an older version)
    const pinch = await addFailure(team.editor, { functionId: w.close.id, kind: 'FE', description: 'Pinching risk', severity: 10 });
    await linkFailures(team.editor, { higherFailureId: pinch.id, lowerFailureId: w.mode.id });
    const slip = await addFailure(team.editor, { functionId: w.torque.id, kind: 'FM', description: 'Torque slips' });
    await linkFailures(team.editor, { higherFailureId: w.effect.id, lowerFailureId: slip.id });
    await linkFailures(team.editor, { higherFailureId: slip.id, lowerFailureId: w.worn.id });
    await addFailure(team.editor, { functionId: w.mesh.id, kind: 'FM', description: 'Lone mode' });
    const lone = await addFailure(team.editor, { functionId: w.torque.id, kind: 'FM', description: 'Noise' });
    await linkFailures(team.editor, { higherFailureId: lone.id, lowerFailureId: w.loose.id });
    await addCharacteristic(team.editor, { functionId: w.torque.id, name: 'Torque', characteristicClass: 'critical', special: true });
    await addCharacteristic(team.editor, { functionId: w.mesh.id, name: 'Tooth profile', characteristicClass: 'significant', special: true });
    await addCharacteristic(team.editor, { functionId: w.mesh.id, name: 'Surface finish', characteristicClass: 'general', special: false });
    await addControl(team.editor, { causeId: w.worn.id, kind: 'detection', description: 'Tooth gauge TG-2' });
    await addControl(team.editor, { causeId: w.worn.id, kind: 'prevention', description: 'Heat treatment HT-7' });
    const first = await addAction(team.editor, { causeId: w.worn.id, kind: 'prevention', description: 'Harden teeth', raOccurrence: 2 });
    await addAction(team.editor, { causeId: w.worn.id, kind: 'detection', description: 'Add gauge', targetDate: '2025-01-31' });
    await changeActionStatus(team.editor, first.id, { version: first.version, event: 'propose' });
    const [v1, v2] = await t.db
      .insert(catalogRecord)
      .values([
        { type: 'function', rootId: 'r1', serialNum: 'FN0001', versionNo: 1, isLatestVersion: false, status: '2', text: 'Transmit torque' },
        { type: 'invalidMode', rootId: 'r2', serialNum: 'FM0001', versionNo: 2, status: '2', text: 'No torque transmitted' },
      ])
      .returning();
    await t.db.update(fmeaFunction).set({ catalogRecordId: v1!.id }).where(eq(fmeaFunction.id, w.torque.id));
    await t.db.update(fmeaFailure).set({ catalogRecordId: v2!.id }).where(eq(fmeaFailure.id, w.mode.id));
    await t.db.update(fmeaControl).set({ catalogRecordId: v2!.id }).where(eq(fmeaControl.causeId, w.worn.id));

    const sql = await readRiskGrid(team.reader, w.project.id, { limit: 100 });
    const memory = await riskGridOfSource(t.db, await readAnalysisSource(t.db, w.project.id));
    expect(sql.total).toBe(9);
    expect(memory).toEqual(sql.items);
    expect(memory[0]).toMatchObject({ functionCatalog: { serialNum: 'FN0001', newerVersion: true }, mode: { catalog: { serialNum: 'FM0001', versionNo: 2 } } });
  });

  it('streams the whole grid in batches', async () => {
    const w = await lifter();
    const batches: number[] = [];
    for await (const batch of streamRiskGrid(team.reader, w.project.id, {}, { batchSize: 2 })) batches.push(batch.length);
    expect(batches).toEqual([2, 1]);
  });
});

describe('recomputing every AP', () => {
  it('follows the project’s AP table and records the counts', async () => {
    const w = await lifter();
    expect(await recomputeAllAp(team.editor, w.project.id)).toEqual({ L: 0, M: 1, H: 2, unrated: 0, chains: 3 });
    const project = await t.db.select().from(fmeaProject).where(eq(fmeaProject.id, w.project.id)).get();
    expect(project).toMatchObject({ apSummary: { H: 2 }, version: 1 });

    await replaceApRules(t.ctx, 'dfmea', [{ ruleType: 'RPN', ap: 'H', rpnMin: 200 }], 'RPN');
    expect(await recomputeAllAp(team.editor, w.project.id)).toEqual({ L: 2, M: 0, H: 1, unrated: 0, chains: 3 });
    expect((await readRiskGrid(team.reader, w.project.id, { ap: ['H'] })).items.map((r) => r.rpn)).toEqual([270]);

    await updateProjectHeader(team.owner, w.project.id, { version: 1, apTable: 'pfmea' });
    expect((await recomputeAllAp(team.editor, w.project.id)).H).toBe(2);
    await expect(recomputeAllAp(team.reader, w.project.id)).rejects.toMatchObject({ code: 'not_allowed' });
  });

  it('counts every chain the grid shows, unrated ones apart, and agrees with the grid’s AP after a rule change', async () => {
    const w = await lifter();
    // a mode without causes (one chain, no O/D) and a cause not rated yet (one more chain of the lifter's mode)
    const slip = await addFailure(team.editor, { functionId: w.torque.id, kind: 'FM', description: 'Torque slips' });
    await linkFailures(team.editor, { higherFailureId: w.effect.id, lowerFailureId: slip.id });
    const unrated = await addFailure(team.editor, { functionId: w.mesh.id, kind: 'FC', description: 'Lubricant missing' });
    await linkFailures(team.editor, { higherFailureId: w.mode.id, lowerFailureId: unrated.id });
    const fromGrid = async () => {
      const rows = (await readRiskGrid(team.reader, w.project.id, { limit: 100 })).items;
      const out = { L: 0, M: 0, H: 0, unrated: 0, chains: rows.length };
      for (const r of rows) out[r.ap ?? 'unrated']++;
      return out;
    };
    expect(await recomputeAllAp(team.editor, w.project.id)).toEqual({ L: 0, M: 1, H: 2, unrated: 2, chains: 5 });
    expect(await recomputeAllAp(team.editor, w.project.id)).toEqual(await fromGrid());

    // S ≥ 9 with O ≥ 3 is H, everything else L: "Teeth broken" (9, 2, 7) drops to L, "Bearing seat loose" (9, 3, 6) rises to H
    await replaceApRules(t.ctx, 'dfmea', [{ ruleType: 'SOD', ap: 'H', sMin: 9, sMax: 10, oMin: 3, oMax: 10, dMin: 1, dMax: 10 }], 'SOD');
    const summary = await recomputeAllAp(team.editor, w.project.id);
    expect(summary).toEqual({ L: 1, M: 0, H: 2, unrated: 2, chains: 5 });
    expect(summary).toEqual(await fromGrid());
    const project = await t.db.select().from(fmeaProject).where(eq(fmeaProject.id, w.project.id)).get();
    expect(project?.apSummary).toEqual(summary);
  });

  it('refuses a stored rating that is no rating, naming its grid row, and records nothing', async () => {
    const w = await lifter();
    const before = await recomputeAllAp(team.editor, w.project.id);
    // written past the services: SQLite's CHECK allows 2.5 (an integer column holds a real there); PostgreSQL's bigint
    // cannot hold one, so there the range check is dropped for an 11
    if (DIALECT === 'postgres') await t.db.run(sql`alter table fmea_failure drop constraint fmea_failure_occurrence`);
    await t.db.update(fmeaFailure).set({ occurrence: DIALECT === 'postgres' ? 11 : 2.5 }).where(eq(fmeaFailure.id, w.broken.id));
    await expect(recomputeAllAp(team.editor, w.project.id)).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [expect.objectContaining({ field: 'occurrence', row: 2 })],
    });
    const project = await t.db.select().from(fmeaProject).where(eq(fmeaProject.id, w.project.id)).get();
    expect(project?.apSummary).toEqual(before);
  });
});
