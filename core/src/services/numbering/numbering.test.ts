import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { allocateNumber, nextNumber, registerManualNumber, setNumberingRule } from './numbering.ts';

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
