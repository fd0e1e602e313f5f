import { integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, timestamps } from './columns.ts';

/**
 * Business rules and rule flags (spec 000 §2.4, §5), score supply included:
 * one row per flag, grouped by tab. `flag` is the spec's string value ('0'/'1' for switches).
 */
export const businessRule = sqliteTable(
  'business_rule',
  {
    id: id(),
    ruleGroup: text('rule_group').notNull(),
    ruleType: text('rule_type').notNull(),
    ruleName: text('rule_name').notNull(),
    ruleNameEn: text('rule_name_en').notNull(),
    flag: text('flag').notNull(),
    ruleSort: integer('rule_sort').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('business_rule_type_unique').on(t.ruleType)],
);

/** One rule set per table (dfmea, pfmea, msr) with the selection string that says which rule types apply. */
export const apRuleSet = sqliteTable('ap_rule_set', {
  tableName: text('table_name').primaryKey(),
  selection: text('selection').notNull(),
  ...timestamps,
});

export const apRule = sqliteTable('ap_rule', {
  id: id(),
  tableName: text('table_name')
    .notNull()
    .references(() => apRuleSet.tableName, { onDelete: 'cascade' }),
  sort: integer('sort').notNull(),
  ruleType: text('rule_type').notNull(),
  ap: text('ap', { enum: ['H', 'M', 'L'] }).notNull(),
  sMin: integer('s_min'),
  sMax: integer('s_max'),
  oMin: integer('o_min'),
  oMax: integer('o_max'),
  dMin: integer('d_min'),
  dMax: integer('d_max'),
  rpnMin: integer('rpn_min'),
  rpnMax: integer('rpn_max'),
  so: integer('so'),
  sd: integer('sd'),
});

export const numberingRule = sqliteTable('numbering_rule', {
  module: text('module').primaryKey(),
  prefix: text('prefix').notNull(),
  /** NumberElement[] as JSON (see core/src/domain/numbering). */
  elements: text('elements', { mode: 'json' }).$type<unknown[]>().notNull(),
  allowManual: integer('allow_manual', { mode: 'boolean' }).notNull().default(false),
  ...timestamps,
});

/** One counter per scope (module + rendered date part); bumped with a single atomic upsert. */
export const numberingCounter = sqliteTable(
  'numbering_counter',
  {
    module: text('module').notNull(),
    scope: text('scope').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.module, t.scope] })],
);
