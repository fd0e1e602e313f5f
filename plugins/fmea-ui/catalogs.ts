/**
 * The catalogs the shared screens speak from, as a kind's plugin binds them:
 * a light entry (`@fmea/fmea-ui/catalogs`) apart from the screens, so that a
 * plugin's index.ts, which the shell loads at start, pulls in no screen.
 */
import type { Messages } from '@lingui/core';
import type { Locale } from '@fmea/sdk';

type CatalogLoader = (locale: Locale) => Promise<Messages>;

/** The shared screens' messages in a language (this package's own catalogs). */
export const fmeaUiMessages: CatalogLoader = async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages;

/** A kind's catalogs: the shared screens' messages with the kind's own over them (a kind may word a shared message its way). */
export function withFmeaUiCatalogs(own: CatalogLoader): CatalogLoader {
  return async (locale) => {
    const [shared, mine] = await Promise.all([fmeaUiMessages(locale), own(locale)]);
    return { ...shared, ...mine };
  };
}
