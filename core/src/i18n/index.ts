/**
 * Server-side message catalogs (lingui). Each area of core owns a
 * `locales/<locale>.po` beside its code; msgid is a stable key, msgstr the
 * ICU text. They are read once and compiled at first use, so there is no
 * generated file to keep in sync.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import PO from 'pofile';
import type { DomainError, Issue, MessageParams } from '../errors.ts';
import { labelledParams } from './fields/labels.ts';

export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';

/** Accepts header/flag spellings such as `en`, `en_US`, `zh-cn`; anything else is the default. */
export function normalizeLocale(value: string | null | undefined): Locale {
  const v = (value ?? '').trim().toLowerCase().replace('_', '-');
  if (v.startsWith('en')) return 'en-US';
  if (v.startsWith('zh')) return 'zh-CN';
  return DEFAULT_LOCALE;
}

const sourceRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
/** Folders searched for `locales/<locale>.po`: core's own, plus any registered by api, cli, … */
const catalogRoots = new Set<string>([sourceRoot]);

export type Catalog = Record<string, string>;
let catalogs: Record<Locale, Catalog> | undefined;
const instances = new Map<Locale, I18n>();

/**
 * Adds a package's source folder to the catalogs (every `locales/<locale>.po` below it
 * files), so the CLI and API translate their own keys through the same
 * loader. Keys stay unique across all folders.
 */
export function registerCatalogRoot(folder: string): void {
  if (catalogRoots.has(folder)) return;
  catalogRoots.add(folder);
  catalogs = undefined;
  instances.clear();
}

function findPoFiles(locale: Locale): string[] {
  const files: string[] = [];
  for (const root of catalogRoots) {
    const entries = readdirSync(root, { recursive: true, encoding: 'utf8' });
    for (const p of entries) {
      if (p.endsWith(join('locales', `${locale}.po`)) && !p.includes('node_modules')) files.push(join(root, p));
    }
  }
  return files.sort();
}

function readPo(file: string): Catalog {
  const po = PO.parse(readFileSync(file, 'utf8'));
  const out: Catalog = {};
  for (const item of po.items) {
    if (item.msgid) out[item.msgid] = item.msgstr[0] ?? '';
  }
  return out;
}

/** All catalogs of core, merged per locale. Duplicated keys across files are a bug. */
export function loadCatalogs(): Record<Locale, Catalog> {
  if (catalogs) return catalogs;
  const loaded = {} as Record<Locale, Catalog>;
  for (const locale of LOCALES) {
    const merged: Catalog = {};
    for (const file of findPoFiles(locale)) {
      for (const [key, text] of Object.entries(readPo(file))) {
        if (key in merged) throw new Error(`duplicate message key ${key} in ${file}`);
        merged[key] = text;
      }
    }
    loaded[locale] = merged;
  }
  catalogs = loaded;
  return loaded;
}

function i18nFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: loadCatalogs()[locale] } });
    i18n.setMessagesCompiler(compileMessage);
    instances.set(locale, i18n);
  }
  return i18n;
}

/** Translates a key; an unknown key is returned as is so nothing is ever blank. */
export function translate(locale: Locale, key: string, params: MessageParams = {}): string {
  return i18nFor(locale)._(key, params);
}

/** An issue in words, its field named by its label (fields/labels.ts) where the issue names its own field. */
export function translateIssue(locale: Locale, issue: Issue): string {
  return translate(locale, issue.messageKey, labelledParams(locale, issue));
}

/** An issue's place before its text: "Row 4: ", or "Sheet “Actions”, row 4: " when the row is in another sheet than the one read (`params.sheet`); empty without a row. */
export function issueRowPrefix(locale: Locale, issue: Issue): string {
  if (issue.row === undefined) return '';
  const sheet = issue.params?.sheet;
  return sheet === undefined ? translate(locale, 'import.row_prefix', { row: issue.row }) : translate(locale, 'import.sheet_row_prefix', { row: issue.row, sheet });
}

/** The user-facing sentence for an error: its own message, then its issues. */
export function translateError(locale: Locale, error: DomainError): string {
  const head = translate(locale, error.messageKey, error.params);
  if (error.issues.length === 0) return head;
  const lines = error.issues.map((issue) => `${issueRowPrefix(locale, issue)}${translateIssue(locale, issue)}`);
  return [head, ...lines].join('\n');
}

export { fieldLabel, labelKey, labelledParams, labelOf } from './fields/labels.ts';
