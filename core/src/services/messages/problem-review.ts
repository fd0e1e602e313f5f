import type { Tx } from '../../db/client.ts';
import { problemDetailPath } from '../../domain/areas/problem.ts';
import type { TxContext } from '../shared/context.ts';
import type { MessageRow } from './inbox.ts';
import { storeRecordReviewMessages } from './record-review.ts';

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

/** An 8D report's review step's messages (code 'problemReview', opening the problem's page): `storeRecordReviewMessages`. */
export async function storeProblemReviewMessages(
  tx: Tx,
  ctx: TxContext,
  problem: { id: string; problemNum: string; brief: string },
  notice: ProblemReviewNotice,
  recipientId: string | null,
  opinion: string | null,
): Promise<MessageRow[]> {
  return storeRecordReviewMessages(tx, ctx, { id: problem.id, serialNum: problem.problemNum, text: problem.brief, route: problemDetailPath(problem.problemNum) }, 'problemReview', KEYS[notice], recipientId, opinion);
}
