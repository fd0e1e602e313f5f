import { and, eq, max } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { live } from '../../db/live.ts';
import { bom, bomPart, drbfmAction, drbfmConcern, drbfmMeeting, drbfmPart, fmeaNode, fmeaProject, user } from '../../db/schema/index.ts';
import { kindOf, projectLink } from '../../domain/fmea/kinds.ts';
import { sendMessages, type MessageRow } from '../messages/inbox.ts';
import {
  drbfmActionIssues,
  drbfmConcernIssues,
  drbfmMeetingIssues,
  drbfmPartIssues,
  type DrbfmActionInput,
  type DrbfmActionKind,
  type DrbfmActionStatus,
  type DrbfmConcernInput,
  type DrbfmImportance,
  type DrbfmMeetingInput,
  type DrbfmPartInput,
  type DrbfmPartKind,
} from '../../domain/drbfm/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { InvalidInputError } from '../../errors.ts';
import { BOM_ROUTE } from '../bom/access.ts';
import { assertCatalogRead, catalogCaller } from '../catalog/access.ts';
import { created, editableProject, openableProject, readMembers, staleVersion, userCanReadProject } from '../fmea/access.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import type { OperationAction, OperationEntity } from '../../domain/oplog/index.ts';
import { writeAndLog } from '../shared/write.ts';
import { changeRow, getDrbfm, type DrbfmView } from './project.ts';

/**
 * The DRBFM worksheet's rows (changed parts, concerns, actions, review meetings), each saved or removed on its
 * own at the version read: a save without an id adds a row, with one changes it. Every write checks the project
 * may be edited by the caller (the DRBFM route's edit button, membership, the review lock) and is logged.
 */

type Versioned = { id?: string | null; version?: number | null };
const rowNotFound = (field: string) => new InvalidInputError('drbfm.row_not_found', { field }, [{ messageKey: 'drbfm.row_not_found', field, params: { field } }]);
const refused = (messageKey: string, field: string) => new InvalidInputError(messageKey, { field }, [{ messageKey, field, params: { field } }]);
const text = (value: string | null | undefined) => (value == null ? null : value.trim() || null);

interface RowTable {
  readonly table: typeof drbfmPart | typeof drbfmConcern | typeof drbfmAction | typeof drbfmMeeting;
  readonly entity: OperationEntity;
  readonly save: OperationAction;
  readonly remove: OperationAction;
  /** Rows kept in an order of their own (meetings are in date order). */
  readonly sorted: boolean;
}
const PART: RowTable = { table: drbfmPart, entity: 'drbfm_part', save: 'drbfm.part.save', remove: 'drbfm.part.remove', sorted: true };
const CONCERN: RowTable = { table: drbfmConcern, entity: 'drbfm_concern', save: 'drbfm.concern.save', remove: 'drbfm.concern.remove', sorted: true };
const ACTION: RowTable = { table: drbfmAction, entity: 'drbfm_action', save: 'drbfm.action.save', remove: 'drbfm.action.remove', sorted: true };
const MEETING: RowTable = { table: drbfmMeeting, entity: 'drbfm_meeting', save: 'drbfm.meeting.save', remove: 'drbfm.meeting.remove', sorted: false };

/** A row of the project by id, or "not found" for the field naming it. */
async function rowOf<T extends RowTable['table']>(tx: DbOrTx, table: T, projectId: string, id: string, field: string): Promise<T['$inferSelect']> {
  const row = await (tx as Tx).select().from(table as typeof drbfmPart).where(and(eq((table as typeof drbfmPart).id, id), eq((table as typeof drbfmPart).projectId, projectId))).get();
  if (!row) throw rowNotFound(field);
  return row as T['$inferSelect'];
}

async function nextSort(tx: DbOrTx, table: RowTable['table'], projectId: string): Promise<number> {
  const t = table as typeof drbfmPart;
  const [row] = await (tx as Tx).select({ n: max(t.sort) }).from(t).where(eq(t.projectId, projectId));
  return Number(row?.n ?? 0) + 1;
}

/**
 * Saves one row: `values(tx, txCtx, existing)` computes what is written (checks included). A new row is inserted
 * with the next sort; an existing one must be at the version read.
 */
async function saveRow<V extends object>(ctx: ServiceContext, projectId: string, spec: RowTable, input: Versioned, values: (tx: Tx, txCtx: TxContext, existing: Record<string, unknown> | null) => Promise<V>): Promise<DrbfmView> {
  await writeAndLog(ctx, async (tx, txCtx) => {
    await editableProject(tx, ctx.actor, projectId, ctx.now(), 'edit');
    await changeRow(tx, projectId);
    const t = spec.table as typeof drbfmPart;
    if (input.id) {
      const before = await rowOf(tx, t, projectId, input.id, 'id');
      if (input.version == null || before.version !== input.version) throw staleVersion(spec.entity, before.version);
      const set = await values(tx, txCtx, before);
      await tx.update(t).set({ ...set, version: before.version + 1, updatedBy: txCtx.actor.userId, updatedAt: txCtx.now() }).where(eq(t.id, before.id));
      return { result: null, log: { action: spec.save, entity: spec.entity, entityId: before.id, before, after: { ...before, ...set } } };
    }
    const set = await values(tx, txCtx, null);
    const [row] = await tx
      .insert(t)
      .values({ ...(set as unknown as typeof drbfmPart.$inferInsert), projectId, ...(spec.sorted && { sort: await nextSort(tx, t, projectId) }), ...created(txCtx) })
      .returning();
    return { result: null, log: { action: spec.save, entity: spec.entity, entityId: row!.id, after: row } };
  });
  return getDrbfm(ctx, projectId);
}

