import { and, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogRecord } from '../../db/schema/index.ts';
import { ConflictError } from '../../errors.ts';
import { CATALOG_TYPES, catalogReferencesTo, type CatalogServiceKey, type CatalogTypeDefinition } from '../../domain/catalog/index.ts';
import { currentRowsOf, fieldExpression, valuesOfRow, type CatalogRecordRow } from './store.ts';

/**
 * Refuses deleting a record that another record's present names through a
 * declared reference (spec 001 §5: a category in use, a primary
 * classification with secondaries). Every live version's name counts, so a
 * renamed draft does not hide the released name in use. Names compare
 * trimmed and case-insensitively, as the unique rules do.
 */
export async function assertNotReferenced(db: DbOrTx, type: CatalogTypeDefinition, versions: readonly CatalogRecordRow[]): Promise<void> {
  const rootId = versions[0]?.rootId;
  if (rootId === undefined) return;
  let users = 0;
  for (const ref of catalogReferencesTo(CATALOG_TYPES, type.id)) {
    const names = [...new Set(versions.map((v) => String(valuesOfRow(type, v)[ref.target] ?? '').trim().toLowerCase()).filter((n) => n !== ''))];
    if (names.length === 0) continue;
    const field = ref.type.fields.find((f) => f.key === ref.field)!;
    const [found] = await db
      .select({ n: sql<number>`count(distinct ${catalogRecord.rootId})` })
      .from(catalogRecord)
      .where(and(currentRowsOf(ref.type.id), ne(catalogRecord.rootId, rootId), inArray(sql`lower(trim(${fieldExpression(field)}))`, names)));
    users += found?.n ?? 0;
  }
  if (users === 0) return;
  const named = catalogReferencesTo(CATALOG_TYPES, type.id)[0]!.target;
  const name = String(valuesOfRow(type, versions.find((v) => v.isLatestVersion) ?? versions[0]!)[named] ?? '');
  throw new ConflictError('catalog.referenced' satisfies CatalogServiceKey, { value: name, count: users });
}
