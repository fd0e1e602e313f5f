/**
 * The knowledge base's hot queries written as the catalog services build them
 * (core/src/services/catalog: records.ts list, count and search, search.ts
 * suggestions, store.ts findUniqueHolder): EXPLAIN QUERY PLAN and the median
 * of ten runs. core/src/services/catalog/plans.test.ts holds the services'
 * own queries to the indexes of migration 0010.
 */
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@fmea/core';
import { percentile } from '../dfmea/report.ts';
import { TYPE } from './data.ts';

const current = sql.raw(`type = '${TYPE.id}' and del_flg = 0 and (is_latest_version = 1 or status <> '2') and (product_type is null or product_type in ('1', '2'))`);
const like = (column: string, text: string) => sql`${sql.raw(column)} like ${`%${text}%`} escape '\\'`;
const UNIQUE_KEY = `lower(trim(text))`;
const matches = (text: string) => sql`(${like('text', text)} or ${like('en_text', text)} or ${like('serial_num', text)})`;

const QUERIES: Record<string, SQL> = {
  'list: first page': sql`select * from catalog_record where ${current} order by updated_at desc, serial_num desc, version_no desc limit 20`,
  'list: count': sql`select count(*) from catalog_record where ${current}`,
  'list: search page': sql`select * from catalog_record where ${current} and ${matches('钢丝绳')} order by updated_at desc, serial_num desc, version_no desc limit 20`,
  'list: search count': sql`select count(*) from catalog_record where ${current} and ${matches('钢丝绳')}`,
  'list: search matching nothing': sql`select * from catalog_record where ${current} and ${matches('不存在的失效')} order by updated_at desc, serial_num desc, version_no desc limit 20`,
  suggest: sql`select * from catalog_record where type = ${TYPE.id} and del_flg = 0 and status = '2' and is_latest_version = 1 and (${like('text', 'cable')} or ${like('en_text', 'cable')}) order by quote_count desc, text asc limit 10`,
  'unique rule (create, import)': sql`select * from catalog_record where ${current} and ${sql.raw(UNIQUE_KEY)} = lower(${'钢丝绳低温 −30 °C断裂（K0）'}) order by version_no desc limit 1`,
};

async function median10(db: Db, query: SQL): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 12; i++) {
    const start = performance.now();
    await db.all(query);
    if (i >= 2) times.push(performance.now() - start);
  }
  return percentile(times, 50);
}

async function report(db: Db, heading: string): Promise<void> {
  console.log(`\n${heading}: median of 10 runs, EXPLAIN QUERY PLAN`);
  for (const [name, query] of Object.entries(QUERIES)) {
    const plan = (await db.all<{ detail: string }>(sql`explain query plan ${query}`)).map((r) => r.detail).join(' | ');
    console.log(`  ${name.padEnd(30)} ${(await median10(db, query)).toFixed(2).padStart(8)} ms  ${plan}`);
  }
}

export const explainPlans = (db: Db) => report(db, 'Queries as the services write them');
