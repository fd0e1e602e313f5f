import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { message } from '../../db/schema/index.ts';
import type { MessageCode } from '../../domain/messages/index.ts';
import type { TxContext } from '../shared/context.ts';
import { sendMessages, type MessageRow } from './inbox.ts';

/** A record reviewed by one named approver (a fault tree, a problem's 8D report): what its messages name and open. */
export interface ReviewedRecord {
  readonly id: string;
  /** Its number (FT…, RS…), the message's serial number and `{serialNum}`. */
  readonly serialNum: string;
  /** Its name or brief, `{text}`. */
  readonly text: string;
  /** The page the message opens. */
  readonly route: string;
}

/**
 * The stored side of a one-approver review step, in the step's own transaction (the catalog-review pattern):
 * the record's pending messages of `code` become processed (someone acted), then `recipientId` (when there is
 * one, and it is not the actor) gets a message of `messageKey` that opens the record's page.
 */
export async function storeRecordReviewMessages(tx: Tx, ctx: TxContext, record: ReviewedRecord, code: MessageCode, messageKey: string, recipientId: string | null, opinion: string | null): Promise<MessageRow[]> {
  await tx
    .update(message)
    .set({ processed: 1, processedAt: ctx.now() })
    .where(and(eq(message.targetId, record.id), eq(message.code, code), eq(message.processed, 0)));
  if (!recipientId || recipientId === ctx.actor.userId) return [];
  return sendMessages(tx, [
    {
      recipientId,
      senderId: ctx.actor.userId,
      code,
      messageKey,
      params: { serialNum: record.serialNum, text: record.text, opinion: opinion ?? '' },
      content: opinion,
      serialNum: record.serialNum,
      route: record.route,
      targetId: record.id,
    },
  ]);
}
