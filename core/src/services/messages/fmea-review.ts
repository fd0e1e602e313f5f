import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { MessageCode } from '../../domain/messages/index.ts';
import { message } from '../../db/schema/index.ts';
import type { TxContext } from '../shared/context.ts';
import { kindOf, projectLink } from '../../domain/fmea/kinds.ts';
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
 * '1') and each person an outcome concerns (the author on reject; author,
 * reviewers and team on release and revoke) a project message (codeOf), both
 * opening the project. A release or revocation tells the whole team: those
 * are stored as system notices (kind 'system', code kept), so they do not bury
 * the approvals and the author's rejections in the pending list. The live push
 * stays with the API (pushMessages).
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
  return sendMessages(
    tx,
    notices.map((n) => {
      const code = codeOf(project.projectType, n.reason);
      return {
        recipientId: n.userId,
        senderId: ctx.actor.userId,
        kind: TEAM_NOTICES.has(n.reason) ? ('system' as const) : ('business' as const),
        code,
        messageKey: `message.fmea_review_${n.reason}`,
        params: { serialNum: project.serialNum, name: project.name },
        content: n.opinion ?? null,
        projectId: project.id,
        serialNum: project.serialNum,
        rightType: kindOf(project.projectType).messages.rightTypes?.[code] ?? null,
        route: `${projectLink(project.projectType, project.id)}${n.reason === 'released' ? '&baselines=1' : '&review=1'}`,
        targetId: project.id,
      };
    }),
  );
}

/** Outcomes told to the whole team (author, reviewers, members): news, not work. */
const TEAM_NOTICES: ReadonlySet<FmeaReviewReason> = new Set(['released', 'revoked']);

/**
 * The spec's codes (001 §2): '1' approval for a step someone must take; the
 * outcomes on the design side '2' rejected (the review panel with the
 * opinion), '6' released (the baselines: what was frozen), '7' revoked (the
 * review panel); every PFMEA outcome '5'. Which DFMEA code means which outcome
 * the spec does not say: this is our reading (docs/domain/messages.md).
 */
function codeOf(projectType: string, reason: FmeaReviewReason): MessageCode {
  if (reason.startsWith('awaiting_')) return '1';
  const codes = kindOf(projectType).messages;
  return reason === 'released' ? codes.released : reason === 'revoked' ? codes.revoked : codes.rejected;
}
