import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns.ts';

/** Singleton settings (password policy, system name and logo, …) as JSON under a key. */
export const setting = sqliteTable('setting', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).notNull(),
  ...timestamps,
});
