import { and, asc, desc, gte, inArray, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customFieldValue } from '../../db/schema/index.ts';
import { likeAnyCase, textAsNumber } from '../../db/portable.ts';
import { customListTerms, type CustomFieldEntity, type CustomListQuery, type FieldForValues } from '../../domain/custom-fields/index.ts';
import { likePattern } from '../shared/paging.ts';
import { listCustomFields } from './fields.ts';
import { throwIssues } from './values.ts';

export type { CustomListQuery } from '../../domain/custom-fields/index.ts';

/**
 * A record's value of one field as a scalar subquery (null without one). A subquery's select list is
 * only evaluated on the row its WHERE found, so PostgreSQL never casts another field's text to a number.
 */
function valueOf(field: FieldForValues & { id: string }, recordId: SQLWrapper): SQL {
  const value = field.fieldType === 'number' ? textAsNumber(customFieldValue.value) : sql`${customFieldValue.value}`;
  return sql`(select ${value} from ${customFieldValue} where ${customFieldValue.fieldId} = ${field.id} and ${customFieldValue.recordId} = ${recordId})`;
}

/**
 * A list's custom filters and sort as SQL on the list's record id column (docs/domain/custom-fields.md
 * "Lists"): conditions to AND into its WHERE and the order to put before its own. Checked against the
 * entity's fields first: a refusal names the field (400 validation.failed).
 */
export async function customListSql(db: DbOrTx, entity: CustomFieldEntity, recordId: SQLWrapper, query: CustomListQuery): Promise<{ where: SQL | undefined; orderBy: SQL[] }> {
  const asked = Object.keys(query.customFilters ?? {}).length > 0 || query.customSort !== undefined;
  if (!asked) return { where: undefined, orderBy: [] };
  const fields = await listCustomFields(db, entity);
  const { issues, terms } = customListTerms(fields, query);
  throwIssues(issues);
  const byName = new Map(fields.map((f) => [f.systemName, f]));
  const conditions = terms.filters.map((term) => {
    const value = valueOf(byName.get(term.field.systemName)!, recordId);
    if (term.kind === 'contains') return likeAnyCase(value, likePattern(term.value));
    if (term.kind === 'in') return inArray(value, term.values);
    const bound = (v: string) => (term.numeric ? Number(v) : v);
    return and(term.from === undefined ? undefined : gte(value, bound(term.from)), term.to === undefined ? undefined : lte(value, bound(term.to)));
  });
  const orderBy: SQL[] = [];
  if (terms.sort) {
    const value = valueOf(byName.get(terms.sort.field.systemName)!, recordId);
    // records without a value last either way (SQLite puts NULL first ascending, PostgreSQL last)
    orderBy.push(sql`${value} is null`, terms.sort.desc ? desc(value) : asc(value));
  }
  return { where: conditions.length ? and(...conditions) : undefined, orderBy };
}
