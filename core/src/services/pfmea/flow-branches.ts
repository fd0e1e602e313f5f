import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { processFlowBranch } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { flowBranchIssues } from '../../domain/pfmea/flow.ts';
import type { PfdMessageKey } from '../../domain/pfmea/flow-messages.ts';
import type { FlowBranchKind } from '../../domain/pfmea/vocabulary.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertVersion, created, editableProject, nextVersion, updatedOrStale } from '../fmea/access.ts';
import { nextSort } from '../fmea/item-helpers.ts';
import { findNode } from '../fmea/structure.ts';
import { assertPfmea, loadFlowSteps } from './flow.ts';

/**
 * Rework and scrap branches of the flow chart: the one part of the chart the
 * PFMEA's tree does not hold. A branch leaves a step; a rework returns to a
 * step of the same PFMEA, scrap leaves the flow (flowBranchIssues). Deleting
 * a step deletes its branches (the foreign keys cascade).
 */
export type ProcessFlowBranchRow = typeof processFlowBranch.$inferSelect;

export interface FlowBranchInput {
  fromNodeId: string;
  kind: FlowBranchKind;
  /** The step a rework returns to; none for scrap. */
  toNodeId?: string | null;
  label?: string | null;
}

async function findBranch(db: DbOrTx, branchId: string): Promise<ProcessFlowBranchRow> {
  const row = await db.select().from(processFlowBranch).where(eq(processFlowBranch.id, branchId)).get();
  if (!row) throw new NotFoundError('pfd.branch_not_found' satisfies PfdMessageKey, { branchId });
  return row;
}

const cleanLabel = (label: string | null | undefined) => (label === undefined ? undefined : label === null || label.trim() === '' ? null : label.trim());

/** Refuses a branch whose ends are not steps of `projectId` (a node of another project is no step of this one). */
async function assertBranchOnSteps(db: DbOrTx, projectId: string, branch: FlowBranchInput): Promise<void> {
  const stepIds = new Set((await loadFlowSteps(db, projectId)).map((s) => s.id));
  assertNoIssues(flowBranchIssues(branch, stepIds));
}

/** Adds a branch after the step's others. */
export async function addFlowBranch(ctx: ServiceContext, input: FlowBranchInput): Promise<ProcessFlowBranchRow> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const from = await findNode(tx, input.fromNodeId);
    const { project } = await editableProject(tx, ctx.actor, from.projectId, ctx.now(), 'add');
    assertPfmea(project);
    await assertBranchOnSteps(tx, project.id, input);
    const [row] = await tx
      .insert(processFlowBranch)
      .values({
        projectId: project.id,
        fromNodeId: input.fromNodeId,
        toNodeId: input.kind === 'rework' ? (input.toNodeId ?? null) : null,
        kind: input.kind,
        label: cleanLabel(input.label) ?? null,
        sort: nextSort(processFlowBranch, processFlowBranch.sort, eq(processFlowBranch.projectId, project.id)),
        ...created(txCtx),
      })
      .returning();
    return { result: row!, log: { action: 'processFlow.branch.create', entity: 'process_flow_branch', entityId: row!.id, after: row } };
  });
}

/** Changes a branch (its kind, ends or label), checked against its version; it stays in its PFMEA. */
export async function updateFlowBranch(ctx: ServiceContext, branchId: string, input: { version: number } & Partial<FlowBranchInput>): Promise<ProcessFlowBranchRow> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findBranch(tx, branchId);
    const { project } = await editableProject(tx, ctx.actor, before.projectId, ctx.now(), 'edit');
    assertVersion(before, input.version, 'process_flow_branch');
    const kind = input.kind ?? before.kind;
    const next: FlowBranchInput = {
      fromNodeId: input.fromNodeId ?? before.fromNodeId,
      kind,
      // scrap has no target: turning a rework into scrap drops it; a rework keeps its target unless a new one is given
      toNodeId: kind === 'scrap' && input.toNodeId === undefined ? null : input.toNodeId !== undefined ? input.toNodeId : before.toNodeId,
      label: input.label !== undefined ? input.label : before.label,
    };
    await assertBranchOnSteps(tx, project.id, next);
    const rows = await tx
      .update(processFlowBranch)
      .set({ fromNodeId: next.fromNodeId, kind: next.kind, toNodeId: next.toNodeId ?? null, label: cleanLabel(next.label) ?? null, ...nextVersion(txCtx) })
      .where(and(eq(processFlowBranch.id, branchId), eq(processFlowBranch.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'process_flow_branch');
    return { result: after, log: { action: 'processFlow.branch.update', entity: 'process_flow_branch', entityId: branchId, before, after } };
  });
}

export async function deleteFlowBranch(ctx: ServiceContext, branchId: string, input: { version: number }): Promise<ProcessFlowBranchRow> {
  return writeAndLog(ctx, async (tx) => {
    const before = await findBranch(tx, branchId);
    await editableProject(tx, ctx.actor, before.projectId, ctx.now(), 'del');
    assertVersion(before, input.version, 'process_flow_branch');
    await tx.delete(processFlowBranch).where(and(eq(processFlowBranch.id, branchId), eq(processFlowBranch.version, input.version)));
    return { result: before, log: { action: 'processFlow.branch.delete', entity: 'process_flow_branch', entityId: branchId, before } };
  });
}
