/** Every message key the loop's services throw (its pure rules have theirs in core/src/domain/loop). */
export const LOOP_SERVICE_MESSAGE_KEYS = [
  'loop.source_not_found',
  'loop.not_source_team',
  'loop.proposal_not_found',
  'loop.row_not_found',
  'loop.not_fmea_responsible',
  'loop.stale_version',
  'loop.cause_function_required',
] as const;
export type LoopServiceMessageKey = (typeof LOOP_SERVICE_MESSAGE_KEYS)[number];
