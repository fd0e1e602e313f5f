import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { delFlg, id, timestamp, timestamps } from './columns.ts';

/**
 * A product's bill of materials (spec 001 §1 master data, §3 table key `bom`,
 * number `bom_num` with prefix PB). It belongs to one product: the catalog
 * record's `root_id` (every version of the product shares it), named without
 * a foreign key since catalog rows are per version. One live BOM per product;
 * a deleted one is kept (del_flg 1) so a DFMEA generated from it can say
 * "original BOM deleted".
 */
export const bom = sqliteTable(
  'bom',
  {
    id: id(),
    /** The product's catalog root id. */
    productId: text('product_id').notNull(),
    bomNum: text('bom_num').notNull(),
    /** The file it was last imported from, for the page's header. */
    fileName: text('file_name'),
    creatorId: text('creator_id'),
    creatorName: text('creator_name'),
    updaterId: text('updater_id'),
    delFlg: delFlg(),
    deletedAt: timestamp('deleted_at'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('bom_num_unique').on(t.bomNum),
    uniqueIndex('bom_product_live_unique').on(t.productId).where(sql`del_flg = 0`),
  ],
);

/**
 * One part of a BOM tree: `parent_id` null for the parts directly under the
 * product (level 1). Parts go with their BOM and their parent (cascade: a
 * BOM is replaced whole by a cover import, a part is removed with its
 * subtree); a part number appears at most once under the same parent
 * ("sub-part already exists", spec 001 §5).
 */
export const bomPart = sqliteTable(
  'bom_part',
  {
    id: id(),
    bomId: text('bom_id')
      .notNull()
      .references(() => bom.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnySQLiteColumn => bomPart.id, { onDelete: 'cascade' }),
    partNum: text('part_num').notNull(),
    partName: text('part_name').notNull(),
    enPartName: text('en_part_name'),
    quantity: real('quantity').notNull(),
    unit: text('unit'),
    /** 1 under the product, 2 under a level-1 part, … (kept with parent_id so the sheet round-trips). */
    level: integer('level').notNull(),
    sort: integer('sort').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('bom_part_bom_idx').on(t.bomId, t.level, t.sort),
    index('bom_part_parent_idx').on(t.parentId, t.sort),
    // sibling part numbers are unique; SQLite lets nulls repeat, so the top level (parent null) has its own index
    uniqueIndex('bom_part_sibling_unique').on(t.parentId, t.partNum),
    uniqueIndex('bom_part_top_unique').on(t.bomId, t.partNum).where(sql`parent_id is null`),
  ],
);
