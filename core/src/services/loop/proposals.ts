import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaAction, fmeaChangeProposal, fmeaFailure, fmeaProject, user } from '../../db/schema/index.ts';
import { kindOf, projectLink } from '../../domain/fmea/kinds.ts';
import {
  actionKindOf,
  decisionIssues,
  proposalIssues,
  proposalMachine,
  type LoopSourceKind,
  type ProposalControlKind,
  type ProposalKind,
  type ProposalStatus,
} from '../../domain/loop/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { ConflictError, InvalidInputError, NotAllowedError, NotFoundError } from '../../errors.ts';
import { insertAction } from '../fmea/actions.ts';
import { openableProject } from '../fmea/access.ts';
import { insertFailure } from '../fmea/failures.ts';
import { insertFailureLink } from '../fmea/nets.ts';
import { sendMessages, type MessageRow } from '../messages/inbox.ts';
import { actorOf } from '../shared/actor.ts';
import { readDb, type ServiceContext, type TxContext } from '../shared/context.ts';
import type { OperationRecord } from '../shared/audit.ts';
import { writeAndLog } from '../shared/write.ts';
import type { LoopServiceMessageKey } from './messages.ts';
import { LOOP_SOURCES, sourceOfTeam } from './sources.ts';
import { causeFunctionChoices, defaultCauseFunction, type CauseFunctionChoice } from './cause-functions.ts';

export type ProposalRow = typeof fmeaChangeProposal.$inferSelect;

export interface ProposalInput {
  sourceKind: LoopSourceKind;
  sourceId: string;
  /** The root cause (or other part of the source) the proposal comes from. */
  sourceItemId?: string | null;
  targetRowId: string;
  kind: ProposalKind;
  description: string;
  rationale: string;
  occurrence?: number | null;
  detection?: number | null;
  controlKind?: ProposalControlKind | null;
}

const notFound = () => new NotFoundError('loop.proposal_not_found' satisfies LoopServiceMessageKey);
const rowNotFound = () => new InvalidInputError('loop.row_not_found' satisfies LoopServiceMessageKey, {}, [{ messageKey: 'loop.row_not_found', field: 'targetRowId' }]);
const personName = async (db: DbOrTx, userId: string | null) =>
  userId ? ((await db.select({ userName: user.userName, realName: user.realName }).from(user).where(eq(user.id, userId)).get()) ?? null) : null;
const nameOf = (person: { userName: string; realName: string | null } | null, fallback: string) => (person ? person.realName || person.userName : fallback);

/** Where a proposal message opens: the FMEA project with its proposals inbox. */
export const proposalsLink = (projectType: string, projectId: string) => `${projectLink(projectType, projectId)}&proposals=1`;

/**
 * Proposes a change to an FMEA row from a problem or EWO (its team only; the
 * caller must be able to open the FMEA). The row's text and ratings are kept
 * with the proposal; the FMEA's responsible person gets a task message.
 */
