import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { likeAnyCase } from '../../db/portable.ts';

/** The spec's default list query: page 1, limit 10 (000 §9). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 500;

export interface PageQuery {
  page?: number;
  limit?: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export function pageWindow(query: PageQuery): { page: number; limit: number; offset: number } {
  const page = Math.max(1, Math.trunc(query.page ?? DEFAULT_PAGE));
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.trunc(query.limit ?? DEFAULT_LIMIT)));
  return { page, limit, offset: (page - 1) * limit };
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains" on a column, wildcards in the search taken literally. */
export function contains(column: SQLiteColumn, search: string): SQL {
  return likeAnyCase(column, likePattern(search));
}

/** "Starts with", wildcards taken literally. */
export function startsWith(column: SQLiteColumn, prefix: string): SQL {
  return likeAnyCase(column, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}
