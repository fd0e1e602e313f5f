import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  fmeaAction,
  fmeaCharacteristic,
  fmeaControl,
  fmeaFailure,
  fmeaFailureLink,
  fmeaFunction,
  fmeaFunctionLink,
  fmeaInterface,
  fmeaNode,
  operationLog,
} from '../../db/schema/index.ts';
import { buildWindowLifter, createTeamProject, idOf, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { addAction } from './actions.ts';
import { addCharacteristic } from './characteristics.ts';
import { addFunction } from './functions.ts';
import { addInterface } from './interfaces.ts';
import { linkFunctions } from './nets.ts';
import { createProject } from './projects.ts';
import { readRiskGrid } from './grid.ts';
import { addNode, deleteNode, moveNode, nodeDeletionImpact, updateNode } from './structure.ts';
import { copySubtree } from './structure-copy.ts';
import { getStructureTree } from './structure-tree.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

/** Every link, interface, control and action points at rows that exist. */
async function assertNothingDangles() {
  const ids = async (table: typeof fmeaNode | typeof fmeaFunction | typeof fmeaFailure) => new Set((await t.db.select({ id: table.id }).from(table)).map((r) => r.id));
  const [nodes, functions, failures] = [await ids(fmeaNode), await ids(fmeaFunction), await ids(fmeaFailure)];
  for (const l of await t.db.select().from(fmeaFunctionLink)) expect(functions.has(l.higherFunctionId) && functions.has(l.lowerFunctionId)).toBe(true);
  for (const l of await t.db.select().from(fmeaFailureLink)) expect(failures.has(l.higherFailureId) && failures.has(l.lowerFailureId)).toBe(true);
  for (const i of await t.db.select().from(fmeaInterface)) expect(nodes.has(i.firstNodeId) && nodes.has(i.secondNodeId)).toBe(true);
  for (const c of await t.db.select().from(fmeaControl)) expect(failures.has(c.causeId)).toBe(true);
  for (const a of await t.db.select().from(fmeaAction)) expect(failures.has(a.causeId)).toBe(true);
  for (const f of await t.db.select().from(fmeaFunction)) expect(nodes.has(f.nodeId)).toBe(true);
  for (const n of await t.db.select().from(fmeaNode)) expect(n.parentId === null || nodes.has(n.parentId)).toBe(true);
}

describe('structure editing', () => {
  it('adds elements as last children, renames them, and draws functions as type-2 nodes in the tree', async () => {
    const project = await createTeamProject(team);
    const a = await addNode(team.editor, { parentId: project.rootNodeId!, name: 'Motor' });
    const b = await addNode(team.editor, { parentId: project.rootNodeId!, name: 'Gearbox' });
    expect([a.sort, b.sort, a.nodeType]).toEqual([1, 2, 9]);
    const renamed = await updateNode(team.editor, a.id, { version: 1, name: 'Electric motor' });
    expect(renamed).toMatchObject({ name: 'Electric motor', version: 2 });
    await addFunction(team.editor, { nodeId: a.id, description: 'Convert energy' });
    const tree = await getStructureTree(team.reader, project.id);
    expect(tree).toMatchObject({ nodeType: 1, name: project.name });
    expect(tree!.children.map((c) => [c.nodeType, c.name])).toEqual([[9, 'Electric motor'], [9, 'Gearbox']]);
    expect(tree!.children[0]!.children.map((c) => [c.nodeType, c.name])).toEqual([[2, 'Convert energy']]);
  });

  it('refuses a second product node and a function node type', async () => {
    const project = await createTeamProject(team);
    await expect(addNode(team.editor, { parentId: project.rootNodeId!, name: 'x', nodeType: 1 })).rejects.toMatchObject({ messageKey: 'fmea.second_root' });
    await expect(addNode(team.editor, { parentId: project.rootNodeId!, name: 'x', nodeType: 2 })).rejects.toMatchObject({ messageKey: 'fmea.node_type_not_structural' });
  });

  it('refuses read-only members and outsiders, and a stale version', async () => {
    const project = await createTeamProject(team);
    await expect(addNode(team.reader, { parentId: project.rootNodeId!, name: 'x' })).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.project_read_only' });
    await expect(addNode(team.outsider, { parentId: project.rootNodeId!, name: 'x' })).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.not_project_member' });
    const node = await addNode(team.editor, { parentId: project.rootNodeId!, name: 'Motor' });
    await updateNode(team.owner, node.id, { version: 1, name: 'First save' });
    await expect(updateNode(team.editor, node.id, { version: 1, name: 'Second save' })).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.stale_version' });
    expect((await t.db.select().from(fmeaNode).where(eq(fmeaNode.id, node.id)).get())!.name).toBe('First save');
  });

  it('keeps a family FMEA to exactly one item under the product', async () => {
    const project = await createTeamProject(team, { projectType: 'family' });
    await addNode(team.owner, { parentId: project.rootNodeId!, name: 'Seat family' });
    await expect(addNode(team.owner, { parentId: project.rootNodeId!, name: 'Second' })).rejects.toMatchObject({ messageKey: 'fmea.family_one_item' });
  });
});

describe('moving nodes', () => {
  it('moves an element, and refuses a move below itself', async () => {
    const project = await createTeamProject(team);
    const w = await buildWindowLifter(team.editor, project);
    const spare = await addNode(team.editor, { parentId: w.rootId, name: 'Spare parts' });
    const moved = await moveNode(team.editor, spare.id, { version: 1, parentId: w.gear.id });
    expect(moved).toMatchObject({ parentId: w.gear.id, version: 2, sort: 1 });
    await expect(moveNode(team.editor, w.gearbox.id, { version: 1, parentId: w.gear.id })).rejects.toMatchObject({ messageKey: 'fmea.move_into_own_subtree' });
    await expect(moveNode(team.editor, w.rootId, { version: 1, parentId: spare.id })).rejects.toMatchObject({ messageKey: 'fmea.node_fixed' });
  });

  it('asks before a move breaks chains, and removes the broken links when confirmed', async () => {
    const project = await createTeamProject(team);
    const w = await buildWindowLifter(team.editor, project);
    const spare = await addNode(team.editor, { parentId: w.rootId, name: 'Spare parts' });
    await expect(moveNode(team.editor, w.gear.id, { version: 1, parentId: spare.id })).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.links_broken', params: { count: 2 } });
    expect((await readRiskGrid(team.editor, project.id)).total).toBe(3);
    await moveNode(team.editor, w.gear.id, { version: 1, parentId: spare.id, confirm: true });
    expect((await readRiskGrid(team.editor, project.id)).items.map((r) => r.cause?.description)).toEqual(['Bearing seat loose']);
  });
});

describe('deleting nodes', () => {
  it('refuses the root, multi-select delete and fixed nodes', async () => {
    const project = await createTeamProject(team);
    const a = await addNode(team.editor, { parentId: project.rootNodeId!, name: 'A' });
    const b = await addNode(team.editor, { parentId: project.rootNodeId!, name: 'B' });
    const part = await addNode(team.editor, { parentId: a.id, name: 'BOM part', nodeType: 12 });
    await expect(deleteNode(team.editor, project.rootNodeId!, { version: 1 })).rejects.toMatchObject({ messageKey: 'fmea.root_not_deletable' });
    await expect(deleteNode(team.editor, [a.id, b.id], { version: 1 })).rejects.toMatchObject({ messageKey: 'fmea.multi_delete_unsupported' });
    await expect(deleteNode(team.editor, part.id, { version: 1 })).rejects.toMatchObject({ messageKey: 'fmea.node_fixed' });
    await expect(deleteNode(team.editor, a.id, { version: 1 })).rejects.toMatchObject({ messageKey: 'fmea.subtree_has_fixed' });
  });

  it('asks before deleting a node other nodes use, then deletes the subtree and leaves nothing dangling', async () => {
    const project = await createTeamProject(team);
    const w = await buildWindowLifter(team.editor, project);
    await addCharacteristic(team.editor, { functionId: w.mesh.id, name: 'Tooth hardness', characteristicClass: 'critical', special: true });
    await addAction(team.editor, { causeId: w.worn.id, kind: 'prevention', description: 'Induction harden teeth' });
    await addInterface(team.editor, { firstNodeId: w.gear.id, secondNodeId: w.housing.id, interfaceType: 1 });
    const impact = await nodeDeletionImpact(team.reader, w.gearbox.id);
    expect(impact.count).toBe(1);
    expect(impact.usedByNodes).toEqual([w.rootId]);
    await expect(deleteNode(team.editor, w.gearbox.id, { version: 1 })).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.node_in_use', params: { count: 1 } });
    expect(await t.db.select().from(fmeaNode)).toHaveLength(4);

    const removed = await deleteNode(team.editor, w.gearbox.id, { version: 1, confirm: true });
    expect(removed.removed.nodes).toHaveLength(3);
    expect(await t.db.select().from(fmeaNode)).toHaveLength(1);
    expect(await t.db.select().from(fmeaFailure)).toHaveLength(1);
    expect(await t.db.select().from(fmeaCharacteristic)).toEqual([]);
    expect(await t.db.select().from(fmeaAction)).toEqual([]);
    expect(await t.db.select().from(fmeaInterface)).toEqual([]);
    expect(await t.db.select().from(fmeaFailureLink)).toEqual([]);
    await assertNothingDangles();
    const log = await t.db.select().from(operationLog).where(eq(operationLog.action, 'fmea.node.delete')).orderBy(operationLog.at, sql`rowid`);
    expect((log[0]!.before as { removed: { failures: number } }).removed.failures).toBe(4);
  });

  it('deletes a node nobody else uses without asking', async () => {
    const project = await createTeamProject(team);
    const a = await addNode(team.editor, { parentId: project.rootNodeId!, name: 'A' });
    await addFunction(team.editor, { nodeId: a.id, description: 'f' });
    expect((await deleteNode(team.editor, a.id, { version: 1 })).count).toBe(0);
    await assertNothingDangles();
  });
});

describe('copying a subtree', () => {
  it('copies nodes, functions, failures, ratings and controls with new ids, inner links only, no actions', async () => {
    const project = await createTeamProject(team);
    const w = await buildWindowLifter(team.editor, project);
    await linkFunctions(team.editor, { higherFunctionId: w.torque.id, lowerFunctionId: w.mesh.id });
    await addAction(team.editor, { causeId: w.worn.id, kind: 'prevention', description: 'Harden teeth' });
    const copy = await copySubtree(team.editor, w.gearbox.id, { targetParentId: w.rootId });
    expect(copy).toMatchObject({ name: 'Gearbox', parentId: w.rootId, sort: 2, version: 1 });
    expect(copy.id).not.toBe(w.gearbox.id);
    expect(await t.db.select().from(fmeaNode)).toHaveLength(7);
    expect(await t.db.select().from(fmeaFailure)).toHaveLength(9);
    expect(await t.db.select().from(fmeaControl)).toHaveLength(4);
    expect(await t.db.select().from(fmeaFunctionLink)).toHaveLength(2);
    expect(await t.db.select().from(fmeaAction)).toHaveLength(1);
    // The copy's mode keeps its three causes but not the effect above the subtree.
    const grid = await readRiskGrid(team.editor, project.id);
    expect(grid.items.map((r) => [r.elementId === copy.id, r.effect?.description ?? null, r.cause?.description, r.occurrence])).toEqual([
      [false, 'Window does not close', 'Teeth worn', 6],
      [false, 'Window does not close', 'Teeth broken', 2],
      [false, 'Window does not close', 'Bearing seat loose', 3],
      [true, null, 'Teeth worn', 6],
      [true, null, 'Teeth broken', 2],
      [true, null, 'Bearing seat loose', 3],
    ]);
    await assertNothingDangles();
  });

  it('copies into another project the actor may edit, and refuses the root', async () => {
    const project = await createTeamProject(team);
    const other = await createProject(team.editor, { projectType: 'dfmea', name: 'Other', members: [{ userId: idOf(team.editor), roles: [0] }] });
    const w = await buildWindowLifter(team.editor, project);
    const copy = await copySubtree(team.editor, w.gear.id, { targetParentId: other.rootNodeId! });
    expect(copy.projectId).toBe(other.id);
    await expect(copySubtree(team.editor, w.rootId, { targetParentId: other.rootNodeId! })).rejects.toMatchObject({ messageKey: 'fmea.root_not_copyable' });
    await expect(copySubtree(team.owner, w.gear.id, { targetParentId: other.rootNodeId! })).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
  });
});
