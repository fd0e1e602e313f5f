import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Test support lives in the testing folders (issue 21): core's `src/testing`
 * (`@fmea/core/testing`), the API's `src/testing.ts` and its security tests'
 * folder, the CLI's `src/test-utils.ts`, the demo fixtures' `src/testing.ts`,
 * the workbench's `src/test-setup.ts`.
 * Shipped code (everything else under these packages, the demo fixtures
 * included: `fmea db seed` loads them) imports none of it, nor vitest, and
 * never lowers the cost of password hashing. Benchmarks and tests may.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const ROOTS = ['core/src', 'api/src', 'cli/src', 'fixtures/src', 'workbench/src', 'plugins'];
const SUPPORT = ['core/src/testing/', 'api/src/testing.ts', 'api/src/security/', 'cli/src/test-utils.ts', 'fixtures/src/testing.ts', 'workbench/src/test-setup.ts'];
const SUPPORT_PACKAGES = /^(@fmea\/core\/testing|vitest|@vitest\/|@testing-library\/|happy-dom)/;
/** The switch to argon2's least cost (core/src/testing/cheap-hashing.ts calls it for the node test projects). */
const CHEAP_HASHING = 'hashPasswordsCheaplyInTests';

const isTest = (path: string) => /\.test\.tsx?$/.test(path);
const isSupport = (path: string) => SUPPORT.some((s) => (s.endsWith('/') ? path.startsWith(s) : path === s));

function sources(dir: string): string[] {
  return readdirSync(join(REPO, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(join(REPO, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The module specifiers a file imports or re-exports, statically or dynamically (type-only ones too). */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const pattern of [/\bfrom\s+['"]([^'"]+)['"]/g, /^\s*import\s+['"]([^'"]+)['"]/gm, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g]) {
    for (const match of text.matchAll(pattern)) found.push(match[1]!);
  }
  return found;
}

/** Whether `spec`, imported by `file`, is test support. */
function isSupportImport(file: string, spec: string): boolean {
  if (SUPPORT_PACKAGES.test(spec)) return true;
  if (!spec.startsWith('.')) return false;
  return isSupport(relative(REPO, resolve(REPO, dirname(file), spec)).replaceAll('\\', '/'));
}

const shipped = ROOTS.flatMap(sources).filter((f) => !isTest(f) && !isSupport(f));

describe('test support', () => {
  it('finds the shipped sources', () => {
    expect(shipped.length).toBeGreaterThan(300);
    expect(shipped).toContain('core/src/services/fmea/index.ts');
  });

  it('tells test support by where it is', () => {
    expect(isSupportImport('core/src/services/catalog/x.ts', '../../testing/index.ts')).toBe(true);
    expect(isSupportImport('api/src/routes/control-plan/x.ts', '../../testing.ts')).toBe(true);
    expect(isSupportImport('api/src/routes/x.ts', '@fmea/core/testing')).toBe(true);
    expect(isSupportImport('core/src/services/fmea/x.ts', './import-plan.ts')).toBe(false);
  });

  it('is imported by no shipped code', () => {
    const offenders = shipped.flatMap((file) =>
      specifiers(readFileSync(join(REPO, file), 'utf8'))
        .filter((spec) => isSupportImport(file, spec))
        .map((spec) => `${file} imports ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('lowers the password hashing cost in tests only: no shipped code but its own module names the switch', () => {
    const naming = shipped.filter((file) => readFileSync(join(REPO, file), 'utf8').includes(CHEAP_HASHING));
    expect(naming).toEqual(['core/src/services/shared/password-hash.ts']);
  });
});
