import { kindOf, kindsOfSide, projectLink, type FmeaSide } from '../../domain/fmea/kinds.ts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { fmeaMember, fmeaProject, fmeaProjectShare, fmeaProjectShareUser, message, readApplication, user } from '../../db/schema/index.ts';
import { PROJECT_MEMBER_ROLES } from '../../domain/permissions/index.ts';
import { MY_APPLICATIONS_ROUTE, MY_APPROVALS_ROUTE, type ReadApplicationStatus } from '../../domain/messages/index.ts';
import { ConflictError, InvalidInputError, NotAllowedError, NotFoundError } from '../../errors.ts';
import { actorOf } from '../shared/actor.ts';
import type { ServiceContext } from '../shared/context.ts';
import { pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { sendMessages, type MessageRow } from './inbox.ts';
import { isDeleted } from '../../db/live.ts';
import { jsonElements } from '../../db/portable.ts';

/**
 * Read-access applications (spec 001 §7 applyReadProject,
 * applyReadPfmeaProject, agreeApplication, disagreeApplication): a user
 * outside an FMEA project asks its responsible persons to read it. Agreeing
 * adds the applicant to the project's read-only share (core/src/services/fmea/sharing.ts),
 * so the one permission layer (openableProject) lets them in, read-only.
 */

export type ReadApplicationRow = typeof readApplication.$inferSelect;

export interface ReadApplicationView extends ReadApplicationRow {
  applicantName: string;
  deciderName: string | null;
  projectSerialNum: string;
  projectName: string;
  projectType: string;
  /** The caller may agree or disagree now. */
  canDecide: boolean;
}

/** What a step changed: the application and the messages it stored (the API pushes them). */
export interface ApplicationResult {
  application: ReadApplicationView;
  messages: MessageRow[];
}

export interface ApplyReadInput {
  /** The project's id or its serial number (DF…/PF…). */
  project: string;
  remark?: string | null;
}

const MAX_REMARK = 200; // the product's text limit (docs/domain/fmea-engine.md, choice 13)

function remarkOf(remark: string | null | undefined): string | null {
  const text = remark?.trim() ?? '';
  if (text.length > MAX_REMARK) throw new InvalidInputError('message.remark_too_long', { field: 'remark', max: MAX_REMARK });
  return text === '' ? null : text;
}

/** How a message names a person: the real name, else the user name. */
async function nameOf(db: DbOrTx, userId: string | null, fallback: string): Promise<string> {
  if (!userId) return fallback;
  const row = await db.select({ userName: user.userName, realName: user.realName }).from(user).where(eq(user.id, userId)).get();
  return row ? row.realName || row.userName : fallback;
}

async function view(tx: DbOrTx, ctx: ServiceContext, row: ReadApplicationRow): Promise<ReadApplicationView> {
  return (await views(tx, ctx, [row]))[0]!;
}

async function views(db: DbOrTx, ctx: ServiceContext, rows: readonly ReadApplicationRow[]): Promise<ReadApplicationView[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.flatMap((r) => [r.applicantId, r.decidedBy].filter((id): id is string => id !== null)))];
  const people = new Map((await db.select({ id: user.id, userName: user.userName, realName: user.realName }).from(user).where(inArray(user.id, userIds))).map((u) => [u.id, u.realName || u.userName]));
  const projects = new Map(
    (await db.select({ id: fmeaProject.id, serialNum: fmeaProject.serialNum, name: fmeaProject.name, projectType: fmeaProject.projectType }).from(fmeaProject).where(inArray(fmeaProject.id, [...new Set(rows.map((r) => r.projectId))]))).map((p) => [p.id, p]),
  );
  return rows.map((r) => {
    const p = projects.get(r.projectId);
    return {
      ...r,
      applicantName: people.get(r.applicantId) ?? '',
      deciderName: r.decidedBy ? (people.get(r.decidedBy) ?? null) : null,
      projectSerialNum: p?.serialNum ?? '',
      projectName: p?.name ?? '',
      projectType: p?.projectType ?? '',
      canDecide: r.status === 'pending' && r.approverIds.includes(ctx.actor.userId ?? ''),
    };
  });
}

/**
 * Applies for read access to a project of the call's family: 'dfmea' for
 * applyReadProject (every type but PFMEA), 'pfmea' for applyReadPfmeaProject.
 * Refused for a deleted or missing project (not found), for its members and
 * administrators (they read it already), and while an application of the
 * caller is pending (the same one stands). The responsible persons (role 0;
 * the project's responsible user when the team names none) get a message '1'.
 */
