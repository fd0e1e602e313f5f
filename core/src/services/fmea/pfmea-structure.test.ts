import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import type { ProjectView } from './projects.ts';
import { setRuleFlag } from '../rules/rule-flags.ts';
import { readAnalysis } from './analysis-read.ts';
import { addCharacteristic, updateCharacteristic } from './characteristics.ts';
import { addFunction, updateFunction } from './functions.ts';
import { updateProcedureTaskStatus } from './process-tasks.ts';
import { copySubtree } from './structure-copy.ts';
import { getStructureTree } from './structure-tree.ts';
import { addNode, moveNode, updateNode } from './structure.ts';

let t: TestDatabase;
let team: Team;
let project: ProjectView;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
  project = await createTeamProject(team, { projectType: 'pfmea' });
});
afterEach(() => t.dispose());

const refused = async (promise: Promise<unknown>) => {
  const error = (await promise.catch((e: unknown) => e)) as { messageKey: string; issues?: { messageKey: string; field?: string }[] };
  return error.issues?.length ? error.issues.map((i) => i.messageKey) : [error.messageKey];
};

/** Process item → two steps (OP10, OP20) → work elements of the first. */
async function machining() {
  const root = project.rootNodeId!;
  const turn = await addNode(team.editor, { parentId: root, name: 'Turn housing' });
  const wash = await addNode(team.editor, { parentId: root, name: 'Wash' });
  const lathe = await addNode(team.editor, { parentId: turn.id, name: 'CNC lathe', workElementType: 'machine' });
  const operator = await addNode(team.editor, { parentId: turn.id, name: 'Operator', workElementType: 'man' });
  return { root, turn, wash, lathe, operator };
}

