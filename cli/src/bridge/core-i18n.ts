/**
 * Bridge to core's message catalogs, which core's package.json does not
 * export yet; the only file (with ./core-ap.ts) that reaches into core's
 * source tree.
 *
 * TODO(lead): add `"./i18n": "./src/i18n/index.ts"` to core's exports, then
 * replace both lines with imports from '@fmea/core/i18n'.
 */
export * as coreI18n from '../../../core/src/i18n/index.ts';
export type { Locale } from '../../../core/src/i18n/index.ts';
