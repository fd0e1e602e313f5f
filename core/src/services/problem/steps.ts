import { and, eq } from 'drizzle-orm';
import { actorName } from '../shared/people.ts';
import type { Tx } from '../../db/client.ts';
import { problemStep } from '../../db/schema/index.ts';
import { ConflictError, InvalidInputError } from '../../errors.ts';
import { PROBLEM_NARRATIVE_LIMIT, assertProblemEditable, assertStepMove, isProblemStep, type ProblemStep, type ProblemStepEvent } from '../../domain/problem/index.ts';
import { checkText } from '../../domain/validation/index.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertVersion, problemCaller, problemFor, type ProblemRow } from './access.ts';
import type { ProblemMessageKey } from './messages.ts';
import { namedUser, updateProblemRow } from './problems.ts';
import { problemView, stepStatesOf, stepsOf, type ProblemStepRow, type ProblemView } from './view.ts';

/**
 * The 8D's steps (docs/domain/problems-8d.md "Steps"): save a step's narrative, owner and due date (saving a
 * step not started starts it, under the same order rule), start, finish and reopen it. Every move goes through
 * `assertStepMove`: unfinished earlier steps block it. Each write bumps the problem's version too, so a page
 * holding an older problem reloads before changing it.
 */
export interface StepSave {
  /** The problem's version as read. */
  version: number;
  content?: string | null;
  ownerId?: string | null;
  dueAt?: Date | null;
}

export const stepUnknown = (step: string) =>
  new InvalidInputError('problem.invalid' satisfies ProblemMessageKey, {}, [{ messageKey: 'problem.step_unknown' satisfies ProblemMessageKey, field: 'step', params: { step } }]);

export function stepOf(value: string): ProblemStep {
  if (!isProblemStep(value)) throw stepUnknown(value);
  return value;
}

async function stepRow(tx: Tx, problemId: string, step: ProblemStep): Promise<ProblemStepRow> {
  const row = await tx.select().from(problemStep).where(and(eq(problemStep.problemId, problemId), eq(problemStep.step, step))).get();
  if (!row) throw new ConflictError('problem.stale' satisfies ProblemMessageKey, { problem: problemId, currentVersion: 0 });
  return row;
}

/** A step's move with the order rule over the problem's steps, written with its times. */
export async function moveStepRow(tx: Tx, txCtx: TxContext, problem: ProblemRow, step: ProblemStep, event: ProblemStepEvent): Promise<ProblemStepRow> {
  const steps = await stepsOf(tx, problem.id);
  const state = assertStepMove(problem.status, stepStatesOf(steps), step, event);
  const now = txCtx.now();
  const before = steps.find((s) => s.step === step)!;
  const set =
    event === 'start'
      ? { state, startedAt: now }
      : event === 'finish'
        ? { state, finishedAt: now, finishedByName: await actorName(tx, txCtx.actor) }
        : { state, finishedAt: null, finishedByName: null };
  const [row] = await tx.update(problemStep).set({ ...set, version: before.version + 1, updatedAt: now }).where(eq(problemStep.id, before.id)).returning();
  return row!;
}

export async function saveProblemStep(ctx: ServiceContext, key: string, stepName: string, input: StepSave): Promise<ProblemView> {
  const step = stepOf(stepName);
  const issues = checkText(input.content, { field: 'content', max: PROBLEM_NARRATIVE_LIMIT });
  if (issues.length) throw new InvalidInputError('problem.invalid' satisfies ProblemMessageKey, {}, issues);
  const caller = await problemCaller(ctx.db, ctx.actor);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await problemFor(tx, caller, key, 'edit');
    assertVersion(before, input.version);
    assertProblemEditable(before.status);
    let current = await stepRow(tx, before.id, step);
    // a finished step is reopened before it changes (the refusal says so)
    if (current.state === 'done') assertStepMove(before.status, stepStatesOf(await stepsOf(tx, before.id)), step, 'start');
    if (current.state === 'notStarted' && input.content !== undefined) current = await moveStepRow(tx, txCtx, before, step, 'start');
    const owner = input.ownerId === undefined ? undefined : input.ownerId === null ? null : await namedUser(tx, input.ownerId, 'ownerId');
    const now = txCtx.now();
    await tx
      .update(problemStep)
      .set({
        ...(input.content === undefined ? {} : { content: input.content?.trim() || null }),
        ...(owner === undefined ? {} : { ownerId: owner?.id ?? null, ownerName: owner?.name ?? null }),
        ...(input.dueAt === undefined ? {} : { dueAt: input.dueAt }),
        version: current.version + 1,
        updatedAt: now,
      })
      .where(eq(problemStep.id, current.id));
    const row = await updateProblemRow(tx, txCtx, before, {});
    return { result: await problemView(tx, caller, row), log: { action: 'problem.step.save', entity: 'problem', entityId: row.id, after: { step, owner: owner?.name } } };
  });
}

const MOVE_ACTION = { start: 'problem.step.start', finish: 'problem.step.finish', reopen: 'problem.step.reopen' } as const;

/** start, finish or reopen a step (D8 finishes only by closing the problem). */
export async function moveProblemStep(ctx: ServiceContext, key: string, stepName: string, event: ProblemStepEvent, input: { version: number }): Promise<ProblemView> {
  const step = stepOf(stepName);
  const caller = await problemCaller(ctx.db, ctx.actor);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await problemFor(tx, caller, key, 'edit');
    assertVersion(before, input.version);
    const moved = await moveStepRow(tx, txCtx, before, step, event);
    const row = await updateProblemRow(tx, txCtx, before, {});
    return { result: await problemView(tx, caller, row), log: { action: MOVE_ACTION[event], entity: 'problem', entityId: row.id, after: { step, state: moved.state } } };
  });
}