export async function applyReadProject(ctx: ServiceContext, family: FmeaSide, input: ApplyReadInput): Promise<ApplicationResult> {
  const remark = remarkOf(input.remark);
  const me = ctx.actor.userId;
  if (!me) throw new NotAllowedError('message.sign_in_required');
  return writeAndLog(ctx, async (tx) => {
    const project = await tx
      .select()
      .from(fmeaProject)
      .where(sql`(${fmeaProject.id} = ${input.project} or ${fmeaProject.serialNum} = ${input.project})`)
      .get();
    if (!project || isDeleted(project) || kindOf(project.projectType).side !== family) {
      throw new NotFoundError('fmea.project_not_found', { project: input.project });
    }
    const members = await tx.select({ userId: fmeaMember.userId, roles: fmeaMember.roles }).from(fmeaMember).where(eq(fmeaMember.projectId, project.id));
    const actor = await actorOf(tx, ctx.actor);
    if (actor.isAdmin || members.some((m) => m.userId === me)) throw new ConflictError('message.already_can_read');
    const pending = await tx
      .select({ id: readApplication.id })
      .from(readApplication)
      .where(and(eq(readApplication.applicantId, me), eq(readApplication.projectId, project.id), eq(readApplication.status, 'pending')))
      .get();
    if (pending) throw new ConflictError('message.application_pending');
    const owners = members.filter((m) => m.roles.includes(PROJECT_MEMBER_ROLES.responsible)).map((m) => m.userId);
    const approverIds = owners.length > 0 ? owners : project.responsibleUserId ? [project.responsibleUserId] : [];
    if (approverIds.length === 0) throw new ConflictError('message.no_approver');

    const [row] = await tx.insert(readApplication).values({ applicantId: me, projectId: project.id, approverIds, remark }).returning();
    const applicant = await nameOf(tx, me, ctx.actor.userName);
    const messages = await sendMessages(
      tx,
      approverIds.map((recipientId) => ({
        recipientId,
        senderId: me,
        code: '1' as const,
        messageKey: 'message.read_apply',
        params: { applicant, serialNum: project.serialNum, name: project.name },
        content: remark,
        projectId: project.id,
        serialNum: project.serialNum,
        route: MY_APPROVALS_ROUTE,
        targetId: row!.id,
        applicationId: row!.id,
      })),
    );
    return {
      result: { application: await view(tx, ctx, row!), messages },
      log: { action: 'message.apply_read', entity: 'read_application', entityId: row!.id, after: row },
    };
  });
}

/**
 * Agrees to or refuses an application, with an optional remark. Only one of
 * its approvers may, once ("message.not_current_approver" otherwise). The
 * approval messages of every approver become processed; the applicant is
 * told (message 'applicationResult', opening the project when agreed).
 */
export async function decideApplication(ctx: ServiceContext, id: string, agree: boolean, remark?: string | null): Promise<ApplicationResult> {
  const text = remarkOf(remark);
  return writeAndLog(ctx, async (tx) => {
    const before = await tx.select().from(readApplication).where(eq(readApplication.id, id)).get();
    if (!before) throw new NotFoundError('message.application_not_found', { application: id });
    if (!before.approverIds.includes(ctx.actor.userId ?? '')) throw new NotAllowedError('message.not_current_approver');
    if (before.status !== 'pending') throw new ConflictError('message.application_decided');
    const project = await tx.select().from(fmeaProject).where(eq(fmeaProject.id, before.projectId)).get();
    if (!project || isDeleted(project)) throw new NotFoundError('fmea.project_not_found', { project: before.projectId });

    const now = ctx.now();
    const status: ReadApplicationStatus = agree ? 'agreed' : 'disagreed';
    const [row] = await tx
      .update(readApplication)
      .set({ status, decidedBy: ctx.actor.userId, decidedAt: now, decisionRemark: text })
      .where(and(eq(readApplication.id, id), eq(readApplication.status, 'pending')))
      .returning();
    if (!row) throw new ConflictError('message.application_decided');
    if (agree) await grantRead(tx, project.id, before.applicantId, ctx.actor.userId, now);
    await tx.update(message).set({ processed: 1, processedAt: now }).where(and(eq(message.applicationId, id), eq(message.processed, 0)));
    const approver = await nameOf(tx, ctx.actor.userId, ctx.actor.userName);
    const messages = await sendMessages(tx, [
      {
        recipientId: before.applicantId,
        senderId: ctx.actor.userId,
        code: 'applicationResult',
        messageKey: agree ? 'message.read_agreed' : 'message.read_disagreed',
        params: { approver, serialNum: project.serialNum, name: project.name },
        content: text,
        projectId: project.id,
        serialNum: project.serialNum,
        route: agree ? projectLink(project.projectType, project.id) : MY_APPLICATIONS_ROUTE,
        targetId: id,
        applicationId: id,
      },
    ]);
    return {
      result: { application: await view(tx, ctx, row), messages },
      log: { action: agree ? 'message.agree_read' : 'message.disagree_read', entity: 'read_application', entityId: id, before, after: row },
    };
  });
}

