import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { recordOperation } from '../shared/audit.ts';
import { readSheet, type SheetColumn } from '../shared/xlsx.ts';
import { exportOperations } from './export.ts';
import { listOperations } from './oplog.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await openTestDatabase();
});
afterEach(() => t.dispose());

const DAY = (d: number) => new Date(Date.UTC(2026, 4, d, 9, 0, 0));

/** Three people's entries over three days, written as the services write them. */
async function seedLog() {
  const write = (userName: string, at: Date, action: string, entity: string, entityId: string, after?: unknown) =>
    recordOperation(t.db, { userId: null, userName, ip: '10.0.0.1' }, at, { action: action as never, entity: entity as never, entityId, after });
  await write('li', DAY(1), 'user.create', 'user', 'u-1', { userName: 'wang' });
  await write('li', DAY(2), 'role.update', 'role', 'r-1');
  await write('zhao', DAY(2), 'user.lock', 'user', 'u-2');
  await write('zhao', DAY(3), 'user.create', 'user', 'u-3', { userName: '=HYPERLINK("x")' });
}

const columns = (keys: string[], headers: string[]): SheetColumn[] => keys.map((key, i) => ({ key, headers: [headers[i]!] }));

describe('the operation log’s filters', () => {
  it('combine user, action prefix, record type and date range in one query, with paging', async () => {
    await seedLog();
    const ctx = t.ctx;
    const ids = async (q: Parameters<typeof listOperations>[1]) => (await listOperations(ctx, q)).items.map((e) => e.entityId).filter((id) => id !== null && !id.startsWith('admin'));
    expect(await ids({ userName: 'li', entity: 'user' })).toEqual(['u-1']);
    expect(await ids({ action: 'user.', from: DAY(2), to: DAY(3) })).toEqual(['u-3', 'u-2']);
    expect(await ids({ entity: 'role' })).toEqual(['r-1']);
    const page = await listOperations(ctx, { userName: 'zhao', page: 2, limit: 1 });
    expect(page).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(page.items.map((e) => e.entityId)).toEqual(['u-2']);
  });
});

describe('exportOperations', () => {
  it('writes the filtered entries newest first, named in the reader’s language, with the codes and the record after', async () => {
    await seedLog();
    const bytes = await exportOperations(t.ctx, { action: 'user.create' }, 'en-US');
    const { rows } = await readSheet(bytes, columns(['at', 'user', 'action', 'code', 'entity', 'id', 'after'], ['Time (UTC)', 'User', 'Action', 'Action code', 'Record type', 'Record id', 'After']), undefined, { acceptUnmapped: true });
    expect(rows.map((r) => [r.values.at, r.values.user, r.values.code, r.values.entity, r.values.id])).toEqual([
      [DAY(3).toISOString(), 'zhao', 'user.create', 'User', 'u-3'],
      [DAY(1).toISOString(), 'li', 'user.create', 'User', 'u-1'],
    ]);
    expect(rows[0]!.values.action).not.toBe('user.create');
    // a formula-looking value stays text in its cell
    expect(rows[0]!.values.after).toBe('{"userName":"=HYPERLINK(\\"x\\")"}');
  });

  it('heads its columns in Chinese for Chinese readers and filters by date range', async () => {
    await seedLog();
    const bytes = await exportOperations(t.ctx, { from: DAY(2), to: DAY(2) }, 'zh-CN');
    const { rows } = await readSheet(bytes, columns(['user', 'id'], ['用户', '记录ID']), undefined, { acceptUnmapped: true });
    expect(rows.map((r) => r.values.id).sort()).toEqual(['r-1', 'u-2']);
  });
});
