import { CHARACTERISTIC_KINDS, FUNCTION_SCOPES, PROCESS_LEVELS, WORK_ELEMENT_TYPES } from './vocabulary.ts';

/**
 * Every refusal key the PFMEA's pure rules can throw or report. The catalog
 * test reads this list, and `PfmeaMessageKey` keeps the code within it.
 */
export const PFMEA_REFUSAL_KEYS = [
  'pfmea.tree_too_deep',
  'pfmea.level_change',
  'pfmea.copy_between_kinds',
  'pfmea.process_no_on_step_only',
  'pfmea.process_no_taken',
  'pfmea.work_element_type_required',
  'pfmea.work_element_type_invalid',
  'pfmea.work_element_type_element_only',
  'pfmea.characteristic_kind_invalid',
  'pfmea.characteristic_kind_on_step',
  'pfmea.characteristic_kind_on_element',
  'pfmea.characteristic_kind_on_item',
  'pfmea.function_scope_invalid',
  'pfmea.function_scope_item_only',
  'pfmea.process_field_pfmea_only',
  'pfmea.customer_class_unknown',
  'pfmea.task_status_invalid',
  'pfmea.task_status_step_only',
  'pfmea.procedure_under_item_only',
  'pfmea.catalog_element_type_unusable',
  'pfmea.catalog_record_unusable',
] as const;

export type PfmeaMessageKey = (typeof PFMEA_REFUSAL_KEYS)[number];

export const PROCESS_LEVEL_LABEL_KEYS = Object.fromEntries(PROCESS_LEVELS.map((v) => [v, `pfmea.level.${v}`])) as Record<(typeof PROCESS_LEVELS)[number], string>;
export const WORK_ELEMENT_TYPE_LABEL_KEYS = Object.fromEntries(WORK_ELEMENT_TYPES.map((v) => [v, `pfmea.work_element_type.${v}`])) as Record<(typeof WORK_ELEMENT_TYPES)[number], string>;
export const FUNCTION_SCOPE_LABEL_KEYS = Object.fromEntries(FUNCTION_SCOPES.map((v) => [v, `pfmea.function_scope.${v}`])) as Record<(typeof FUNCTION_SCOPES)[number], string>;
export const CHARACTERISTIC_KIND_LABEL_KEYS = Object.fromEntries(CHARACTERISTIC_KINDS.map((v) => [v, `pfmea.characteristic_kind.${v}`])) as Record<(typeof CHARACTERISTIC_KINDS)[number], string>;

/** Display names of the process model's value lists, for forms, grids and the Excel export. */
export const PFMEA_LABEL_KEYS: readonly string[] = [
  ...Object.values(PROCESS_LEVEL_LABEL_KEYS),
  ...Object.values(WORK_ELEMENT_TYPE_LABEL_KEYS),
  ...Object.values(FUNCTION_SCOPE_LABEL_KEYS),
  ...Object.values(CHARACTERISTIC_KIND_LABEL_KEYS),
];

export const PFMEA_DOMAIN_MESSAGE_KEYS: readonly string[] = [...PFMEA_REFUSAL_KEYS, ...PFMEA_LABEL_KEYS];
