import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { exportDictionaries, importDictionaries } from './dictionary-xlsx.ts';
import { deleteDictionaryItem, dictionaryTree, findDictionaryType, listDictionaryItems, saveDictionaryItem } from './dictionaries.ts';
import { writeSheet } from '../shared/xlsx.ts';
import { DICTIONARY_SHEET_COLUMNS } from './dictionary-xlsx.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await openTestDatabase();
});
afterEach(() => t.dispose());

describe('dictionaries', () => {
  it('seeds the interface types with the spec numeric codes', async () => {
    const items = await listDictionaryItems(t.ctx, 'interfaceType');
    expect(items.map((i) => [i.code, i.enName])).toEqual([
      ['1', 'Physical connection'],
      ['2', 'Signal transfer'],
      ['3', 'Energy transfer'],
      ['4', 'Material exchange'],
      ['5', 'Human-machine'],
    ]);
  });

  it('refuses duplicate codes and names under one parent, allowing them under another', async () => {
    const customer = await findDictionaryType(t.db, 'customer');
    const carType = await findDictionaryType(t.db, 'carType');
    await saveDictionaryItem(t.ctx, { parentId: customer.id, code: '1', name: '上汽', enName: 'SAIC' });
    await expect(saveDictionaryItem(t.ctx, { parentId: customer.id, code: '1', name: '一汽' })).rejects.toMatchObject({ messageKey: 'dictionary.code_duplicate' });
    await expect(saveDictionaryItem(t.ctx, { parentId: customer.id, code: '2', name: '上汽' })).rejects.toMatchObject({ messageKey: 'dictionary.name_duplicate' });
    await saveDictionaryItem(t.ctx, { parentId: carType.id, code: '1', name: '上汽' });
  });

  it('refuses to delete an item that has children', async () => {
    const type = await findDictionaryType(t.db, 'level');
    await expect(deleteDictionaryItem(t.ctx, type.id)).rejects.toMatchObject({ messageKey: 'dictionary.has_children' });
    const [first] = await listDictionaryItems(t.ctx, 'level');
    await deleteDictionaryItem(t.ctx, first!.id);
    expect(await listDictionaryItems(t.ctx, 'level')).toHaveLength(2);
  });

  it('returns the tree with children', async () => {
    const [level] = await dictionaryTree(t.ctx, 'level');
    expect(level!.children.map((c) => c.code)).toEqual(['1', '2', '3']);
  });

  it('round-trips through xlsx', async () => {
    const customer = await findDictionaryType(t.db, 'customer');
    await saveDictionaryItem(t.ctx, { parentId: customer.id, code: '7', name: '长安', enName: 'Changan' });
    const file = await exportDictionaries(t.ctx);
    const other = await openTestDatabase();
    try {
      const report = await importDictionaries(other.ctx, file);
      expect(report.created).toBe(1);
      expect((await listDictionaryItems(other.ctx, 'customer')).map((i) => i.name)).toEqual(['长安']);
    } finally {
      other.dispose();
    }
  });

  it('imports nothing when any row is wrong, and names the row', async () => {
    const file = await writeSheet('d', DICTIONARY_SHEET_COLUMNS, [
      { typeCode: 'customer', code: '1', name: '好' },
      { typeCode: 'customer', code: '2', name: '' },
    ]);
    const error = await importDictionaries(t.ctx, file).catch((e) => e);
    expect(error.messageKey).toBe('import.rows_invalid');
    expect(error.issues[0]).toMatchObject({ row: 3 });
    expect(await listDictionaryItems(t.ctx, 'customer')).toEqual([]);
  });

  it('refuses a column it has no field for, naming it, unless the user accepts', async () => {
    const file = await writeSheet('d', [...DICTIONARY_SHEET_COLUMNS, { key: 'note', headers: ['备注'] }], [{ typeCode: 'customer', code: '1', name: '一汽', note: '老客户' }]);
    const error = await importDictionaries(t.ctx, file).catch((e) => e);
    expect(error.messageKey).toBe('import.columns_unmapped');
    expect(error.issues).toEqual([{ messageKey: 'import.column_unmapped', field: 'H', params: { sheet: 'd', column: 'H', header: '备注', cells: 1 } }]);
    expect(await listDictionaryItems(t.ctx, 'customer')).toEqual([]);
    const report = await importDictionaries(t.ctx, file, { acceptUnmapped: true });
    expect(report).toMatchObject({ created: 1, unmapped: error.issues });
  });

  it('refuses a file that is not a spreadsheet', async () => {
    await expect(importDictionaries(t.ctx, new TextEncoder().encode('not a zip'))).rejects.toMatchObject({ messageKey: 'file.not_xlsx' });
  });
});
