import { isOwnApplication } from '../../domain/permissions/index.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { rolePermission, user, userRole } from '../../db/schema/index.ts';
import { KNOWLEDGE_STATUS } from '../../domain/status/index.ts';
import { canCatalogOperate, catalogCaller, catalogType, productTypeVisible } from '../catalog/access.ts';
import { findCatalogRow } from '../catalog/store.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import type { ReviewKind } from './reviews.ts';
import { live } from '../../db/live.ts';

/** Who is told about a review step, and what the step asks of them. */
export interface ReviewMessage {
  readonly kind: ReviewKind;
  readonly recordId: string;
  readonly type: string;
  readonly serialNum: string;
  readonly text: string;
  readonly status: string;
  /** `audit` / `approve`: a step waits for them; `decided`: their application was released or rejected. */
  readonly reason: 'audit' | 'approve' | 'decided';
  /** User ids, the acting user left out. */
  readonly userIds: readonly string[];
}

/**
 * The business message of a review step (spec 001 §4 "application, review,
 * approval, then release or rejection"): once applied, the people who can
 * audit the record; once audited, those who can approve it; once released
 * or rejected, the applicant. Call it after the step, on the record as it
 * now stands.
 *
 * Candidates are the users whose roles grant the button on the type's
 * route; each is then judged by the catalog engine's own layer
 * (catalogCaller, canCatalogOperate, the product type), as if they acted.
 * Administrators without the button are not messaged: they see every
 * application under My approvals, and would otherwise be told of them all.
 */
export async function reviewRecipients(ctx: Pick<ServiceContext | TxContext, 'actor'> & { db: DbOrTx }, recordId: string): Promise<ReviewMessage> {
  const row = await findCatalogRow(ctx.db, recordId);
  const type = catalogType(row.type);
  const base = { kind: 'catalog' as const, recordId: row.id, type: row.type, serialNum: row.serialNum, text: row.text, status: row.status };
  const others = (ids: readonly (string | null)[]) => [...new Set(ids.filter((id): id is string => !!id && id !== ctx.actor.userId))];

  if (row.status === KNOWLEDGE_STATUS.released || row.status === KNOWLEDGE_STATUS.rejected) {
    return { ...base, reason: 'decided', userIds: others([row.applicantId]) };
  }
  const button = row.status === KNOWLEDGE_STATUS.toBeApproved ? 'audit' : row.status === KNOWLEDGE_STATUS.pendingApproval ? 'approve' : null;
  if (button === null) return { ...base, reason: 'decided', userIds: [] };

  const grants = await ctx.db.select({ roleId: rolePermission.roleId, buttons: rolePermission.buttons }).from(rolePermission).where(eq(rolePermission.routeName, type.route));
  const roleIds = grants.filter((g) => g.buttons.includes(button)).map((g) => g.roleId);
  if (roleIds.length === 0) return { ...base, reason: button, userIds: [] };
  const candidates = await ctx.db
    .selectDistinct({ id: user.id, userName: user.userName })
    .from(userRole)
    .innerJoin(user, eq(user.id, userRole.userId))
    .where(and(inArray(userRole.roleId, roleIds), live(user)));

  const userIds: string[] = [];
  for (const candidate of candidates) {
    if (candidate.id === ctx.actor.userId) continue;
    const caller = await catalogCaller(ctx.db, { userId: candidate.id, userName: candidate.userName }, type);
    // separation of duties: the applicant is not asked to decide on their own application
    if (caller.rules.separationOfDuties && isOwnApplication(row.applicantId, candidate.id)) continue;
    if (canCatalogOperate(caller, type, button) && productTypeVisible(caller.actor, row.productType)) userIds.push(candidate.id);
  }
  return { ...base, reason: button, userIds };
}
