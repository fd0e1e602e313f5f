import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaProjectShare, fmeaProjectShareUser, SHARE_SCOPES, user } from '../../db/schema/index.ts';
import { NotAllowedError, NotFoundError, type Issue } from '../../errors.ts';
import { type ProjectShareScope } from '../../domain/permissions/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertOwner, editableProject, openableProject, readShare, staleVersion } from './access.ts';
import type { FmeaServiceMessageKey } from './messages.ts';

/** The most users a 'partly' share may name. */
export const MAX_SHARE_USERS = 200;

export interface ShareUser {
  id: string;
  userName: string;
  realName: string | null;
}

export interface ProjectShareView {
  projectId: string;
  scope: ProjectShareScope;
  /** After this moment the share no longer applies; null: no expiry. */
  expiresAt: Date | null;
  /** The users a 'partly' share names (empty for the other scopes). */
  userIds: string[];
  users: ShareUser[];
  /** 0 while the project was never shared; give it back when saving. */
  version: number;
}

export interface ShareInput {
  projectId: string;
  scope: ProjectShareScope;
  expiresAt: Date | null;
  userIds: readonly string[];
  /** The version read (0 or left out for a project never shared). */
  version?: number;
}

async function shareUsers(db: DbOrTx, userIds: readonly string[]): Promise<ShareUser[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ id: user.id, userName: user.userName, realName: user.realName })
    .from(user)
    .where(inArray(user.id, [...userIds]))
    .orderBy(asc(user.userName));
}

async function view(db: DbOrTx, projectId: string): Promise<ProjectShareView> {
  const share = await readShare(db, projectId);
  if (!share) return { projectId, scope: 'none', expiresAt: null, userIds: [], users: [], version: 0 };
  return { projectId, scope: share.scope, expiresAt: share.expiresAt, userIds: [...share.userIds], users: await shareUsers(db, share.userIds), version: share.version };
}

/**
 * How the project is shared beyond its team. Visible to the team and
 * administrators; shared readers are refused (who else reads a project is
 * the team's business), as is everyone else.
 */
export async function getShare(ctx: ServiceContext, projectId: string): Promise<ProjectShareView> {
  const loaded = await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  if (loaded.access === 'shared') throw new NotAllowedError('permission.not_project_member');
  return view(ctx.db, projectId);
}

function shareIssues(input: ShareInput, now: Date): Issue[] {
  const issues: Issue[] = [];
  if (!(SHARE_SCOPES as readonly string[]).includes(input.scope)) {
    issues.push({ messageKey: 'fmea.value_invalid', field: 'scope', params: { field: 'scope', value: String(input.scope) } });
  }
  if (input.scope !== 'none' && input.expiresAt !== null && !(input.expiresAt.getTime() > now.getTime())) {
    issues.push({ messageKey: 'fmea.share_expiry_past' satisfies FmeaServiceMessageKey, field: 'expiresAt', params: { field: 'expiresAt' } });
  }
  const users = new Set(input.userIds);
  if (input.scope === 'partly' && users.size === 0) {
    issues.push({ messageKey: 'fmea.share_users_required' satisfies FmeaServiceMessageKey, field: 'userIds', params: { field: 'userIds' } });
  }
  if (users.size > MAX_SHARE_USERS) {
    issues.push({ messageKey: 'fmea.share_too_many_users' satisfies FmeaServiceMessageKey, field: 'userIds', params: { field: 'userIds', max: MAX_SHARE_USERS } });
  }
  return issues;
}

/**
 * Shares a project read-only beyond its team: with nobody ('none'), the named
 * users ('partly') or every user ('all'), until an optional expiry in the
 * future. Only the responsible person (role 0) or an administrator may change
 * it. 'none' keeps neither users nor expiry; 'all' keeps no users. Logged as
 * `fmea.project.share`.
 */
export async function setShare(ctx: ServiceContext, input: ShareInput): Promise<ProjectShareView> {
  assertNoIssues(shareIssues(input, ctx.now()));
  const userIds = input.scope === 'partly' ? [...new Set(input.userIds)] : [];
  const expiresAt = input.scope === 'none' ? null : input.expiresAt;
  return writeAndLog(ctx, async (tx) => {
    const loaded = await editableProject(tx, ctx.actor, input.projectId, ctx.now(), 'edit', { content: false });
    assertOwner(loaded, 'share');
    const before = await view(tx, input.projectId);
    if ((input.version ?? 0) !== before.version) throw staleVersion('fmea_project_share', before.version);
    const found = new Set((await shareUsers(tx, userIds)).map((u) => u.id));
    const missing = userIds.find((id) => !found.has(id));
    if (missing !== undefined) throw new NotFoundError('fmea.user_not_found' satisfies FmeaServiceMessageKey, { userId: missing });

    const values = { scope: input.scope, expiresAt, updatedBy: ctx.actor.userId, updatedAt: ctx.now() };
    if (before.version === 0) {
      await tx.insert(fmeaProjectShare).values({ projectId: input.projectId, ...values, version: 1 });
    } else {
      await tx
        .update(fmeaProjectShare)
        .set({ ...values, version: before.version + 1 })
        .where(eq(fmeaProjectShare.projectId, input.projectId));
    }
    await tx.delete(fmeaProjectShareUser).where(eq(fmeaProjectShareUser.projectId, input.projectId));
    if (userIds.length > 0) await tx.insert(fmeaProjectShareUser).values(userIds.map((userId) => ({ projectId: input.projectId, userId })));
    const after = await view(tx, input.projectId);
    const logged = (v: ProjectShareView) => ({ scope: v.scope, expiresAt: v.expiresAt, userIds: v.userIds, version: v.version });
    return { result: after, log: { action: 'fmea.project.share', entity: 'fmea_project_share', entityId: input.projectId, before: logged(before), after: logged(after) } };
  });
}
