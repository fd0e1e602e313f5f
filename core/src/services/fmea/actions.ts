import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaAction, user } from '../../db/schema/index.ts';
import { InvalidInputError, NotFoundError } from '../../errors.ts';
import {
  actionCauseIssues,
  actionIssues,
  applyActionEvent,
  completionIssues,
  sortIssues,
  type ActionEvent,
  type ActionStatus,
  hasMsrSteps,
  kindOf,
  msrKindIssues,
  type AnyControlKind,
} from '../../domain/fmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { storeActionTaskMessage } from '../messages/fmea-task.ts';
import type { MessageRow } from '../messages/inbox.ts';
import { assertVersion, created, assertProjectEditable, nextVersion, openableProject, updatedOrStale, userCanReadProject } from './access.ts';
import { findFailure } from './failures.ts';
import { nextSort } from './item-helpers.ts';
import { clearRerateMarksOfCause } from './rerate-marks.ts';
import { actorName } from '../shared/people.ts';
import type { FmeaServiceMessageKey } from './messages.ts';

export type FmeaActionRow = typeof fmeaAction.$inferSelect;

export interface ActionInput {
  causeId: string;
  kind: AnyControlKind;
  description: string;
  responsibleUserId?: string | null;
  targetDate?: string | null;
  /** The re-rating the action brings (raseverity, raoccurrence, radet); null or absent where unchanged. */
  raSeverity?: number | null;
  raOccurrence?: number | null;
  raDetection?: number | null;
}

export interface ActionUpdate extends Partial<Omit<ActionInput, 'causeId'>> {
  version: number;
  actionTaken?: string | null;
  evidence?: string | null;
  completionDate?: string | null;
  sort?: number;
}

async function findAction(db: DbOrTx, actionId: string): Promise<FmeaActionRow> {
  const row = await db.select().from(fmeaAction).where(eq(fmeaAction.id, actionId)).get();
  if (!row) throw new NotFoundError('fmea.action_not_found' satisfies FmeaServiceMessageKey, { actionId });
  return row;
}

/**
 * The responsible person of an action must exist and be able to read the
 * project: the task message names the project and the action, which must not
 * reach someone outside it (as mentions in comments). Refused naming them.
 */
async function assertResponsible(db: DbOrTx, userId: string | null | undefined, projectId: string, now: Date): Promise<void> {
  if (!userId) return;
  const row = await db.select({ id: user.id, userName: user.userName, realName: user.realName }).from(user).where(eq(user.id, userId)).get();
  if (!row) throw new NotFoundError('fmea.user_not_found' satisfies FmeaServiceMessageKey, { userId });
  if (!(await userCanReadProject(db, { userId: row.id, userName: row.userName }, projectId, now))) {
    const person = row.realName || row.userName;
    throw new InvalidInputError('fmea.responsible_cannot_read' satisfies FmeaServiceMessageKey, { user: person }, [
      { messageKey: 'fmea.responsible_cannot_read', field: 'responsibleUserId', params: { user: person } },
    ]);
  }
}

const text = (value: string | null | undefined) => (value === undefined ? undefined : value?.trim() || null);

/**
 * Plans an optimisation action on a failure cause (step 6); it starts open.
 * A responsible person other than the actor gets a task message (stored here;
 * pass `outbox` to receive it for the live push).
 */
export async function addAction(ctx: ServiceContext, input: ActionInput, outbox?: MessageRow[]): Promise<FmeaActionRow> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const row = await insertAction(tx, txCtx, input, outbox);
    return { result: row, log: { action: 'fmea.action.create', entity: 'fmea_action', entityId: row.id, after: row } };
  });
}

/**
 * addAction inside a caller's transaction (the caller logs it as
 * 'fmea.action.create'): the checks, the row and its task message, for a use
 * case that plans an action as part of its own write (an accepted FMEA change
 * proposal, docs/domain/closed-loop.md).
 */
export async function insertAction(tx: DbOrTx, txCtx: TxContext, input: ActionInput, outbox?: MessageRow[]): Promise<FmeaActionRow> {
  assertNoIssues(actionIssues(input));
  const cause = await findFailure(tx, input.causeId);
  assertNoIssues(actionCauseIssues(cause.kind));
  const { projectType } = await assertProjectEditable(tx, txCtx.actor, cause.projectId, txCtx.now(), 'add');
  assertNoIssues(msrKindIssues(input.kind, hasMsrSteps(kindOf(projectType))));
  await assertResponsible(tx, input.responsibleUserId, cause.projectId, txCtx.now());
  const sort = nextSort(fmeaAction, fmeaAction.sort, eq(fmeaAction.causeId, cause.id));
  const [row] = await tx
    .insert(fmeaAction)
    .values({
      projectId: cause.projectId,
      causeId: cause.id,
      kind: input.kind,
      description: input.description.trim(),
      responsibleUserId: input.responsibleUserId ?? null,
      targetDate: text(input.targetDate) ?? null,
      status: 'open',
      raSeverity: input.raSeverity ?? null,
      raOccurrence: input.raOccurrence ?? null,
      raDetection: input.raDetection ?? null,
      sort,
      ...created(txCtx),
    })
    .returning();
  const told = await storeActionTaskMessage(tx, txCtx, row!, null);
  outbox?.push(...told);
  return row!;
}

/**
 * Edits an action's fields and re-rating, not its status (see
 * changeActionStatus). A completed action keeps its action taken and
 * completion date. A new responsible person gets a task message (`outbox` as in addAction).
 */
