import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import linguiConfig from '../../workbench/lingui.config.ts';
import { keyOf, parsePo, type PoEntry } from './po.ts';

/**
 * Every message in the code of the shell and of every plugin must be in its
 * committed catalogs, and every zh-CN message translated. The extractor runs
 * on temporary copies of the catalogs: the repository's files stay as they are.
 */
const REPO = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');
// the CLI's bin sits beside its main entry (dist/index.js → dist/lingui.js); package.json is not exported
const LINGUI_CLI = join(dirname(createRequire(import.meta.url).resolve('@lingui/cli')), 'lingui.js');
const LOCALES = linguiConfig.locales as string[];

interface CatalogUnderTest {
  /** Repository-relative path pattern, e.g. plugins/personal/locales/{locale}. */
  path: string;
  committed: (locale: string) => string;
  extracted: (locale: string) => string;
}

let tmp = '';
let catalogs: CatalogUnderTest[] = [];

function read(file: string): PoEntry[] {
  return existsSync(file) ? parsePo(readFileSync(file, 'utf8')) : [];
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'fmea-catalogs-'));
  const configured = linguiConfig.catalogs ?? [];
  catalogs = configured.map((c) => {
    const path = relative(REPO, c.path!.replace('<rootDir>', REPO));
    return {
      path,
      committed: (locale) => join(REPO, `${path.replace('{locale}', locale)}.po`),
      extracted: (locale) => join(tmp, `${path.replace('{locale}', locale)}.po`),
    };
  });
  for (const catalog of catalogs) {
    for (const locale of LOCALES) {
      const target = catalog.extracted(locale);
      mkdirSync(dirname(target), { recursive: true });
      if (existsSync(catalog.committed(locale))) cpSync(catalog.committed(locale), target);
    }
  }
  // the repository's own lingui config, with every catalog moved into the temporary folder
  const config = {
    ...linguiConfig,
    rootDir: REPO,
    catalogs: configured.map((c, i) => ({ ...c, path: join(tmp, catalogs[i]!.path) })),
  };
  const configFile = join(tmp, 'lingui.config.json');
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  await promisify(execFile)(process.execPath, [LINGUI_CLI, 'extract', '--config', configFile], { cwd: join(REPO, 'workbench'), env: { ...process.env, CI: 'true' } });
}, 120_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('message catalogs', () => {
  it('cover the shell and every plugin with web code', () => {
    const paths = catalogs.map((c) => c.path);
    expect(paths).toContain('workbench/src/locales/{locale}');
    expect(paths).toContain('plugins/personal/locales/{locale}');
    expect(paths).toContain('plugins/system/locales/{locale}');
  });

  it('hold every message of the code (nothing new when the extractor runs)', () => {
    const missing: string[] = [];
    for (const catalog of catalogs) {
      for (const locale of LOCALES) {
        const committed = new Set(read(catalog.committed(locale)).filter((e) => !e.obsolete).map(keyOf));
        for (const entry of read(catalog.extracted(locale))) {
          if (!entry.obsolete && !committed.has(keyOf(entry))) missing.push(`${catalog.path.replace('{locale}', locale)}.po: ${JSON.stringify(entry.id)}`);
        }
      }
    }
    expect(missing, 'run `cd workbench && npx lingui extract --config lingui.config.ts` and commit the catalogs').toEqual([]);
  });

  it('translate every message into Chinese (no empty zh-CN msgstr)', () => {
    const untranslated: string[] = [];
    for (const catalog of catalogs) {
      for (const entry of read(catalog.extracted('zh-CN'))) {
        if (!entry.obsolete && entry.translation.trim() === '') untranslated.push(`${catalog.path.replace('{locale}', 'zh-CN')}.po: ${JSON.stringify(entry.id)}`);
      }
    }
    expect(untranslated, 'fill these msgstr (tools/po-fill.py helps)').toEqual([]);
  });
});
