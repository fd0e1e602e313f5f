import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_PASSWORD, type TestDatabase } from '../../testing/index.ts';
import { writeSheet } from '../shared/xlsx.ts';
import { createRole } from '../roles/roles.ts';
import { exportUsers, importUsers, USER_SHEET_COLUMNS } from './user-xlsx.ts';
import { createUser, getUser, listUsers } from './users.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await openTestDatabase();
  await createRole(t.ctx, { name: 'engineer' });
});
afterEach(() => t.dispose());

const sheet = (rows: Record<string, string>[]) => writeSheet('users', USER_SHEET_COLUMNS, rows);

describe('user import and export', () => {
  it('imports users with roles and generated passwords', async () => {
    const report = await importUsers(t.ctx, await sheet([
      { userName: 'imp1', realName: '导入一', roles: 'engineer' },
      { userName: 'imp2', realName: '导入二', password: TEST_PASSWORD },
    ]));
    expect(report.created.map((c) => c.userName)).toEqual(['imp1', 'imp2']);
    expect(report.created[0]!.generatedPassword).toBeTruthy();
    expect(report.created[1]!.generatedPassword).toBeUndefined();
    expect((await getUser(t.ctx, 'imp1')).roleNames).toEqual(['engineer']);
  });

  it('writes nothing when a row is wrong, and reports each bad row by number', async () => {
    const error = await importUsers(t.ctx, await sheet([
      { userName: 'good' },
      { userName: 'bad name' },
      { userName: 'good' },
      { userName: 'x', roles: 'nope' },
    ])).catch((e) => e);
    expect(error.messageKey).toBe('import.rows_invalid');
    expect(error.issues.map((i: { row: number; messageKey: string }) => [i.row, i.messageKey])).toEqual([
      [3, 'user.name_invalid'],
      [4, 'user.import_duplicate_in_file'],
      [5, 'role.not_found'],
    ]);
    expect((await listUsers(t.ctx, { search: 'good' })).total).toBe(0);
  });

  it('imports the good rows when asked to', async () => {
    const report = await importUsers(t.ctx, await sheet([{ userName: 'ok1' }, { userName: 'bad name' }]), { partial: true });
    expect(report.created.map((c) => c.userName)).toEqual(['ok1']);
    expect(report.errors).toHaveLength(1);
  });

  it('skips existing users in dedupe mode and updates them in cover mode', async () => {
    await createUser(t.ctx, { userName: 'exists', realName: 'old', password: TEST_PASSWORD });
    const file = await sheet([{ userName: 'exists', realName: 'new' }]);
    expect((await importUsers(t.ctx, file, { mode: 'dedupe' })).skipped).toEqual(['exists']);
    expect((await getUser(t.ctx, 'exists')).realName).toBe('old');
    expect((await importUsers(t.ctx, file, { mode: 'cover' })).updated).toEqual(['exists']);
    expect((await getUser(t.ctx, 'exists')).realName).toBe('new');
  });

  it('reports a missing user-name column', async () => {
    const file = await writeSheet('x', [{ key: 'realName', headers: ['realName'] }], [{ realName: 'a' }]);
    await expect(importUsers(t.ctx, file)).rejects.toMatchObject({ messageKey: 'file.format_invalid' });
  });

  it('matches headers whatever their case, spacing and punctuation', async () => {
    const file = await writeSheet('x', [{ key: 'userName', headers: ['User-Name '] }, { key: 'realName', headers: ['REAL NAME'] }], [{ userName: 'loose', realName: 'Loose' }]);
    await importUsers(t.ctx, file);
    expect((await getUser(t.ctx, 'loose')).realName).toBe('Loose');
  });

  it('refuses a column it has no field for, naming it, and writes nothing unless the user accepts', async () => {
    const columns = [...USER_SHEET_COLUMNS, { key: 'notes', headers: ['Remarks'] }];
    const file = await writeSheet('people', columns, [{ userName: 'noted', notes: 'on leave' }, { userName: 'plain' }]);
    const error = await importUsers(t.ctx, file).catch((e) => e);
    expect(error).toMatchObject({ messageKey: 'import.columns_unmapped', params: { count: 1 } });
    expect(error.issues).toEqual([{ messageKey: 'import.column_unmapped', field: 'J', params: { sheet: 'people', column: 'J', header: 'Remarks', cells: 1 } }]);
    expect((await listUsers(t.ctx, { search: 'noted' })).total).toBe(0);
    const report = await importUsers(t.ctx, file, { acceptUnmapped: true });
    expect(report.created.map((c) => c.userName)).toEqual(['noted', 'plain']);
    expect(report.unmapped).toEqual(error.issues);
  });

  it('exports users that import again unchanged', async () => {
    await createUser(t.ctx, { userName: 'exp', realName: '导出', roles: ['engineer'], password: TEST_PASSWORD });
    const file = await exportUsers(t.ctx);
    const other = await openTestDatabase();
    try {
      await createRole(other.ctx, { name: 'engineer' });
      await importUsers(other.ctx, file, { mode: 'cover' });
      expect(await getUser(other.ctx, 'exp')).toMatchObject({ realName: '导出', roleNames: ['engineer'], siteName: '总部' });
    } finally {
      other.dispose();
    }
  });
});
