import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Every source file under core/src/domain, however deep, tests excluded. */
const sources = (readdirSync(here, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => relative(here, join(here, f)))
  .sort();

/**
 * Domain rules are pure (house style §1): no I/O, no persistence, schema or web
 * libraries, no hidden clock or environment. One test for the whole folder, so a
 * new domain area is covered the day it is added.
 */
const FORBIDDEN = [
  /from ['"](node:|fs['"]|path['"]|drizzle|zod|hono|@hono|@libsql|exceljs|ws['"]|react)/,
  /\bimport\(['"](node:|drizzle|@libsql)/,
  /\bDate\.now\(/,
  /new Date\(\)/,
  /\bprocess\./,
  /\bfetch\(/,
  /\bMath\.random\(/,
  /from ['"]\.\.\/\.\.\/(services|db)\//,
];

describe('domain purity', () => {
  it('finds the domain sources', () => {
    expect(sources.length).toBeGreaterThan(20);
  });

  it.each(sources)('%s imports nothing with I/O and reads no clock', (file) => {
    const text = readFileSync(join(here, file), 'utf8');
    for (const pattern of FORBIDDEN) expect(text, `${file} matches ${pattern}`).not.toMatch(pattern);
  });
});
