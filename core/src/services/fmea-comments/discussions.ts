import { and, count, desc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaComment, fmeaCommentRead, fmeaMember, fmeaProject } from '../../db/schema/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { openableProject } from '../fmea/access.ts';
import { canRead, nameOf, peopleByIds } from './people.ts';
import { live } from '../../db/live.ts';
import { jsonElements } from '../../db/portable.ts';

/**
 * The discussion side of comments: what each user has read per project, and
 * GET /communication/getProjectsOfUser (the header's dropdown) with unread
 * counts (docs/domain/fmea-communication.md).
 */

export async function markRead(db: DbOrTx, userId: string, projectId: string, at: Date): Promise<void> {
  await db.insert(fmeaCommentRead).values({ userId, projectId, readAt: at }).onConflictDoUpdate({ target: [fmeaCommentRead.userId, fmeaCommentRead.projectId], set: { readAt: at } });
}

/**
 * Marks the project's comments read for the caller (they opened the
 * project); the unread count of getProjectsOfUser drops to 0. Their comment
 * messages stay as they are: each is read when opened (it names one row).
 * Not an edit: no log row.
 */
export async function markCommentsRead(ctx: ServiceContext, projectId: string): Promise<void> {
  const me = ctx.actor.userId;
  if (!me) return;
  await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  await markRead(ctx.db, me, projectId, ctx.now());
}

export interface ProjectDiscussion {
  readonly projectId: string;
  readonly serialNum: string;
  readonly name: string;
  readonly projectType: string;
  /** Live comments by others written after the caller last read the project's discussion. */
  readonly unread: number;
  readonly lastComment: { readonly body: string; readonly authorName: string; readonly createdAt: Date } | null;
}

/**
 * GET /communication/getProjectsOfUser: the caller's projects (live, member
 * of, or mentioned in one of its comments and still able to open it) with
 * their unread comment counts, unread first, then by latest comment;
 * `anyUnread` over all of them (the spec's flag).
 */
export async function projectsOfUser(ctx: ServiceContext, query: PageQuery = {}): Promise<Page<ProjectDiscussion> & { anyUnread: boolean }> {
  const { page, limit, offset } = pageWindow(query);
  const me = ctx.actor.userId;
  if (!me) return { items: [], total: 0, page, limit, anyUnread: false };
  const memberOf = ctx.db.select({ id: fmeaMember.projectId }).from(fmeaMember).where(eq(fmeaMember.userId, me));
  const mentionedIn = ctx.db
    .select({ id: fmeaComment.projectId })
    .from(fmeaComment)
    .where(and(live(fmeaComment), sql`exists (select 1 from ${jsonElements(fmeaComment.mentions)} where value = ${me})`));
  const candidates = await ctx.db
    .select({ id: fmeaProject.id, serialNum: fmeaProject.serialNum, name: fmeaProject.name, projectType: fmeaProject.projectType, member: sql<number>`${fmeaProject.id} in ${memberOf}` })
    .from(fmeaProject)
    .where(and(live(fmeaProject), or(inArray(fmeaProject.id, memberOf), inArray(fmeaProject.id, mentionedIn))));
  // a mentioned non-member counts only while they may still open the project
  const now = ctx.now();
  const projects = [];
  for (const p of candidates) if (p.member || (await canRead(ctx.db, { userId: me, userName: ctx.actor.userName }, p.id, now))) projects.push(p);
  if (projects.length === 0) return { items: [], total: 0, page, limit, anyUnread: false };
  const ids = projects.map((p) => p.id);
  const unreadRows = await ctx.db
    .select({ projectId: fmeaComment.projectId, n: count() })
    .from(fmeaComment)
    .leftJoin(fmeaCommentRead, and(eq(fmeaCommentRead.projectId, fmeaComment.projectId), eq(fmeaCommentRead.userId, me)))
    .where(
      and(
        inArray(fmeaComment.projectId, ids),
        live(fmeaComment),
        or(isNull(fmeaComment.authorId), ne(fmeaComment.authorId, me)),
        or(isNull(fmeaCommentRead.readAt), gt(fmeaComment.createdAt, fmeaCommentRead.readAt)),
      ),
    )
    .groupBy(fmeaComment.projectId);
  const unread = new Map(unreadRows.map((r) => [r.projectId, r.n]));
  const latestRows = await ctx.db
    .select({ projectId: fmeaComment.projectId, body: fmeaComment.body, authorId: fmeaComment.authorId, createdAt: fmeaComment.createdAt })
    .from(fmeaComment)
    .where(
      and(
        inArray(fmeaComment.projectId, ids),
        live(fmeaComment),
        sql`${fmeaComment.createdAt} = (select max(c2.created_at) from fmea_comment c2 where c2.project_id = ${fmeaComment.projectId} and c2.del_flg = 0)`,
      ),
    )
    .orderBy(desc(sql`${fmeaComment}.rowid`));
  const latest = new Map<string, (typeof latestRows)[number]>();
  for (const r of latestRows) if (!latest.has(r.projectId)) latest.set(r.projectId, r);
  const authors = await peopleByIds(ctx.db, [...latest.values()].flatMap((r) => (r.authorId ? [r.authorId] : [])));
  const items: ProjectDiscussion[] = projects.map((p) => {
    const last = latest.get(p.id);
    return {
      projectId: p.id,
      serialNum: p.serialNum,
      name: p.name,
      projectType: p.projectType,
      unread: unread.get(p.id) ?? 0,
      lastComment: last ? { body: last.body, authorName: nameOf(last.authorId ? authors.get(last.authorId) : undefined), createdAt: last.createdAt } : null,
    };
  });
  items.sort(
    (a, b) =>
      b.unread - a.unread ||
      (b.lastComment?.createdAt.getTime() ?? 0) - (a.lastComment?.createdAt.getTime() ?? 0) ||
      a.serialNum.localeCompare(b.serialNum),
  );
  return { items: items.slice(offset, offset + limit), total: items.length, page, limit, anyUnread: items.some((p) => p.unread > 0) };
}
