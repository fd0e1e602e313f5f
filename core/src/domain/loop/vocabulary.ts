/**
 * FMEA change proposals (docs/domain/closed-loop.md): what closes the loop
 * from a problem (8D) or an engineering change (EWO) back into the FMEA.
 */

/** Where a proposal comes from: an 8D problem, an EWO, an SPC study's measured capability (docs/domain/spc.md) or a DRBFM's concern (docs/domain/drbfm.md). */
export const LOOP_SOURCE_KINDS = ['problem', 'ewo', 'spc', 'drbfm'] as const;
export type LoopSourceKind = (typeof LOOP_SOURCE_KINDS)[number];

/**
 * What a proposal asks of an FMEA row: a cause missing under a failure mode,
 * an occurrence or detection rating the field proved too low, a control to add
 * to a cause (prevention or detection), or an occurrence rating a measured
 * capability supports (higher or lower: rateOccurrence, from SPC).
 */
export const PROPOSAL_KINDS = ['addCause', 'raiseOccurrence', 'raiseDetection', 'addControl', 'rateOccurrence'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

export const PROPOSAL_STATUSES = ['open', 'accepted', 'rejected'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** The controls a proposal may add. */
export const PROPOSAL_CONTROL_KINDS = ['prevention', 'detection'] as const;
export type ProposalControlKind = (typeof PROPOSAL_CONTROL_KINDS)[number];

/** The failure kind a proposal's target row is: a failure mode for a missing cause, a cause otherwise. */
export const TARGET_KIND_OF: Readonly<Record<ProposalKind, 'FM' | 'FC'>> = {
  addCause: 'FM',
  raiseOccurrence: 'FC',
  raiseDetection: 'FC',
  addControl: 'FC',
  rateOccurrence: 'FC',
};

/** The optimisation action an accepted proposal becomes: a prevention action unless it is about detection. */
export function actionKindOf(proposal: { kind: ProposalKind; controlKind: ProposalControlKind | null }): ProposalControlKind {
  if (proposal.kind === 'raiseDetection') return 'detection';
  if (proposal.kind === 'addControl') return proposal.controlKind ?? 'prevention';
  return 'prevention';
}
