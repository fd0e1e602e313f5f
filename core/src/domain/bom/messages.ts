/**
 * Every bom.* message key the BOM rules (this folder) and services
 * (core/src/services/bom) can emit. bom.test.ts reads this list and both
 * folders' source, and `BomMessageKey` keeps the code within it.
 */
export const BOM_MESSAGE_KEYS = [
  // rows of a sheet
  'bom.level_or_parent_missing',
  'bom.level_invalid',
  'bom.level_jump',
  'bom.parent_missing',
  'bom.parent_self',
  'bom.parent_ambiguous',
  'bom.parent_mismatch',
  'bom.parent_row_invalid',
  'bom.sub_part_exists',
  'bom.quantity_invalid',
  'bom.one_line',
  // single parts (part.ts, services/bom/parts.ts)
  'bom.move_into_own',
  'bom.part_not_found',
  'bom.part_stale',
  // services
  'bom.product_missing',
  'bom.not_found',
  'bom.deleted',
  'bom.one_file_only',
  'bom.import_invalid',
  'bom.empty',
  'bom.head_only',
  'bom.stale_version',
] as const;

export type BomMessageKey = (typeof BOM_MESSAGE_KEYS)[number];
