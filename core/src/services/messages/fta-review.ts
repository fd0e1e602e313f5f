import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { message } from '../../db/schema/index.ts';
import { ftaTreePath } from '../../domain/areas/fta.ts';
import type { TxContext } from '../shared/context.ts';
import { sendMessages, type MessageRow } from './inbox.ts';

/** What a fault tree's review step tells whom: the named approver to decide, the submitter the decision. */
export type FtaReviewNotice = 'approve' | 'released' | 'rejected' | 'revoked';

const KEYS = {
  approve: 'message.fta_approve',
  released: 'message.fta_released',
  rejected: 'message.fta_rejected',
  revoked: 'message.fta_revoked',
} as const satisfies Record<FtaReviewNotice, string>;

export const FTA_REVIEW_MESSAGE_KEYS: readonly string[] = Object.values(KEYS);

/**
 * The stored side of a fault tree's review step, in the step's own transaction (the catalog-review pattern):
 * the tree's pending 'ftaReview' messages become processed (someone acted), then `recipientId` (when there is
 * one, and it is not the actor) gets a message that opens the tree's page.
 */
export async function storeFtaReviewMessages(
  tx: Tx,
  ctx: TxContext,
  tree: { id: string; ftaNum: string; name: string },
  notice: FtaReviewNotice,
  recipientId: string | null,
  opinion: string | null,
): Promise<MessageRow[]> {
  const now = ctx.now();
  await tx
    .update(message)
    .set({ processed: 1, processedAt: now })
    .where(and(eq(message.targetId, tree.id), eq(message.code, 'ftaReview'), eq(message.processed, 0)));
  if (!recipientId || recipientId === ctx.actor.userId) return [];
  return sendMessages(tx, [
    {
      recipientId,
      senderId: ctx.actor.userId,
      code: 'ftaReview',
      messageKey: KEYS[notice],
      params: { serialNum: tree.ftaNum, text: tree.name, opinion: opinion ?? '' },
      content: opinion,
      serialNum: tree.ftaNum,
      route: ftaTreePath(tree.ftaNum),
      targetId: tree.id,
    },
  ]);
}