export async function updateAction(ctx: ServiceContext, actionId: string, input: ActionUpdate, outbox?: MessageRow[]): Promise<FmeaActionRow> {
  assertNoIssues([...actionIssues(input, { partial: true }), ...sortIssues(input.sort)]);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findAction(tx, actionId);
    const { projectType } = await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'edit');
    assertNoIssues(msrKindIssues(input.kind, hasMsrSteps(kindOf(projectType))));
    assertVersion(before, input.version, 'fmea_action');
    if (input.responsibleUserId !== undefined && input.responsibleUserId !== before.responsibleUserId) await assertResponsible(tx, input.responsibleUserId, before.projectId, ctx.now());
    const set = {
      ...(input.kind !== undefined && { kind: input.kind }),
      ...(input.description !== undefined && { description: input.description.trim() }),
      ...(input.responsibleUserId !== undefined && { responsibleUserId: input.responsibleUserId }),
      ...(input.targetDate !== undefined && { targetDate: text(input.targetDate) }),
      ...(input.actionTaken !== undefined && { actionTaken: text(input.actionTaken) }),
      ...(input.evidence !== undefined && { evidence: text(input.evidence) }),
      ...(input.completionDate !== undefined && { completionDate: text(input.completionDate) }),
      ...(input.raSeverity !== undefined && { raSeverity: input.raSeverity }),
      ...(input.raOccurrence !== undefined && { raOccurrence: input.raOccurrence }),
      ...(input.raDetection !== undefined && { raDetection: input.raDetection }),
      ...(input.sort !== undefined && { sort: input.sort }),
    };
    const merged = { ...before, ...set };
    assertNoIssues(completionIssues({ status: merged.status, actionTaken: merged.actionTaken ?? null, completionDate: merged.completionDate ?? null }), 'fmea.action_completion_incomplete');
    const rows = await tx
      .update(fmeaAction)
      .set({ ...set, ...nextVersion(txCtx) })
      .where(and(eq(fmeaAction.id, actionId), eq(fmeaAction.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'fmea_action');
    const told = await storeActionTaskMessage(tx, txCtx, after, before.responsibleUserId);
    outbox?.push(...told);
    // a new O or D after the action re-rates the cause: its re-rating marks clear (docs/domain/dvp.md "Marks")
    const rerated = (input.raOccurrence != null && input.raOccurrence !== before.raOccurrence) || (input.raDetection != null && input.raDetection !== before.raDetection);
    const cleared = rerated ? await clearRerateMarksOfCause(tx, txCtx, before.causeId, await actorName(tx, ctx.actor)) : [];
    return { result: after, log: [{ action: 'fmea.action.update', entity: 'fmea_action', entityId: actionId, before, after }, ...cleared] };
  });
}

/**
 * Moves an action through its status flow (open → decision pending →
 * implementation pending → completed, or not implemented; reopen). Completing
 * needs the action taken and the completion date, given here or already set.
 */
export async function changeActionStatus(
  ctx: ServiceContext,
  actionId: string,
  input: { version: number; event: ActionEvent; actionTaken?: string | null; evidence?: string | null; completionDate?: string | null },
): Promise<FmeaActionRow> {
  assertNoIssues(actionIssues({ actionTaken: input.actionTaken, evidence: input.evidence, completionDate: input.completionDate }, { partial: true }));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findAction(tx, actionId);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'edit');
    assertVersion(before, input.version, 'fmea_action');
    const next = applyActionEvent(before, input.event, { actionTaken: text(input.actionTaken), completionDate: text(input.completionDate) });
    const rows = await tx
      .update(fmeaAction)
      .set({ status: next.status, actionTaken: next.actionTaken, completionDate: next.completionDate, ...(input.evidence !== undefined && { evidence: text(input.evidence) }), ...nextVersion(txCtx) })
      .where(and(eq(fmeaAction.id, actionId), eq(fmeaAction.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'fmea_action');
    return { result: after, log: { action: `fmea.action.${input.event}`, entity: 'fmea_action', entityId: actionId, before, after } };
  });
}

export async function deleteAction(ctx: ServiceContext, actionId: string, input: { version: number }): Promise<void> {
  await writeAndLog(ctx, async (tx) => {
    const before = await findAction(tx, actionId);
    await assertProjectEditable(tx, ctx.actor, before.projectId, ctx.now(), 'del');
    assertVersion(before, input.version, 'fmea_action');
    await tx.delete(fmeaAction).where(and(eq(fmeaAction.id, actionId), eq(fmeaAction.version, input.version)));
    return { result: undefined, log: { action: 'fmea.action.delete', entity: 'fmea_action', entityId: actionId, before } };
  });
}

/** The optimisation list of a project, optionally by status or responsible person, in cause and action order. */
export async function listActions(
  ctx: ServiceContext,
  projectId: string,
  filter: { statuses?: ActionStatus[]; responsibleUserId?: string } = {},
): Promise<FmeaActionRow[]> {
  await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  return ctx.db
    .select()
    .from(fmeaAction)
    .where(
      and(
        eq(fmeaAction.projectId, projectId),
        filter.statuses?.length ? inArray(fmeaAction.status, filter.statuses) : undefined,
        filter.responsibleUserId ? eq(fmeaAction.responsibleUserId, filter.responsibleUserId) : undefined,
      ),
    )
    .orderBy(asc(fmeaAction.causeId), asc(fmeaAction.sort), asc(fmeaAction.id));
}
