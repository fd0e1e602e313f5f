import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaCharacteristic, fmeaFunction, fmeaNode, processFlowBranch } from '../../db/schema/index.ts';
import { InvalidInputError } from '../../errors.ts';
import { buildProcessFlow, flowChartNumber, flowStepIssues, flowStepNodes, reorderIssues, type FlowSource, type ProcessFlow } from '../../domain/pfmea/flow.ts';
import type { PfdMessageKey } from '../../domain/pfmea/flow-messages.ts';
import type { FlowSymbol } from '../../domain/pfmea/vocabulary.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { renumberedProcessNos } from '../../domain/pfmea/renumber.ts';
import type { OperationRecord } from '../shared/audit.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertVersion, editableProject, nextVersion, openableProject, staleVersion, updatedOrStale, type FmeaProjectRow } from '../fmea/access.ts';
import { findNode, type FmeaNodeRow } from '../fmea/structure.ts';
import { customerClassNamer } from '../fmea/feature-classes.ts';
import type { Locale } from '../../i18n/index.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';

/**
 * The process flow chart's use cases. The chart has no table of its own for
 * its steps: a step's symbol, inputs and outputs are columns of the PFMEA's
 * fmea_node, and the order of the flow is the steps' sort, so every edit here
 * is an edit of the process model (logged as the node update or move it is)
 * and the PFMEA's views see it at once. Only the branches live beside it
 * (flow-branches.ts). docs/domain/pfmea.md "Process flow chart".
 */

/** Only a PFMEA has a flow chart. */
export function assertPfmea(project: Pick<FmeaProjectRow, 'projectType' | 'serialNum'>): void {
  if (!kindOf(project.projectType).processModel) throw new InvalidInputError('pfd.project_not_pfmea' satisfies PfdMessageKey, { project: project.serialNum });
}

/** Every row of a project the chart is drawn from, one statement per table. */
export async function loadFlowSource(db: DbOrTx, projectId: string): Promise<FlowSource> {
  const [nodes, functions, characteristics, branches] = await Promise.all([
    db
      .select({
        id: fmeaNode.id,
        parentId: fmeaNode.parentId,
        name: fmeaNode.name,
        sort: fmeaNode.sort,
        version: fmeaNode.version,
        processNo: fmeaNode.processNo,
        flowSymbol: fmeaNode.flowSymbol,
        flowInputs: fmeaNode.flowInputs,
        flowOutputs: fmeaNode.flowOutputs,
      })
      .from(fmeaNode)
      .where(eq(fmeaNode.projectId, projectId)),
    db.select({ id: fmeaFunction.id, nodeId: fmeaFunction.nodeId, sort: fmeaFunction.sort }).from(fmeaFunction).where(eq(fmeaFunction.projectId, projectId)),
    db
      .select({
        id: fmeaCharacteristic.id,
        functionId: fmeaCharacteristic.functionId,
        name: fmeaCharacteristic.name,
        characteristicClass: fmeaCharacteristic.characteristicClass,
        special: fmeaCharacteristic.special,
        characteristicKind: fmeaCharacteristic.characteristicKind,
        customerClass: fmeaCharacteristic.customerClass,
        sort: fmeaCharacteristic.sort,
      })
      .from(fmeaCharacteristic)
      .where(eq(fmeaCharacteristic.projectId, projectId)),
    db
      .select({
        id: processFlowBranch.id,
        fromNodeId: processFlowBranch.fromNodeId,
        toNodeId: processFlowBranch.toNodeId,
        kind: processFlowBranch.kind,
        label: processFlowBranch.label,
        sort: processFlowBranch.sort,
        version: processFlowBranch.version,
      })
      .from(processFlowBranch)
      .where(eq(processFlowBranch.projectId, projectId)),
  ]);
  return { nodes, functions, characteristics, branches };
}

/** The steps of a project (the root's children by sort), for the edit rules. */
export async function loadFlowSteps(db: DbOrTx, projectId: string) {
  const nodes = await db
    .select({ id: fmeaNode.id, parentId: fmeaNode.parentId, sort: fmeaNode.sort, version: fmeaNode.version, processNo: fmeaNode.processNo })
    .from(fmeaNode)
    .where(eq(fmeaNode.projectId, projectId));
  return flowStepNodes(nodes);
}

export interface ProcessFlowView {
  readonly project: { readonly id: string; readonly serialNum: string; readonly name: string };
  /** The chart's document number (PFD…), derived from the PFMEA's. */
  readonly pfdNumber: string;
  readonly flow: ProcessFlow;
}

/** The flow chart of a PFMEA, for anyone who may open the project; the customers' classes in the reader's language. */
export async function readProcessFlow(ctx: ServiceContext, projectId: string, locale?: Locale): Promise<ProcessFlowView> {
  const { project } = await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  assertPfmea(project);
  const [source, className] = await Promise.all([loadFlowSource(ctx.db, project.id), customerClassNamer(ctx.db, project, locale)]);
  const characteristics = source.characteristics.map((c) => (c.customerClass ? { ...c, customerClass: className(c.customerClass) } : c));
  return {
    project: { id: project.id, serialNum: project.serialNum, name: project.name },
    pfdNumber: flowChartNumber(project.serialNum),
    flow: buildProcessFlow({ ...source, characteristics }),
  };
}

