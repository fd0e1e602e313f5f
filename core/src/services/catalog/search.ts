import { and, eq, sql, type SQL } from 'drizzle-orm';
import { catalogRecord } from '../../db/schema/index.ts';
import { KNOWLEDGE_STATUS } from '../../domain/status/index.ts';
import type { CatalogValue } from '../../domain/catalog/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { likePattern } from '../shared/paging.ts';
import { catalogType, productTypeCondition } from './access.ts';
import { actorOf } from '../shared/actor.ts';
import { valuesOfRow } from './store.ts';
import { live } from '../../db/live.ts';
import { likeAnyCase } from '../../db/portable.ts';

/** The spec's autocomplete page (001 §7: "pageSize (10)"); at most 50. */
export const CATALOG_SUGGEST_PAGE_DEFAULT = 10;
export const CATALOG_SUGGEST_PAGE_MAX = 50;

export interface CatalogSuggestQuery {
  /** Contained in the description in either language (case-insensitive, wildcards literal); blank: the most cited. */
  q?: string;
  /** Only these product types (within the caller's own); records without a product type always qualify. */
  productTypes?: readonly string[];
  /** 1..50, default 10. */
  pageSize?: number;
  /** Suggestions to pass over first (the spec's `from`, for the next page); default 0. */
  from?: number;
}

/** A released record an FMEA may cite: the version to cite and its values (ratings for score supply included). */
export interface CatalogSuggestion {
  id: string;
  rootId: string;
  serialNum: string;
  versionNo: number;
  text: string;
  enText: string | null;
  productType: string | null;
  quoteCount: number;
  values: Record<string, CatalogValue>;
}

/**
 * Released records for suggestions while writing an FMEA (spec 001 §7,
 * "Autocomplete"): each record's released latest version, of the caller's
 * product types (or without one; admins: all), matching in Chinese or
 * English; those starting with the text first, then the most cited, then
 * by description. Any signed-in user may ask (the FMEA decides who writes);
 * the product types are the limit.
 */
export async function suggestCatalogRecords(ctx: ServiceContext, typeId: string, query: CatalogSuggestQuery = {}): Promise<CatalogSuggestion[]> {
  const type = catalogType(typeId);
  const actor = await actorOf(ctx.db, ctx.actor);
  const asked = Math.trunc(query.pageSize ?? CATALOG_SUGGEST_PAGE_DEFAULT);
  const pageSize = Number.isFinite(asked) ? Math.min(CATALOG_SUGGEST_PAGE_MAX, Math.max(1, asked)) : CATALOG_SUGGEST_PAGE_DEFAULT;

  const where: (SQL | undefined)[] = [
    eq(catalogRecord.type, type.id),
    live(catalogRecord),
    eq(catalogRecord.status, KNOWLEDGE_STATUS.released),
    eq(catalogRecord.isLatestVersion, true),
  ];
  const productTypes = productTypeCondition(actor, query.productTypes, { untyped: true });
  if (productTypes === null) return [];
  where.push(productTypes);

  const q = (query.q ?? '').trim();
  const prefix = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (q) {
    const pattern = likePattern(q);
    where.push(sql`(${likeAnyCase(catalogRecord.text, pattern)} or ${likeAnyCase(catalogRecord.enText, pattern)})`);
  }
  const rows = await ctx.db
    .select()
    .from(catalogRecord)
    .where(and(...where))
    .orderBy(
      sql`(${likeAnyCase(catalogRecord.text, prefix)} or ${likeAnyCase(sql`coalesce(${catalogRecord.enText}, '')`, prefix)}) desc`,
      sql`${catalogRecord.quoteCount} desc`,
      sql`${catalogRecord.text} asc`,
      sql`${catalogRecord.serialNum} asc`,
    )
    .limit(pageSize)
    .offset(Math.max(0, Math.trunc(query.from ?? 0)) || 0);
  return rows.map((row) => ({
    id: row.id,
    rootId: row.rootId,
    serialNum: row.serialNum,
    versionNo: row.versionNo,
    text: row.text,
    enText: row.enText,
    productType: row.productType,
    quoteCount: row.quoteCount,
    values: valuesOfRow(type, row),
  }));
}
