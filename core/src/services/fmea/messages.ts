/**
 * Every message key the FMEA services throw (the engine's pure rules have
 * theirs in core/src/domain/fmea/messages.ts). The catalog test reads it.
 */
export const FMEA_SERVICE_MESSAGE_KEYS = [
  'fmea.project_not_found',
  'fmea.node_not_found',
  'fmea.function_not_found',
  'fmea.characteristic_not_found',
  'fmea.interface_not_found',
  'fmea.failure_not_found',
  'fmea.control_not_found',
  'fmea.action_not_found',
  'fmea.link_not_found',
  'fmea.user_not_found',
  'fmea.stale_version',
  'fmea.node_in_use',
  'fmea.links_broken',
  'fmea.link_duplicate',
  'fmea.other_project',
  'fmea.owner_only',
  'fmea.import_invalid',
  'fmea.import_duplicate_key',
  'fmea.import_parent_cycle',
  'fmea.attachment_not_found',
  'fmea.attachment_kind',
  'fmea.attachment_not_yours',
  'fmea.attachment_limit',
  'fmea.date_range_invalid',
  'fmea.share_owner_only',
  'fmea.share_expiry_past',
  'fmea.share_users_required',
  'fmea.share_too_many_users',
  'fmea.dictionary_item_unknown',
  'fmea.catalog_type_mismatch',
  'fmea.catalog_use_type',
  'fmea.catalog_text_mismatch',
  'fmea.already_in_catalog',
  'fmea.feature_step_unknown',
  'fmea.feature_repeated',
] as const;

export type FmeaServiceMessageKey = (typeof FMEA_SERVICE_MESSAGE_KEYS)[number];