async function removeRow(ctx: ServiceContext, projectId: string, spec: RowTable, id: string, version: number): Promise<DrbfmView> {
  await writeAndLog(ctx, async (tx) => {
    await editableProject(tx, ctx.actor, projectId, ctx.now(), 'edit');
    const t = spec.table as typeof drbfmPart;
    const before = await rowOf(tx, t, projectId, id, 'id');
    if (before.version !== version) throw staleVersion(spec.entity, before.version);
    await tx.delete(t).where(eq(t.id, id));
    return { result: null, log: { action: spec.remove, entity: spec.entity, entityId: id, before } };
  });
  return getDrbfm(ctx, projectId);
}

/** What a named part is: a BOM part (the BOM route held) or a structure element of an FMEA the caller may open; its number and name are kept. */
async function namedPart(tx: Tx, txCtx: TxContext, kind: DrbfmPartKind, refId: string): Promise<{ code: string | null; name: string }> {
  if (kind === 'bomPart') {
    assertCatalogRead(await catalogCaller(tx, txCtx.actor, { route: BOM_ROUTE }));
    const row = await tx.select({ part: bomPart }).from(bomPart).innerJoin(bom, eq(bom.id, bomPart.bomId)).where(and(eq(bomPart.id, refId), live(bom))).get();
    if (!row) throw rowNotFound('refId');
    return { code: row.part.partNum, name: row.part.partName };
  }
  const node = await tx.select().from(fmeaNode).where(eq(fmeaNode.id, refId)).get();
  if (!node) throw rowNotFound('refId');
  const { project } = await openableProject(tx, txCtx.actor, node.projectId, txCtx.now());
  return { code: project.serialNum, name: node.name };
}

export type PartSave = DrbfmPartInput & Versioned;

/** Adds or changes a changed part: a BOM part, an FMEA structure element, or free text, with its functions and what changes on it. */
export async function saveDrbfmPart(ctx: ServiceContext, projectId: string, input: PartSave): Promise<DrbfmView> {
  assertNoIssues(drbfmPartIssues(input, !input.id));
  return saveRow(ctx, projectId, PART, input, async (tx, txCtx, existing) => {
    const kind = (input.partKind ?? existing?.partKind) as DrbfmPartKind;
    const refChanged = input.partKind !== undefined || input.refId !== undefined;
    const named = kind !== 'text' && refChanged ? await namedPart(tx, txCtx, kind, input.refId ?? (existing?.refId as string)) : null;
    return {
      ...(input.partKind !== undefined && { partKind: kind, refId: kind === 'text' ? null : (input.refId ?? null) }),
      ...(named ? { code: named.code, name: text(input.name) ?? named.name } : input.name !== undefined ? { name: input.name.trim() } : {}),
      ...(input.functions !== undefined && { functions: text(input.functions) }),
      ...(input.changeNote !== undefined && { changeNote: text(input.changeNote) }),
    };
  });
}

export const removeDrbfmPart = (ctx: ServiceContext, projectId: string, id: string, version: number) => removeRow(ctx, projectId, PART, id, version);

async function personName(tx: DbOrTx, userId: string) {
  const row = await tx.select({ userName: user.userName, realName: user.realName }).from(user).where(eq(user.id, userId)).get();
  return row ? { ...row, name: row.realName || row.userName } : null;
}

export type ConcernSave = DrbfmConcernInput & Versioned & { partId?: string; raisedById?: string | null };

/**
 * Adds or changes a concern on a changed part. It is raised by a member of the DRBFM's team (its reviewers),
 * the caller unless another member is named.
 */
