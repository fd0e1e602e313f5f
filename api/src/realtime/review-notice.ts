import { reviewRecipients, type FmeaReviewNotification, type ServiceContext } from '@fmea/core';
import type { RealtimeHub } from './hub.ts';

/** What a reviewer's (or applicant's) open workbench is told: the shell counts it on the message badge and shows the title. */
export interface ReviewNotice {
  type: 'review';
  kind: 'catalog' | 'fmea';
  reason: 'audit' | 'approve' | 'decided';
  id: string;
  entityType: string;
  status: string;
  title: string;
}

/**
 * The business message of a review step (spec 001 §4), sent by the catalog
 * flow routes after an apply, audit, approve or reject has been written.
 * The people the step now waits for (or the applicant, once decided) are
 * told over the realtime socket (`receiveMessage`, type `review`). My
 * approvals and the badge's count (GET /api/message/getMessageCount) are read
 * from the records, so a user who was offline finds the same queue. With
 * nobody else connected there is nobody to tell: no query.
 */
export async function notifyReviewStep(realtime: RealtimeHub, ctx: ServiceContext, recordId: string): Promise<number> {
  // nobody but the actor connected (and no other server): nobody to tell
  if (!realtime.relayed && realtime.all().every((b) => b.userId === ctx.actor.userId)) return 0;
  const message = await reviewRecipients(ctx, recordId);
  if (message.userIds.length === 0) return 0;
  const notice: ReviewNotice = {
    type: 'review',
    kind: message.kind,
    reason: message.reason,
    id: message.recordId,
    entityType: message.type,
    status: message.status,
    title: `${message.serialNum} ${message.text}`,
  };
  return realtime.send('receiveMessage', notice, { users: message.userIds });
}

/** The FMEA review's reasons as the catalog's: asked for an opinion → audit, asked to approve or release → approve, an outcome → decided. */
const FMEA_REASON = { awaiting_opinion: 'audit', awaiting_approval: 'approve', awaiting_release: 'approve', rejected: 'decided', released: 'decided', revoked: 'decided' } as const;

/**
 * The FMEA review path's notices (core/src/services/fmea-review): each
 * notification the service returned goes to its recipient's open sockets as
 * the same `review` notice, kind `fmea`, id the project. Storing them as
 * business messages is the message centre's part.
 */
export function pushFmeaReviewNotices(realtime: RealtimeHub, notifications: readonly FmeaReviewNotification[]): number {
  let told = 0;
  for (const n of notifications) {
    const notice: ReviewNotice = { type: 'review', kind: 'fmea', reason: FMEA_REASON[n.reason], id: n.projectId, entityType: n.projectType, status: n.status, title: n.serialNum };
    told += realtime.send('receiveMessage', notice, { users: [n.userId] });
  }
  return told;
}
