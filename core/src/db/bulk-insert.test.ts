import { asc } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../testing/index.ts';
import { insertRows } from './bulk-insert.ts';
import { catalogRecord } from './schema/index.ts';

let t: TestDatabase;
afterEach(() => t.dispose());

describe('insertRows', () => {
  it('writes every row as drizzle’s insert would: texts, numbers, nulls, dates, booleans and JSON, defaults for columns left out', async () => {
    t = await openTestDatabase();
    const at = new Date('2026-03-01T08:00:00.123Z');
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      id: `r${String(i).padStart(4, '0')}`,
      type: 'invalidMode',
      rootId: `r${String(i).padStart(4, '0')}`,
      serialNum: i % 2 ? `FA${i}` : String(i).padStart(6, '0'),
      versionNo: 1 + (i % 3),
      isLatestVersion: i % 2 === 0,
      status: '0' as const,
      productType: i % 5 ? String(i % 5) : null,
      text: `它's "quoted" \\ ${i}`,
      enText: null,
      data: { severity: i % 10, use: ['a', 'b'], note: i % 7 ? null : '{"not": "json"}' },
      createdAt: at,
      updatedAt: new Date(at.getTime() + i),
    }));
    await insertRows(t.db, catalogRecord, rows);
    const read = await t.db.select().from(catalogRecord).orderBy(asc(catalogRecord.id));
    expect(read).toHaveLength(1200);
    read.forEach((row, i) => expect(row).toEqual({ ...rows[i], category: null, quoteCount: 0, remark: null, creatorId: null, creatorName: null, updaterId: null, applicantId: null, applyTime: null, applyRemark: null, auditorId: null, auditTime: null, auditRemark: null, approverId: null, approveTime: null, approveRemark: null, delFlg: 0, deletedAt: null, version: 1 }));
    await insertRows(t.db, catalogRecord, []);
  });
});
