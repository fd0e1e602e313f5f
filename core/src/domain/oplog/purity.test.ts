import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

/** Domain rules are pure (house style §1): no I/O, no persistence or schema libraries, no hidden clock. */
const FORBIDDEN = [/from '(node:|drizzle|zod|hono|@libsql)/, /\bDate\.now\(/, /new Date\(\)/, /\bprocess\./, /\bfetch\(/];

describe('domain purity', () => {
  it.each(sources)('%s imports nothing with I/O and reads no clock', (file) => {
    const text = readFileSync(join(here, file), 'utf8');
    for (const pattern of FORBIDDEN) expect(text, `${file} matches ${pattern}`).not.toMatch(pattern);
  });
});
