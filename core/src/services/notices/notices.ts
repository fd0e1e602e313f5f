import { and, count, desc, eq, notExists, type SQL, like } from 'drizzle-orm';
import { notice, noticeRead } from '../../db/schema/index.ts';
import { NOTICE_STATUSES } from '../../db/schema/notice.ts';
import type { DbOrTx } from '../../db/client.ts';
import { InvalidInputError, NotFoundError } from '../../errors.ts';
import { assertNoIssues, checkText } from '../../domain/validation/index.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';
import { pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';

export type Notice = typeof notice.$inferSelect;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

export interface NoticeInput {
  id?: string;
  number?: string;
  title: string;
  content?: string;
  type?: string;
  /** Shown publication time; stamped on publishing when not set. `null` clears it. */
  publishTime?: Date | null;
}

export async function findNotice(db: DbOrTx, id: string): Promise<Notice> {
  const row = await db.select().from(notice).where(eq(notice.id, id)).get();
  if (!row) throw new NotFoundError('notice.not_found', { notice: id });
  return row;
}

/** Spec notice/saveOrUpdate: creates when `id` is absent; new notices start as drafts. */
export async function saveNotice(ctx: ServiceContext, input: NoticeInput): Promise<Notice> {
  const title = input.title.trim();
  assertNoIssues([
    ...checkText(title, { field: 'title', required: true }),
    ...checkText(input.number ?? '', { field: 'number', max: 50 }),
  ]);
  return writeAndLog(ctx, async (tx) => {
    if (input.id) {
      const before = await findNotice(tx, input.id);
      const [row] = await tx
        .update(notice)
        .set({
          title,
          number: input.number ?? before.number,
          content: input.content ?? before.content,
          type: input.type ?? before.type,
          publishTime: input.publishTime === undefined ? before.publishTime : input.publishTime,
        })
        .where(eq(notice.id, before.id))
        .returning();
      return { result: row!, log: { action: 'notice.update', entity: 'notice', entityId: before.id, before, after: row } };
    }
    // the next N-number after the highest one given: counting rows would repeat numbers after a delete
    const numbers = await tx.select({ number: notice.number }).from(notice).where(like(notice.number, 'N%'));
    const n = numbers.reduce((max, r) => Math.max(max, Number(r.number.slice(1)) || 0), 0);
    const [row] = await tx
      .insert(notice)
      .values({
        title,
        number: input.number?.trim() || `N${String(n + 1).padStart(5, '0')}`,
        content: input.content ?? '',
        type: input.type ?? '1',
        publishTime: input.publishTime ?? null,
        createdBy: ctx.actor.userId,
      })
      .returning();
    return { result: row!, log: { action: 'notice.create', entity: 'notice', entityId: row!.id, after: row } };
  });
}

/** Spec notice/updateStatus: '1' publishes (and stamps publishTime), '2' withdraws, '0' back to draft. */
export async function setNoticeStatus(ctx: ServiceContext, id: string, status: string): Promise<Notice> {
  if (!(NOTICE_STATUSES as readonly string[]).includes(status)) throw new InvalidInputError('error.invalid_input');
  return writeAndLog(ctx, async (tx) => {
    const before = await findNotice(tx, id);
    const publishTime = status === '1' ? (before.publishTime ?? ctx.now()) : before.publishTime;
    const [row] = await tx.update(notice).set({ status: status as NoticeStatus, publishTime }).where(eq(notice.id, id)).returning();
    return { result: row!, log: { action: 'notice.status', entity: 'notice', entityId: id, before, after: row } };
  });
}

export async function deleteNotice(ctx: ServiceContext, id: string): Promise<void> {
  await writeAndLog(ctx, async (tx) => {
    const before = await findNotice(tx, id);
    await tx.delete(notice).where(eq(notice.id, id));
    return { result: undefined, log: { action: 'notice.delete', entity: 'notice', entityId: id, before } };
  });
}

export async function listNotices(ctx: ServiceContext, query: PageQuery & { status?: string } = {}): Promise<Page<Notice>> {
  const { page, limit, offset } = pageWindow(query);
  const where: SQL | undefined = query.status ? eq(notice.status, query.status as NoticeStatus) : undefined;
  const db = await readDb(ctx);
  const [total] = await db.select({ n: count() }).from(notice).where(where);
  const items = await db.select().from(notice).where(where).orderBy(desc(notice.createdAt)).limit(limit).offset(offset);
  return { items, total: total?.n ?? 0, page, limit };
}

/** Published notices the user has not read (spec getNoticeCount). */
export async function unreadNoticeCount(db: DbOrTx, userId: string): Promise<number> {
  const read = db.select().from(noticeRead).where(and(eq(noticeRead.noticeId, notice.id), eq(noticeRead.userId, userId)));
  const [row] = await db.select({ n: count() }).from(notice).where(and(eq(notice.status, '1'), notExists(read)));
  return row?.n ?? 0;
}

export async function markNoticeRead(ctx: ServiceContext, id: string, userId: string): Promise<void> {
  await findNotice(ctx.db, id);
  await ctx.db.insert(noticeRead).values({ noticeId: id, userId, readAt: ctx.now() }).onConflictDoNothing();
}
