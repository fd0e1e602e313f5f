import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { message } from '../../db/schema/index.ts';
import { problemDetailPath } from '../../domain/areas/problem.ts';
import type { TxContext } from '../shared/context.ts';
import { sendMessages, type MessageRow } from './inbox.ts';

/** What an 8D report's review step tells whom: the named approver to decide, the submitter the decision. */
export type ProblemReviewNotice = 'approve' | 'released' | 'rejected' | 'withdrawn' | 'revoked';

const KEYS = {
  approve: 'message.problem_approve',
  released: 'message.problem_released',
  rejected: 'message.problem_rejected',
  withdrawn: 'message.problem_withdrawn',
  revoked: 'message.problem_revoked',
} as const satisfies Record<ProblemReviewNotice, string>;

export const PROBLEM_REVIEW_MESSAGE_KEYS: readonly string[] = Object.values(KEYS);

/**
 * The stored side of an 8D report's review step, in the step's own transaction (the catalog-review pattern,
 * as the fault trees' review): the problem's pending 'problemReview' messages become processed (someone
 * acted), then `recipientId` (when there is one, and it is not the actor) gets a message opening the problem.
 */
export async function storeProblemReviewMessages(
  tx: Tx,
  ctx: TxContext,
  problem: { id: string; problemNum: string; brief: string },
  notice: ProblemReviewNotice,
  recipientId: string | null,
  opinion: string | null,
): Promise<MessageRow[]> {
  const now = ctx.now();
  await tx
    .update(message)
    .set({ processed: 1, processedAt: now })
    .where(and(eq(message.targetId, problem.id), eq(message.code, 'problemReview'), eq(message.processed, 0)));
  if (!recipientId || recipientId === ctx.actor.userId) return [];
  return sendMessages(tx, [
    {
      recipientId,
      senderId: ctx.actor.userId,
      code: 'problemReview',
      messageKey: KEYS[notice],
      params: { serialNum: problem.problemNum, text: problem.brief, opinion: opinion ?? '' },
      content: opinion,
      serialNum: problem.problemNum,
      route: problemDetailPath(problem.problemNum),
      targetId: problem.id,
    },
  ]);
}
