import { eq, and } from 'drizzle-orm';
import { actorName } from '../shared/people.ts';
import type { Tx } from '../../db/client.ts';
import { problemStep } from '../../db/schema/index.ts';
import { assertClosedLoopDecided, assertClosureDue, decideClosedLoop, problemFlow } from '../../domain/problem/index.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertVersion, problemCaller, problemFor, type ProblemRow } from './access.ts';
import { updateProblemRow } from './problems.ts';
import { problemView, stepsOf, type ProblemView } from './view.ts';
import { openProposalsGate } from '../loop/close-gate.ts';

/**
 * Closing a problem, and its closed-loop decision (docs/domain/problems-8d.md "Closing"). Closing is D8:
 * the report is released, the closed-loop decision is made, 30 days have passed since D6 was finished; the
 * problem becomes closed, D8 done, the actual completion set. A closed problem is frozen, except for its
 * closed-loop decision, which changes later only with a reason.
 */
export interface CloseInput {
  version: number;
  /** Decide closed loop (or not) while closing; a change of an earlier decision needs `closedLoopReason`. */
  closedLoop?: boolean;
  closedLoopReason?: string | null;
  /**
   * Why the problem closes although a gate would hold it (the FMEA change proposals still open, issue 24 H6):
   * a gate that accepts a reason reads it; it is kept in the log with the closing.
   */
  overrideReason?: string | null;
}

/**
 * A check run inside the closing transaction before anything is written: throws to refuse the closing.
 * The seam for what else must hold (issue 24: "an 8D cannot close while its FMEA proposals are still open,
 * unless a reason is given" adds its gate here). Gates run in order; the first refusal wins.
 */
export type CloseGate = (tx: Tx, txCtx: TxContext, problem: ProblemRow, input: CloseInput) => Promise<void>;

/** The gates every closing passes, after the 8D's own rules: the FMEA change proposals still open (docs/domain/closed-loop.md). */
export const CLOSE_GATES: CloseGate[] = [openProposalsGate];

export async function closeProblem(ctx: ServiceContext, key: string, input: CloseInput, gates: readonly CloseGate[] = CLOSE_GATES): Promise<ProblemView> {
  const caller = await problemCaller(ctx.db, ctx.actor);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await problemFor(tx, caller, key, 'edit');
    assertVersion(before, input.version);
    const status = problemFlow.next(before.status, 'close');
    const now = txCtx.now();
    const steps = await stepsOf(tx, before.id);
    const d6 = steps.find((s) => s.step === 'D6');
    const d8 = steps.find((s) => s.step === 'D8');
    assertClosureDue(d6?.state === 'done' ? d6.finishedAt : null, now);
    const loop = input.closedLoop === undefined ? { closedLoop: before.closedLoop, reason: before.closedLoopReason } : decideClosedLoop({ closedLoop: before.closedLoop, reason: before.closedLoopReason }, input.closedLoop, input.closedLoopReason);
    assertClosedLoopDecided(loop.closedLoop);
    for (const gate of gates) await gate(tx, txCtx, before, input);
    const name = await actorName(tx, txCtx.actor);
    await tx
      .update(problemStep)
      .set({ state: 'done', startedAt: d8?.startedAt ?? now, finishedAt: now, finishedByName: name, updatedAt: now })
      .where(and(eq(problemStep.problemId, before.id), eq(problemStep.step, 'D8')));
    const row = await updateProblemRow(tx, txCtx, before, { status, closedLoop: loop.closedLoop, closedLoopReason: loop.reason, closedAt: now, closedByName: name, actualCompletion: now });
    const reason = input.overrideReason?.trim() || null;
    return { result: await problemView(tx, caller, row), log: { action: 'problem.close', entity: 'problem', entityId: row.id, before: { status: before.status }, after: { status: row.status, closedLoop: row.closedLoop }, reason } };
  });
}

/** Closed loop or not, at any status; changing a decision needs a reason (kept with it and in the log). */
export async function setProblemClosedLoop(ctx: ServiceContext, key: string, input: { version: number; closedLoop: boolean; reason?: string | null }): Promise<ProblemView> {
  const caller = await problemCaller(ctx.db, ctx.actor);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await problemFor(tx, caller, key, 'edit');
    assertVersion(before, input.version);
    const loop = decideClosedLoop({ closedLoop: before.closedLoop, reason: before.closedLoopReason }, input.closedLoop, input.reason);
    const row = await updateProblemRow(tx, txCtx, before, { closedLoop: loop.closedLoop, closedLoopReason: loop.reason });
    return {
      result: await problemView(tx, caller, row),
      log: { action: 'problem.closed_loop', entity: 'problem', entityId: row.id, before: { closedLoop: before.closedLoop }, after: { closedLoop: row.closedLoop }, reason: loop.reason },
    };
  });
}