/**
 * Read access as the project's share: a project shared with nobody becomes
 * shared with the applicant alone ('partly', no expiry); a 'partly' share
 * gains the applicant (under its expiry, if it has one); an 'all' share
 * already lets them read.
 */
async function grantRead(tx: Tx, projectId: string, userId: string, by: string | null, now: Date): Promise<void> {
  const share = await tx.select().from(fmeaProjectShare).where(eq(fmeaProjectShare.projectId, projectId)).get();
  if (share?.scope === 'all') return;
  if (!share) {
    await tx.insert(fmeaProjectShare).values({ projectId, scope: 'partly', expiresAt: null, updatedBy: by, updatedAt: now, version: 1 });
  } else {
    const scope = share.scope === 'none' ? { scope: 'partly' as const, expiresAt: null } : {};
    await tx
      .update(fmeaProjectShare)
      .set({ ...scope, updatedBy: by, updatedAt: now, version: share.version + 1 })
      .where(eq(fmeaProjectShare.projectId, projectId));
    if (share.scope === 'none') await tx.delete(fmeaProjectShareUser).where(eq(fmeaProjectShareUser.projectId, projectId));
  }
  await tx.insert(fmeaProjectShareUser).values({ projectId, userId }).onConflictDoNothing();
}

export interface ApplicationListQuery extends PageQuery {
  /** pending: waiting for a decision; processed: decided. Absent: both. */
  tab?: 'pending' | 'processed';
  /** Only applications for projects of this family. */
  family?: FmeaSide;
}

async function listWhere(ctx: ServiceContext, where: ReturnType<typeof and>, query: ApplicationListQuery): Promise<Page<ReadApplicationView>> {
  const { page, limit, offset } = pageWindow(query);
  const tab = query.tab === undefined ? undefined : query.tab === 'pending' ? eq(readApplication.status, 'pending') : sql`${readApplication.status} <> 'pending'`;
  const family = query.family === undefined ? undefined : inArray(fmeaProject.projectType, kindsOfSide(query.family));
  const all = and(where, tab, family);
  const [total] = await ctx.db.select({ n: count() }).from(readApplication).innerJoin(fmeaProject, eq(fmeaProject.id, readApplication.projectId)).where(all);
  const rows = await ctx.db
    .select({ a: readApplication })
    .from(readApplication)
    .innerJoin(fmeaProject, eq(fmeaProject.id, readApplication.projectId))
    .where(all)
    .orderBy(desc(sql`coalesce(${readApplication.decidedAt}, ${readApplication.createdAt})`), desc(readApplication.id))
    .limit(limit)
    .offset(offset);
  return { items: await views(ctx.db, ctx, rows.map((r) => r.a)), total: total?.n ?? 0, page, limit };
}

/** The caller's own read applications, newest first. */
export function listMyReadApplications(ctx: ServiceContext, query: ApplicationListQuery = {}): Promise<Page<ReadApplicationView>> {
  return listWhere(ctx, and(eq(readApplication.applicantId, ctx.actor.userId ?? '')), query);
}

/** Read applications the caller is (or was) an approver of: pending ones wait for them; processed ones include those another approver decided. */
export function listReadApprovals(ctx: ServiceContext, query: ApplicationListQuery = {}): Promise<Page<ReadApplicationView>> {
  const me = ctx.actor.userId ?? '';
  return listWhere(ctx, and(sql`exists (select 1 from ${jsonElements(readApplication.approverIds)} where value = ${me})`), query);
}

/** How many read applications wait for the caller's decision (part of the badge's business count). */
export async function countPendingReadApprovals(ctx: ServiceContext): Promise<number> {
  return (await listReadApprovals(ctx, { tab: 'pending', limit: 1 })).total;
}
