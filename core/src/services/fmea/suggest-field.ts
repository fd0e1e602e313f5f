import { CATALOG_SUGGEST_PAGE_MAX, suggestCatalogRecords } from '../catalog/search.ts';
import type { ServiceContext } from '../shared/context.ts';
import { servesFailureKind } from './catalog-link.ts';
import { SUGGEST_PAGE_DEFAULT, SUGGEST_PAGE_MAX, suggestTexts, type SuggestKind, type SuggestQuery } from './suggest.ts';

/** The catalog type whose released records a field suggests first (none for requirements and characteristics). */
export const CATALOG_TYPE_OF_SUGGEST_KIND: Readonly<Record<SuggestKind, string | null>> = {
  function: 'function',
  requirement: null,
  characteristic: null,
  FE: 'invalidMode',
  FM: 'invalidMode',
  FC: 'invalidMode',
  prevention: 'preventionMeasure',
  detection: 'detectionMeasure',
};

/** The catalog record version a suggestion comes from: what picking it cites, and the ratings it brings. */
export interface SuggestionCatalogSource {
  recordId: string;
  serialNum: string;
  versionNo: number;
  enText: string | null;
  severity: number | null;
  occurrence: number | null;
  detection: number | null;
}

/** A suggestion for a field, saying where it comes from: the catalog (a released record version) or the wording of other FMEAs. */
export interface FieldSuggestion {
  source: 'catalog' | 'fmea';
  text: string;
  /** Catalog: the record's quote count; FMEA wording: rows in readable projects using the text. */
  uses: number;
  catalog: SuggestionCatalogSource | null;
}

const rating = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/**
 * Suggestions for an analysis field (spec 001 §7 "Autocomplete", page size
 * 10): released latest catalog records of the field's type first, of the
 * caller's product types (failure records only where their use type fits the
 * failure kind: invalidresult for FE, invalidmode for FM, invalidreason for
 * FC, or none named), then the wording of readable FMEAs that the catalog
 * entries do not already say. At most `pageSize` in all.
 */
export async function suggestForField(ctx: ServiceContext, query: SuggestQuery): Promise<FieldSuggestion[]> {
  const asked = Math.trunc(query.pageSize ?? SUGGEST_PAGE_DEFAULT);
  const pageSize = Number.isFinite(asked) ? Math.min(SUGGEST_PAGE_MAX, Math.max(1, asked)) : SUGGEST_PAGE_DEFAULT;
  // the wording query checks the query (kind, project types) before any catalog read
  const wording = await suggestTexts(ctx, { ...query, pageSize });
  const typeId = CATALOG_TYPE_OF_SUGGEST_KIND[query.kind];
  const kind = query.kind;
  const failureKind = kind === 'FE' || kind === 'FM' || kind === 'FC' ? kind : null;

  const catalog: FieldSuggestion[] = [];
  if (typeId) {
    // use types live in the record's values: ask for the widest page and keep those that fit
    const records = await suggestCatalogRecords(ctx, typeId, { q: query.q, pageSize: failureKind ? CATALOG_SUGGEST_PAGE_MAX : pageSize });
    for (const r of records) {
      if (failureKind && !servesFailureKind(r.values, failureKind)) continue;
      catalog.push({
        source: 'catalog',
        text: r.text,
        uses: r.quoteCount,
        catalog: {
          recordId: r.id,
          serialNum: r.serialNum,
          versionNo: r.versionNo,
          enText: r.enText,
          severity: rating(r.values.severity),
          occurrence: rating(r.values.occurrence),
          detection: rating(r.values.detection),
        },
      });
    }
  }
  const said = new Set(catalog.flatMap((s) => [s.text, s.catalog!.enText ?? ''].map((t) => t.trim().toLowerCase())));
  const fromFmea = wording.filter((w) => !said.has(w.text.trim().toLowerCase())).map((w): FieldSuggestion => ({ source: 'fmea', text: w.text, uses: w.uses, catalog: null }));
  return [...catalog, ...fromFmea].slice(0, pageSize);
}
