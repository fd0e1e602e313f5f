import { NotAllowedError } from '../../errors.ts';
import { catalogOpinionIssues } from '../../domain/catalog/index.ts';
import { ewoBreakpointIssues, ewoFlow, ewoNoteIssues, type EwoBreakpointKind, type EwoBreakpointResult, type EwoEvent } from '../../domain/ewo/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { OperationAction } from '../../domain/oplog/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { storeEwoMessages } from '../messages/ewo.ts';
import { ewoCaller, readableEwo, type EwoRow } from './access.ts';
import { addEntry, bump, ownedAt, staleEwo, type EwoOutcome } from './ewos.ts';
import type { EwoMessageKey } from './messages.ts';
import { actorName, resolveApprover } from './people.ts';
import { ewoView } from './view.ts';

/**
 * An EWO's flow (issue 24; docs/domain/ewo.md "The flow"): each step moves the status by `ewoFlow` only, checks
 * who may take it, writes an entry in the EWO's history, logs itself and tells whom it concerns, in one
 * transaction. Steps are taken at the version read: a stale one is a conflict.
 */
export interface StepInput {
  version: number;
  /** Why, or what was found: required for the publish decision, optional elsewhere. */
  opinion?: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

const logOf = (action: OperationAction, before: EwoRow, row: EwoRow, extra: Record<string, unknown> = {}) => ({
  action,
  entity: 'ewo' as const,
  entityId: row.id,
  before: { status: before.status, version: before.version },
  after: { status: row.status, version: row.version, ...extra },
});

/** Opening → follow-up: the change is written; from now on its tracker follows it up. */
export async function startEwoFollowUp(ctx: ServiceContext, key: string, input: StepInput): Promise<EwoOutcome> {
  const caller = await ewoCaller(ctx.db, ctx.actor);
  assertNoIssues(catalogOpinionIssues(input.opinion, { required: false }));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await ownedAt(tx, caller, key, input.version);
    const row = await bump(tx, txCtx, before, { status: ewoFlow.next(before.status, 'startFollowUp') });
    await addEntry(tx, txCtx, row.id, { kind: 'startFollowUp', content: text(input.opinion) });
    const messages = await storeEwoMessages(tx, txCtx, row, 'tracker', [row.trackerId], text(input.opinion), { settles: false });
    return { result: { ewo: await ewoView(tx, caller, row), messages }, log: logOf('ewo.startFollowUp', before, row) };
  });
}

/** A follow-up note by the tracker (or the creator): what was done or found. Any open state after opening. */
export async function followUpEwo(ctx: ServiceContext, key: string, input: { version: number; content: string }): Promise<EwoOutcome> {
  const caller = await ewoCaller(ctx.db, ctx.actor);
  assertNoIssues(ewoNoteIssues(input.content));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await ownedAt(tx, caller, key, input.version);
    if (before.status === 'opening' || before.status === 'closed') throw new NotAllowedError(before.status === 'closed' ? 'ewo.flow.closed' : ('ewo.follow_up_not_started' satisfies EwoMessageKey), { ewo: before.ewoNum });
    const row = await bump(tx, txCtx, before, {});
    await addEntry(tx, txCtx, row.id, { kind: 'followUp', content: input.content });
    return { result: { ewo: await ewoView(tx, caller, row), messages: [] }, log: { action: 'ewo.followUp', entity: 'ewo', entityId: row.id, after: { content: input.content.trim() } } };
  });
}

/** Follow-up → publish pending, naming the approver (who holds the audit button and may read the EWO). */
export async function submitEwo(ctx: ServiceContext, key: string, input: StepInput & { approverId: string }): Promise<EwoOutcome> {
  const caller = await ewoCaller(ctx.db, ctx.actor, 'edit');
  assertNoIssues(catalogOpinionIssues(input.opinion, { required: false }));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await ownedAt(tx, caller, key, input.version);
    const status = ewoFlow.next(before.status, 'submit');
    const approver = await resolveApprover(tx, caller, before, input.approverId);
    const row = await bump(tx, txCtx, before, { status, approverId: approver.id, approverName: approver.name, submitterId: txCtx.actor.userId, submitterName: await actorName(tx, txCtx.actor), submittedAt: txCtx.now() });
    await addEntry(tx, txCtx, row.id, { kind: 'submit', content: text(input.opinion) });
    const messages = await storeEwoMessages(tx, txCtx, row, 'approve', [approver.id], text(input.opinion));
    return { result: { ewo: await ewoView(tx, caller, row), messages }, log: logOf('ewo.submit', before, row, { approver: approver.name }) };
  });
}

/**
 * The named approver's decision, an opinion always required (the record of why): approve publishes the change
 * (its breakpoint is then the tracker's to follow up), reject sends it back to follow-up.
 */