export async function proposeChange(ctx: ServiceContext, input: ProposalInput, outbox?: MessageRow[], sources = LOOP_SOURCES): Promise<ProposalRow> {
  assertNoIssues(proposalIssues(input));
  return writeAndLog(ctx, async (tx) => {
    const actor = await actorOf(tx, ctx.actor);
    const source = await sourceOfTeam(tx, ctx.actor, actor, input.sourceKind, input.sourceId, sources);
    const itemIds = source.texts.flatMap((t) => (t.itemId ? [t.itemId] : []));
    if (input.sourceItemId && !itemIds.includes(input.sourceItemId)) {
      throw new InvalidInputError('loop.value_invalid', { field: 'sourceItemId', value: input.sourceItemId }, [{ messageKey: 'loop.value_invalid', field: 'sourceItemId', params: { value: input.sourceItemId } }]);
    }
    const target = await tx.select().from(fmeaFailure).where(eq(fmeaFailure.id, input.targetRowId)).get();
    if (!target) throw rowNotFound();
    const { project } = await openableProject(tx, ctx.actor, target.projectId, ctx.now());
    assertNoIssues(proposalIssues(input, target));
    const me = await personName(tx, ctx.actor.userId);
    const [row] = await tx
      .insert(fmeaChangeProposal)
      .values({
        sourceKind: source.kind,
        sourceId: source.id,
        sourceNumber: source.number,
        sourceItemId: input.sourceItemId ?? null,
        projectId: project.id,
        targetRowId: target.id,
        targetKind: target.kind as 'FM' | 'FC',
        targetText: target.description,
        previousOccurrence: target.occurrence,
        previousDetection: target.detection,
        kind: input.kind,
        description: input.description.trim(),
        rationale: input.rationale.trim(),
        occurrence: input.kind === 'raiseOccurrence' || input.kind === 'rateOccurrence' || input.kind === 'addCause' ? (input.occurrence ?? null) : null,
        detection: input.kind === 'raiseDetection' || input.kind === 'addCause' ? (input.detection ?? null) : null,
        controlKind: input.kind === 'addControl' ? (input.controlKind ?? null) : null,
        proposedById: ctx.actor.userId,
        proposedByName: nameOf(me, ctx.actor.userName),
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning();
    const to = project.responsibleUserId;
    if (to && to !== ctx.actor.userId) {
      const told = await sendMessages(tx, [
          {
            recipientId: to,
            senderId: ctx.actor.userId,
            code: kindOf(project.projectType).messages.task,
            messageKey: 'message.fmea_proposal',
            params: { sender: nameOf(me, ctx.actor.userName), number: source.number, serialNum: project.serialNum, name: project.name, row: target.description },
            projectId: project.id,
            serialNum: project.serialNum,
            route: proposalsLink(project.projectType, project.id),
            targetId: row!.id,
          },
        ]);
      outbox?.push(...told);
    }
    return { result: row!, log: { action: 'loop.proposal.create', entity: 'fmea_change_proposal', entityId: row!.id, after: row } };
  });
}

export interface AcceptInput {
  version: number;
  /** Who carries out the action (default: the deciding responsible person). */
  responsibleUserId?: string | null;
  targetDate?: string | null;
  /** A missing cause: the lower-level function it goes on (default: that of the mode's first cause, else its first lower function). */
  causeFunctionId?: string | null;
  reason?: string | null;
}

/** The proposal for a decision: open, at the version read, and the actor is the FMEA's responsible person (role 0). */
async function forDecision(tx: DbOrTx, ctx: TxContext, proposalId: string, version: number, event: 'accept' | 'reject') {
  const proposal = await tx.select().from(fmeaChangeProposal).where(eq(fmeaChangeProposal.id, proposalId)).get();
  if (!proposal) throw notFound();
  const project = await tx.select().from(fmeaProject).where(eq(fmeaProject.id, proposal.projectId)).get();
  if (!project) throw notFound();
  if (!ctx.actor.userId || project.responsibleUserId !== ctx.actor.userId) {
    const owner = await personName(tx, project.responsibleUserId);
    throw new NotAllowedError('loop.not_fmea_responsible' satisfies LoopServiceMessageKey, { name: nameOf(owner, '—') });
  }
  // refuses a decided proposal before a stale version: the news is that it was decided
  proposalMachine.next(proposal.status, event);
  if (proposal.version !== version) throw new ConflictError('loop.stale_version' satisfies LoopServiceMessageKey);
  return { proposal, project };
}

/** The function a missing cause goes on: the one named, or that of the mode's first cause, or the mode's first lower function. */
async function causeFunctionOf(tx: DbOrTx, mode: typeof fmeaFailure.$inferSelect, given: string | null | undefined): Promise<string> {
  if (given) return given;
  const fallback = await defaultCauseFunction(tx, mode);
  if (fallback) return fallback;
  throw new InvalidInputError('loop.cause_function_required' satisfies LoopServiceMessageKey, { field: 'causeFunctionId' }, [{ messageKey: 'loop.cause_function_required', field: 'causeFunctionId' }]);
}

async function tellProposer(tx: DbOrTx, ctx: TxContext, proposal: ProposalRow, project: typeof fmeaProject.$inferSelect, decision: 'accepted' | 'rejected', sources = LOOP_SOURCES): Promise<MessageRow[]> {
  if (!proposal.proposedById || proposal.proposedById === ctx.actor.userId) return [];
  const source = await sources[proposal.sourceKind](tx, proposal.sourceId);
  const me = await personName(tx, ctx.actor.userId);
  return sendMessages(tx, [
    {
      recipientId: proposal.proposedById,
      senderId: ctx.actor.userId,
      code: 'fmeaProposalResult',
      messageKey: 'message.fmea_proposal_decided',
      params: { sender: nameOf(me, ctx.actor.userName), decision, number: proposal.sourceNumber, serialNum: project.serialNum, name: project.name, row: proposal.targetText },
      projectId: project.id,
      serialNum: project.serialNum,
      route: source?.link ?? null,
      targetId: proposal.id,
    },
  ]);
}

/**
 * Accepts a proposal (the FMEA's responsible person): it becomes an
 * optimisation action on its row, planned through the engine's own action
 * creation (project editable, responsible person able to read it, task
 * message); a missing cause is first added under its mode through the
 * engine's failure and failure-net writes. One transaction, every write logged.
 */
export async function acceptProposal(ctx: ServiceContext, proposalId: string, input: AcceptInput, outbox?: MessageRow[], sources = LOOP_SOURCES): Promise<ProposalRow> {
  assertNoIssues(decisionIssues(input.reason, false));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { proposal, project } = await forDecision(tx, txCtx, proposalId, input.version, 'accept');
    const target = proposal.targetRowId ? await tx.select().from(fmeaFailure).where(eq(fmeaFailure.id, proposal.targetRowId)).get() : undefined;
    if (!target) throw rowNotFound();
    const logs: OperationRecord[] = [];
    let causeId = target.id;
    if (proposal.kind === 'addCause') {
      const functionId = await causeFunctionOf(tx, target, input.causeFunctionId);
      const added = await insertFailure(tx, txCtx, { functionId, kind: 'FC', description: proposal.description, occurrence: proposal.occurrence, detection: proposal.detection });
      const link = await insertFailureLink(tx, txCtx, { higherFailureId: target.id, lowerFailureId: added.row.id });
      logs.push(...added.logs, { action: 'fmea.failure_link.create', entity: 'fmea_failure_link', entityId: link.id, after: link });
      causeId = added.row.id;
    }
    const action = await insertAction(
      tx,
      txCtx,
      { causeId, kind: actionKindOf(proposal), description: proposal.description, responsibleUserId: input.responsibleUserId === undefined ? ctx.actor.userId : input.responsibleUserId, targetDate: input.targetDate ?? null },
      outbox,
    );
    logs.push({ action: 'fmea.action.create', entity: 'fmea_action', entityId: action.id, after: action });
    const me = await personName(tx, ctx.actor.userId);
    const [after] = await tx
      .update(fmeaChangeProposal)
      .set({ status: 'accepted', decidedById: ctx.actor.userId, decidedByName: nameOf(me, ctx.actor.userName), decidedAt: ctx.now(), decisionReason: input.reason?.trim() || null, actionId: action.id, version: sql`version + 1`, updatedAt: ctx.now() })
      .where(eq(fmeaChangeProposal.id, proposal.id))
      .returning();
    const told = await tellProposer(tx, txCtx, proposal, project, 'accepted', sources);
    outbox?.push(...told);
    return { result: after!, log: [...logs, { action: 'loop.proposal.accept', entity: 'fmea_change_proposal', entityId: proposal.id, before: proposal, after }] };
  });
}

