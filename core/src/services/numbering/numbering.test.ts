import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { numberingCounter, operationLog } from '../../db/schema/index.ts';
import { allocateNumber, allocateNumbers, nextNumber, previewNextNumber, previewNumber, registerManualNumber, setNumberingRule } from './numbering.ts';

let t: TestDatabase;
afterEach(() => t.dispose());

const DAY = new Date('2018-03-09T08:00:00Z');

describe('number allocation', () => {
  it('formats DF numbers with the date and a four-digit serial, as the spec tail 1803090001', async () => {
    t = await openTestDatabase({ now: () => DAY });
    expect(await nextNumber(t.ctx, 'dfmeaProject')).toBe('DF1803090001');
    expect(await nextNumber(t.ctx, 'dfmeaProject')).toBe('DF1803090002');
    expect(await nextNumber(t.ctx, 'pfmeaProject')).toBe('PF1803090001');
  });

  it('restarts the serial on a new day', async () => {
    t = await openTestDatabase();
    expect(await allocateNumber(t.db, 'problem', DAY)).toBe('RS1803090001');
    expect(await allocateNumber(t.db, 'problem', new Date('2018-03-10T08:00:00Z'))).toBe('RS1803100001');
  });

  it('never hands out the same number twice under concurrent creates', async () => {
    t = await openTestDatabase();
    const numbers = await Promise.all(Array.from({ length: 200 }, () => allocateNumber(t.db, 'function', DAY)));
    expect(new Set(numbers).size).toBe(200);
  });

  it('stays unique across separate connections to one database file', async () => {
    t = await openTestDatabase({ file: true });
    const others = await Promise.all([openDatabase(t.url), openDatabase(t.url), openDatabase(t.url)]);
    try {
      const numbers = await Promise.all(
        [t, ...others].flatMap((d) => Array.from({ length: 50 }, () => allocateNumber(d.db, 'failureMode', DAY))),
      );
      expect(new Set(numbers).size).toBe(200);
    } finally {
      others.forEach((o) => o.close());
    }
  });

  it('hands out a block in one step: the numbers single allocations would give, past the ones held', async () => {
    t = await openTestDatabase();
    expect(await allocateNumber(t.db, 'failureMode', DAY)).toBe('FA1803090001');
    const held = new Set(['FA1803090003', 'FA1803090006']);
    const asked: string[][] = [];
    const numbers = await allocateNumbers(t.db, 'failureMode', DAY, 4, async (block) => {
      asked.push([...block]);
      return new Set(block.filter((n) => held.has(n)));
    });
    expect(numbers).toEqual(['FA1803090002', 'FA1803090004', 'FA1803090005', 'FA1803090007']);
    // one question for the block, then one for each serial taken in place of a held one
    expect(asked).toEqual([['FA1803090002', 'FA1803090003', 'FA1803090004', 'FA1803090005'], ['FA1803090006'], ['FA1803090007']]);
    expect(await allocateNumber(t.db, 'failureMode', DAY)).toBe('FA1803090008');
    expect(await allocateNumbers(t.db, 'failureMode', DAY, 0)).toEqual([]);
  });

  it('refuses a manual number where the rule does not allow one', async () => {
    t = await openTestDatabase();
    await expect(registerManualNumber(t.db, 'dfmeaProject', 'MY-1')).rejects.toMatchObject({ code: 'not_allowed' });
  });

  it('keeps the counter ahead of an allowed manual number', async () => {
    t = await openTestDatabase({ now: () => DAY });
    await setNumberingRule(t.ctx, {
      module: 'dfmeaProject',
      prefix: 'DF',
      elements: [{ kind: 'prefix' }, { kind: 'date', format: 'yyMMdd' }, { kind: 'serial', digits: 4 }],
      allowManual: true,
    });
    await registerManualNumber(t.db, 'dfmeaProject', 'DF1803090041');
    expect(await nextNumber(t.ctx, 'dfmeaProject')).toBe('DF1803090042');
  });

  it('refuses an unknown module', async () => {
    t = await openTestDatabase();
    await expect(nextNumber(t.ctx, 'spaceship')).rejects.toMatchObject({ messageKey: 'numberingRule.unknown_module' });
  });
});

