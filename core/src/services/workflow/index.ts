import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { role, user, userRole } from '../../db/schema/index.ts';
import { DomainError, type Issue } from '../../errors.ts';
import { FMEA_RELEASE_ROLES, FMEA_REVIEW_ROLES, type FmeaReviewRole, type FmeaReviewState } from '../../domain/status/fmea-review.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import {
  effectiveWorkflow,
  workflowIssues,
  type CatalogWorkflow,
  type FmeaWorkflow,
  type WorkflowSettings,
} from '../../domain/workflow/index.ts';
import type { LoadedProject } from '../fmea/access.ts';
import type { ServiceContext } from '../shared/context.ts';
import { readSetting, writeSetting } from '../shared/settings.ts';
import { writeAndLog } from '../shared/write.ts';

/** Stored in the `setting` table under this key: only what an administrator changed (docs/domain/workflow-settings.md). */
const KEY = 'workflow';

/** Every FMEA kind and catalog type with its workflow setting (defaults filled in). */
export async function listWorkflowSettings(db: DbOrTx): Promise<WorkflowSettings> {
  return effectiveWorkflow(await readSetting<Partial<WorkflowSettings>>(db, KEY, {}));
}

export async function fmeaWorkflowOf(db: DbOrTx, kind: string): Promise<FmeaWorkflow> {
  return (await listWorkflowSettings(db)).fmea.find((s) => s.kind === kind)!;
}

export async function catalogWorkflowOf(db: DbOrTx, type: string): Promise<CatalogWorkflow> {
  return (await listWorkflowSettings(db)).catalog.find((s) => s.type === type)!;
}

export interface WorkflowInput {
  readonly fmea?: readonly (Partial<Omit<FmeaWorkflow, 'nominees'>> & { kind: string; nominees?: Partial<FmeaWorkflow['nominees']> })[];
  readonly catalog?: readonly (Partial<CatalogWorkflow> & { type: string })[];
}

/**
 * Changes the settings of the kinds and types named (the others keep theirs). An unknown kind or type, one
 * named twice or an unknown value refuses the whole call, each issue on its row, and nothing changes. Logged.
 */
export async function saveWorkflowSettings(ctx: ServiceContext, input: WorkflowInput): Promise<WorkflowSettings> {
  assertNoIssues(workflowIssues(input as never));
  return writeAndLog(ctx, async (tx) => {
    const before = await listWorkflowSettings(tx);
    const fmea = before.fmea.map((s) => {
      const sent = input.fmea?.find((f) => f.kind === s.kind);
      return sent ? { ...s, ...sent, nominees: { ...s.nominees, ...sent.nominees } } : s;
    });
    const catalog = before.catalog.map((s) => ({ ...s, ...input.catalog?.find((c) => c.type === s.type) }));
    const after = effectiveWorkflow({ fmea, catalog });
    await writeSetting(tx, KEY, after);
    return { result: after, log: { action: 'settings.workflow', entity: 'setting', entityId: KEY, before, after } };
  });
}

/** Who is asking to name people: the project's team and the submitter's site (their session's; without a session, the CLI, their own). */
export interface NominationContext {
  readonly members: ReadonlySet<string>;
  readonly site: string | null;
}

export async function nominationContext(db: DbOrTx, loaded: LoadedProject, submitterSiteId: string | null): Promise<NominationContext> {
  const site = submitterSiteId ?? (await db.select({ siteId: user.siteId }).from(user).where(eq(user.id, loaded.actor.userId)).get())?.siteId ?? null;
  return { members: new Set(loaded.members.map((m) => m.userId)), site };
}

/**
 * The kind's nominee rules ("who may be named", docs/domain/workflow-settings.md) for one review role, as a
 * test on each of these users: the message keys that refuse them (none: they may be named). The one rule
 * behind the refusal when a round opens and the review pickers' lists (GET /api/user/list?reviewRole=).
 */
export async function nomineeRefusals(db: DbOrTx, context: NominationContext, workflow: FmeaWorkflow, reviewRole: FmeaReviewRole, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const { membersOnly, sameSite, reviewerRoleTypes, approverRoleTypes } = workflow.nominees;
  const wanted = (FMEA_RELEASE_ROLES as readonly string[]).includes(reviewRole) ? approverRoleTypes : reviewerRoleTypes;
  const refusals = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0 || (!membersOnly && !(sameSite && context.site) && wanted.length === 0)) return refusals;
  const ids = [...new Set(userIds)];
  const sites = new Map((await db.select({ id: user.id, siteId: user.siteId }).from(user).where(inArray(user.id, ids))).map((r) => [r.id, r.siteId]));
  const ranked =
    wanted.length > 0
      ? new Set((await db.select({ userId: userRole.userId }).from(userRole).innerJoin(role, eq(role.id, userRole.roleId)).where(and(inArray(userRole.userId, ids), inArray(role.roleType, [...wanted])))).map((r) => r.userId))
      : null;
  for (const [id, reasons] of refusals) {
    if (membersOnly && !context.members.has(id)) reasons.push('workflow.nominee_not_member');
    if (sameSite && context.site && sites.get(id) !== context.site) reasons.push('workflow.nominee_other_site');
    if (ranked && !ranked.has(id)) reasons.push('workflow.nominee_role_type');
  }
  return refusals;
}

/**
 * Who may be named (the kind's nominee rules), checked when a round opens, after the reader check. Every
 * named person who falls outside is reported at once on their role's field with their real name and the
 * reason; nothing is stored (403 `workflow.nominees_not_allowed`).
 */
export async function assertNomineesAllowed(tx: Tx, loaded: LoadedProject, state: FmeaReviewState, workflow: FmeaWorkflow, submitterSiteId: string | null): Promise<void> {
  if (!state.assignees) return;
  const { membersOnly, sameSite, reviewerRoleTypes, approverRoleTypes } = workflow.nominees;
  if (!membersOnly && !sameSite && reviewerRoleTypes.length === 0 && approverRoleTypes.length === 0) return;
  const context = await nominationContext(tx, loaded, submitterSiteId);
  const issues: Issue[] = [];
  const roles = workflow.countersign ? FMEA_REVIEW_ROLES : FMEA_REVIEW_ROLES.filter((r) => r !== 'countersign');
  for (const reviewRole of roles) {
    const userId = state.assignees[reviewRole];
    const reasons = (await nomineeRefusals(tx, context, workflow, reviewRole, [userId])).get(userId) ?? [];
    if (reasons.length === 0) continue;
    const row = await tx.select({ userName: user.userName, realName: user.realName }).from(user).where(eq(user.id, userId)).get();
    const field = `assignees.${reviewRole}`;
    const params = { field, user: row?.realName?.trim() || row?.userName || '' };
    for (const messageKey of reasons) issues.push({ messageKey, field, params });
  }
  if (issues.length > 0) throw new DomainError('not_allowed', 'workflow.nominees_not_allowed', {}, issues);
}
