import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { operationLog, processFlowBranch } from '../../db/schema/index.ts';
import { createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { addCharacteristic } from '../fmea/characteristics.ts';
import { addFunction } from '../fmea/functions.ts';
import { addNode, deleteNode, updateNode } from '../fmea/structure.ts';
import { getStructureTree } from '../fmea/structure-tree.ts';
import { readWorkbookSheets } from '../fmea/excel/index.ts';
import { addFlowBranch, deleteFlowBranch, updateFlowBranch } from './flow-branches.ts';
import { exportProcessFlow } from './flow-export.ts';
import { readProcessFlow, renumberSteps, reorderSteps, saveFlowStep } from './flow.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

/** A PFMEA of the team: 10 Turn (machine Lathe), 20 Wash, 30 Inspect; a CC bore on Turn, an SC spindle speed on the lathe. */
async function housingLine() {
  const project = await createTeamProject(team, { projectType: 'pfmea', name: 'Gearbox housing' });
  const root = project.rootNodeId!;
  const turn = await addNode(team.editor, { parentId: root, name: 'Turn bore', processNo: '10' });
  const wash = await addNode(team.editor, { parentId: root, name: 'Wash', processNo: '20' });
  const inspect = await addNode(team.editor, { parentId: root, name: 'Inspect', processNo: '30' });
  const lathe = await addNode(team.editor, { parentId: turn.id, name: 'Lathe', workElementType: 'machine' });
  const turnFn = await addFunction(team.editor, { nodeId: turn.id, description: 'Turn the bore to size' });
  const latheFn = await addFunction(team.editor, { nodeId: lathe.id, description: 'Spin the part' });
  await addCharacteristic(team.editor, { functionId: turnFn.id, name: 'Bore Ø12 H7', characteristicClass: 'critical', special: true });
  await addCharacteristic(team.editor, { functionId: latheFn.id, name: 'Spindle speed', characteristicClass: 'significant', special: true });
  return { project, turn, wash, inspect, lathe };
}

const logged = (action: string, entityId: string) => t.db.select().from(operationLog).where(and(eq(operationLog.action, action), eq(operationLog.entityId, entityId))).orderBy(operationLog.at, sql`rowid`);

describe('reading the flow chart', () => {
  it('draws the PFMEA’s steps in order with their characteristics, for every member', async () => {
    const { project } = await housingLine();
    const view = await readProcessFlow(team.reader, project.id);
    expect(view.project).toEqual({ id: project.id, serialNum: project.serialNum, name: 'Gearbox housing' });
    expect(view.pfdNumber).toBe(project.serialNum.replace(/^PF/, 'PFD'));
    expect(view.flow.steps.map((s) => [s.processNo, s.name, s.symbol])).toEqual([
      ['10', 'Turn bore', 'operation'],
      ['20', 'Wash', 'operation'],
      ['30', 'Inspect', 'operation'],
    ]);
    const [turn] = view.flow.steps;
    expect(turn!.productCharacteristics.map((c) => [c.name, c.kind, c.mark])).toEqual([['Bore Ø12 H7', 'product', 'CC']]);
    expect(turn!.processCharacteristics.map((c) => [c.name, c.kind, c.mark])).toEqual([['Spindle speed', 'process', 'SC']]);
  });

  it('is refused to someone outside the project and for a DFMEA', async () => {
    const { project } = await housingLine();
    await expect(readProcessFlow(team.outsider, project.id)).rejects.toMatchObject({ code: 'not_allowed' });
    const dfmea = await createTeamProject(team);
    await expect(readProcessFlow(team.owner, dfmea.id)).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'pfd.project_not_pfmea', params: { project: dfmea.serialNum } });
  });
});