export async function saveDrbfmConcern(ctx: ServiceContext, projectId: string, input: ConcernSave): Promise<DrbfmView> {
  const issues = drbfmConcernIssues(input, !input.id);
  if (!input.id && !input.partId) issues.push({ messageKey: 'validation.required', field: 'partId', params: { field: 'partId' } });
  assertNoIssues(issues);
  return saveRow(ctx, projectId, CONCERN, input, async (tx, txCtx, existing) => {
    if (input.partId) await rowOf(tx, drbfmPart, projectId, input.partId, 'partId');
    const raiser = input.raisedById !== undefined ? input.raisedById : existing ? undefined : txCtx.actor.userId;
    let raised = {};
    if (raiser) {
      const members = await readMembers(tx, projectId);
      const person = members.some((m) => m.userId === raiser) ? await personName(tx, raiser) : null;
      if (!person) throw refused('drbfm.raiser_not_member', 'raisedById');
      raised = { raisedById: raiser, raisedByName: person.name };
    } else if (raiser === null) raised = { raisedById: null, raisedByName: null };
    return {
      ...(input.partId !== undefined && { partId: input.partId }),
      ...(input.partFunction !== undefined && { partFunction: text(input.partFunction) }),
      ...(input.concern !== undefined && { concern: input.concern.trim() }),
      ...(input.influence !== undefined && { influence: text(input.influence) }),
      ...(input.cause !== undefined && { cause: text(input.cause) }),
      ...(input.importance !== undefined && { importance: (input.importance ?? null) as DrbfmImportance | null }),
      ...raised,
    };
  });
}

export const removeDrbfmConcern = (ctx: ServiceContext, projectId: string, id: string, version: number) => removeRow(ctx, projectId, CONCERN, id, version);

export type ActionSave = DrbfmActionInput & Versioned & { concernId?: string; responsibleUserId?: string | null };

/** Adds or changes a design or evaluation action on a concern; its responsible person must be able to read the DRBFM. */
export async function saveDrbfmAction(ctx: ServiceContext, projectId: string, input: ActionSave, outbox?: MessageRow[]): Promise<DrbfmView> {
  const issues = drbfmActionIssues(input, !input.id);
  if (!input.id && !input.concernId) issues.push({ messageKey: 'validation.required', field: 'concernId', params: { field: 'concernId' } });
  assertNoIssues(issues);
  return saveRow(ctx, projectId, ACTION, input, async (tx, txCtx, existing) => {
    if (input.concernId) await rowOf(tx, drbfmConcern, projectId, input.concernId, 'concernId');
    let responsible = {};
    if (input.responsibleUserId) {
      const person = await personName(tx, input.responsibleUserId);
      if (!person || !(await userCanReadProject(tx, { userId: input.responsibleUserId, userName: person.userName }, projectId, txCtx.now()))) throw refused('drbfm.responsible_cannot_read', 'responsibleUserId');
      responsible = { responsibleUserId: input.responsibleUserId, responsibleName: person.name };
      // a newly named responsible person (not the caller) is told, as an FMEA action's is
      if (input.responsibleUserId !== existing?.responsibleUserId && input.responsibleUserId !== txCtx.actor.userId) {
        const project = (await tx.select({ serialNum: fmeaProject.serialNum, name: fmeaProject.name, projectType: fmeaProject.projectType }).from(fmeaProject).where(eq(fmeaProject.id, projectId)).get())!;
        const sender = txCtx.actor.userId ? await personName(tx, txCtx.actor.userId) : null;
        const told = await sendMessages(tx, [
          {
            recipientId: input.responsibleUserId,
            senderId: txCtx.actor.userId,
            code: kindOf(project.projectType).messages.task,
            messageKey: 'message.drbfm_action',
            params: { sender: sender?.name ?? txCtx.actor.userName ?? '', serialNum: project.serialNum, name: project.name, action: input.description ?? String(existing?.description ?? '') },
            projectId,
            serialNum: project.serialNum,
            route: projectLink(project.projectType, projectId),
          },
        ]);
        outbox?.push(...told);
      }
    } else if (input.responsibleUserId === null) responsible = { responsibleUserId: null, responsibleName: null };
    return {
      ...(input.concernId !== undefined && { concernId: input.concernId }),
      ...(input.kind !== undefined && { kind: input.kind as DrbfmActionKind }),
      ...(input.description !== undefined && { description: input.description.trim() }),
      ...(input.targetDate !== undefined && { targetDate: input.targetDate || null }),
      ...(input.status !== undefined && { status: input.status as DrbfmActionStatus }),
      ...(input.result !== undefined && { result: text(input.result) }),
      ...responsible,
    };
  });
}

export const removeDrbfmAction = (ctx: ServiceContext, projectId: string, id: string, version: number) => removeRow(ctx, projectId, ACTION, id, version);

export type MeetingSave = DrbfmMeetingInput & Versioned;

/** Adds or changes a review meeting's record. */
export async function saveDrbfmMeeting(ctx: ServiceContext, projectId: string, input: MeetingSave): Promise<DrbfmView> {
  assertNoIssues(drbfmMeetingIssues(input, !input.id));
  return saveRow(ctx, projectId, MEETING, input, async () => ({
    ...(input.meetingDate !== undefined && { meetingDate: input.meetingDate }),
    ...(input.participants !== undefined && { participants: input.participants.trim() }),
    ...(input.minutes !== undefined && { minutes: text(input.minutes) }),
    ...(input.decisions !== undefined && { decisions: text(input.decisions) }),
  }));
}

export const removeDrbfmMeeting = (ctx: ServiceContext, projectId: string, id: string, version: number) => removeRow(ctx, projectId, MEETING, id, version);
