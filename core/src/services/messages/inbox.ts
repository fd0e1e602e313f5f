import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { message, notice, user } from '../../db/schema/index.ts';
import { MESSAGE_CODES, type MessageCode, type MessageKind } from '../../domain/messages/index.ts';
import { InvalidInputError, NotFoundError } from '../../errors.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';
import { pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { live, softDeleted } from '../../db/live.ts';

/**
 * The stored message inbox (spec 001 §7 message calls; docs/domain/messages.md).
 * Every user reads, marks and deletes only their own messages: someone
 * else's is "not found", never "not allowed", so ids do not leak.
 */

export type MessageRow = typeof message.$inferSelect;

/** What a feature sends: one recipient, a message key with params (rendered in the reader's language), a target. */
export interface MessageDraft {
  recipientId: string;
  senderId?: string | null;
  kind?: MessageKind;
  code: MessageCode;
  messageKey: string;
  params?: Record<string, string | number>;
  content?: string | null;
  projectId?: string | null;
  serialNum?: string | null;
  rightType?: string | null;
  leftType?: string | null;
  route?: string | null;
  targetId?: string | null;
  applicationId?: string | null;
}

/** A message as its reader sees it, with the sender's name. */
export interface MessageView extends MessageRow {
  senderName: string | null;
}

/**
 * Stores messages inside the caller's transaction, so a step and the news of
 * it land together. Returns the rows: the API pushes each to its recipient's
 * sockets after the commit.
 */
export async function sendMessages(db: DbOrTx, drafts: readonly MessageDraft[]): Promise<MessageRow[]> {
  if (drafts.length === 0) return [];
  return db
    .insert(message)
    .values(drafts.map((d) => ({ ...d, params: d.params ?? {}, kind: d.kind ?? ('business' as const) })))
    .returning();
}

/** The inbox's tabs: business pending (not processed), processed, system. */
export const MESSAGE_BOXES = ['business', 'processed', 'system'] as const;
export type MessageBox = (typeof MESSAGE_BOXES)[number];

export interface MessageListQuery extends PageQuery {
  /** Only unread ones. */
  unread?: boolean;
}

const own = (ctx: ServiceContext): SQL => and(eq(message.recipientId, ctx.actor.userId ?? ''), live(message))!;

function boxCondition(box: MessageBox): SQL {
  if (box === 'system') return eq(message.kind, 'system');
  return and(eq(message.kind, 'business'), eq(message.processed, box === 'processed' ? 1 : 0))!;
}

async function withSenders(db: DbOrTx, rows: readonly MessageRow[]): Promise<MessageView[]> {
  const ids = [...new Set(rows.map((r) => r.senderId).filter((id): id is string => id !== null))];
  const names = new Map(
    ids.length === 0 ? [] : (await db.select({ id: user.id, userName: user.userName, realName: user.realName }).from(user).where(inArray(user.id, ids))).map((u) => [u.id, u.realName || u.userName]),
  );
  return rows.map((r) => ({ ...r, senderName: r.senderId ? (names.get(r.senderId) ?? null) : null }));
}

/** businessMessageList / processedList / systemMessageList: the caller's own, newest first. */
export async function listMessages(ctx: ServiceContext, box: MessageBox, query: MessageListQuery = {}): Promise<Page<MessageView>> {
  const { page, limit, offset } = pageWindow(query);
  const where = and(own(ctx), boxCondition(box), query.unread ? eq(message.readFlag, 0) : undefined);
  const reader = await readDb(ctx);
  const [total] = await reader.select({ n: count() }).from(message).where(where);
  const rows = await reader.select().from(message).where(where).orderBy(desc(message.createdAt), desc(message.id)).limit(limit).offset(offset);
  return { items: await withSenders(reader, rows), total: total?.n ?? 0, page, limit };
}

/** The badge's numbers: unread business messages still pending, and unread system messages. */
export async function countUnreadMessages(ctx: ServiceContext): Promise<{ business: number; system: number }> {
  const rows = await ctx.db
    .select({ kind: message.kind, n: count() })
    .from(message)
    .where(and(own(ctx), eq(message.readFlag, 0), eq(message.processed, 0)))
    .groupBy(message.kind);
  const of = (kind: MessageKind) => rows.find((r) => r.kind === kind)?.n ?? 0;
  return { business: of('business'), system: of('system') };
}

async function findOwn(db: DbOrTx, ctx: ServiceContext, id: string): Promise<MessageRow> {
  const row = await db
    .select()
    .from(message)
    .where(and(eq(message.id, id), own(ctx)))
    .get();
  if (!row) throw new NotFoundError('message.not_found', { message: id });
  return row;
}

/**
 * readMessage: marks one of the caller's messages read. A message that only
 * tells (every code but '1', an approval waiting for a decision) is
 * processed by reading it and moves to the processed list.
 */
export async function readMessage(ctx: ServiceContext, id: string): Promise<MessageView> {
  const before = await findOwn(ctx.db, ctx, id);
  const now = ctx.now();
  const [row] = await ctx.db
    .update(message)
    .set({ readFlag: 1, readAt: before.readAt ?? now, ...(before.code !== '1' && before.processed === 0 && { processed: 1, processedAt: now }) })
    .where(eq(message.id, id))
    .returning();
  return (await withSenders(ctx.db, [row!]))[0]!;
}

/** readAllBusinessMessage / readAllSystemMessage: every unread one of the kind, as readMessage would. Returns how many. */
export async function readAllMessages(ctx: ServiceContext, kind: MessageKind): Promise<number> {
  const now = ctx.now();
  const unread = and(own(ctx), eq(message.kind, kind), eq(message.readFlag, 0));
  const informative = await ctx.db
    .update(message)
    .set({ readFlag: 1, readAt: now, processed: 1, processedAt: now })
    .where(and(unread, eq(message.processed, 0), inArray(message.code, NON_APPROVAL_CODES)))
    .returning({ id: message.id });
  const rest = await ctx.db.update(message).set({ readFlag: 1, readAt: now }).where(unread).returning({ id: message.id });
  return informative.length + rest.length;
}

// every code but the approval ('1'): reading one of those is all it asks
const NON_APPROVAL_CODES: MessageCode[] = MESSAGE_CODES.filter((code) => code !== '1');

/** deleteMessage: the caller's own only (soft: delFlg 1). An approval's application stays in My approvals. */
export async function deleteMessage(ctx: ServiceContext, id: string): Promise<void> {
  await findOwn(ctx.db, ctx, id);
  await ctx.db.update(message).set(softDeleted()).where(eq(message.id, id));
}

/** getLatestMessageAndNotice: the newest unread business message and the newest published notice (either may be null). */
export async function latestMessageAndNotice(ctx: ServiceContext): Promise<{ message: MessageView | null; notice: typeof notice.$inferSelect | null }> {
  const latest = await ctx.db
    .select()
    .from(message)
    .where(and(own(ctx), eq(message.kind, 'business'), eq(message.readFlag, 0)))
    .orderBy(desc(message.createdAt), desc(message.id))
    .limit(1);
  const published = await ctx.db.select().from(notice).where(eq(notice.status, '1')).orderBy(desc(notice.publishTime), desc(notice.createdAt)).limit(1);
  return { message: (await withSenders(ctx.db, latest))[0] ?? null, notice: published[0] ?? null };
}

/** appExportForModule's fields (spec 001 §7). */
export interface ExportRequestInput {
  serialNum: string;
  /** The user asked to export: an id or a user name. */
  oprateUser: string;
  remark?: string | null;
  type?: string | null;
  libraryType?: string | null;
  lanTuMessageType?: string | null;
  programId?: string | null;
}

/**
 * appExportForModule: asks another user to export a module (a library or a
 * project part the caller cannot export themselves), stored as an
 * 'exportRequest' message to them with what to export.
 */
export async function requestModuleExport(ctx: ServiceContext, input: ExportRequestInput): Promise<MessageRow> {
  const serialNum = input.serialNum.trim();
  if (serialNum === '' || serialNum.length > 100) throw new InvalidInputError('error.invalid_input', { field: 'serialNum' });
  if ((input.remark ?? '').length > 200) throw new InvalidInputError('error.invalid_input', { field: 'remark' });
  const target = await ctx.db
    .select({ id: user.id })
    .from(user)
    .where(and(live(user), or(eq(user.id, input.oprateUser), eq(user.userName, input.oprateUser))))
    .get();
  if (!target) throw new NotFoundError('message.user_not_found', { user: input.oprateUser });
  const params: Record<string, string> = { serialNum, sender: ctx.actor.userName };
  for (const key of ['type', 'libraryType', 'lanTuMessageType', 'programId'] as const) if (input[key]) params[key] = String(input[key]);
  const [row] = await sendMessages(ctx.db, [
    {
      recipientId: target.id,
      senderId: ctx.actor.userId,
      code: 'exportRequest',
      messageKey: 'message.export_request',
      params,
      content: input.remark?.trim() || null,
      serialNum,
      targetId: input.programId ?? null,
    },
  ]);
  return row!;
}
