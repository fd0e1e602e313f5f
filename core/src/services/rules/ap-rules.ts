import { asc, eq } from 'drizzle-orm';
import { apRule, apRuleSet } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { InvalidInputError } from '../../errors.ts';
import {
  AP_TABLES,
  compileApTable,
  DEFAULT_AP_RULES,
  DEFAULT_AP_SELECTION,
  parseRuleSelection,
  validateApRules,
  type ApLevel,
  type ApRule,
  type ApTable,
} from '../../domain/ap/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';

export interface ApRuleSet {
  table: ApTable;
  selection: string;
  rules: ApRule[];
}

export function assertApTable(table: string): ApTable {
  if (!(AP_TABLES as readonly string[]).includes(table)) throw new InvalidInputError('rules.unknown_ap_table', { table });
  return table as ApTable;
}

const BOUNDS = ['sMin', 'sMax', 'oMin', 'oMax', 'dMin', 'dMax', 'rpnMin', 'rpnMax', 'so', 'sd'] as const;

function toRule(row: typeof apRule.$inferSelect): ApRule {
  const rule: Record<string, unknown> = { ruleType: row.ruleType, ap: row.ap };
  for (const key of BOUNDS) if (row[key] !== null) rule[key] = row[key];
  return rule as unknown as ApRule;
}

export async function getApRuleSet(db: DbOrTx, table: string): Promise<ApRuleSet> {
  const name = assertApTable(table);
  const set = await db.select().from(apRuleSet).where(eq(apRuleSet.tableName, name)).get();
  const rows = await db.select().from(apRule).where(eq(apRule.tableName, name)).orderBy(asc(apRule.sort));
  return { table: name, selection: set?.selection ?? DEFAULT_AP_SELECTION, rules: rows.map(toRule) };
}

/**
 * Compiled lookups, dropped on every write through this module and after a
 * short time, so rules replaced by another process (the CLI) are picked up.
 */
const CACHE_MS = 30_000;
const compiled = new WeakMap<object, Map<ApTable, { evaluate: (s: number, o: number, d: number) => ApLevel; at: number; generation: number }>>();
let generation = 0;

/**
 * Forgets every compiled table of this process: the API calls it when the database's auth stamp moved
 * (rule changes move it), so rules replaced through another server or the CLI count from the next request
 * instead of after CACHE_MS.
 */
export function forgetCompiledApRules(): void {
  generation++;
}

function cacheFor(db: DbOrTx) {
  let cache = compiled.get(db);
  if (!cache) compiled.set(db, (cache = new Map()));
  return cache;
}

/** The AP evaluator of a table as stored in the database (admins may have replaced the rules). */
export async function apEvaluator(db: DbOrTx, table: string): Promise<(s: number, o: number, d: number) => ApLevel> {
  const name = assertApTable(table);
  const cache = cacheFor(db);
  const hit = cache.get(name);
  if (hit && hit.generation === generation && Date.now() - hit.at < CACHE_MS) return hit.evaluate;
  const set = await getApRuleSet(db, name);
  const evaluate = compileApTable(set.rules, set.selection);
  cache.set(name, { evaluate, at: Date.now(), generation });
  return evaluate;
}

/**
 * Replaces a table's rules (and optionally its selection) wholesale; the new
 * set is validated first and nothing is written if any rule is wrong.
 */
export async function replaceApRules(ctx: ServiceContext, table: string, rules: readonly ApRule[], selection?: string): Promise<ApRuleSet> {
  const name = assertApTable(table);
  const issues = validateApRules(rules);
  if (issues.length) throw new InvalidInputError('rules.ap_rules_invalid', {}, issues);
  const nextSelection = selection?.trim() || undefined;
  if (nextSelection) parseRuleSelection(nextSelection);
  const result = await writeAndLog(ctx, async (tx) => {
    const before = await getApRuleSet(tx, name);
    await writeApRules(tx, name, rules, nextSelection ?? before.selection);
    const after = await getApRuleSet(tx, name);
    return { result: after, log: { action: 'rules.ap_replace', entity: 'ap_rule_set', entityId: name, before, after } };
  });
  cacheFor(ctx.db).delete(name);
  return result;
}

async function writeApRules(db: DbOrTx, table: ApTable, rules: readonly ApRule[], selection: string) {
  await db
    .insert(apRuleSet)
    .values({ tableName: table, selection })
    .onConflictDoUpdate({ target: apRuleSet.tableName, set: { selection, updatedAt: new Date() } });
  await db.delete(apRule).where(eq(apRule.tableName, table));
  const rows = rules.map((r, i) => {
    const row: typeof apRule.$inferInsert = { tableName: table, sort: i + 1, ruleType: r.ruleType, ap: r.ap };
    for (const key of BOUNDS) row[key] = r[key] ?? null;
    return row;
  });
  for (let i = 0; i < rows.length; i += 100) await db.insert(apRule).values(rows.slice(i, i + 100));
}

/** Seeds the handbook tables where a table has no rules yet. */
export async function seedApRules(db: DbOrTx): Promise<void> {
  for (const table of AP_TABLES) {
    const existing = await db.select({ t: apRuleSet.tableName }).from(apRuleSet).where(eq(apRuleSet.tableName, table)).get();
    if (!existing) await writeApRules(db, table, DEFAULT_AP_RULES[table], DEFAULT_AP_SELECTION);
  }
}