describe('PFMEA process steps and work elements', () => {
  it('numbers new steps 10, 20 … and keeps a given number; work elements carry their 4M type', async () => {
    const { root, turn, wash, lathe } = await machining();
    expect([turn.processNo, wash.processNo]).toEqual(['10', '20']);
    expect(lathe).toMatchObject({ processNo: null, workElementType: 'machine' });
    const given = await addNode(team.editor, { parentId: root, name: 'Inspect', processNo: ' 55 ' });
    expect(given.processNo).toBe('55');
    expect((await addNode(team.editor, { parentId: root, name: 'Pack' })).processNo).toBe('60');
  });

  it('refuses a number in use, a 4M type on a step, a work element without one, and anything below a work element', async () => {
    const { root, turn, lathe } = await machining();
    expect(await refused(addNode(team.editor, { parentId: root, name: 'Again', processNo: '10' }))).toEqual(['pfmea.process_no_taken']);
    expect(await refused(addNode(team.editor, { parentId: root, name: 'Step', workElementType: 'man' }))).toEqual(['pfmea.work_element_type_element_only']);
    expect(await refused(addNode(team.editor, { parentId: turn.id, name: 'Someone' }))).toEqual(['pfmea.work_element_type_required']);
    expect(await refused(addNode(team.editor, { parentId: turn.id, name: 'Numbered', workElementType: 'man', processNo: '10.1' }))).toEqual(['pfmea.process_no_on_step_only']);
    expect(await refused(addNode(team.editor, { parentId: lathe.id, name: 'Spindle', workElementType: 'machine' }))).toEqual(['pfmea.tree_too_deep']);
  });

  it('leaves a new step unnumbered when isGenerateProcessNoRequired is off', async () => {
    await setRuleFlag(t.ctx, 'isGenerateProcessNoRequired', '0');
    expect((await addNode(team.editor, { parentId: project.rootNodeId!, name: 'Turn' })).processNo).toBeNull();
  });

  it('a read-only member cannot add a step', async () => {
    expect(await refused(addNode(team.reader, { parentId: project.rootNodeId!, name: 'Turn' }))).toEqual(['permission.project_read_only']);
  });

  it('updates a step’s number (unique) and a work element’s type (never cleared)', async () => {
    const { turn, wash, lathe } = await machining();
    expect((await updateNode(team.editor, turn.id, { version: turn.version, processNo: 'OP10' })).processNo).toBe('OP10');
    expect(await refused(updateNode(team.editor, wash.id, { version: wash.version, processNo: 'op10' }))).toEqual(['pfmea.process_no_taken']);
    expect((await updateNode(team.editor, lathe.id, { version: lathe.version, workElementType: 'material' })).workElementType).toBe('material');
    expect(await refused(updateNode(team.editor, lathe.id, { version: lathe.version + 1, workElementType: null }))).toEqual(['pfmea.work_element_type_required']);
    expect(await refused(updateNode(team.editor, wash.id, { version: wash.version, workElementType: 'man' }))).toEqual(['pfmea.work_element_type_element_only']);
  });

  it('moves a work element to another step and reorders steps, but never changes a level', async () => {
    const { root, turn, wash, lathe } = await machining();
    expect((await moveNode(team.editor, lathe.id, { version: lathe.version, parentId: wash.id })).parentId).toBe(wash.id);
    expect((await moveNode(team.editor, wash.id, { version: wash.version, parentId: root, sort: 1 })).sort).toBe(1);
    expect(await refused(moveNode(team.editor, turn.id, { version: turn.version, parentId: wash.id }))).toEqual(['pfmea.level_change']);
  });

  it('copies a step with its work elements under a new number; refuses a copy into a DFMEA or one level down', async () => {
    const { root, turn, wash } = await machining();
    const copy = await copySubtree(team.editor, turn.id, { targetParentId: root });
    expect(copy.processNo).toBe('30');
    const tree = await getStructureTree(team.reader, project.id);
    const copied = tree!.children.find((n) => n.id === copy.id)!;
    expect(copied.children.map((n) => [n.name, n.workElementType])).toEqual([
      ['CNC lathe', 'machine'],
      ['Operator', 'man'],
    ]);
    expect(await refused(copySubtree(team.editor, turn.id, { targetParentId: wash.id }))).toEqual(['pfmea.level_change']);
    const dfmea = await createTeamProject(team);
    expect(await refused(copySubtree(team.editor, turn.id, { targetParentId: dfmea.rootNodeId! }))).toEqual(['pfmea.copy_between_kinds']);
  });

  it('a copy into another PFMEA keeps a number that is free there', async () => {
    const { turn } = await machining();
    const other = await createTeamProject(team, { projectType: 'pfmea' });
    expect((await copySubtree(team.editor, turn.id, { targetParentId: other.rootNodeId! })).processNo).toBe('10');
  });
});

describe('PFMEA functions and characteristics', () => {
  it('a function of the process item says whose it is; a step’s function may not', async () => {
    const { root, turn } = await machining();
    const deliver = await addFunction(team.editor, { nodeId: root, description: 'Deliver housings', functionScope: 'shipTo' });
    expect(deliver.functionScope).toBe('shipTo');
    expect((await updateFunction(team.editor, deliver.id, { version: deliver.version, functionScope: 'endUser' })).functionScope).toBe('endUser');
    expect(await refused(addFunction(team.editor, { nodeId: turn.id, description: 'Turn', functionScope: 'plant' }))).toEqual(['pfmea.function_scope_item_only']);
  });

  it('a characteristic is a product one on a step and a process one on a work element, from the level when left out', async () => {
    const { turn, lathe } = await machining();
    const turnFn = await addFunction(team.editor, { nodeId: turn.id, description: 'Turn bearing seat' });
    const latheFn = await addFunction(team.editor, { nodeId: lathe.id, description: 'Hold speed' });
    const diameter = await addCharacteristic(team.editor, { functionId: turnFn.id, name: 'Diameter', characteristicClass: 'critical', special: true });
    const speed = await addCharacteristic(team.editor, { functionId: latheFn.id, name: 'Spindle speed', characteristicClass: 'general', characteristicKind: 'process' });
    expect([diameter.characteristicKind, speed.characteristicKind]).toEqual(['product', 'process']);
    expect(await refused(addCharacteristic(team.editor, { functionId: turnFn.id, name: 'Speed', characteristicClass: 'general', characteristicKind: 'process' }))).toEqual([
      'pfmea.characteristic_kind_on_step',
    ]);
    expect(await refused(updateCharacteristic(team.editor, speed.id, { version: speed.version, characteristicKind: 'product' }))).toEqual(['pfmea.characteristic_kind_on_element']);
    expect(await refused(updateCharacteristic(team.editor, speed.id, { version: speed.version, customerClass: '◆' }))).toEqual(['pfmea.customer_class_unknown']);

    const analysis = await readAnalysis(team.reader, project.id);
    expect(analysis.characteristics.map((c) => [c.name, c.characteristicKind, c.customerClass]).sort()).toEqual([
      ['Diameter', 'product', null],
      ['Spindle speed', 'process', null],
    ]);
    expect(analysis.nodes.find((n) => n.id === lathe.id)).toMatchObject({ workElementType: 'machine', processNo: null, taskStatus: null });
    expect(analysis.nodes.find((n) => n.id === turn.id)).toMatchObject({ processNo: '10', workElementType: null });
  });
});

