export * from './vocabulary.ts';
export * from './flow.ts';
export * from './closure.ts';
export * from './validate.ts';
export * from './labels.ts';
import { PROBLEM_CLOSURE_KEYS } from './closure.ts';
import { PROBLEM_FLOW_KEYS } from './flow.ts';
import { PROBLEM_LABEL_KEYS } from './labels.ts';
import { PROBLEM_RULE_KEYS } from './validate.ts';

/** Every message key the 8D rules throw or name; the catalog test reads it. */
export const PROBLEM_DOMAIN_KEYS: readonly string[] = [...new Set([...PROBLEM_FLOW_KEYS, ...PROBLEM_CLOSURE_KEYS, ...PROBLEM_RULE_KEYS, ...PROBLEM_LABEL_KEYS])];
