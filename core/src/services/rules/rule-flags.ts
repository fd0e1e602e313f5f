import { eq, inArray } from 'drizzle-orm';
import { businessRule } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { InvalidInputError } from '../../errors.ts';
import { isRuleFlag, readRules, RULE_FLAGS, RULE_GROUPS, type RuleFlag, type RuleFlagDefinition, type RuleGroup, type Rules } from '../../domain/rules/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';

export type BusinessRule = typeof businessRule.$inferSelect;

/**
 * Every rule flag with its current value (seeded defaults until changed), in the order of the groups given
 * (all: the tabs' order, RULE_GROUPS), then each flag's sort.
 */
export async function listRuleFlags(db: DbOrTx, group?: RuleGroup | readonly RuleGroup[]): Promise<BusinessRule[]> {
  const groups: readonly string[] = group === undefined ? RULE_GROUPS : typeof group === 'string' ? [group] : group;
  const rows = await db.select().from(businessRule).where(inArray(businessRule.ruleGroup, [...groups]));
  return rows.sort((a, b) => groups.indexOf(a.ruleGroup) - groups.indexOf(b.ruleGroup) || a.ruleSort - b.ruleSort);
}

/** Current values as a plain map, defaults filled in: what sessions and the workbench read. */
export async function ruleFlagValues(db: DbOrTx): Promise<Record<RuleFlag, string>> {
  const values = Object.fromEntries(Object.entries(RULE_FLAGS).map(([k, d]) => [k, d.defaultValue])) as Record<RuleFlag, string>;
  // read on most calls that change data: only the two columns it needs
  const rows = await db.select({ ruleType: businessRule.ruleType, flag: businessRule.flag }).from(businessRule);
  for (const row of rows) if (isRuleFlag(row.ruleType)) values[row.ruleType] = row.flag;
  return values;
}

/** The current flags read by name (domain/rules/read.ts): what services act on. */
export async function readRuleFlags(db: DbOrTx): Promise<Rules> {
  return readRules(await ruleFlagValues(db));
}

export async function setRuleFlag(ctx: ServiceContext, flag: string, value: string): Promise<BusinessRule> {
  if (!isRuleFlag(flag)) throw new InvalidInputError('rules.unknown_flag', { flag });
  const definition = RULE_FLAGS[flag];
  const clean = value.trim();
  if (!(definition.values as readonly string[]).includes(clean)) {
    throw new InvalidInputError('rules.flag_value_invalid', { flag, allowed: definition.values.join(', ') });
  }
  return writeAndLog(ctx, async (tx) => {
    const before = await tx.select().from(businessRule).where(eq(businessRule.ruleType, flag)).get();
    const [row] = await tx
      .insert(businessRule)
      .values({
        ruleGroup: definition.group,
        ruleType: flag,
        ruleName: definition.name,
        ruleNameEn: definition.nameEn,
        flag: clean,
        ruleSort: definition.sort,
      })
      .onConflictDoUpdate({ target: businessRule.ruleType, set: { flag: clean, updatedAt: ctx.now() } })
      .returning();
    return { result: row!, log: { action: 'rules.set', entity: 'business_rule', entityId: flag, before, after: row } };
  });
}

/**
 * Seeds the flags that are missing; never overwrites an admin's choice. A new
 * installation (no flag stored yet) gets every default; one that already ran
 * gets a flag an upgrade added at its `upgradeValue` where it has one, so
 * nothing changes under its users until an administrator switches it on.
 * A stored flag follows the code's group, names and sort on every start.
 */
export async function seedRuleFlags(db: DbOrTx): Promise<void> {
  const fresh = (await db.select({ ruleType: businessRule.ruleType }).from(businessRule).limit(1)).length === 0;
  const rows = Object.entries(RULE_FLAGS).map(([ruleType, d]: [string, RuleFlagDefinition]) => ({
    ruleGroup: d.group,
    ruleType,
    ruleName: d.name,
    ruleNameEn: d.nameEn,
    flag: fresh ? d.defaultValue : (d.upgradeValue ?? d.defaultValue),
    ruleSort: d.sort,
  }));
  // group, names and sort are the code's (issue 26 moved flags into tabs of their own); the value stays the admin's
  for (const row of rows) {
    await db
      .insert(businessRule)
      .values(row)
      .onConflictDoUpdate({ target: businessRule.ruleType, set: { ruleGroup: row.ruleGroup, ruleName: row.ruleName, ruleNameEn: row.ruleNameEn, ruleSort: row.ruleSort } });
  }
}
