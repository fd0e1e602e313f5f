import { FMEA_KINDS } from './kinds.ts';
import { ACTION_STATUS_LABEL_KEYS } from './actions.ts';
import {
  CHARACTERISTIC_CLASS_LABEL_KEYS,
  CONTROL_KIND_LABEL_KEYS,
  FAILURE_KIND_LABEL_KEYS,
  INTERFACE_TYPE_LABEL_KEYS,
  MSR_CONTROL_KIND_LABEL_KEYS,
  STEP_LABEL_KEYS,
} from './vocabulary.ts';

/**
 * Every refusal key the engine's pure rules can throw or report. The catalog
 * test reads this list, and `FmeaMessageKey` keeps the code within it.
 */
export const FMEA_REFUSAL_KEYS = [
  'fmea.node_type_unknown',
  'fmea.node_type_not_structural',
  'fmea.second_root',
  'fmea.node_unknown',
  'fmea.multi_delete_unsupported',
  'fmea.root_not_deletable',
  'fmea.root_not_copyable',
  'fmea.node_fixed',
  'fmea.subtree_has_fixed',
  'fmea.move_into_own_subtree',
  'fmea.family_one_item',
  'fmea.link_self',
  'fmea.link_kinds',
  'fmea.link_effect_level',
  'fmea.link_cause_level',
  'fmea.link_unknown_end',
  'fmea.function_link_level',
  'fmea.function_link_cycle',
  'fmea.date_invalid',
  'fmea.value_invalid',
  'fmea.severity_on_effect_only',
  'fmea.rating_on_cause_only',
  'fmea.frequency_ratio_on_mode_only',
  'fmea.cause_required',
  'fmea.msr_not_in_project',
  'fmea.interface_same_node',
  'fmea.member_role_invalid',
  'fmea.action_transition_invalid',
  'fmea.action_completion_incomplete',
  'fmea.completion_needs_field',
  'fmea.template_needs_subnodes',
  'fmea.basic_template_product_only',
  'fmea.process_template_last_level',
] as const;

export type FmeaMessageKey = (typeof FMEA_REFUSAL_KEYS)[number];

/** Display names of the value lists, for forms, grids and the Excel export. */
export const FMEA_LABEL_KEYS: readonly string[] = [
  ...Object.values(FMEA_KINDS).map((k) => k.labelKey),
  ...Object.values(STEP_LABEL_KEYS),
  ...Object.values(FAILURE_KIND_LABEL_KEYS),
  ...Object.values(CONTROL_KIND_LABEL_KEYS),
  ...Object.values(MSR_CONTROL_KIND_LABEL_KEYS),
  ...Object.values(CHARACTERISTIC_CLASS_LABEL_KEYS),
  ...Object.values(INTERFACE_TYPE_LABEL_KEYS),
  ...Object.values(ACTION_STATUS_LABEL_KEYS),
  'fmea.node_type.product',
  'fmea.node_type.function',
  'fmea.node_type.element',
  'fmea.node_type.assembly',
  'fmea.node_type.fixed',
];

export const FMEA_DOMAIN_MESSAGE_KEYS: readonly string[] = [...FMEA_REFUSAL_KEYS, ...FMEA_LABEL_KEYS];
