import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { delFlg, id, timestamps } from './columns.ts';

/**
 * A dictionary is a tree: a root per dictionary type (code 'productType', …)
 * with items below it whose codes are the spec's numeric strings ('1', '2', …).
 * Codes and names are unique among siblings; roots use parent '' so the
 * unique index also covers them (SQLite treats NULLs as distinct).
 */
export const dictionary = sqliteTable(
  'dictionary',
  {
    id: id(),
    parentId: text('parent_id').notNull().default(''),
    code: text('code').notNull(),
    name: text('name').notNull(),
    enName: text('en_name').notNull().default(''),
    sort: integer('sort').notNull().default(1),
    delFlg: delFlg(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('dictionary_parent_code_unique').on(t.parentId, t.code),
    uniqueIndex('dictionary_parent_name_unique').on(t.parentId, t.name),
    index('dictionary_parent_idx').on(t.parentId),
  ],
);

