import type { SuggestKind } from '@fmea/core/domain';
import { api, type FetchSuggestions } from '@fmea/workbench/sdk';

const cache = new Map<SuggestKind, FetchSuggestions>();

/**
 * Autocomplete source for one kind of text: what the user's readable FMEAs
 * already say (docs/domain/fmea-engine.md, "Suggestions"). One function per
 * kind, so the `fetchSuggestions` prop stays the same between renders; a
 * superseded request is cancelled through Autocomplete's signal.
 */
export function suggestionsFor(kind: SuggestKind): FetchSuggestions {
  let fetch = cache.get(kind);
  if (!fetch) {
    fetch = async (q, signal) => (await api.get('/api/fmea/suggest', { kind, q, pageSize: 10 }, { signal })).map((s) => s.text);
    cache.set(kind, fetch);
  }
  return fetch;
}