describe('number preview', () => {
  const allowManual = (t: TestDatabase, module: 'dfmeaProject' | 'product', elements = [{ kind: 'prefix' }, { kind: 'date', format: 'yyMMdd' }, { kind: 'serial', digits: 4 }] as const) =>
    setNumberingRule(t.ctx, { module, prefix: module === 'product' ? 'PA' : 'DF', elements, allowManual: true });

  it('answers the first number of an untouched module and writes nothing', async () => {
    t = await openTestDatabase({ now: () => DAY });
    expect(await previewNumber(t.db, 'dfmeaProject', DAY)).toBe('DF1803090001');
    expect(await previewNumber(t.db, 'dfmeaProject', DAY)).toBe('DF1803090001');
    expect(await t.db.select().from(numberingCounter)).toEqual([]);
    expect((await t.db.select().from(operationLog).orderBy(operationLog.at, sql`rowid`)).filter((e) => e.action.startsWith('numbering.'))).toEqual([]);
  });

  it('is the number the next allocation gives, and does not consume it', async () => {
    t = await openTestDatabase({ now: () => DAY });
    for (let i = 0; i < 3; i++) await nextNumber(t.ctx, 'dfmeaProject');
    const preview = await previewNumber(t.db, 'dfmeaProject', DAY);
    expect(preview).toBe('DF1803090004');
    expect(await previewNumber(t.db, 'dfmeaProject', DAY)).toBe(preview);
    expect(await allocateNumber(t.db, 'dfmeaProject', DAY)).toBe(preview);
    expect(await previewNumber(t.db, 'dfmeaProject', DAY)).toBe('DF1803090005');
  });

  it('follows the counter scope: a new day previews serial 1 again', async () => {
    t = await openTestDatabase();
    await allocateNumber(t.db, 'problem', DAY);
    expect(await previewNumber(t.db, 'problem', new Date('2018-03-10T08:00:00Z'))).toBe('RS1803100001');
    expect(await previewNumber(t.db, 'problem', DAY)).toBe('RS1803090002');
  });

  it('says whether manual numbers are allowed and gives the serial beside the number', async () => {
    t = await openTestDatabase({ now: () => DAY });
    await allocateNumber(t.db, 'product', DAY);
    expect(await previewNextNumber(t.db, 'product', DAY)).toEqual({ module: 'product', number: 'PA1803090002', serial: 2, allowManual: false });
    await allowManual(t, 'product');
    expect(await previewNextNumber(t.db, 'product', DAY)).toMatchObject({ allowManual: true, serial: 2 });
  });

  it('moves past a registered manual number, as the allocation does', async () => {
    t = await openTestDatabase({ now: () => DAY });
    await allowManual(t, 'dfmeaProject');
    await registerManualNumber(t.db, 'dfmeaProject', 'DF1803090007');
    expect(await previewNumber(t.db, 'dfmeaProject', DAY)).toBe('DF1803090008');
    expect(await allocateNumber(t.db, 'dfmeaProject', DAY)).toBe('DF1803090008');
  });

  it('steps past numbers held elsewhere in preview and allocation alike', async () => {
    t = await openTestDatabase({ now: () => DAY });
    const held = new Set(['DF1803090001', 'DF1803090002']);
    const taken = async (n: string) => held.has(n);
    expect(await previewNextNumber(t.db, 'dfmeaProject', DAY, taken)).toMatchObject({ number: 'DF1803090003', serial: 3 });
    expect(await allocateNumber(t.db, 'dfmeaProject', DAY, taken)).toBe('DF1803090003');
    expect(await allocateNumber(t.db, 'dfmeaProject', DAY, taken)).toBe('DF1803090004');
  });

  it('refuses an unknown module', async () => {
    t = await openTestDatabase();
    await expect(previewNumber(t.db, 'spaceship', DAY)).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'numberingRule.unknown_module' });
  });
});
