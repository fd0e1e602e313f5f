/**
 * The CLI's own message catalog (`./locales/<locale>.po`, msgid = stable key,
 * msgstr = ICU text), read and compiled the same way core's loader does.
 * `t()` looks a key up here first and falls back to core's catalogs, so one
 * function translates both CLI strings and DomainError keys.
 *
 * If core's loader gains a way to register extra catalog folders, this file
 * shrinks to that registration plus `resolveLocale`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import type { DomainError, Issue, MessageParams } from '@fmea/core/errors';
import { coreI18n, type Locale } from '../bridge/core-i18n.ts';

export type { Locale } from '../bridge/core-i18n.ts';
export const LOCALES = ['zh-CN', 'en-US'] as const satisfies readonly Locale[];
export type Catalog = Record<string, string>;
/** A translator bound to one locale. Unknown keys come back unchanged. */
export type Translate = (key: string, params?: MessageParams) => string;

const localesDir = join(dirname(fileURLToPath(import.meta.url)), 'locales');
const catalogs = new Map<Locale, Catalog>();
const instances = new Map<Locale, I18n>();

function readPo(file: string): Catalog {
  const po = PO.parse(readFileSync(file, 'utf8'));
  const out: Catalog = {};
  for (const item of po.items) {
    if (item.msgid) out[item.msgid] = item.msgstr[0] ?? '';
  }
  return out;
}

/** The CLI catalog of one locale (only the CLI's own keys). */
export function loadCliCatalog(locale: Locale): Catalog {
  let catalog = catalogs.get(locale);
  if (!catalog) {
    catalog = readPo(join(localesDir, `${locale}.po`));
    catalogs.set(locale, catalog);
  }
  return catalog;
}

function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: loadCliCatalog(locale) } });
    i18n.setMessagesCompiler(compileMessage);
    instances.set(locale, i18n);
  }
  return i18n;
}

/** CLI keys first, then core's catalogs (loaded only when a core key is asked for). */
export function translate(locale: Locale, key: string, params: MessageParams = {}): string {
  if (key in loadCliCatalog(locale)) return i18nFor(locale)._(key, params);
  return coreI18n.translate(locale, key, params);
}

export function translator(locale: Locale): Translate {
  return (key, params) => translate(locale, key, params);
}

/** One issue as a line, prefixed with its row when it has one. */
export function translateIssue(locale: Locale, issue: Issue): string {
  const text = translate(locale, issue.messageKey, issue.params);
  return issue.row !== undefined ? `${translate(locale, 'import.row_prefix', { row: issue.row })}${text}` : text;
}

/**
 * Same layout as core's `translateError` (headline, then one line per issue),
 * but keys may live in the CLI catalog too.
 */
export function translateError(locale: Locale, error: DomainError): string {
  const head = translate(locale, error.messageKey, error.params);
  return [head, ...error.issues.map((issue) => translateIssue(locale, issue))].join('\n');
}

/**
 * The locale for this run: `--lang` (also `--lang=x`) wins, then FMEA_LANG,
 * then LANG, else zh-CN. Read from argv before commander parses, so help
 * texts can be translated too.
 */
export function resolveLocale(argv: readonly string[], env: NodeJS.ProcessEnv): Locale {
  let flag: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg === '--lang') flag = argv[i + 1];
    else if (arg.startsWith('--lang=')) flag = arg.slice('--lang='.length);
  }
  return coreI18n.normalizeLocale(flag ?? env.FMEA_LANG ?? env.LANG);
}
