import { describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { readFileSync } from 'node:fs';
import * as declared from './declared.ts';

describe('the schema of the process’s dialect', () => {
  it('names every declared table, so none keeps its SQLite table on PostgreSQL', () => {
    const source = readFileSync(new URL('./index.ts', import.meta.url), 'utf8');
    const named = new Set([...source.matchAll(/^export const (\w+) = tables\.\1;$/gm)].map((m) => m[1]));
    const tables = Object.entries(declared)
      .filter(([, value]) => is(value, SQLiteTable))
      .map(([name]) => name);
    expect(tables.length).toBeGreaterThan(50);
    expect(tables.filter((name) => !named.has(name))).toEqual([]);
  });
});
