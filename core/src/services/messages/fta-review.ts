import type { Tx } from '../../db/client.ts';
import { ftaTreePath } from '../../domain/areas/fta.ts';
import type { TxContext } from '../shared/context.ts';
import type { MessageRow } from './inbox.ts';
import { storeRecordReviewMessages } from './record-review.ts';

/** What a fault tree's review step tells whom: the named approver to decide, the submitter the decision. */
export type FtaReviewNotice = 'approve' | 'released' | 'rejected' | 'revoked';

const KEYS = {
  approve: 'message.fta_approve',
  released: 'message.fta_released',
  rejected: 'message.fta_rejected',
  revoked: 'message.fta_revoked',
} as const satisfies Record<FtaReviewNotice, string>;

export const FTA_REVIEW_MESSAGE_KEYS: readonly string[] = Object.values(KEYS);

/** A fault tree's review step's messages (code 'ftaReview', opening the tree's page): `storeRecordReviewMessages`. */
export async function storeFtaReviewMessages(
  tx: Tx,
  ctx: TxContext,
  tree: { id: string; ftaNum: string; name: string },
  notice: FtaReviewNotice,
  recipientId: string | null,
  opinion: string | null,
): Promise<MessageRow[]> {
  return storeRecordReviewMessages(tx, ctx, { id: tree.id, serialNum: tree.ftaNum, text: tree.name, route: ftaTreePath(tree.ftaNum) }, 'ftaReview', KEYS[notice], recipientId, opinion);
}