describe('a DFMEA is unchanged', () => {
  it('refuses the process fields and numbers nothing', async () => {
    const dfmea = await createTeamProject(team);
    const node = await addNode(team.editor, { parentId: dfmea.rootNodeId!, name: 'Gearbox' });
    expect(node).toMatchObject({ processNo: null, workElementType: null });
    expect(await refused(addNode(team.editor, { parentId: dfmea.rootNodeId!, name: 'Gear', processNo: '10' }))).toEqual(['pfmea.process_field_pfmea_only']);
    expect(await refused(addFunction(team.editor, { nodeId: dfmea.rootNodeId!, description: 'Close', functionScope: 'plant' }))).toEqual(['pfmea.process_field_pfmea_only']);
    const fn = await addFunction(team.editor, { nodeId: node.id, description: 'Transmit torque' });
    expect((await addCharacteristic(team.editor, { functionId: fn.id, name: 'Torque', characteristicClass: 'general' })).characteristicKind).toBeNull();
    expect(await refused(updateProcedureTaskStatus(team.editor, { projectProcedureSerial: node.id, taskStatus: '1' }))).toEqual(['pfmea.task_status_step_only']);
  });
});

describe('task status of a process step', () => {
  it('is set by a progress update, counted in the progress, and shown in the tree', async () => {
    const { turn, wash, lathe } = await machining();
    const first = await updateProcedureTaskStatus(team.editor, { projectProcedureSerial: turn.id, taskStatus: '3' });
    expect(first.node).toMatchObject({ taskStatus: '3', version: turn.version + 1 });
    expect(first.progress).toEqual({ steps: 2, withTask: 1, completed: 1, percent: 100 });
    const second = await updateProcedureTaskStatus(team.editor, { projectProcedureSerial: wash.id, taskStatus: '1', version: wash.version });
    expect(second.progress).toEqual({ steps: 2, withTask: 2, completed: 1, percent: 50 });
    const tree = await getStructureTree(team.reader, project.id);
    expect(tree!.children.map((n) => [n.processNo, n.taskStatus])).toEqual([
      ['10', '3'],
      ['20', '1'],
    ]);
    expect(await refused(updateProcedureTaskStatus(team.editor, { projectProcedureSerial: lathe.id, taskStatus: '1' }))).toEqual(['pfmea.task_status_step_only']);
    expect(await refused(updateProcedureTaskStatus(team.editor, { projectProcedureSerial: wash.id, taskStatus: '8' as never }))).toEqual(['pfmea.task_status_invalid']);
    expect(await refused(updateProcedureTaskStatus(team.reader, { projectProcedureSerial: wash.id, taskStatus: '3' }))).toEqual(['permission.project_read_only']);
    expect(await refused(updateProcedureTaskStatus(team.editor, { projectProcedureSerial: wash.id, taskStatus: '3', version: 1 }))).toEqual(['fmea.stale_version']);
  });
});
