import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULE_FLAG_NAMES } from '@fmea/core/domain';

/**
 * Vocabulary at the boundary (docs/architecture.md): the spec's codes
 * (delFlg 0/1, rule flags '0'/'1'/'2', status digits) are stored and
 * answered as the spec says, and read in one place each; the code in
 * between speaks in names. These tests fail on a new comparison with a code
 * outside the place that maps it.
 */
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const ROOTS = ['core/src', 'api/src', 'cli/src', 'sdk/src', 'workbench/src', 'plugins', 'fixtures/src'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'migrations') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const FILES = ROOTS.flatMap((root) => sources(join(REPO, root))).map((path) => ({ path: relative(REPO, path), text: readFileSync(path, 'utf8') }));

/** `file:line: text` for every line of the files (but the allowed ones) matching one of the patterns. */
function offenders(patterns: readonly { test(line: string): boolean }[], allowed: (path: string) => boolean): string[] {
  return FILES.filter((file) => !allowed(file.path)).flatMap((file) =>
    file.text.split('\n').flatMap((line, i) => (patterns.some((p) => p.test(line)) ? [`${file.path}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe('vocabulary at the boundary', () => {
  it('finds the sources', () => {
    expect(FILES.length).toBeGreaterThan(500);
  });

  it('reads and writes soft deletion through core/src/db/live.ts only (live(table), isLive(row), softDeleted())', () => {
    const patterns = [
      /\b(eq|ne)\(\s*[\w.]+\.delFlg\b/, // eq(x.delFlg, 0): live(x)
      /\.delFlg\s*[!=]==/, // row.delFlg === 1: isDeleted(row)
      /[!=]==\s*[\w.]+\.delFlg\b/,
      /\bdelFlg:\s*[01]\b/, // .set({ delFlg: 1 }): softDeleted()
    ];
    // the helper itself and the column's definition
    const allowed = (path: string) => path === 'core/src/db/live.ts' || path.startsWith('core/src/db/schema/');
    expect(offenders(patterns, allowed)).toEqual([]);
  });

  it('reads rule flags through core/src/domain/rules/read.ts only (readRules, switchOn, checkLevel): no flag compared with a digit string', () => {
    const flag = new RegExp(`\\b(${RULE_FLAG_NAMES.join('|')})\\b`);
    const digits = /[!=]==\s*'\d+'|'\d+'\s*[!=]==/;
    const patterns = [
      { test: (line: string) => flag.test(line) && digits.test(line) }, // flags.separationOfDuties === '1'
      /\b(flags|rules|values|creatorRules)\[[^\]]+\]\s*[!=]==\s*'\d/, // rules[field.requiredBy] === '1'
    ];
    // the reader and the flags' definitions; the rules page edits the stored values themselves
    const allowed = (path: string) => path === 'core/src/domain/rules/read.ts' || path === 'core/src/domain/rules/rule-flags.ts';
    expect(offenders(patterns, allowed)).toEqual([]);
  });

  it('names task and knowledge states: no status compared with, or set to, a digit string (TASK_STATUS.inReview, KNOWLEDGE_STATUS.released, taskStateOf…)', () => {
    const patterns = [
      /[\w.?]*[sS]tatus\s*[!=]==\s*'\d+'/, // row.status === '2'
      /'\d+'\s*[!=]==\s*[\w.?]*[sS]tatus\b/,
      /\b(eq|ne)\(\s*[\w.]*[sS]tatus\s*,\s*'\d+'/, // eq(catalogRecord.status, '2')
      /\binArray\(\s*[\w.]*[sS]tatus\s*,\s*\[\s*'\d+'/,
      /\b\w*[sS]tatus\??:\s*\[?\s*'\d+'/, // { taskStatus: '0' }, { status: ['2'] }
    ];
    // the maps themselves and the columns; notices keep their own codes (issue #21 names task and knowledge states)
    const notices = (path: string) => path.startsWith('core/src/services/notices/') || path.startsWith('api/src/routes/notices/');
    // the system plugin's notices page shows the notices' own codes too
    const allowed = (path: string) =>
      path.startsWith('core/src/domain/status/') || path.startsWith('core/src/db/schema/') || notices(path) || path.startsWith('plugins/system/web/pages/notices/');
    expect(offenders(patterns, allowed).filter((line) => !/\bnotice\.status\b/.test(line))).toEqual([]);
  });
});
