/**
 * The CLI's messages live in `./locales/<locale>.po` (keys `cli.*`); this
 * module adds the CLI source folder to core's one catalog loader, so a single
 * `translate` covers CLI strings and DomainError keys alike. Keys must be
 * unique across core and cli (core's `loadCatalogs()` throws on duplicates).
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, normalizeLocale, registerCatalogRoot, translate, type Locale } from '@fmea/core/i18n';
import type { Issue, MessageParams } from '@fmea/core/errors';
import { issueRowPrefix, translateIssue } from '@fmea/core/i18n';

/** `cli/src`: every `locales/<locale>.po` below it joins core's catalogs. */
export const CLI_SOURCE_ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
registerCatalogRoot(CLI_SOURCE_ROOT);

export { LOCALES, loadCatalogs, normalizeLocale, translate, translateError, type Locale } from '@fmea/core/i18n';

/** A translator bound to one locale. Unknown keys come back unchanged. */
export type Translate = (key: string, params?: MessageParams) => string;

export function translator(locale: Locale): Translate {
  return (key, params) => translate(locale, key, params);
}

/** One issue as a printed line, prefixed with its row ("Row 4: …", or its sheet and row) when it has one. */
export function translateIssueLine(locale: Locale, issue: Issue): string {
  return `${issueRowPrefix(locale, issue)}${translateIssue(locale, issue)}`;
}

/**
 * The locale for this run: `--lang` (also `--lang=x`) wins, then FMEA_LANG,
 * then LANG, else zh-CN. Read from argv before commander parses, so help
 * texts can be translated too.
 */
export function resolveLocale(argv: readonly string[], env: NodeJS.ProcessEnv): Locale {
  const flag = langFlag(argv);
  return normalizeLocale((flag !== undefined && isSupportedLanguage(flag) ? flag : undefined) ?? env.FMEA_LANG ?? env.LANG);
}

/** The value of the last `--lang` before any `--`, as typed. */
export function langFlag(argv: readonly string[]): string | undefined {
  let flag: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg === '--lang') flag = argv[i + 1];
    else if (arg.startsWith('--lang=')) flag = arg.slice('--lang='.length);
  }
  return flag;
}

/**
 * Whether `--lang` names a language the CLI speaks: zh or en, with or
 * without a region (zh-CN, en_US, en-GB …). LANG and FMEA_LANG fall back to
 * zh-CN quietly (a shell's C.UTF-8 is no request); a flag is a request.
 */
export function isSupportedLanguage(value: string): boolean {
  return /^(zh|en)([-_][a-z0-9]+)*$/i.test(value.trim());
}

/** The refusal of an unsupported `--lang`, in both languages: the reader's language is the one thing not known. */
export function unsupportedLanguageMessage(value: string): string {
  return LOCALES.map((locale) => translate(locale, 'cli.lang.unsupported', { value })).join('\n');
}
