import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildWindowLifter, createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { readAnalysis } from './analysis-read.ts';
import { addCharacteristic } from './characteristics.ts';
import { addFailure } from './failures.ts';
import { linkFunctions } from './nets.ts';
import { deleteProject } from './projects.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id).sort();

async function windowLifterWithExtras() {
  const project = await createTeamProject(team);
  const built = await buildWindowLifter(team.editor, project);
  // an effect no mode leads to: the risk grid cannot show it, the analysis read must
  const rattles = await addFailure(team.editor, { functionId: built.close.id, kind: 'FE', description: 'Window rattles', severity: 4 });
  const fnLink = await linkFunctions(team.editor, { higherFunctionId: built.torque.id, lowerFunctionId: built.mesh.id });
  const module = await addCharacteristic(team.editor, { functionId: built.mesh.id, name: 'Tooth module', characteristicClass: 'critical', special: true });
  return { project, ...built, rattles, fnLink, module };
}

describe('readAnalysis', () => {
  it('reads the whole three-level analysis as plain rows, unlinked effect included', async () => {
    const w = await windowLifterWithExtras();
    const analysis = await readAnalysis(team.reader, w.project.id);

    expect(Object.keys(analysis).sort()).toEqual(['characteristics', 'controls', 'failureLinks', 'failures', 'functionLinks', 'functions', 'nodes']);
    expect(analysis.nodes.map((n) => [n.name, n.parentId])).toEqual(
      expect.arrayContaining([
        [w.project.name, null],
        ['Gearbox', w.rootId],
        ['Gear', w.gearbox.id],
        ['Housing', w.gearbox.id],
      ]),
    );
    expect(analysis.nodes).toHaveLength(4);
    expect(analysis.functions.find((f) => f.id === w.torque.id)).toEqual({
      id: w.torque.id,
      nodeId: w.gearbox.id,
      description: 'Transmit torque',
      requirement: '12 Nm',
      functionScope: null,
      sort: 1,
      version: 1,
      catalogRecordId: null,
      catalog: null,
    });
    expect(analysis.functions).toHaveLength(4);
    expect(analysis.functionLinks).toEqual([{ id: w.fnLink.id, higherFunctionId: w.torque.id, lowerFunctionId: w.mesh.id }]);
    expect(analysis.characteristics).toEqual([
      { id: w.module.id, functionId: w.mesh.id, name: 'Tooth module', characteristicClass: 'critical', special: true, characteristicKind: null, customerClass: null, sort: 1, version: 1 },
    ]);

    expect(analysis.failures).toHaveLength(6);
    const rattles = analysis.failures.find((f) => f.id === w.rattles.id);
    expect(rattles).toEqual({
      id: w.rattles.id,
      functionId: w.close.id,
      kind: 'FE',
      description: 'Window rattles',
      severity: 4,
      occurrence: null,
      detection: null,
      frequencyRatio: null,
      sort: 2,
      version: 1,
      catalogRecordId: null,
      catalog: null,
    });
    expect(analysis.failures.find((f) => f.id === w.worn.id)).toMatchObject({ kind: 'FC', occurrence: 6, detection: 5, functionId: w.mesh.id });
    // the unlinked effect is on no link; every other failure is
    const linked = new Set(analysis.failureLinks.flatMap((l) => [l.higherFailureId, l.lowerFailureId]));
    expect(analysis.failures.filter((f) => !linked.has(f.id)).map((f) => f.description)).toEqual(['Window rattles']);
    expect(analysis.failureLinks).toHaveLength(4);
    expect(analysis.failureLinks).toContainEqual(expect.objectContaining({ higherFailureId: w.effect.id, lowerFailureId: w.mode.id }));

    expect(analysis.controls.map((c) => [c.causeId, c.kind, c.description])).toEqual([
      [w.worn.id, 'detection', 'Endurance test ET-3'],
      [w.worn.id, 'prevention', 'Design guideline DG-12'],
    ]);
    expect(analysis.controls.every((c) => c.version === 1)).toBe(true);
  });

  it('reads one node’s subtree, with the links that touch it', async () => {
    const w = await windowLifterWithExtras();
    const gearbox = await readAnalysis(team.editor, w.project.id, { nodeId: w.gearbox.id });
    expect(ids(gearbox.nodes)).toEqual(ids([w.gearbox, w.gear, w.housing]));
    expect(ids(gearbox.functions)).toEqual(ids([w.torque, w.mesh, w.hold]));
    expect(ids(gearbox.failures)).toEqual(ids([w.mode, w.worn, w.broken, w.loose]));
    // FE → FM crosses into the subtree from the product: it is kept, so the mode shows as linked
    expect(gearbox.failureLinks).toHaveLength(4);
    expect(gearbox.functionLinks).toHaveLength(1);
    expect(gearbox.characteristics).toHaveLength(1);
    expect(gearbox.controls).toHaveLength(2);

    const gear = await readAnalysis(team.editor, w.project.id, { nodeId: w.gear.id });
    expect(gear.nodes.map((n) => n.name)).toEqual(['Gear']);
    expect(gear.functions.map((f) => f.description)).toEqual(['Mesh with worm']);
    expect(ids(gear.failures)).toEqual(ids([w.worn, w.broken]));
    expect(gear.failureLinks.map((l) => l.higherFailureId)).toEqual([w.mode.id, w.mode.id]);
    expect(gear.functionLinks).toEqual([expect.objectContaining({ higherFunctionId: w.torque.id, lowerFunctionId: w.mesh.id })]);
    expect(gear.characteristics.map((c) => c.name)).toEqual(['Tooth module']);
    expect(gear.controls).toHaveLength(2);

    const housing = await readAnalysis(team.editor, w.project.id, { nodeId: w.housing.id });
    expect(housing.failures.map((f) => f.description)).toEqual(['Bearing seat loose']);
    expect([housing.functionLinks, housing.characteristics, housing.controls]).toEqual([[], [], []]);

    const whole = await readAnalysis(team.editor, w.project.id, { nodeId: w.rootId });
    expect(whole).toEqual(await readAnalysis(team.editor, w.project.id));
  });

  it('refuses a non-member, a node of another project, and a deleted project', async () => {
    const w = await windowLifterWithExtras();
    await expect(readAnalysis(team.outsider, w.project.id)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.not_project_member' });
    await expect(readAnalysis(team.outsider, w.project.id, { nodeId: w.gear.id })).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });

    const other = await createTeamProject(team, { name: 'Seat adjuster' });
    await expect(readAnalysis(team.owner, other.id, { nodeId: w.gear.id })).rejects.toMatchObject({ code: 'not_found', messageKey: 'fmea.node_not_found' });
    await expect(readAnalysis(team.owner, 'no-such-project')).rejects.toMatchObject({ code: 'not_found', messageKey: 'fmea.project_not_found' });

    await deleteProject(team.owner, other.id, { version: 1 });
    await expect(readAnalysis(team.owner, other.id)).rejects.toMatchObject({ code: 'not_found', messageKey: 'permission.project_deleted' });
  });
});
