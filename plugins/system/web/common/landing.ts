import type { WorkAreaManifest } from '@fmea/workbench/sdk';

export type PageEntry = WorkAreaManifest['pages'][number];

/** Spec 000 §2.4: the last chosen system page is remembered for the session. */
export const LAST_PAGE_KEY = 'fmea.system.lastPage';

/** Where the plugin base lands: the remembered page when still permitted, else the first permitted one. */
export function landingPage(permitted: readonly PageEntry[], last: string | null): string | undefined {
  return (permitted.find((p) => p.microRoute === last) ?? permitted[0])?.microRoute;
}
