import { and, asc, eq, sql } from 'drizzle-orm';
import { numberingCounter, numberingRule } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { InvalidInputError } from '../../errors.ts';
import {
  checkManualNumber,
  counterScope,
  defaultNumberingRule,
  formatNumber,
  NUMBERING_MODULES,
  parseNumber,
  validateNumberingRule,
  type NumberingModule,
  type NumberingRule,
} from '../../domain/numbering/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { larger } from '../../db/portable.ts';

export function assertModule(module: string): NumberingModule {
  if (!(NUMBERING_MODULES as readonly string[]).includes(module)) throw new InvalidInputError('numberingRule.unknown_module', { module });
  return module as NumberingModule;
}

export async function getNumberingRule(db: DbOrTx, module: string): Promise<NumberingRule> {
  const name = assertModule(module);
  const row = await db.select().from(numberingRule).where(eq(numberingRule.module, name)).get();
  if (!row) return defaultNumberingRule(name);
  return { module: name, prefix: row.prefix, elements: row.elements as NumberingRule['elements'], allowManual: row.allowManual };
}

export async function listNumberingRules(db: DbOrTx): Promise<NumberingRule[]> {
  const rows = await db.select().from(numberingRule).orderBy(asc(numberingRule.module));
  const stored = new Map(rows.map((r) => [r.module, r]));
  return NUMBERING_MODULES.map((m) => {
    const row = stored.get(m);
    return row ? { module: m, prefix: row.prefix, elements: row.elements as NumberingRule['elements'], allowManual: row.allowManual } : defaultNumberingRule(m);
  });
}

export async function setNumberingRule(ctx: ServiceContext, rule: NumberingRule): Promise<NumberingRule> {
  const module = assertModule(rule.module);
  const issues = validateNumberingRule(rule);
  if (issues.length) throw new InvalidInputError('numberingRule.invalid', {}, issues);
  return writeAndLog(ctx, async (tx) => {
    const before = await getNumberingRule(tx, module);
    const values = { module, prefix: rule.prefix, elements: rule.elements as unknown[], allowManual: rule.allowManual };
    await tx
      .insert(numberingRule)
      .values(values)
      .onConflictDoUpdate({ target: numberingRule.module, set: { ...values, updatedAt: ctx.now() } });
    return { result: rule, log: { action: 'numbering.set_rule', entity: 'numbering_rule', entityId: module, before, after: rule } };
  });
}

/**
 * Whether a number is already held elsewhere (e.g. by a project, deleted ones
 * included). Allocation and preview step past such numbers, so an automatic
 * number never lands on one typed by hand under an older rule.
 */
export type NumberTaken = (number: string) => Promise<boolean>;

/**
 * Hands out the next number of a module. The counter moves in one atomic
 * upsert (SQLite serialises writers), so no two callers — in this process or
 * another one on the same database — ever get the same serial. With `taken`,
 * a number already held is skipped (its serial is used up too).
 */
export async function allocateNumber(db: DbOrTx, module: string, now: Date, taken?: NumberTaken): Promise<string> {
  const rule = await getNumberingRule(db, module);
  const scope = counterScope(rule, now);
  for (;;) {
    const row = await db
      .insert(numberingCounter)
      .values({ module: rule.module, scope, value: 1 })
      .onConflictDoUpdate({ target: [numberingCounter.module, numberingCounter.scope], set: { value: sql`${numberingCounter.value} + 1` } })
      .returning({ value: numberingCounter.value })
      .get();
    const number = formatNumber(rule, { date: now, serial: row.value });
    if (!taken || !(await taken(number))) return number;
  }
}

/** Which of several numbers are already held elsewhere: one question for a whole block (an import's new records). */
export type NumbersTaken = (numbers: readonly string[]) => Promise<ReadonlySet<string>>;

/**
 * `count` numbers of a module, the counter moved once for all of them (an
 * import numbering thousands of records): the same numbers, in the same
 * order, as `count` calls of allocateNumber — numbers already held are
 * skipped (their serials used up) and as many more taken in their place.
 */
export async function allocateNumbers(db: DbOrTx, module: string, now: Date, count: number, taken?: NumbersTaken): Promise<string[]> {
  const rule = await getNumberingRule(db, module);
  const scope = counterScope(rule, now);
  const numbers: string[] = [];
  while (numbers.length < count) {
    const step = count - numbers.length;
    const row = await db
      .insert(numberingCounter)
      .values({ module: rule.module, scope, value: step })
      .onConflictDoUpdate({ target: [numberingCounter.module, numberingCounter.scope], set: { value: sql`${numberingCounter.value} + ${step}` } })
      .returning({ value: numberingCounter.value })
      .get();
    const block = Array.from({ length: step }, (_, i) => formatNumber(rule, { date: now, serial: row.value - step + 1 + i }));
    const held = taken ? await taken(block) : new Set<string>();
    numbers.push(...block.filter((number) => !held.has(number)));
  }
  return numbers;
}

/** What the next allocation of a module would give, and whether the module takes numbers typed by hand. */
export interface NumberPreview {
  readonly module: NumberingModule;
  /** The number the next allocation at this moment would hand out. */
  readonly number: string;
  /** Its serial, so a draft rule can be shown with the real serial. */
  readonly serial: number;
  readonly allowManual: boolean;
}

/**
 * The next number of a module without taking it: same rule, scope and format
 * as allocateNumber, read from the counter and nothing written. Another
 * allocation may come first, so the number is a look, not a reservation.
 */
export async function previewNextNumber(db: DbOrTx, module: string, now: Date, taken?: NumberTaken): Promise<NumberPreview> {
  const rule = await getNumberingRule(db, module);
  const scope = counterScope(rule, now);
  const row = await db
    .select({ value: numberingCounter.value })
    .from(numberingCounter)
    .where(and(eq(numberingCounter.module, rule.module), eq(numberingCounter.scope, scope)))
    .get();
  let serial = (row?.value ?? 0) + 1;
  let number = formatNumber(rule, { date: now, serial });
  while (taken && (await taken(number))) number = formatNumber(rule, { date: now, serial: ++serial });
  return { module: rule.module, number, serial, allowManual: rule.allowManual };
}

/** The number the next allocation of a module would give, without consuming it. */
export async function previewNumber(db: DbOrTx, module: string, now: Date): Promise<string> {
  return (await previewNextNumber(db, module, now)).number;
}

/** CLI/API entry: allocate and log who took which number. */
export async function nextNumber(ctx: ServiceContext, module: string): Promise<string> {
  return writeAndLog(ctx, async (tx) => {
    const number = await allocateNumber(tx, module, ctx.now());
    return { result: number, log: { action: 'numbering.allocate', entity: 'numbering_counter', entityId: module, after: { number } } };
  });
}

/**
 * Accepts a manually typed number where the rule allows it, and keeps the
 * counter ahead of it so a later automatic number cannot collide.
 */
export async function registerManualNumber(db: DbOrTx, module: string, value: string): Promise<string> {
  const rule = await getNumberingRule(db, module);
  checkManualNumber(rule, value);
  const parsed = parseNumber(rule, value);
  if (parsed) {
    const scope = parsed.scope;
    await db
      .insert(numberingCounter)
      .values({ module: rule.module, scope, value: parsed.serial })
      .onConflictDoUpdate({
        target: [numberingCounter.module, numberingCounter.scope],
        set: { value: larger(numberingCounter.value, parsed.serial) },
      });
  }
  return value.trim();
}
