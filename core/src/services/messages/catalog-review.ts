import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { message } from '../../db/schema/index.ts';
import { MY_APPLICATIONS_ROUTE, MY_APPROVALS_ROUTE } from '../../domain/messages/index.ts';
import { KNOWLEDGE_STATUS } from '../../domain/status/index.ts';
import { reviewRecipients } from '../reviews/recipients.ts';
import type { TxContext } from '../shared/context.ts';
import { sendMessages, type MessageRow } from './inbox.ts';

const KEYS = { audit: 'message.catalog_audit', approve: 'message.catalog_approve', released: 'message.catalog_released', rejected: 'message.catalog_rejected' } as const;

/**
 * The stored side of a catalog review step, in the step's own transaction:
 * the earlier step's messages about the record become processed (someone
 * acted), and the people the step now waits for (or the applicant, once
 * released or rejected) get a 'catalogReview' message. The live push stays
 * with the API (notifyReviewStep).
 */
export async function storeCatalogReviewMessages(tx: Tx, ctx: TxContext, recordId: string): Promise<MessageRow[]> {
  const now = ctx.now();
  await tx
    .update(message)
    .set({ processed: 1, processedAt: now })
    .where(and(eq(message.targetId, recordId), eq(message.code, 'catalogReview'), eq(message.processed, 0)));
  const step = await reviewRecipients({ db: tx, actor: ctx.actor }, recordId);
  if (step.userIds.length === 0) return [];
  const key = step.reason === 'decided' ? (step.status === KNOWLEDGE_STATUS.released ? KEYS.released : KEYS.rejected) : KEYS[step.reason];
  return sendMessages(
    tx,
    step.userIds.map((recipientId) => ({
      recipientId,
      senderId: ctx.actor.userId,
      code: 'catalogReview' as const,
      messageKey: key,
      params: { serialNum: step.serialNum, text: step.text, type: step.type },
      serialNum: step.serialNum,
      route: step.reason === 'decided' ? MY_APPLICATIONS_ROUTE : MY_APPROVALS_ROUTE,
      targetId: recordId,
    })),
  );
}
