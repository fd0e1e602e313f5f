import { is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as declared from './schema/declared.ts';

/** Every declared table (sqlite-core), by export name: what copies, resets, scratch databases and counts go over. */
export const DECLARED_TABLES: readonly (readonly [string, SQLiteTable])[] = (Object.entries(declared) as [string, unknown][]).filter((entry): entry is [string, SQLiteTable] => is(entry[1], SQLiteTable));
