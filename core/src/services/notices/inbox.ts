import { and, count, desc, eq, sql } from 'drizzle-orm';
import { notice, noticeRead } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import type { ServiceContext } from '../shared/context.ts';
import { pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { findNotice, markNoticeRead, type Notice } from './notices.ts';

/** A notice as one user sees it: with whether that user has read it. */
export interface InboxNotice extends Notice {
  read: boolean;
}

/** Spec notice/selectList: published notices, newest first, each with the user's read state. */
export async function listPublishedNotices(ctx: ServiceContext, userId: string, query: PageQuery = {}): Promise<Page<InboxNotice>> {
  const { page, limit, offset } = pageWindow(query);
  const published = eq(notice.status, '1');
  const [total] = await ctx.db.select({ n: count() }).from(notice).where(published);
  const rows = await ctx.db
    .select({ notice, readAt: noticeRead.readAt })
    .from(notice)
    .leftJoin(noticeRead, and(eq(noticeRead.noticeId, notice.id), eq(noticeRead.userId, userId)))
    .where(published)
    .orderBy(desc(sql`coalesce(${notice.publishTime}, ${notice.createdAt})`), desc(notice.createdAt))
    .limit(limit)
    .offset(offset);
  return { items: rows.map((r) => ({ ...r.notice, read: r.readAt !== null })), total: total?.n ?? 0, page, limit };
}

/**
 * Spec notice/getNotice for a reader: a published notice, marked read for the
 * user. Drafts and withdrawn notices are not found unless `anyStatus` (the
 * notice administrators preview them; nothing is marked).
 */
export async function readNotice(ctx: ServiceContext, id: string, userId: string, options: { anyStatus?: boolean } = {}): Promise<InboxNotice> {
  const row = await findNotice(ctx.db, id);
  if (row.status !== '1') {
    if (!options.anyStatus) throw new NotFoundError('notice.not_found', { notice: id });
    return { ...row, read: await hasRead(ctx.db, id, userId) };
  }
  await markNoticeRead(ctx, id, userId);
  return { ...row, read: true };
}

async function hasRead(db: DbOrTx, noticeId: string, userId: string): Promise<boolean> {
  const row = await db
    .select({ at: noticeRead.readAt })
    .from(noticeRead)
    .where(and(eq(noticeRead.noticeId, noticeId), eq(noticeRead.userId, userId)))
    .get();
  return row !== undefined;
}
