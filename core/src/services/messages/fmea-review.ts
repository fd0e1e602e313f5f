import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { message } from '../../db/schema/index.ts';
import type { TxContext } from '../shared/context.ts';
import { projectLink } from './applications.ts';
import { sendMessages, type MessageRow } from './inbox.ts';

/** Why a person is told of a review step (the review service's notification reasons). */
export type FmeaReviewReason = 'awaiting_opinion' | 'awaiting_approval' | 'awaiting_release' | 'rejected' | 'released' | 'revoked';

export interface FmeaReviewMessage {
  readonly userId: string;
  readonly reason: FmeaReviewReason;
  readonly opinion?: string;
}

/**
 * The stored side of an FMEA review step, in the step's own transaction: the
 * actor's pending review messages on the project become processed (they
 * acted), and everyone's when the step moved the status (the round went on
 * without them: approved, rejected, revoked …); then each person the step waits for gets an approval message (code
 * '1') and each person an outcome concerns (the author on reject, release,
 * revoke) a project message ('2' DFMEA side, '5' PFMEA, spec 001 §2), both
 * opening the project. The live push stays with the API (pushMessages).
 */
export async function storeFmeaReviewMessages(
  tx: DbOrTx,
  ctx: TxContext,
  project: { id: string; serialNum: string; name: string; projectType: string },
  notices: readonly FmeaReviewMessage[],
  statusChanged: boolean,
): Promise<MessageRow[]> {
  const pending = and(eq(message.targetId, project.id), eq(message.code, '1'), eq(message.processed, 0));
  const actor = ctx.actor.userId;
  const whose = statusChanged || !actor ? pending : and(pending, eq(message.recipientId, actor));
  await tx.update(message).set({ processed: 1, processedAt: ctx.now() }).where(whose);
  if (notices.length === 0) return [];
  const outcomeCode = project.projectType === 'pfmea' ? ('5' as const) : ('2' as const);
  return sendMessages(
    tx,
    notices.map((n) => ({
      recipientId: n.userId,
      senderId: ctx.actor.userId,
      code: n.reason.startsWith('awaiting_') ? ('1' as const) : outcomeCode,
      messageKey: `message.fmea_review_${n.reason}`,
      params: { serialNum: project.serialNum, name: project.name },
      content: n.opinion ?? null,
      projectId: project.id,
      serialNum: project.serialNum,
      route: projectLink(project.projectType, project.id),
      targetId: project.id,
    })),
  );
}
