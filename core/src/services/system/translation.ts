import { ConflictError, InvalidInputError } from '../../errors.ts';
import { checkText, assertNoIssues } from '../../domain/validation/index.ts';
import type { Locale } from '../../i18n/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceContext } from '../shared/context.ts';
import { readSetting, writeSetting } from '../shared/settings.ts';
import { writeAndLog } from '../shared/write.ts';

/**
 * The translation flag's provider (spec 000 §7 GET /translation/translation): an HTTP endpoint the
 * administrator names, off by default. The server posts the text to it and answers its result, so
 * the browser never calls a third party and the endpoint's key (in its address) stays on the server.
 */
export interface TranslationSettings {
  enabled: boolean;
  /** The provider's address (http or https); a key it needs goes in the address. */
  endpoint: string | null;
}

export const TRANSLATION_DEFAULTS: TranslationSettings = { enabled: false, endpoint: null };
/** How long the provider may take before the call counts as failed. */
export const TRANSLATION_TIMEOUT_MS = 10_000;
const SOURCE_MAX = 2_000;

export function getTranslationSettings(db: DbOrTx): Promise<TranslationSettings> {
  return readSetting(db, 'translation', TRANSLATION_DEFAULTS);
}

function endpointIssue(endpoint: string) {
  let url: URL | undefined;
  try {
    url = new URL(endpoint);
  } catch {
    url = undefined;
  }
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? [] : [{ messageKey: 'translation.endpoint_invalid', field: 'endpoint' }];
}

/** Switches the provider on or off and names its address; switching on needs an address. Logged, the address kept out of the log (it may carry a key). */
export async function setTranslationSettings(ctx: ServiceContext, changes: Partial<TranslationSettings>): Promise<TranslationSettings> {
  return writeAndLog(ctx, async (tx) => {
    const before = await getTranslationSettings(tx);
    const after: TranslationSettings = {
      enabled: changes.enabled ?? before.enabled,
      endpoint: changes.endpoint === undefined ? before.endpoint : changes.endpoint?.trim() || null,
    };
    if (after.endpoint) assertNoIssues([...checkText(after.endpoint, { field: 'endpoint', max: 500 }), ...endpointIssue(after.endpoint)]);
    if (after.enabled && !after.endpoint) throw new InvalidInputError('request.invalid', {}, [{ messageKey: 'translation.endpoint_invalid', field: 'endpoint' }]);
    await writeSetting(tx, 'translation', after);
    const masked = (s: TranslationSettings) => ({ enabled: s.enabled, endpoint: s.endpoint ? new URL(s.endpoint).origin : null });
    return { result: after, log: { action: 'settings.translation', entity: 'setting', entityId: 'translation', before: masked(before), after: masked(after) } };
  });
}

/**
 * Translates `text` into `target` through the configured provider. The provider gets
 * `{ q, text, source: 'auto', target, locale }` as JSON (q/source/target as LibreTranslate reads them:
 * target `en` or `zh`) and answers `{ result }` or `{ translatedText }`. Refusals: off (`translation.disabled`),
 * empty text (`translation.empty_source`), anything the provider does wrong (`translation.failed`).
 */
export async function translateText(ctx: ServiceContext, text: string, target: Locale, fetchImpl: typeof fetch = fetch): Promise<string> {
  const source = text.trim();
  if (!source) throw new InvalidInputError('translation.empty_source');
  if (source.length > SOURCE_MAX) assertNoIssues(checkText(source, { field: 'desc', max: SOURCE_MAX }));
  const settings = await getTranslationSettings(ctx.db);
  if (!settings.enabled || !settings.endpoint) throw new ConflictError('translation.disabled');
  let answer: unknown;
  try {
    const res = await fetchImpl(settings.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ q: source, text: source, source: 'auto', target: target === 'en-US' ? 'en' : 'zh', locale: target }),
      signal: AbortSignal.timeout(TRANSLATION_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!res.ok) throw new Error(`status ${res.status}`);
    answer = await res.json();
  } catch {
    throw new ConflictError('translation.failed');
  }
  const result = typeof answer === 'object' && answer !== null ? ((answer as { result?: unknown }).result ?? (answer as { translatedText?: unknown }).translatedText) : undefined;
  if (typeof result !== 'string' || !result.trim()) throw new ConflictError('translation.failed');
  return result;
}
