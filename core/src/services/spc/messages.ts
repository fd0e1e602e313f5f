/** Every message key the SPC area's services throw (its pure rules have theirs in core/src/domain/spc-study). */
export const SPC_SERVICE_MESSAGE_KEYS = [
  'spc.study_not_found',
  'spc.line_not_found',
  'spc.stale',
  'spc.too_few_to_freeze',
  'spc.not_frozen',
  'spc.no_capability',
  'spc.no_causes',
  'spc.occurrence_same',
  'spc.no_signal',
] as const;
export type SpcServiceMessageKey = (typeof SPC_SERVICE_MESSAGE_KEYS)[number];
