import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROJECT_TYPES } from '@fmea/core/domain';

/**
 * The FMEA kind record (core/src/domain/fmea/kinds.ts) holds every fact that
 * differs between project types. Code asks it; it does not compare a project
 * type with a type's name or list the names in a closed union, which is how
 * adding PFMEA once left branches in forty files. Tests may name types (they
 * build projects of each); production code may not.
 */
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const ROOTS = ['core/src', 'api/src', 'cli/src', 'sdk/src', 'workbench/src', 'plugins', 'fixtures/src'];
/** Where the names are the record itself. */
const HOME = new Set(['core/src/domain/fmea/kinds.ts']);

const isSource = (file: string) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('node_modules') && !file.includes('/testing/');
const sources = ROOTS.flatMap((root) =>
  (readdirSync(`${REPO}${root}`, { recursive: true }) as string[]).map((file) => `${root}/${file}`).filter(isSource),
).filter((file) => !HOME.has(file));

// a kind added to PROJECT_TYPES is covered the day it is added
const NAMES = PROJECT_TYPES.join('|');
const PATTERNS: readonly [string, RegExp][] = [
  ['a comparison with a project type name', new RegExp(`[!=]==?\\s*'(${NAMES})'|'(${NAMES})'\\s*[!=]==?`)],
  ['a closed union of project type names', new RegExp(`'(${NAMES})'\\s*\\|\\s*'(${NAMES})'`)],
  ['a case on a project type name', new RegExp(`case\\s+'(${NAMES})'\\s*:`)],
];

/** Each match as "file:line: text", for a failure that says where to look. */
function findings(file: string): string[] {
  const lines = readFileSync(`${REPO}${file}`, 'utf8').split('\n');
  return lines.flatMap((line, i) => PATTERNS.filter(([, pattern]) => pattern.test(line)).map(([what]) => `${file}:${i + 1}: ${what}: ${line.trim()}`));
}

describe('the FMEA kind record is the one place that names project types', () => {
  it('finds the sources of every package', () => {
    for (const root of ROOTS) expect(sources.some((file) => file.startsWith(root)), root).toBe(true);
  });

  it('catches what it is meant to catch', () => {
    const probe = (text: string) => PATTERNS.some(([, pattern]) => pattern.test(text));
    expect(probe(`if (project.projectType === 'pfmea') {`)).toBe(true);
    expect(probe(`type T = 'dfmea' | 'pfmea';`)).toBe(true);
    expect(probe(`case 'msr':`)).toBe(true);
    expect(probe(`const side = kindOf(project.projectType).side;`)).toBe(false);
  });

  it('has no branch on a project type name outside the kind record', () => {
    expect(sources.flatMap(findings)).toEqual([]);
  });
});
