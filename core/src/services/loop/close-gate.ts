import { eq } from 'drizzle-orm';
import { problem } from '../../db/schema/index.ts';
import { closeGateIssues } from '../../domain/loop/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { CloseGate } from '../problem/close.ts';
import { openProposalCount } from './proposals.ts';

/**
 * The 8D close gate (issue 24): a problem does not close while FMEA change
 * proposals of it are still open, unless the closing gives a reason
 * (`overrideReason`), which is then kept on the problem (and in the closing's
 * log, by the close service). Registered in the problem's CLOSE_GATES.
 */
export const openProposalsGate: CloseGate = async (tx, _txCtx, row, input) => {
  const open = await openProposalCount(tx, 'problem', row.id);
  assertNoIssues(closeGateIssues(open, input.overrideReason));
  if (open > 0) await tx.update(problem).set({ openProposalsReason: input.overrideReason!.trim() }).where(eq(problem.id, row.id));
};
