import { RULE_GROUPS, type BusinessRule } from '@fmea/core';
import { z } from '../../http/route.ts';
import { DateTime } from '../../http/fields.ts';

/** Flags are the spec's strings ('0', '1', '7'); numbers are accepted and turned into text. Which values a flag takes is core's rule. */
export const FlagValue = z
  .preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().max(10))
  .openapi({ type: 'string', maxLength: 10, description: "The flag's value as text, e.g. '0' or '1' (numbers are accepted)" });

/** One change; the rest of a rule the client read (ruleName, createTime, updateTime, …) is dropped. */
export const FlagChange = z.object({ ruleType: z.string().min(1).max(50), flag: FlagValue }).openapi('RuleFlagChange');

/** `{ ruleType, flag }` or a list of them. */
export const FlagChanges = z
  .preprocess((v) => (Array.isArray(v) ? v : [v]), z.array(FlagChange).min(1).max(50))
  .openapi({ description: 'One { ruleType, flag } or a list of them' });

export const RuleGroup = z.enum(RULE_GROUPS);

/** Spec 000 §3 "Rule entries" (the required, basic and data-creator tabs). */
export const RuleEntrySchema = z
  .strictObject({ ruleType: z.string(), flag: z.string(), ruleName: z.string(), ruleNameEn: z.string(), serialNum: z.number().int() })
  .openapi('RuleEntry');

/** Spec 000 §3 "Business rule". */
export const BusinessRuleSchema = z
  .strictObject({
    ruleGroup: z.string(),
    ruleType: z.string(),
    ruleName: z.string(),
    ruleNameEn: z.string(),
    flag: z.string(),
    ruleSort: z.number().int(),
    createTime: DateTime,
    updateTime: DateTime,
  })
  .openapi('BusinessRule');

export function presentEntry(row: BusinessRule) {
  return { ruleType: row.ruleType, flag: row.flag, ruleName: row.ruleName, ruleNameEn: row.ruleNameEn, serialNum: row.ruleSort };
}

export function presentBusinessRule(row: BusinessRule) {
  return {
    ruleGroup: row.ruleGroup,
    ruleType: row.ruleType,
    ruleName: row.ruleName,
    ruleNameEn: row.ruleNameEn,
    flag: row.flag,
    ruleSort: row.ruleSort,
    createTime: row.createdAt,
    updateTime: row.updatedAt,
  };
}

/** A filter body the spec's client may or may not send. */
export function optionalJson<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: false } };
}
