import { sql, type SQL } from 'drizzle-orm';
import { DIALECT } from './dialect.ts';

/**
 * JSON built in SQL, one version per dialect beside each other (issue 22): the risk grid and the control
 * plan's model leave the database as JSON text that JavaScript parses once (or sends on unparsed), far
 * cheaper than thousands of row objects through the driver. SQLite's JSON1 and PostgreSQL's json
 * functions differ in name and in two behaviours these helpers hide:
 * - an aggregate over no rows is `'[]'` on SQLite and NULL on PostgreSQL (`jsonGroupArray` answers `[]`);
 * - SQLite forgets that a subquery's value is JSON (it then embeds it as a string unless wrapped in
 *   `json(…)`); PostgreSQL keeps its `json` type (`jsonValue`).
 * PostgreSQL writes `{"a" : 1}` where SQLite writes `{"a":1}`: the same JSON, parsed alike. Key order is
 * kept on both (`json`, not `jsonb`). The SQLite text is what it was before PostgreSQL (the grid is
 * benchmarked on it).
 */
const pg = DIALECT === 'postgres';

const KEY = /^[A-Za-z][A-Za-z0-9_]*$/;

/** `json_array(a, b, …)`: a JSON array of the values, in order. */
export function jsonArray(items: readonly SQL[]): SQL {
  const list = sql.join([...items], sql`, `);
  return pg ? sql`json_build_array(${list})` : sql`json_array(${list})`;
}

/**
 * `json_object('key', value, …)`: a JSON object, keys in the order given. The keys are written into the
 * statement (PostgreSQL cannot type a key sent as a parameter), so they must be plain names.
 */
export function jsonObject(fields: Readonly<Record<string, SQL>>): SQL {
  const pairs = Object.entries(fields).map(([key, value]) => {
    if (!KEY.test(key)) throw new Error(`jsonObject: "${key}" is not a plain key`);
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  const list = sql.join(pairs, sql`, `);
  return pg ? sql`json_build_object(${list})` : sql`json_object(${list})`;
}

/** The aggregate `json_group_array(item order by …)`: a JSON array of one item per row, `[]` over no rows on both engines. */
export function jsonGroupArray(item: SQL, orderBy?: SQL): SQL {
  const order = orderBy ? sql` order by ${orderBy}` : sql``;
  return pg ? sql`coalesce(json_agg(${item}${order}), '[]'::json)` : sql`json_group_array(${item}${order})`;
}

/** A value that is JSON text (a subquery's JSON, a literal), embedded as JSON rather than as a string. */
export function jsonValue(value: SQL): SQL {
  return pg ? value : sql`json(${value})`;
}

/**
 * A 0/1 flag column as JSON `true`/`false`: `true` where it is set, or (`'unset'`) where it is not.
 * JSON would keep SQLite's 0/1 as numbers; PostgreSQL's comparisons are booleans already.
 */
export function jsonFlag(flag: SQL, trueWhen: 'set' | 'unset' = 'set'): SQL {
  if (pg) return trueWhen === 'set' ? sql`coalesce(${flag} <> 0, false)` : sql`coalesce(${flag} = 0, true)`;
  return trueWhen === 'set' ? sql`json(case when ${flag} then 'true' else 'false' end)` : sql`json(case when ${flag} then 'false' else 'true' end)`;
}

/** JSON `true`. */
export const JSON_TRUE: SQL = pg ? sql`true` : sql`json('true')`;

