import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaAction, fmeaControl, fmeaFailure, fmeaFailureLink, fmeaFunction, fmeaNode } from '../../db/schema/index.ts';
import { hasMsrSteps, kindOf, msrIssues, msrRowsOf, type MsrRow, type MsrTables } from '../../domain/fmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { apEvaluator } from '../rules/ap-rules.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertProjectEditable, assertVersion, nextVersion, openableProject, updatedOrStale } from './access.ts';
import { findFailure, type FmeaFailureRow } from './failures.ts';

/**
 * FMEA-MSR on a design FMEA (docs/domain/msr.md): the cause's MSR ratings
 * (F, M, the most severe effect after the system response and its severity)
 * and the MSR form read with its AP from the stored MSR rule table. The
 * monitoring and response controls and actions are ordinary controls and
 * actions of the MSR kinds (controls.ts, actions.ts).
 */

/** The MSR rule table every MSR AP is read from (the project's `apTable` rates its DFMEA rows). */
export const MSR_AP_TABLE = 'msr' as const;

export interface MsrRatingInput {
  version: number;
  msrFrequency?: number | null;
  msrMonitoring?: number | null;
  msrSeverity?: number | null;
  msrEffect?: string | null;
}

/** Rates a cause for FMEA-MSR; `null` clears a field. Only on a cause of a project whose kind has the MSR steps. */
export async function rateMsr(ctx: ServiceContext, causeId: string, input: MsrRatingInput): Promise<FmeaFailureRow> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findFailure(tx, causeId);
    const { projectType } = await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'edit');
    assertNoIssues(msrIssues(before.kind, input, hasMsrSteps(kindOf(projectType))));
    assertVersion(before, input.version, 'fmea_failure');
    const effect = input.msrEffect === undefined ? undefined : input.msrEffect?.trim() || null;
    const rows = await tx
      .update(fmeaFailure)
      .set({
        ...(input.msrFrequency !== undefined && { msrFrequency: input.msrFrequency }),
        ...(input.msrMonitoring !== undefined && { msrMonitoring: input.msrMonitoring }),
        ...(input.msrSeverity !== undefined && { msrSeverity: input.msrSeverity }),
        ...(effect !== undefined && { msrEffect: effect }),
        ...nextVersion(txCtx),
      })
      .where(and(eq(fmeaFailure.id, causeId), eq(fmeaFailure.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'fmea_failure');
    return { result: after, log: { action: 'fmea.failure.update', entity: 'fmea_failure', entityId: causeId, before, after } };
  });
}

/** The tables of one project the MSR form reads. */
export async function readMsrTables(db: DbOrTx, projectId: string): Promise<MsrTables> {
  const [nodes, functions, failures, failureLinks, controls, actions] = await Promise.all([
    db.select({ id: fmeaNode.id, parentId: fmeaNode.parentId, nodeType: fmeaNode.nodeType, name: fmeaNode.name, sort: fmeaNode.sort }).from(fmeaNode).where(eq(fmeaNode.projectId, projectId)),
    db.select({ id: fmeaFunction.id, nodeId: fmeaFunction.nodeId, description: fmeaFunction.description, sort: fmeaFunction.sort }).from(fmeaFunction).where(eq(fmeaFunction.projectId, projectId)),
    db.select().from(fmeaFailure).where(eq(fmeaFailure.projectId, projectId)),
    db.select({ higherFailureId: fmeaFailureLink.higherFailureId, lowerFailureId: fmeaFailureLink.lowerFailureId }).from(fmeaFailureLink).where(eq(fmeaFailureLink.projectId, projectId)),
    db.select().from(fmeaControl).where(eq(fmeaControl.projectId, projectId)),
    db.select().from(fmeaAction).where(eq(fmeaAction.projectId, projectId)),
  ]);
  return { nodes, functions, failures, failureLinks, controls, actions };
}

export interface MsrForm {
  /** Whether the project's kind has the MSR steps (a DFMEA without them answers no rows). */
  readonly msr: boolean;
  readonly rows: readonly MsrRow[];
}

/** The MSR form of a project: one row per failure cause under a mode, with the MSR AP. Whoever may open the project. */
export async function readMsr(ctx: ServiceContext, projectId: string): Promise<MsrForm> {
  const { project } = await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  if (!hasMsrSteps(kindOf(project.projectType))) return { msr: false, rows: [] };
  return { msr: true, rows: await msrRowsOfProject(ctx.db, projectId) };
}

/** The MSR rows of a project the caller has opened already (the workbook export, the CLI). */
export async function msrRowsOfProject(db: DbOrTx, projectId: string): Promise<MsrRow[]> {
  const [tables, lookup] = await Promise.all([readMsrTables(db, projectId), apEvaluator(db, MSR_AP_TABLE)]);
  return msrRowsOf(tables, lookup);
}
