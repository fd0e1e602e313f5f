import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, timestamps } from './columns.ts';

/** Role types are strings (spec 000 §6): '0' super, '1' site-level, '2' creator, '3' approver. */
export const ROLE_TYPE_CODES = ['0', '1', '2', '3'] as const;

export const role = sqliteTable(
  'role',
  {
    id: id(),
    /** 'admin' is the all-powerful role name the spec refers to. */
    name: text('name').notNull(),
    nameEn: text('name_en').notNull().default(''),
    roleType: text('role_type', { enum: ROLE_TYPE_CODES }).notNull().default('2'),
    /** Product-type dictionary codes this role may work on (JSON array); empty means all. */
    productTypes: text('product_types', { mode: 'json' }).$type<string[]>().notNull().default([]),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('role_name_unique').on(t.name)],
);

/** Menus and routes of the workbench; seeded from the built-in list, editable by admins. */
export const menu = sqliteTable(
  'menu',
  {
    id: id(),
    parentRouteName: text('parent_route_name'),
    routeName: text('route_name').notNull(),
    path: text('path').notNull(),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull(),
    icon: text('icon').notNull().default(''),
    hidden: integer('hidden', { mode: 'boolean' }).notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** The buttons this route offers (edit, del, audit, …), JSON array. */
    buttons: text('buttons', { mode: 'json' }).$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (t) => [uniqueIndex('menu_route_name_unique').on(t.routeName)],
);

/** A role's grant of one route, with the buttons it may use there. */
export const rolePermission = sqliteTable(
  'role_permission',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
    routeName: text('route_name').notNull(),
    buttons: text('buttons', { mode: 'json' }).$type<string[]>().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.routeName] }), index('role_permission_route_idx').on(t.routeName)],
);
