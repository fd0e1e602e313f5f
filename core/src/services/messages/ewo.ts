import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { message } from '../../db/schema/index.ts';
import { ewoDetailPath } from '../../domain/areas/ewo.ts';
import type { TxContext } from '../shared/context.ts';
import { sendMessages, type MessageRow } from './inbox.ts';

/**
 * What an EWO's steps tell whom (issue 24; docs/domain/ewo.md "Messages"): the tracker that they follow it up,
 * the approver that a publish request waits for them, the requester and tracker the decision (a published
 * change's breakpoint is the tracker's to follow up), the creator that it closed.
 */
export type EwoNotice = 'tracker' | 'approve' | 'published' | 'rejected' | 'closed';

const KEYS = {
  tracker: 'message.ewo_tracker',
  approve: 'message.ewo_approve',
  published: 'message.ewo_published',
  rejected: 'message.ewo_rejected',
  closed: 'message.ewo_closed',
} as const satisfies Record<EwoNotice, string>;

export const EWO_NOTICE_MESSAGE_KEYS: readonly string[] = Object.values(KEYS);

/**
 * The stored side of an EWO's step, in the step's own transaction (the catalog-review pattern). A step that
 * moves the flow (`settles`) marks the EWO's pending messages processed (someone acted on it); then each
 * recipient (once, never the actor) gets a message that opens the EWO's page.
 */
export async function storeEwoMessages(
  tx: Tx,
  ctx: TxContext,
  row: { id: string; ewoNum: string; description: string },
  notice: EwoNotice,
  recipients: readonly (string | null)[],
  opinion: string | null,
  { settles = notice !== 'tracker' }: { settles?: boolean } = {},
): Promise<MessageRow[]> {
  const now = ctx.now();
  if (settles) {
    await tx
      .update(message)
      .set({ processed: 1, processedAt: now })
      .where(and(eq(message.targetId, row.id), eq(message.code, 'ewo'), eq(message.processed, 0)));
  }
  const to = [...new Set(recipients.filter((r): r is string => !!r && r !== ctx.actor.userId))];
  if (to.length === 0) return [];
  return sendMessages(
    tx,
    to.map((recipientId) => ({
      recipientId,
      senderId: ctx.actor.userId,
      code: 'ewo' as const,
      messageKey: KEYS[notice],
      params: { serialNum: row.ewoNum, text: row.description, opinion: opinion ?? '' },
      content: opinion,
      serialNum: row.ewoNum,
      route: ewoDetailPath(row.ewoNum),
      targetId: row.id,
    })),
  );
}