/** A process step of a PFMEA the actor may edit; anything else on the tree is refused. */
async function editableStep(tx: DbOrTx, ctx: ServiceContext, nodeId: string): Promise<{ node: FmeaNodeRow; project: FmeaProjectRow }> {
  const node = await findNode(tx, nodeId);
  const { project } = await editableProject(tx, ctx.actor, node.projectId, ctx.now(), 'edit');
  assertPfmea(project);
  const steps = await loadFlowSteps(tx, project.id);
  if (!steps.some((s) => s.id === nodeId)) throw new InvalidInputError('pfd.not_a_step' satisfies PfdMessageKey, { nodeId });
  return { node, project };
}

export interface FlowStepInput {
  version: number;
  /** null puts the default (operation) back. */
  flowSymbol?: FlowSymbol | null;
  flowInputs?: string | null;
  flowOutputs?: string | null;
}

const cleanText = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim());

/** Changes a step's symbol, inputs or outputs: an update of the PFMEA's node, checked against its version. */
export async function saveFlowStep(ctx: ServiceContext, nodeId: string, input: FlowStepInput): Promise<FmeaNodeRow> {
  assertNoIssues(flowStepIssues(input));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { node: before } = await editableStep(tx, ctx, nodeId);
    assertVersion(before, input.version, 'fmea_node');
    const inputs = cleanText(input.flowInputs);
    const outputs = cleanText(input.flowOutputs);
    const rows = await tx
      .update(fmeaNode)
      .set({
        ...(input.flowSymbol !== undefined && { flowSymbol: input.flowSymbol }),
        ...(inputs !== undefined && { flowInputs: inputs }),
        ...(outputs !== undefined && { flowOutputs: outputs }),
        ...nextVersion(txCtx),
      })
      .where(and(eq(fmeaNode.id, nodeId), eq(fmeaNode.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'fmea_node');
    return { result: after, log: { action: 'fmea.node.update', entity: 'fmea_node', entityId: nodeId, before, after } };
  });
}

/**
 * Puts the steps of a PFMEA in a new order: `orderedIds` names every step
 * once, and each step whose place changes gets its new sort (1, 2, 3 …) and
 * a new version, logged as a move. The engine's moveNode changes a node's
 * parent and takes one sort value, without shifting the siblings, so it
 * cannot put a step between two others; this does the whole order in one
 * transaction. With `versions` (step id → version) a step changed since the
 * caller read it refuses the whole reorder.
 */
export async function reorderSteps(ctx: ServiceContext, projectId: string, orderedIds: readonly string[], versions?: Readonly<Record<string, number>>): Promise<ProcessFlow> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { project } = await editableProject(tx, ctx.actor, projectId, ctx.now(), 'edit');
    assertPfmea(project);
    const steps = await loadFlowSteps(tx, project.id);
    assertNoIssues(reorderIssues(orderedIds, steps.map((s) => s.id)));
    const byId = new Map(steps.map((s) => [s.id, s]));
    for (const [id, version] of Object.entries(versions ?? {})) {
      const step = byId.get(id);
      if (step) assertVersion(step, version, 'fmea_node');
    }
    const logs: OperationRecord[] = [];
    for (const [i, id] of orderedIds.entries()) {
      const before = byId.get(id)!;
      const sort = i + 1;
      if (before.sort === sort) continue;
      const rows = await tx
        .update(fmeaNode)
        .set({ sort, ...nextVersion(txCtx) })
        .where(and(eq(fmeaNode.id, id), eq(fmeaNode.version, before.version)))
        .returning({ id: fmeaNode.id, parentId: fmeaNode.parentId, sort: fmeaNode.sort, version: fmeaNode.version });
      if (rows.length === 0) throw staleVersion('fmea_node');
      logs.push({ action: 'fmea.node.move', entity: 'fmea_node', entityId: id, before: { parentId: before.parentId, sort: before.sort }, after: { parentId: before.parentId, sort } });
    }
    const flow = buildProcessFlow(await loadFlowSource(tx, project.id));
    // an order that changes nothing writes nothing, and logs nothing
    return { result: flow, log: logs };
  });
}

/**
 * Numbers the steps anew in steps of 10 along the flow (10, 20, 30 …; a
 * prefix all share, such as OP, is kept), after a reorder the user confirmed
 * (docs/domain/pfmea.md, "Renumbering"). The numbers are unique by
 * construction; each changed step gets a new version and its own log row.
 * With `versions` a step changed since the caller read it refuses the whole
 * renumbering. Answers the flow.
 */
export async function renumberSteps(ctx: ServiceContext, projectId: string, versions?: Readonly<Record<string, number>>): Promise<ProcessFlow> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { project } = await editableProject(tx, ctx.actor, projectId, ctx.now(), 'edit');
    assertPfmea(project);
    const steps = await loadFlowSteps(tx, project.id);
    const byId = new Map(steps.map((s) => [s.id, s]));
    for (const [id, version] of Object.entries(versions ?? {})) {
      const step = byId.get(id);
      if (step) assertVersion(step, version, 'fmea_node');
    }
    const logs: OperationRecord[] = [];
    for (const { id, processNo } of renumberedProcessNos(steps)) {
      const before = byId.get(id)!;
      const rows = await tx
        .update(fmeaNode)
        .set({ processNo, ...nextVersion(txCtx) })
        .where(and(eq(fmeaNode.id, id), eq(fmeaNode.version, before.version)))
        .returning({ id: fmeaNode.id });
      if (rows.length === 0) throw staleVersion('fmea_node');
      logs.push({ action: 'fmea.node.update', entity: 'fmea_node', entityId: id, before: { processNo: before.processNo }, after: { processNo } });
    }
    return { result: buildProcessFlow(await loadFlowSource(tx, project.id)), log: logs };
  });
}

