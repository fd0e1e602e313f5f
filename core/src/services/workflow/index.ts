import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { role, user, userRole } from '../../db/schema/index.ts';
import { DomainError, type Issue } from '../../errors.ts';
import { FMEA_RELEASE_ROLES, FMEA_REVIEW_ROLES, type FmeaReviewState } from '../../domain/status/fmea-review.ts';
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

/**
 * Who may be named (the kind's nominee rules), checked when a round opens, after the reader check. Every
 * named person who falls outside is reported at once on their role's field with their real name and the
 * reason; nothing is stored (403 `workflow.nominees_not_allowed`).
 */
export async function assertNomineesAllowed(tx: Tx, loaded: LoadedProject, state: FmeaReviewState, workflow: FmeaWorkflow, submitterSiteId: string | null): Promise<void> {
  if (!state.assignees) return;
  const { membersOnly, sameSite, reviewerRoleTypes, approverRoleTypes } = workflow.nominees;
  if (!membersOnly && !sameSite && reviewerRoleTypes.length === 0 && approverRoleTypes.length === 0) return;
  const members = new Set(loaded.members.map((m) => m.userId));
  // the submitter's session site; without a session (the CLI) their own site
  const site = submitterSiteId ?? (await tx.select({ siteId: user.siteId }).from(user).where(eq(user.id, loaded.actor.userId)).get())?.siteId ?? null;
  const issues: Issue[] = [];
  const roles = workflow.countersign ? FMEA_REVIEW_ROLES : FMEA_REVIEW_ROLES.filter((r) => r !== 'countersign');
  for (const reviewRole of roles) {
    const userId = state.assignees[reviewRole];
    const row = await tx.select({ userName: user.userName, realName: user.realName, siteId: user.siteId }).from(user).where(eq(user.id, userId)).get();
    const field = `assignees.${reviewRole}`;
    const params = { field, user: row?.realName?.trim() || row?.userName || '' };
    if (membersOnly && !members.has(userId)) issues.push({ messageKey: 'workflow.nominee_not_member', field, params });
    if (sameSite && site && row?.siteId !== site) issues.push({ messageKey: 'workflow.nominee_other_site', field, params });
    const wanted = (FMEA_RELEASE_ROLES as readonly string[]).includes(reviewRole) ? approverRoleTypes : reviewerRoleTypes;
    if (wanted.length > 0) {
      const held = await tx
        .select({ roleType: role.roleType })
        .from(userRole)
        .innerJoin(role, eq(role.id, userRole.roleId))
        .where(and(eq(userRole.userId, userId), inArray(role.roleType, [...wanted])));
      if (held.length === 0) issues.push({ messageKey: 'workflow.nominee_role_type', field, params });
    }
  }
  if (issues.length > 0) throw new DomainError('not_allowed', 'workflow.nominees_not_allowed', {}, issues);
}
