export { AP_MESSAGE_KEYS, type ApMessageKey } from './messages.ts';
export {
  AP_LEVELS,
  AP_RULE_FIELDS,
  AP_RULE_TYPES,
  isApLevel,
  isApRuleType,
  rpn,
  type ApBoundField,
  type ApLevel,
  type ApRule,
  type ApRuleType,
  type Ratings,
} from './rules.ts';
export {
  assertRating,
  assessRisk,
  compileApTable,
  evaluateAp,
  parseRuleSelection,
  type ApLookup,
  type ApSelection,
  type RiskAssessment,
  type RiskRow,
} from './evaluate.ts';
export { validateApRule, validateApRules, type ApRuleInput } from './validate.ts';
export { AP_TABLE_FACTORS, AP_TABLES, DEFAULT_AP_RULES, DEFAULT_AP_SELECTION, UNVERIFIED_AP_CELLS, type ApTable, type UnverifiedCell } from './tables.ts';