describe('editing a step on the chart', () => {
  it('changes the PFMEA’s own node: its version moves on in the structure tree, and a rename there shows on the chart', async () => {
    const { project, inspect } = await housingLine();
    const saved = await saveFlowStep(team.editor, inspect.id, { version: inspect.version, flowSymbol: 'inspection', flowInputs: ' Washed housing ', flowOutputs: '' });
    expect(saved).toMatchObject({ flowSymbol: 'inspection', flowInputs: 'Washed housing', flowOutputs: null, version: inspect.version + 1 });
    const tree = await getStructureTree(team.reader, project.id);
    // the tree reads the same node: the symbol the chart saved, on the step only
    expect(tree!.children.find((c) => c.id === inspect.id)).toMatchObject({ version: saved.version, processNo: '30', flowSymbol: 'inspection' });
    expect(tree!.flowSymbol).toBeNull();
    // the PFMEA's editor, holding the version from before, is told the node changed
    await expect(updateNode(team.owner, inspect.id, { version: inspect.version, name: 'Final check' })).rejects.toMatchObject({ code: 'conflict' });
    await updateNode(team.owner, inspect.id, { version: saved.version, name: 'Final check' });
    const step = (await readProcessFlow(team.reader, project.id)).flow.steps[2]!;
    expect(step).toMatchObject({ name: 'Final check', symbol: 'inspection', symbolChosen: true, inputs: 'Washed housing' });
    expect(await logged('fmea.node.update', inspect.id)).toHaveLength(2);
  });

  it('puts the default symbol back with null, and refuses a stale version, an unknown symbol, a work element and a read-only member', async () => {
    const { inspect, lathe } = await housingLine();
    const first = await saveFlowStep(team.editor, inspect.id, { version: 1, flowSymbol: 'storage' });
    const reset = await saveFlowStep(team.editor, inspect.id, { version: first.version, flowSymbol: null });
    expect(reset.flowSymbol).toBeNull();
    await expect(saveFlowStep(team.editor, inspect.id, { version: 1, flowSymbol: 'delay' })).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.stale_version' });
    await expect(saveFlowStep(team.editor, inspect.id, { version: reset.version, flowSymbol: 'decision' as never })).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ messageKey: 'pfd.symbol_invalid', field: 'flowSymbol' }],
    });
    await expect(saveFlowStep(team.editor, lathe.id, { version: lathe.version, flowSymbol: 'delay' })).rejects.toMatchObject({ messageKey: 'pfd.not_a_step' });
    await expect(saveFlowStep(team.reader, inspect.id, { version: reset.version, flowSymbol: 'delay' })).rejects.toMatchObject({ code: 'not_allowed' });
  });
});

describe('reordering the steps', () => {
  it('renumbers the sort of the steps that moved, in one go, and the PFMEA’s tree follows', async () => {
    const { project, turn, wash, inspect } = await housingLine();
    const flow = await reorderSteps(team.editor, project.id, [inspect.id, turn.id, wash.id], { [inspect.id]: 1, [turn.id]: turn.version, [wash.id]: 1 });
    expect(flow.steps.map((s) => s.name)).toEqual(['Inspect', 'Turn bore', 'Wash']);
    const tree = await getStructureTree(team.reader, project.id);
    expect(tree!.children.map((c) => c.name)).toEqual(['Inspect', 'Turn bore', 'Wash']);
    expect(await logged('fmea.node.move', inspect.id)).toHaveLength(1);
    // the same order again changes and logs nothing
    const again = await reorderSteps(team.editor, project.id, [inspect.id, turn.id, wash.id]);
    expect(again.steps.map((s) => s.version)).toEqual(flow.steps.map((s) => s.version));
    expect(await logged('fmea.node.move', inspect.id)).toHaveLength(1);
  });

  it('refuses an order that is not every step once, a stale version and a reader', async () => {
    const { project, turn, wash, inspect, lathe } = await housingLine();
    for (const order of [[turn.id, wash.id], [turn.id, wash.id, inspect.id, lathe.id], [turn.id, turn.id, wash.id]]) {
      await expect(reorderSteps(team.editor, project.id, order)).rejects.toMatchObject({ issues: [{ messageKey: 'pfd.reorder_not_the_steps', params: { count: 3 } }] });
    }
    await expect(reorderSteps(team.editor, project.id, [wash.id, turn.id, inspect.id], { [wash.id]: 7 })).rejects.toMatchObject({ code: 'conflict' });
    await expect(reorderSteps(team.reader, project.id, [wash.id, turn.id, inspect.id])).rejects.toMatchObject({ code: 'not_allowed' });
    expect((await readProcessFlow(team.reader, project.id)).flow.steps.map((s) => s.name)).toEqual(['Turn bore', 'Wash', 'Inspect']);
  });

  it('numbers the steps anew in steps of 10 along the new order when asked, each changed step logged; the tree shows the numbers', async () => {
    const { project, turn, wash, inspect } = await housingLine();
    const moved = await reorderSteps(team.editor, project.id, [inspect.id, turn.id, wash.id]);
    expect(moved.steps.map((s) => s.processNo)).toEqual(['30', '10', '20']);
    const versions = Object.fromEntries(moved.steps.map((s) => [s.id, s.version]));
    const flow = await renumberSteps(team.editor, project.id, versions);
    expect(flow.steps.map((s) => [s.name, s.processNo])).toEqual([
      ['Inspect', '10'],
      ['Turn bore', '20'],
      ['Wash', '30'],
    ]);
    expect((await getStructureTree(team.reader, project.id))!.children.map((c) => c.processNo)).toEqual(['10', '20', '30']);
    expect(await logged('fmea.node.update', inspect.id)).toEqual([expect.objectContaining({ before: { processNo: '30' }, after: { processNo: '10' } })]);
    // in order already: nothing changes, nothing is logged
    const again = await renumberSteps(team.editor, project.id);
    expect(again.steps.map((s) => s.version)).toEqual(flow.steps.map((s) => s.version));
    expect(await logged('fmea.node.update', inspect.id)).toHaveLength(1);
    // a later step added by hand still takes a free number
    await expect(addNode(team.editor, { parentId: project.rootNodeId!, name: 'Pack', processNo: '30' })).rejects.toMatchObject({ issues: [{ messageKey: 'pfmea.process_no_taken' }] });
  });

  it('refuses a renumbering over a stale version and by a reader, changing nothing', async () => {
    const { project, turn, wash, inspect } = await housingLine();
    await reorderSteps(team.editor, project.id, [wash.id, turn.id, inspect.id]);
    await expect(renumberSteps(team.editor, project.id, { [wash.id]: 1 })).rejects.toMatchObject({ code: 'conflict' });
    await expect(renumberSteps(team.reader, project.id)).rejects.toMatchObject({ code: 'not_allowed' });
    expect((await readProcessFlow(team.reader, project.id)).flow.steps.map((s) => s.processNo)).toEqual(['20', '10', '30']);
  });
});

