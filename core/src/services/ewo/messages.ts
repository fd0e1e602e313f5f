import { EWO_ITEM_KINDS, EWO_SOURCES, EWO_TYPES } from '../../domain/ewo/index.ts';

/**
 * Every message key the EWO services emit (issue 24): the catalog test reads this list, and `EwoMessageKey`
 * keeps the code from emitting a key that is not in it. Types and sources have their names (`ewo.type.<code>`,
 * `ewo.source.<code>`) for the workbook; a missing affected item is `ewo.item_not_found.<kind>`.
 */
export const EWO_MESSAGE_KEYS = [
  'ewo.not_found',
  'ewo.stale',
  'ewo.owner_only',
  'ewo.creator_only',
  'ewo.tracker_unknown',
  'ewo.tracker_not_permitted',
  'ewo.approver_required',
  'ewo.approver_unknown',
  'ewo.approver_self',
  'ewo.approver_not_permitted',
  'ewo.not_the_approver',
  'ewo.follow_up_not_started',
  'ewo.items_required',
  'ewo.items_invalid',
  'ewo.item_missing',
  'ewo.document_kind',
  'ewo.document_not_yours',
  'ewo.document_limit',
  'ewo.document_missing',
  'ewo.import_empty',
  'ewo.import_invalid',
  'ewo.number_taken',
  'ewo.sheet_name',
] as const;

export type EwoMessageKey = (typeof EWO_MESSAGE_KEYS)[number];

/** Every key, the families included. */
export const ALL_EWO_MESSAGE_KEYS: readonly string[] = [
  ...EWO_MESSAGE_KEYS,
  ...EWO_TYPES.map((t) => `ewo.type.${t}`),
  ...EWO_SOURCES.map((s) => `ewo.source.${s}`),
  ...EWO_ITEM_KINDS.map((k) => `ewo.item_not_found.${k}`),
];
