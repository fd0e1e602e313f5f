import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogLog, catalogRecord } from '../../db/schema/index.ts';
import { writeSheet } from '../shared/xlsx.ts';
import { registerManualNumber, setNumberingRule } from '../numbering/numbering.ts';
import { applyCatalogRecord } from './flow.ts';
import { createCatalogRecord, getCatalogRecord } from './records.ts';
import { importCatalogRecords } from './sheet.ts';
import { openCatalogWorld, type CatalogWorld } from '../../testing/catalog.ts';

/**
 * The import's bulk path (import-bulk.ts): new records held, numbered in one
 * counter step and written together, with the outcome of row by row — the
 * rows above in the file seen by number and by content, typed numbers in
 * their place among the rule's.
 */
let w: CatalogWorld;
beforeEach(async () => {
  w = await openCatalogWorld();
});
afterEach(() => w.t.dispose());

const sheet = (headers: readonly string[], rows: readonly (string | number | null)[][]) =>
  writeSheet(
    'Sheet1',
    headers.map((h, i) => ({ key: `c${i}`, headers: [h] })),
    rows.map((r) => Object.fromEntries(r.map((v, i) => [`c${i}`, v]))),
  );

const failureModes = async () =>
  (await w.t.db.select({ serialNum: catalogRecord.serialNum, text: catalogRecord.text }).from(catalogRecord).where(eq(catalogRecord.type, 'invalidMode'))).sort((a, b) =>
    a.serialNum.localeCompare(b.serialNum),
  );

describe('import in bulk', () => {
  it('writes 2,000 rows as 2,000 records with distinct consecutive numbers and one log row each', async () => {
    await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: 'Before the import' } });
    const data = await sheet(['失效描述', '严重度'], Array.from({ length: 2000 }, (_, i) => [`Failure ${i}`, 1 + (i % 10)]));
    const progress: number[] = [];
    const result = await importCatalogRecords(w.author, 'invalidMode', data, { limit: 4 * 1024 * 1024, onProgress: (done) => progress.push(done) });
    expect(result).toEqual({ created: 2000, updated: 0, versioned: 0, skipped: 0, rowErrors: [], unmappedColumns: [] });
    expect(progress).toEqual(Array.from({ length: 2001 }, (_, i) => i));

    const imported = (await failureModes()).filter((r) => r.text.startsWith('Failure '));
    expect(imported).toHaveLength(2000);
    // FA + the test day + a four-digit serial: 0001 is the record created before
    expect(imported.map((r) => r.serialNum)).toEqual(Array.from({ length: 2000 }, (_, i) => `FA260301${String(i + 2).padStart(4, '0')}`));
    expect(new Set(imported.map((r) => r.text)).size).toBe(2000);

    const logs = await w.t.db.select({ recordId: catalogLog.recordId, serialNum: catalogLog.serialNum }).from(catalogLog).where(eq(catalogLog.action, 'import'));
    expect(logs).toHaveLength(2000);
    expect(new Set(logs.map((l) => l.recordId)).size).toBe(2000);
    expect(new Set(logs.map((l) => l.serialNum))).toEqual(new Set(imported.map((r) => r.serialNum)));
    expect(await w.t.db.select({ n: count() }).from(catalogRecord)).toEqual([{ n: 2001 }]);
  });

  it('numbers a typed number among the rule’s as row by row would, and sees the rows above by their numbers', async () => {
    await setNumberingRule(w.t.ctx, {
      module: 'failureMode',
      prefix: 'FA',
      elements: [{ kind: 'prefix' }, { kind: 'date', format: 'yyMMdd' }, { kind: 'serial', digits: 4 }],
      allowManual: true,
    });
    const data = await sheet(
      ['失效编号', '失效描述'],
      [
        [null, 'First'],
        ['FA2603010005', 'Typed'],
        [null, 'Third'],
        // the number the rule gave the first row: that record, left out
        ['FA2603010001', 'First again'],
      ],
    );
    expect(await importCatalogRecords(w.author, 'invalidMode', data)).toMatchObject({ created: 3, skipped: 1 });
    expect(await failureModes()).toEqual([
      { serialNum: 'FA2603010001', text: 'First' },
      { serialNum: 'FA2603010005', text: 'Typed' },
      { serialNum: 'FA2603010006', text: 'Third' },
    ]);
  });

  it('refuses the rows past the day’s last serial, as row by row, and writes the others when asked', async () => {
    await setNumberingRule(w.t.ctx, {
      module: 'failureMode',
      prefix: 'FA',
      elements: [{ kind: 'prefix' }, { kind: 'date', format: 'yyMMdd' }, { kind: 'serial', digits: 3 }],
      allowManual: true,
    });
    await registerManualNumber(w.t.db, 'failureMode', 'FA260301997');
    const data = await sheet(['失效描述', '严重度'], [['One', 1], ['Two', 2], ['Three', 30], ['Four', 4], ['Five', 5]]);
    const exhausted = { messageKey: 'numbering.serial_exhausted', params: { digits: 3, max: 999 } };
    await expect(importCatalogRecords(w.author, 'invalidMode', data)).rejects.toMatchObject({
      messageKey: 'catalog.import_invalid',
      params: { count: 3 },
      issues: [{ row: 4, field: 'severity' }, { row: 5, ...exhausted }, { row: 6, ...exhausted }],
    });
    expect(await importCatalogRecords(w.author, 'invalidMode', data, { goodRowsOnly: true })).toMatchObject({ created: 2, rowErrors: [{ row: 4 }, { row: 5 }, { row: 6 }] });
    expect(await failureModes()).toEqual([
      { serialNum: 'FA260301998', text: 'One' },
      { serialNum: 'FA260301999', text: 'Two' },
    ]);
  });

  it('covers a record a row above created, and refuses a row that clashes with one under review', async () => {
    const reviewed = await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: 'Under review' } });
    await applyCatalogRecord(w.author, reviewed.id, { version: 1 });
    const data = await sheet(
      ['失效编号', '失效描述', '严重度'],
      [
        [null, 'Seal leaks', 3],
        [null, 'SEAL LEAKS', 7],
        [null, 'Seal torn', 2],
      ],
    );
    expect(await importCatalogRecords(w.author, 'invalidMode', data, { mode: 'cover' })).toMatchObject({ created: 2, updated: 1, rowErrors: [] });
    const leaks = await w.t.db.select().from(catalogRecord).where(eq(catalogRecord.text, 'SEAL LEAKS'));
    expect(leaks.map((r) => [r.serialNum, r.data])).toEqual([['FA2603010002', { severity: 7 }]]);

    // a typed number of no record whose description a record under review holds: refused, the good row kept
    const clash = await sheet(['失效编号', '失效描述'], [['FA2603019999', 'under review'], [null, 'Fine']]);
    await expect(importCatalogRecords(w.author, 'invalidMode', clash)).rejects.toMatchObject({ messageKey: 'catalog.import_invalid' });
    const kept = await importCatalogRecords(w.author, 'invalidMode', clash, { goodRowsOnly: true });
    expect(kept).toMatchObject({ created: 1, rowErrors: [{ row: 2 }] });
    expect((await failureModes()).map((r) => r.text)).toEqual(['Under review', 'SEAL LEAKS', 'Seal torn', 'Fine']);
    expect((await getCatalogRecord(w.author, reviewed.id)).status).toBe('1');
  });
});