describe('rework and scrap branches', () => {
  it('adds, changes and deletes them, each logged', async () => {
    const { project, turn, inspect } = await housingLine();
    const rework = await addFlowBranch(team.editor, { fromNodeId: inspect.id, kind: 'rework', toNodeId: turn.id, label: ' Oversize bore ' });
    const scrap = await addFlowBranch(team.editor, { fromNodeId: inspect.id, kind: 'scrap', label: 'Cracked' });
    expect(rework).toMatchObject({ projectId: project.id, kind: 'rework', toNodeId: turn.id, label: 'Oversize bore', sort: 1, version: 1 });
    expect(scrap).toMatchObject({ kind: 'scrap', toNodeId: null, sort: 2 });
    let flow = (await readProcessFlow(team.reader, project.id)).flow;
    expect(flow.branches.map((b) => [b.kind, b.fromStepId, b.toStepId, b.label])).toEqual([
      ['rework', inspect.id, turn.id, 'Oversize bore'],
      ['scrap', inspect.id, null, 'Cracked'],
    ]);
    // a rework turned into scrap loses its target
    const changed = await updateFlowBranch(team.editor, rework.id, { version: 1, kind: 'scrap' });
    expect(changed).toMatchObject({ kind: 'scrap', toNodeId: null, label: 'Oversize bore', version: 2 });
    await expect(updateFlowBranch(team.editor, rework.id, { version: 1, label: 'x' })).rejects.toMatchObject({ code: 'conflict' });
    await deleteFlowBranch(team.editor, scrap.id, { version: 1 });
    flow = (await readProcessFlow(team.reader, project.id)).flow;
    expect(flow.branches.map((b) => b.id)).toEqual([rework.id]);
    expect(await logged('processFlow.branch.create', rework.id)).toHaveLength(1);
    expect(await logged('processFlow.branch.update', rework.id)).toHaveLength(1);
    expect(await logged('processFlow.branch.delete', scrap.id)).toHaveLength(1);
    await expect(deleteFlowBranch(team.editor, scrap.id, { version: 1 })).rejects.toMatchObject({ code: 'not_found', messageKey: 'pfd.branch_not_found' });
  });

  it('sends rework only to a step of the same PFMEA and scrap nowhere', async () => {
    const { turn, inspect, lathe } = await housingLine();
    const other = await housingLine();
    const refused = async (input: Parameters<typeof addFlowBranch>[1], messageKey: string) =>
      expect(addFlowBranch(team.editor, input)).rejects.toMatchObject({ code: 'invalid_input', issues: [expect.objectContaining({ messageKey })] });
    await refused({ fromNodeId: inspect.id, kind: 'rework' }, 'pfd.rework_target_required');
    await refused({ fromNodeId: inspect.id, kind: 'rework', toNodeId: other.turn.id }, 'pfd.rework_target_not_step');
    await refused({ fromNodeId: inspect.id, kind: 'rework', toNodeId: lathe.id }, 'pfd.rework_target_not_step');
    await refused({ fromNodeId: inspect.id, kind: 'scrap', toNodeId: turn.id }, 'pfd.scrap_has_no_target');
    await refused({ fromNodeId: lathe.id, kind: 'scrap' }, 'pfd.branch_from_not_step');
    await expect(addFlowBranch(team.reader, { fromNodeId: inspect.id, kind: 'scrap' })).rejects.toMatchObject({ code: 'not_allowed' });
  });

  it('go with a deleted step', async () => {
    const { project, turn, inspect } = await housingLine();
    await addFlowBranch(team.editor, { fromNodeId: inspect.id, kind: 'rework', toNodeId: turn.id });
    await addFlowBranch(team.editor, { fromNodeId: turn.id, kind: 'scrap' });
    await deleteNode(team.editor, turn.id, { version: 1, confirm: true });
    expect(await t.db.select().from(processFlowBranch).where(eq(processFlowBranch.projectId, project.id))).toEqual([]);
  });
});

