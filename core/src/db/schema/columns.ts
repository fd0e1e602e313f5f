import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/sqlite-core';
import { randomUUID } from 'node:crypto';

/** Text primary keys: opaque, unguessable, safe to expose over the API. */
export const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => randomUUID());

export const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

/** created_at / updated_at, always last in a table (house style). */
export const timestamps = {
  createdAt: timestamp('created_at')
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: timestamp('updated_at')
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`)
    .$onUpdateFn(() => new Date()),
};

/** The spec's delFlg: 0 live, 1 deleted (soft delete keeps history and references). */
export const delFlg = () => integer('del_flg').notNull().default(0);
