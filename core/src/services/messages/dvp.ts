import type { Tx } from '../../db/client.ts';
import { dvpDetailsPath } from '../../domain/areas/dvp.ts';
import type { TxContext } from '../shared/context.ts';
import { sendMessages, type MessageRow } from './inbox.ts';

/** The key of the message a DVP test's new responsible person gets (docs/domain/dvp.md "Messages"). */
export const DVP_NOTICE_MESSAGE_KEYS: readonly string[] = ['message.dvp_test'];

/**
 * A DVP test given to a responsible person tells them, in the write's own transaction; the message opens the plan's
 * page at the test (/main/dvpIndex/dvpDetails?id=DP…&test=…). Never the actor themself.
 */
export async function storeDvpTestMessage(
  tx: Tx,
  ctx: TxContext,
  plan: { dvpNum: string },
  test: { id: string; testNum: string; name: string; responsibleUserId: string | null },
): Promise<MessageRow[]> {
  const to = test.responsibleUserId;
  if (!to || to === ctx.actor.userId) return [];
  return sendMessages(tx, [
    {
      recipientId: to,
      senderId: ctx.actor.userId,
      code: 'dvp' as const,
      messageKey: 'message.dvp_test',
      params: { serialNum: test.testNum, text: test.name, plan: plan.dvpNum },
      content: null,
      serialNum: test.testNum,
      route: dvpDetailsPath(plan.dvpNum, test.id),
      targetId: test.id,
    },
  ]);
}
