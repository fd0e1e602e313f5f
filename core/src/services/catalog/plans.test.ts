import { count, sql, type SQLWrapper } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECT } from '../../db/dialect.ts';
import { catalogRecord } from '../../db/schema/index.ts';
import { catalogUniqueKeys } from '../../domain/catalog/index.ts';
import { catalogCaller, catalogType } from './access.ts';
import { catalogListFilter, catalogListPage } from './records.ts';
import { holdersQuery, holdersWhere } from './import-bulk.ts';
import { uniqueHolderQuery } from './store.ts';
import { openCatalogWorld, type CatalogWorld } from '../../testing/catalog.ts';

/**
 * The knowledge base at scale (docs/domain/catalog.md, "At scale") rests on
 * the services' queries using the indexes of migration 0010: a query changed
 * so that it no longer matches one (an expression written differently, a
 * filter on a column the index lacks) scans the type again, unnoticed until
 * `npm run bench:kb`. These read the plans SQLite chooses.
 */
let w: CatalogWorld;
beforeEach(async () => {
  w = await openCatalogWorld();
});
afterEach(() => w.t.dispose());

const plan = async (query: SQLWrapper) => (await w.t.db.all<{ detail: string }>(sql`explain query plan ${query.getSQL()}`)).map((r) => r.detail).join(' | ');
const type = catalogType('invalidMode');
const filter = async (search?: string) => catalogListFilter(await catalogCaller(w.t.db, w.author.actor, type), type, { search })!;

// SQLite's plans: PostgreSQL plans by its statistics (a test-sized table is scanned whatever the indexes)
describe.skipIf(DIALECT === 'postgres')('query plans of the knowledge base', () => {
  it('walks the list’s page in catalog_record_type_updated_idx, without sorting the type', async () => {
    const page = await plan(catalogListPage(w.t.db, await filter(), 20, 0));
    expect(page).toContain('USING INDEX catalog_record_type_updated_idx');
    expect(page).not.toContain('TEMP B-TREE');
  });

  it('counts the list and its search from the index alone', async () => {
    for (const search of [undefined, '钢丝绳']) {
      expect(await plan(w.t.db.select({ n: count() }).from(catalogRecord).where(await filter(search)))).toContain('USING COVERING INDEX catalog_record_type_updated_idx');
    }
  });

  it('looks the unique rule on the description up in catalog_record_unique_text_idx', async () => {
    const [key] = catalogUniqueKeys(type, { invalidmode: 'Seal leaks' });
    for (const rootId of [null, 'some-root']) expect(await plan(uniqueHolderQuery(w.t.db, type, key!, rootId))).toContain('USING INDEX catalog_record_unique_text_idx (type=? AND <expr>=?)');
  });

  it('looks an import’s descriptions up in catalog_record_unique_text_idx, all in one query', async () => {
    const query = holdersQuery(w.t.db, type, ['invalidmode'], holdersWhere(type, 'invalidmode', ['Seal leaks', 'Seal torn']));
    expect(await plan(query)).toContain('USING INDEX catalog_record_unique_text_idx (type=? AND <expr>=?)');
  });
});