export async function decideEwo(ctx: ServiceContext, key: string, decision: 'approve' | 'reject', input: StepInput): Promise<EwoOutcome> {
  const caller = await ewoCaller(ctx.db, ctx.actor, 'audit');
  assertNoIssues(catalogOpinionIssues(input.opinion, { required: true }));
  const opinion = text(input.opinion);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await readableEwo(tx, caller, key);
    if (before.version !== input.version) throw staleEwo(before);
    const status = ewoFlow.next(before.status, decision);
    if (!caller.actor.isAdmin && before.approverId !== caller.actor.userId) throw new NotAllowedError('ewo.not_the_approver' satisfies EwoMessageKey, { ewo: before.ewoNum, approver: before.approverName ?? '' });
    const row = await bump(tx, txCtx, before, decision === 'approve' ? { status, publishedAt: txCtx.now(), publishOpinion: opinion } : { status, publishOpinion: opinion });
    await addEntry(tx, txCtx, row.id, { kind: decision, content: opinion });
    const messages = await storeEwoMessages(tx, txCtx, row, decision === 'approve' ? 'published' : 'rejected', [row.submitterId, row.trackerId], opinion);
    return { result: { ewo: await ewoView(tx, caller, row), messages }, log: logOf(decision === 'approve' ? 'ewo.approve' : 'ewo.reject', before, row, { opinion }) };
  });
}

/** Publish pending → follow-up, by the requester (or the EWO's owners) before the approver decides. */
export async function withdrawEwo(ctx: ServiceContext, key: string, input: StepInput): Promise<EwoOutcome> {
  const caller = await ewoCaller(ctx.db, ctx.actor);
  assertNoIssues(catalogOpinionIssues(input.opinion, { required: false }));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await readableEwo(tx, caller, key);
    const requester = !!caller.actor.userId && before.submitterId === caller.actor.userId;
    if (!requester) await ownedAt(tx, caller, key, input.version);
    if (before.version !== input.version) throw staleEwo(before);
    const row = await bump(tx, txCtx, before, { status: ewoFlow.next(before.status, 'withdraw') });
    await addEntry(tx, txCtx, row.id, { kind: 'withdraw', content: text(input.opinion) });
    const messages = await storeEwoMessages(tx, txCtx, row, 'tracker', [], null, { settles: true });
    return { result: { ewo: await ewoView(tx, caller, row), messages }, log: logOf('ewo.withdraw', before, row) };
  });
}

export interface BreakpointInput {
  version: number;
  breakpointKind: EwoBreakpointKind;
  breakpointValue: string;
  result: EwoBreakpointResult;
  content: string;
}

/**
 * A breakpoint follow-up on a published change: the cut-in (from which serial number, lot or date it applies)
 * and what was found there. "effective" verifies the breakpoint (the change may then close); "not effective"
 * is recorded and the follow-up goes on.
 */
export async function followUpBreakpoint(ctx: ServiceContext, key: string, input: BreakpointInput): Promise<EwoOutcome> {
  const caller = await ewoCaller(ctx.db, ctx.actor);
  assertNoIssues(ewoBreakpointIssues(input));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await ownedAt(tx, caller, key, input.version);
    const verified = input.result === 'effective';
    // both findings need a published change; only "effective" moves it on
    const next = ewoFlow.next(before.status, 'verifyBreakpoint');
    const status = verified ? next : before.status;
    const row = await bump(tx, txCtx, before, {
      status,
      breakpointKind: input.breakpointKind,
      breakpointValue: input.breakpointValue.trim(),
      ...(verified ? { breakpointVerifiedAt: txCtx.now(), breakpointVerifiedByName: await actorName(tx, txCtx.actor) } : {}),
    });
    await addEntry(tx, txCtx, row.id, { kind: 'breakpoint', content: input.content, breakpointKind: input.breakpointKind, breakpointValue: input.breakpointValue.trim(), result: input.result });
    return { result: { ewo: await ewoView(tx, caller, row), messages: [] }, log: logOf('ewo.breakpoint', before, row, { breakpointKind: input.breakpointKind, breakpointValue: input.breakpointValue.trim(), result: input.result }) };
  });
}

/** Breakpoint verified → closed, by the creator or the tracker; the creator is told. */
export async function closeEwo(ctx: ServiceContext, key: string, input: StepInput): Promise<EwoOutcome> {
  const caller = await ewoCaller(ctx.db, ctx.actor);
  assertNoIssues(catalogOpinionIssues(input.opinion, { required: false }));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await ownedAt(tx, caller, key, input.version);
    const row = await bump(tx, txCtx, before, { status: ewoFlow.next(before.status, 'close'), closedAt: txCtx.now(), closedByName: await actorName(tx, txCtx.actor) });
    await addEntry(tx, txCtx, row.id, { kind: 'close', content: text(input.opinion) });
    const messages = await storeEwoMessages(tx, txCtx, row, 'closed', [row.creatorId], text(input.opinion));
    return { result: { ewo: await ewoView(tx, caller, row), messages }, log: logOf('ewo.close', before, row) };
  });
}

/** One entry point by event name (the API's and CLI's): the owner's steps and the approver's decision. */
export async function stepEwo(ctx: ServiceContext, key: string, event: Exclude<EwoEvent, 'verifyBreakpoint'>, input: StepInput & { approverId?: string }): Promise<EwoOutcome> {
  switch (event) {
    case 'startFollowUp':
      return startEwoFollowUp(ctx, key, input);
    case 'submit':
      return submitEwo(ctx, key, { ...input, approverId: input.approverId ?? '' });
    case 'approve':
    case 'reject':
      return decideEwo(ctx, key, event, input);
    case 'withdraw':
      return withdrawEwo(ctx, key, input);
    case 'close':
      return closeEwo(ctx, key, input);
  }
}