/** Rejects a proposal with a reason (the FMEA's responsible person); the proposer is told. */
export async function rejectProposal(ctx: ServiceContext, proposalId: string, input: { version: number; reason: string }, outbox?: MessageRow[], sources = LOOP_SOURCES): Promise<ProposalRow> {
  assertNoIssues(decisionIssues(input.reason, true));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { proposal, project } = await forDecision(tx, txCtx, proposalId, input.version, 'reject');
    const me = await personName(tx, ctx.actor.userId);
    const [after] = await tx
      .update(fmeaChangeProposal)
      .set({ status: 'rejected', decidedById: ctx.actor.userId, decidedByName: nameOf(me, ctx.actor.userName), decidedAt: ctx.now(), decisionReason: input.reason.trim(), version: sql`version + 1`, updatedAt: ctx.now() })
      .where(eq(fmeaChangeProposal.id, proposal.id))
      .returning();
    const told = await tellProposer(tx, txCtx, proposal, project, 'rejected', sources);
    outbox?.push(...told);
    return { result: after!, log: { action: 'loop.proposal.reject', entity: 'fmea_change_proposal', entityId: proposal.id, before: proposal, after } };
  });
}

/** A proposal as lists show it: with its FMEA, its source's page and the action it became (and that action's cause and status). */
export interface ProposalView extends ProposalRow {
  readonly serialNum: string;
  readonly projectName: string;
  readonly projectType: string;
  readonly sourceLink: string | null;
  readonly actionCauseId: string | null;
  readonly actionStatus: string | null;
  /** An open "add a missing cause": the functions the cause may go on (the accept dialog's choice); else null. */
  readonly causeFunctions: readonly CauseFunctionChoice[] | null;
}

