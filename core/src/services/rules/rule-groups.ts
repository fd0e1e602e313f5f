import { InvalidInputError } from '../../errors.ts';
import { isRuleFlag, RULE_FLAGS, type RuleFlag, type RuleGroup } from '../../domain/rules/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../shared/context.ts';
import { ruleFlagValues, setRuleFlag, type BusinessRule } from './rule-flags.ts';
import { FMEA_SIDES, kindOf, type FmeaSide } from '../../domain/fmea/kinds.ts';

export interface RuleFlagChange {
  ruleType: string;
  flag: string;
}

/**
 * Throws what setRuleFlag would throw for this change, and refuses a flag of
 * another group when `group` is given (a required-rule call cannot flip a
 * basic rule).
 */
export function assertRuleFlagChange(change: RuleFlagChange, group?: RuleGroup | readonly RuleGroup[]): RuleFlag {
  const { ruleType, flag } = change;
  if (!isRuleFlag(ruleType)) throw new InvalidInputError('rules.unknown_flag', { flag: ruleType });
  const definition = RULE_FLAGS[ruleType];
  const groups: readonly RuleGroup[] = group === undefined ? [] : typeof group === 'string' ? [group] : group;
  if (groups.length > 0 && !groups.includes(definition.group)) throw new InvalidInputError('rules.flag_not_in_group', { flag: ruleType, group: groups.join(', ') });
  if (!(definition.values as readonly string[]).includes(flag.trim())) {
    throw new InvalidInputError('rules.flag_value_invalid', { flag: ruleType, allowed: definition.values.join(', ') });
  }
  return ruleType;
}

/**
 * Sets several flags: every change is checked first, so a wrong one writes
 * nothing. Each flag is logged with its before and after.
 */
export async function setRuleFlags(ctx: ServiceContext, changes: readonly RuleFlagChange[], group?: RuleGroup | readonly RuleGroup[]): Promise<BusinessRule[]> {
  for (const change of changes) assertRuleFlagChange(change, group);
  const rows: BusinessRule[] = [];
  for (const change of changes) rows.push(await setRuleFlag(ctx, change.ruleType, change.flag));
  return rows;
}

/** Score supply is set per side (spec: ruleType dfmea or pfmea), its rule names the side's kind record holds. */
export const SCORE_SUPPLY_TYPES = FMEA_SIDES;
export type ScoreSupplyType = FmeaSide;

/** Spec score supply rule per FMEA type: whether ratings come from the knowledge base, and the default detection. */
export interface ScoreSupplyRule {
  ruleType: ScoreSupplyType;
  flag: string;
  defaultDet: number;
}

const scoreFlags = (side: ScoreSupplyType): { flag: RuleFlag; defaultDet: RuleFlag } => {
  const { supply, defaultDetection } = kindOf(side).scoreSupply;
  return { flag: supply, defaultDet: defaultDetection };
};

export async function scoreSupplyRules(db: DbOrTx): Promise<ScoreSupplyRule[]> {
  const values = await ruleFlagValues(db);
  return SCORE_SUPPLY_TYPES.map((ruleType) => ({
    ruleType,
    flag: values[scoreFlags(ruleType).flag],
    defaultDet: Number(values[scoreFlags(ruleType).defaultDet]),
  }));
}

/** Spec scoreSupplyRule/saveOrUpdate: changes the switch and/or the default detection of one FMEA type. */
export async function setScoreSupplyRule(
  ctx: ServiceContext,
  input: { ruleType: string; flag?: string; defaultDet?: number | string },
): Promise<ScoreSupplyRule> {
  if (!(SCORE_SUPPLY_TYPES as readonly string[]).includes(input.ruleType)) {
    throw new InvalidInputError('rules.unknown_flag', { flag: String(input.ruleType) });
  }
  const names = scoreFlags(input.ruleType as ScoreSupplyType);
  const changes: RuleFlagChange[] = [];
  if (input.flag !== undefined) changes.push({ ruleType: names.flag, flag: String(input.flag) });
  if (input.defaultDet !== undefined) changes.push({ ruleType: names.defaultDet, flag: String(input.defaultDet) });
  await setRuleFlags(ctx, changes, 'scoreSupply');
  return (await scoreSupplyRules(ctx.db)).find((r) => r.ruleType === input.ruleType)!;
}
