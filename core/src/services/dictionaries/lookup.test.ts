import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { findDictionaryType, saveDictionaryItem } from './dictionaries.ts';
import { getDictionaryItem, isDictionaryCodeAvailable, isDictionaryNameAvailable } from './lookup.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await openTestDatabase();
});
afterEach(() => t.dispose());

describe('dictionary lookups', () => {
  it('says whether a code or name is free under a parent, ignoring the item being edited', async () => {
    const customer = await findDictionaryType(t.db, 'customer');
    const saic = await saveDictionaryItem(t.ctx, { parentId: customer.id, code: '1', name: '上汽' });
    expect(await isDictionaryCodeAvailable(t.db, '1', { parentId: customer.id })).toBe(false);
    expect(await isDictionaryCodeAvailable(t.db, ' 1 ', { parentId: customer.id })).toBe(false);
    expect(await isDictionaryCodeAvailable(t.db, '2', { parentId: customer.id })).toBe(true);
    expect(await isDictionaryCodeAvailable(t.db, '1', { exceptId: saic.id })).toBe(true);
    expect(await isDictionaryNameAvailable(t.db, '上汽', { parentId: customer.id })).toBe(false);
    expect(await isDictionaryNameAvailable(t.db, '上汽', { parentId: customer.id, exceptId: saic.id })).toBe(true);
    expect(await isDictionaryNameAvailable(t.db, '上汽', { parentId: (await findDictionaryType(t.db, 'carType')).id })).toBe(true);
  });

  it('checks root types at the root level by default', async () => {
    expect(await isDictionaryCodeAvailable(t.db, 'customer')).toBe(false);
    expect(await isDictionaryCodeAvailable(t.db, 'brandNew')).toBe(true);
  });

  it('returns one item with its subtree, and not_found for an unknown id', async () => {
    const level = await findDictionaryType(t.db, 'level');
    const node = await getDictionaryItem(t.ctx, level.id);
    expect(node.children.map((c) => c.code)).toEqual(['1', '2', '3']);
    await expect(getDictionaryItem(t.ctx, 'nope')).rejects.toMatchObject({ code: 'not_found', messageKey: 'dictionary.not_found' });
  });
});