async function views(db: DbOrTx, rows: readonly ProposalRow[], sources = LOOP_SOURCES): Promise<ProposalView[]> {
  if (rows.length === 0) return [];
  const projects = new Map((await db.select({ id: fmeaProject.id, serialNum: fmeaProject.serialNum, name: fmeaProject.name, projectType: fmeaProject.projectType }).from(fmeaProject).where(inArray(fmeaProject.id, [...new Set(rows.map((r) => r.projectId))]))).map((p) => [p.id, p]));
  const actionIds = rows.flatMap((r) => (r.actionId ? [r.actionId] : []));
  const actions = new Map(actionIds.length === 0 ? [] : (await db.select({ id: fmeaAction.id, causeId: fmeaAction.causeId, status: fmeaAction.status }).from(fmeaAction).where(inArray(fmeaAction.id, actionIds))).map((a) => [a.id, a]));
  const links = new Map<string, string | null>();
  for (const r of rows) {
    const key = `${r.sourceKind}:${r.sourceId}`;
    if (!links.has(key)) links.set(key, (await sources[r.sourceKind](db, r.sourceId))?.link ?? null);
  }
  const choices = new Map<string, CauseFunctionChoice[]>();
  for (const r of rows) {
    if (r.kind !== 'addCause' || r.status !== 'open' || !r.targetRowId) continue;
    const mode = await db.select({ id: fmeaFailure.id, functionId: fmeaFailure.functionId }).from(fmeaFailure).where(eq(fmeaFailure.id, r.targetRowId)).get();
    choices.set(r.id, mode ? await causeFunctionChoices(db, mode) : []);
  }
  return rows.map((r) => {
    const p = projects.get(r.projectId)!;
    const action = r.actionId ? actions.get(r.actionId) : undefined;
    return { ...r, serialNum: p.serialNum, projectName: p.name, projectType: p.projectType, sourceLink: links.get(`${r.sourceKind}:${r.sourceId}`) ?? null, actionCauseId: action?.causeId ?? null, actionStatus: action?.status ?? null, causeFunctions: choices.get(r.id) ?? null };
  });
}

/** The proposals of a problem or EWO, newest first: its team's view of which FMEAs it updated (or asked to). */
export async function listProposalsBySource(ctx: ServiceContext, kind: LoopSourceKind, sourceId: string, sources = LOOP_SOURCES): Promise<ProposalView[]> {
  const actor = await actorOf(ctx.db, ctx.actor);
  await sourceOfTeam(ctx.db, ctx.actor, actor, kind, sourceId, sources);
  const db = await readDb(ctx);
  const rows = await db.select().from(fmeaChangeProposal).where(and(eq(fmeaChangeProposal.sourceKind, kind), eq(fmeaChangeProposal.sourceId, sourceId))).orderBy(desc(fmeaChangeProposal.createdAt), asc(fmeaChangeProposal.id));
  return views(db, rows, sources);
}

/** The proposals on an FMEA project (whoever may open it), optionally by status, open ones first then newest. */
export async function listProposalsByProject(ctx: ServiceContext, projectId: string, filter: { statuses?: readonly ProposalStatus[] } = {}, sources = LOOP_SOURCES): Promise<ProposalView[]> {
  await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const db = await readDb(ctx);
  const rows = await db
    .select()
    .from(fmeaChangeProposal)
    .where(and(eq(fmeaChangeProposal.projectId, projectId), filter.statuses?.length ? inArray(fmeaChangeProposal.status, [...filter.statuses]) : undefined))
    .orderBy(sql`case when ${fmeaChangeProposal.status} = 'open' then 0 else 1 end`, desc(fmeaChangeProposal.createdAt), asc(fmeaChangeProposal.id));
  return views(db, rows, sources);
}

/** How many proposals of a source are still open (the 8D close gate). */
export async function openProposalCount(db: DbOrTx, kind: LoopSourceKind, sourceId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(fmeaChangeProposal)
    .where(and(eq(fmeaChangeProposal.sourceKind, kind), eq(fmeaChangeProposal.sourceId, sourceId), eq(fmeaChangeProposal.status, 'open')));
  return Number(row?.n ?? 0);
}

