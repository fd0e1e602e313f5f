import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, timestamps } from './columns.ts';

/** A site (group, plant) with its concurrency licence; 0 licences means unlimited. */
export const site = sqliteTable(
  'site',
  {
    id: id(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    adminUserId: text('admin_user_id'),
    leaderUserId: text('leader_user_id'),
    licenceCount: integer('licence_count').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('site_name_unique').on(t.name)],
);

export const department = sqliteTable(
  'department',
  {
    id: id(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'restrict' }),
    number: text('number').notNull(),
    name: text('name').notNull(),
    /** The English name; empty: English readers see the Chinese one (docs/architecture.md "One language at a time"). */
    nameEn: text('name_en').notNull().default(''),
    adminUserId: text('admin_user_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('department_site_name_unique').on(t.siteId, t.name),
    uniqueIndex('department_site_number_unique').on(t.siteId, t.number),
    index('department_site_idx').on(t.siteId),
  ],
);
