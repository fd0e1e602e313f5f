import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogs, translate } from '../../i18n/index.ts';
import { ALL_PROGRAM_MESSAGE_KEYS, PROGRAM_MESSAGE_KEYS, TASK_MESSAGE_KEYS } from './messages.ts';

const here = dirname(fileURLToPath(import.meta.url));
// the keys are named by the domain and by the services of programs and tasks
const folders = [here, join(here, '../../services/program')];
const sources = folders.flatMap((folder) => {
  try {
    return readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'messages.ts').map((name) => readFileSync(join(folder, name), 'utf8'));
  } catch {
    return [];
  }
});
const PARAMS = { sender: 'li', taskNum: 'PR1', name: 'n', what: 'x', values: 'a, b', field: 'name', max: 3, value: 'x', program: 'PN1', project: 'DF1', task: 'PR1', tasks: 'PR1, PR2', count: 2, node: 'Motor', handler: 'li', owner: 'wang', status: 'x', currentVersion: 2, baseline: 1, predecessor: 'PR1', successor: 'PR2' };

describe('program and task messages', () => {
  it.each(LOCALES)('has every key in %s, every placeholder filled', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of ALL_PROGRAM_MESSAGE_KEYS) {
      expect(catalog[key]?.trim(), `${key} in ${locale}`).toBeTruthy();
      expect(translate(locale, key, PARAMS), key).not.toMatch(/[{}]/);
    }
  });

  it('lists every refusal the code names, and names every one it lists', () => {
    const listed = new Set<string>([...PROGRAM_MESSAGE_KEYS, ...TASK_MESSAGE_KEYS]);
    // operation-log actions ('program.create', `action: 'task.cancel'`) are not messages
    const used = new Set(sources.flatMap((text) => text.match(/(?<!action: |\? )'(program|task)\.[a-z_]+'/g) ?? []).map((q) => q.slice(1, -1)));
    expect([...used].filter((key) => !listed.has(key))).toEqual([]);
  });
});
