import { t } from '@lingui/core/macro';
import type { SuggestKind } from '@fmea/core/domain';
import { api, type ApiData, type FetchSuggestions, type SuggestionOption } from '@fmea/sdk';

/** Where a catalog suggestion comes from: the record version picking it cites, and the ratings it brings. */
export type CatalogSource = NonNullable<ApiData<'/api/fmea/suggest'>[number]['catalog']>;

const cache = new Map<SuggestKind, FetchSuggestions>();
/** The catalog sources of the options shown, by option key (the record id), for the dialog that picks one. */
const sources = new Map<string, CatalogSource>();

/** "Catalog FA2603010001 v2" or "FMEA wording", in the reader's language. */
export const catalogLabel = (c: { serialNum: string; versionNo: number }) => {
  const { serialNum, versionNo } = c;
  return t`Catalog ${serialNum} v${versionNo}`;
};

/**
 * Autocomplete source for one kind of text: released catalog records first,
 * then what the user's readable FMEAs already say (docs/domain/catalog.md,
 * "Reuse inside the FMEA"), each option noting where it comes from. One
 * function per kind, so the `fetchSuggestions` prop stays the same between
 * renders; a superseded request is cancelled through Autocomplete's signal.
 */
export function suggestionsFor(kind: SuggestKind): FetchSuggestions {
  let fetch = cache.get(kind);
  if (!fetch) {
    fetch = async (q, signal) =>
      (await api.get('/api/fmea/suggest', { kind, q, pageSize: 10 }, { signal })).map((s): SuggestionOption => {
        if (!s.catalog) return { text: s.text, note: t`FMEA wording` };
        sources.set(s.catalog.recordId, s.catalog);
        return { text: s.text, note: catalogLabel(s.catalog), key: s.catalog.recordId };
      });
    cache.set(kind, fetch);
  }
  return fetch;
}

/** The catalog record a picked option stands for, or null for FMEA wording. */
export function catalogOfPick(option: SuggestionOption): CatalogSource | null {
  return option.key ? (sources.get(option.key) ?? null) : null;
}

/** A pick remembered in a dialog: the record and the text it typed. */
export interface CatalogPick {
  recordId: string;
  text: string;
}

/** The catalogRecordId to send: the pick while the text is still the picked one; otherwise nothing (the server lets a reworded item go). */
export const pickToSend = (pick: CatalogPick | null, description: string): { catalogRecordId?: string } =>
  pick && pick.text.trim() === description.trim() ? { catalogRecordId: pick.recordId } : {};
