import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaComment, fmeaReviewAssignee, fmeaReviewRound, user } from '../../db/schema/index.ts';
import { COMMENT_BODY_MAX, COMMENT_TARGET_STEPS, mentionedNames, type CommentTargetKind } from '../../domain/fmea-comments/index.ts';
import { assertNoIssues, checkText } from '../../domain/validation/index.ts';
import { InvalidInputError, NotAllowedError, NotFoundError } from '../../errors.ts';
import type { Operator, ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { openableProject } from '../fmea/access.ts';
import { projectLink } from '../../domain/fmea/kinds.ts';
import { sendMessages, type MessageRow } from '../messages/inbox.ts';
import { markRead } from './discussions.ts';
import { canRead, nameOf, peopleByIds, type CommentPerson } from './people.ts';
import { findRowPlace } from './targets.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import { isDeleted, live, softDeleted } from '../../db/live.ts';
import { AREAS, commentTargetsOf, type AreaDefinition } from '../../domain/areas/index.ts';

/**
 * Comments on FMEA rows with @mentions (docs/domain/fmea-communication.md).
 * Reading follows the project (whoever may open it); writing needs a member,
 * an administrator or a named reviewer of the project who may open it;
 * deleting is the author's or an administrator's. Comments are not edits of
 * the analysis: the review lock does not hold them (reviewers discuss a
 * project under review).
 */

export type FmeaCommentRow = typeof fmeaComment.$inferSelect;

export interface FmeaCommentView {
  readonly id: string;
  readonly projectId: string;
  readonly targetKind: CommentTargetKind;
  readonly targetId: string;
  readonly nodeId: string | null;
  readonly body: string;
  readonly replyTo: string | null;
  readonly mentions: CommentPerson[];
  readonly authorId: string | null;
  readonly authorName: string;
  readonly createdAt: Date;
  /** The reader wrote it or is an administrator. */
  readonly canDelete: boolean;
}

async function views(db: DbOrTx, me: string | null, isAdmin: boolean, rows: readonly FmeaCommentRow[]): Promise<FmeaCommentView[]> {
  const people = await peopleByIds(db, rows.flatMap((r) => [...r.mentions, ...(r.authorId ? [r.authorId] : [])]));
  return rows.map((r) => ({
    id: r.id,
    projectId: r.projectId,
    targetKind: r.targetKind,
    targetId: r.targetId,
    nodeId: r.nodeId,
    body: r.body,
    replyTo: r.replyTo,
    mentions: r.mentions.flatMap((id) => (people.has(id) ? [people.get(id)!] : [])),
    authorId: r.authorId,
    authorName: nameOf(r.authorId ? people.get(r.authorId) : undefined),
    createdAt: r.createdAt,
    canDelete: isAdmin || (me !== null && r.authorId === me),
  }));
}

/** A named reviewer of any review round of the project. */
async function isNamedReviewer(db: DbOrTx, projectId: string, userId: string): Promise<boolean> {
  const row = await db
    .select({ userId: fmeaReviewAssignee.userId })
    .from(fmeaReviewAssignee)
    .innerJoin(fmeaReviewRound, eq(fmeaReviewRound.id, fmeaReviewAssignee.roundId))
    .where(and(eq(fmeaReviewRound.projectId, projectId), eq(fmeaReviewAssignee.userId, userId)))
    .get();
  return row !== undefined;
}

/** The project may be commented on by the operator: open it, and be a member, an administrator or a named reviewer. */
async function assertMayComment(db: DbOrTx, operator: Operator, projectId: string, now: Date) {
  const loaded = await openableProject(db, operator, projectId, now);
  if (loaded.access === 'shared' && !(await isNamedReviewer(db, projectId, loaded.actor.userId))) throw new NotAllowedError('fmea_comment.write_not_allowed');
  return loaded;
}

/**
 * The users a body mentions: `@name` matched on the user name (any case) or
 * the real name; names no user has stay plain text. A mentioned user who may
 * not read the project refuses the comment (400, naming them), so nobody is
 * told of a row they cannot open and the author learns it at once.
 */
async function resolveMentions(db: DbOrTx, body: string, projectId: string, now: Date, authorId: string | null): Promise<CommentPerson[]> {
  const names = mentionedNames(body);
  if (names.length === 0) return [];
  const lower = names.map((n) => n.toLowerCase());
  const rows = await db
    .select({ userId: user.id, userName: user.userName, realName: user.realName })
    .from(user)
    .where(and(live(user), or(inArray(sql`lower(${user.userName})`, lower), inArray(user.realName, names))));
  const found: CommentPerson[] = [];
  for (const name of names) {
    const person = rows.find((r) => r.userName.toLowerCase() === name.toLowerCase()) ?? rows.find((r) => r.realName === name);
    if (person && !found.some((f) => f.userId === person.userId)) found.push(person);
  }
  const refused: CommentPerson[] = [];
  for (const person of found) if (person.userId !== authorId && !(await canRead(db, person, projectId, now))) refused.push(person);
  if (refused.length > 0) {
    throw new InvalidInputError(
      'fmea_comment.mention_cannot_read',
      { user: refused.map(nameOf).join(', ') },
      refused.map((p) => ({ messageKey: 'fmea_comment.mention_cannot_read', field: 'body', params: { user: nameOf(p) } })),
    );
  }
  return found;
}

export interface AddCommentInput {
  readonly projectId: string;
  readonly targetKind: CommentTargetKind;
  readonly targetId: string;
  readonly body: string;
  readonly replyTo?: string | null;
}

/** Where a comment's message takes its reader: the project at the row's step, with the row's thread open. */
export function commentLink(projectType: string, projectId: string, targetKind: CommentTargetKind, targetId: string): string {
  const step = COMMENT_TARGET_STEPS[targetKind];
  return `${projectLink(projectType, projectId)}&rightType=${step}&thread=${encodeURIComponent(`${targetKind}:${targetId}`)}`;
}

/**
 * Writes a comment (or a reply) on a row and tells each mentioned user with a
 * 'comment' message opening the project at the row, in the same transaction.
 * The row's kind must be one the area opening the project takes comments on
 * (`contributes.commentTargets`; `areas` lets a test declare another).
 * Returns the comment and the messages for the caller to push.
 */
export async function addComment(ctx: ServiceContext, input: AddCommentInput, areas: readonly AreaDefinition[] = AREAS): Promise<{ comment: FmeaCommentView; messages: MessageRow[] }> {
  assertNoIssues(checkText(input.body, { field: 'body', max: COMMENT_BODY_MAX, required: true }));
  const body = input.body.trim();
  return writeAndLog(ctx, async (tx) => {
    const now = ctx.now();
    const loaded = await assertMayComment(tx, ctx.actor, input.projectId, now);
    // a kind the project's area takes no comments on has no such row in the project
    if (!commentTargetsOf(areas, loaded.project.projectType).includes(input.targetKind)) throw new NotFoundError('fmea_comment.target_not_found', { kind: input.targetKind, id: input.targetId });
    const place = await findRowPlace(tx, input.targetKind, input.targetId);
    if (place.projectId !== input.projectId) throw new NotFoundError('fmea_comment.target_not_found', { kind: input.targetKind, id: input.targetId });
    if (input.replyTo) {
      const parent = await tx.select().from(fmeaComment).where(eq(fmeaComment.id, input.replyTo)).get();
      if (!parent || isDeleted(parent) || parent.targetId !== input.targetId || parent.targetKind !== input.targetKind) throw new NotFoundError('fmea_comment.not_found', { comment: input.replyTo });
    }
    const mentioned = await resolveMentions(tx, body, input.projectId, now, ctx.actor.userId);
    const [row] = await tx
      .insert(fmeaComment)
      .values({
        projectId: input.projectId,
        targetKind: input.targetKind,
        targetId: input.targetId,
        nodeId: place.nodeId,
        body,
        replyTo: input.replyTo ?? null,
        mentions: mentioned.map((m) => m.userId),
        authorId: ctx.actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // the author has read what they wrote
    if (ctx.actor.userId) await markRead(tx, ctx.actor.userId, input.projectId, now);
    const project = loaded.project;
    const sender = ctx.actor.userId ? nameOf((await peopleByIds(tx, [ctx.actor.userId])).get(ctx.actor.userId)) : ctx.actor.userName;
    const messages = await sendMessages(
      tx,
      mentioned
        .filter((m) => m.userId !== ctx.actor.userId)
        .map((m) => ({
          recipientId: m.userId,
          senderId: ctx.actor.userId,
          code: 'comment' as const,
          messageKey: 'message.fmea_comment',
          params: { sender: sender || ctx.actor.userName, serialNum: project.serialNum, name: project.name, row: place.text },
          content: body,
          projectId: project.id,
          serialNum: project.serialNum,
          rightType: COMMENT_TARGET_STEPS[input.targetKind],
          leftType: kindOf(project.projectType).leftTypes.default,
          route: commentLink(project.projectType, project.id, input.targetKind, input.targetId),
          targetId: row!.id,
        })),
    );
    const [view] = await views(tx, ctx.actor.userId, loaded.actor.isAdmin, [row!]);
    return { result: { comment: view!, messages }, log: { action: 'fmea.comment.create', entity: 'fmea_comment', entityId: row!.id, after: row } };
  });
}

/** A row's thread, oldest first (replies carry `replyTo`), with what the row says; for anyone who may open the project. */
export async function listComments(
  ctx: ServiceContext,
  query: { projectId: string; targetKind: CommentTargetKind; targetId: string },
): Promise<{ rowText: string | null; items: FmeaCommentView[] }> {
  const loaded = await openableProject(ctx.db, ctx.actor, query.projectId, ctx.now());
  // what the row says, for the panel's title (a deleted row, or one of another project, has none)
  const place = await findRowPlace(ctx.db, query.targetKind, query.targetId).catch(() => null);
  const rowText = place && place.projectId === query.projectId ? place.text : null;
  const rows = await ctx.db
    .select()
    .from(fmeaComment)
    .where(and(eq(fmeaComment.projectId, query.projectId), eq(fmeaComment.targetKind, query.targetKind), eq(fmeaComment.targetId, query.targetId), live(fmeaComment)))
    .orderBy(asc(fmeaComment.createdAt), asc(sql`${fmeaComment}.rowid`));
  return { rowText, items: await views(ctx.db, ctx.actor.userId, loaded.actor.isAdmin, rows) };
}

/** How many live comments each commented row of the project has: the markers of the grid and the steps. */
export async function commentCounts(ctx: ServiceContext, projectId: string): Promise<{ targetKind: CommentTargetKind; targetId: string; count: number }[]> {
  await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  return ctx.db
    .select({ targetKind: fmeaComment.targetKind, targetId: fmeaComment.targetId, count: count() })
    .from(fmeaComment)
    .where(and(eq(fmeaComment.projectId, projectId), live(fmeaComment)))
    .groupBy(fmeaComment.targetKind, fmeaComment.targetId);
}

/** Deletes a comment (soft): its author or an administrator. Replies to it stay. Answers the comment's project. */
export async function deleteComment(ctx: ServiceContext, commentId: string): Promise<string> {
  return writeAndLog(ctx, async (tx) => {
    const row = await tx.select().from(fmeaComment).where(eq(fmeaComment.id, commentId)).get();
    if (!row || isDeleted(row)) throw new NotFoundError('fmea_comment.not_found', { comment: commentId });
    const loaded = await openableProject(tx, ctx.actor, row.projectId, ctx.now());
    if (!loaded.actor.isAdmin && row.authorId !== ctx.actor.userId) throw new NotAllowedError('fmea_comment.delete_not_allowed');
    await tx.update(fmeaComment).set({ ...softDeleted(), updatedAt: ctx.now() }).where(eq(fmeaComment.id, commentId));
    return { result: row.projectId, log: { action: 'fmea.comment.delete', entity: 'fmea_comment', entityId: commentId, before: row } };
  });
}
