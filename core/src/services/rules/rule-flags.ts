import { asc, eq } from 'drizzle-orm';
import { businessRule } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { InvalidInputError } from '../../errors.ts';
import { isRuleFlag, readRules, RULE_FLAGS, type RuleFlag, type RuleFlagDefinition, type RuleGroup, type Rules } from '../../domain/rules/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';

export type BusinessRule = typeof businessRule.$inferSelect;

/** Every rule flag with its current value (seeded defaults until changed). */
export async function listRuleFlags(db: DbOrTx, group?: RuleGroup): Promise<BusinessRule[]> {
  const query = db.select().from(businessRule).orderBy(asc(businessRule.ruleGroup), asc(businessRule.ruleSort));
  return group ? query.where(eq(businessRule.ruleGroup, group)) : query;
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
  await db.insert(businessRule).values(rows).onConflictDoNothing();
}