describe('exporting the chart', () => {
  it('writes the PFD sheet under its header, one row per step, in the language asked for', async () => {
    const { project, turn, inspect } = await housingLine();
    await saveFlowStep(team.editor, inspect.id, { version: 1, flowSymbol: 'inspection', flowInputs: 'Washed housing' });
    await addFlowBranch(team.editor, { fromNodeId: inspect.id, kind: 'rework', toNodeId: turn.id, label: 'Oversize' });
    await addFlowBranch(team.editor, { fromNodeId: inspect.id, kind: 'scrap' });
    const en = await exportProcessFlow(team.reader, project.id, { format: 'xlsx', locale: 'en-US' });
    expect(en.fileName).toBe(`${en.view.pfdNumber}.xlsx`);
    const [sheet] = await readWorkbookSheets(en.bytes);
    expect(sheet!.name).toBe('PFD');
    const rows = sheet!.rows.map((r) => r.cells.slice(1));
    expect(rows[0]).toEqual([`Process flow chart ${en.view.pfdNumber}`]);
    expect(rows[1]).toEqual(['Flow chart number', en.view.pfdNumber, 'PFMEA number', project.serialNum, 'Project', 'Gearbox housing', 'Date', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/)]);
    // the stamp row (issue 20): the PFMEA's version and content hash, as its own workbook
    expect(rows[2]).toEqual(['Baseline', 'working copy, not released', 'Content hash', expect.stringMatching(/^sha256:[0-9a-f]{64}$/)]);
    expect(rows[3]).toEqual([
      'Step no.',
      'Symbol',
      'Operation description',
      'Inputs',
      'Outputs',
      'Product characteristics',
      'Process characteristics',
      'Special class',
      'Branches (rework / scrap)',
    ]);
    expect(rows[4]).toEqual(['10', 'Operation', 'Turn bore', '', '', 'Bore Ø12 H7 [CC]', 'Spindle speed [SC]', 'CC, SC']);
    expect(rows[6]).toEqual(['30', 'Inspection', 'Inspect', 'Washed housing', '', '', '', '', 'Rework → 10 Turn bore: Oversize\nScrap']);
    const zh = await exportProcessFlow(team.reader, project.id, { format: 'xlsx', locale: 'zh-CN' });
    const zhRows = (await readWorkbookSheets(zh.bytes))[0]!.rows.map((r) => r.cells.slice(1));
    expect(zhRows[3]![0]).toBe('工序号');
    expect(zhRows[6]![1]).toBe('检验');
    expect(zhRows[6]![8]).toBe('返工 → 10 Turn bore：Oversize\n报废');
  });

  it('draws the SVG with the same renderer, and refuses an outsider', async () => {
    const { project } = await housingLine();
    const svg = await exportProcessFlow(team.reader, project.id, { format: 'svg', locale: 'zh-CN' });
    expect(svg.contentType).toBe('image/svg+xml; charset=utf-8');
    const text = new TextDecoder().decode(svg.bytes);
    expect(text).toContain(`过程流程图 ${svg.view.pfdNumber}`);
    expect(text).toContain('>10 Turn bore</text>');
    await expect(exportProcessFlow(team.outsider, project.id, { format: 'svg', locale: 'en-US' })).rejects.toMatchObject({ code: 'not_allowed' });
  });
});
