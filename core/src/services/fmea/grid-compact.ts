import { sql, type SQL } from 'drizzle-orm';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { rateChain, type CompactGridValues, type RerateSource } from '../../domain/fmea/index.ts';
import { DIALECT } from '../../db/dialect.ts';
import { jsonArray, jsonGroupArray, jsonObject } from '../../db/portable-json.ts';
import type { ServiceContext } from '../shared/context.ts';
import { countChains, filterIssues, gridContext, gridWindow, type RiskGridQuery } from './grid.ts';
import { actionsJson, catalogJson, characteristicsJson, controlsJson, pageCtes, rerateJson, type RiskGridFilter } from './grid-sql.ts';

/**
 * One page of the risk grid with what chains share sent once (the compact
 * form of `GET /api/fmea/riskGrid`, `COMPACT_GRID_COLUMNS`): the page's
 * functions, modes, effects, causes (with their controls and actions) and
 * characteristic lists as JSON texts, each at the index the rows use, and
 * each row as its indices and rated values. The rows form repeats every
 * text on every chain (20,000 chains: 28 MB); this one holds each once.
 */
export interface RiskGridCompactPage {
  total: number;
  page: number;
  limit: number;
  /** JSON objects: the mode's function with its element (`elementId`, `elementName`, `functionId`, `functionDescription`, `requirement`, `functionCatalog`). */
  functions: string[];
  /** JSON objects, each the row's `mode`. */
  modes: string[];
  /** JSON objects, each the row's `effect`. */
  effects: string[];
  /** JSON objects, each the row's `cause`; `controls` and `actions` are its lists (JSON arrays) at the same index. */
  causes: string[];
  controls: string[];
  actions: string[];
  /** JSON arrays, each the `characteristics` of the rows whose mode's and cause's functions are the same. */
  characteristics: string[];
  /** One per chain, in form order: the values of `COMPACT_GRID_COLUMNS` (domain/fmea/compact-grid.ts). */
  rows: CompactGridValues[];
}

/** What one statement answers: a part of the page (`part`), the item's index in its list and its JSON. */
interface CompactPart {
  part: 'total' | 'rows' | 'rerate' | 'function' | 'mode' | 'effect' | 'cause' | 'controls' | 'actions' | 'characteristics';
  ix: number;
  json: string | null;
}

/** `a is b` (equal, or both null): SQLite's `is`, the standard's `is not distinct from` on PostgreSQL. */
const sameOrBothNull = (a: SQL, b: SQL) => (DIALECT === 'postgres' ? sql`${a} is not distinct from ${b}` : sql`${a} is ${b}`);

/**
 * The same page as `riskGridJsonQuery` in one statement, its distinct items
 * numbered in the order they first appear (`row_number() over (order by
 * min(rn))`) and each sent as one row of JSON (`CompactPart`), so SQLite
 * writes every text once; `rows` is one JSON array of `[function, mode,
 * effect, cause, characteristics, S, O, D]` in form order; `rerate` is what
 * rating needs of each cause's actions. One statement, so the rows and their
 * items come from one snapshot of the database.
 */
export function riskGridCompactQuery(projectId: string, apTable: string, filter: RiskGridFilter, window: { limit: number; offset: number }): SQL {
  const row = jsonArray([sql`fn.ix`, sql`md.ix`, sql`ef.ix`, sql`ca.ix`, sql`cs.ix`, sql`slim.s`, sql`slim.o`, sql`slim.d`]);
  const fn = jsonObject({
    elementId: sql`n.id`,
    elementName: sql`n.name`,
    functionId: sql`f.id`,
    functionDescription: sql`f.description`,
    requirement: sql`f.requirement`,
    functionCatalog: catalogJson(sql`f.catalog_record_id`),
  });
  const mode = jsonObject({
    id: sql`fm.id`,
    description: sql`fm.description`,
    frequencyRatio: sql`fm.frequency_ratio`,
    version: sql`fm.version`,
    catalog: catalogJson(sql`fm.catalog_record_id`),
  });
  const effect = jsonObject({
    id: sql`fe.id`,
    description: sql`fe.description`,
    severity: sql`fe.severity`,
    version: sql`fe.version`,
    catalog: catalogJson(sql`fe.catalog_record_id`),
    elementName: sql`n.name`,
    functionDescription: sql`f.description`,
    chains: sql`coalesce(shared_effect.n, 1)`,
  });
  const cause = jsonObject({
    id: sql`fc.id`,
    description: sql`fc.description`,
    occurrence: sql`fc.occurrence`,
    detection: sql`fc.detection`,
    version: sql`fc.version`,
    catalog: catalogJson(sql`fc.catalog_record_id`),
    elementName: sql`n.name`,
    functionDescription: sql`f.description`,
    chains: sql`coalesce(shared_cause.n, 1)`,
  });
  return sql`${pageCtes(projectId, apTable, filter, window)},
slim as (
  select chain.total, chain.rn, chain.mode_id, chain.effect_id, chain.cause_id,
    fm.function_id as mode_function_id, fc.function_id as cause_function_id, fe.severity as s, fc.occurrence as o, fc.detection as d
  from chain
  join fmea_failure fm on fm.id = chain.mode_id
  left join fmea_failure fe on fe.id = chain.effect_id
  left join fmea_failure fc on fc.id = chain.cause_id
),
fn as (select mode_function_id as id, row_number() over (order by min(rn)) - 1 as ix from slim group by mode_function_id),
md as (select mode_id as id, row_number() over (order by min(rn)) - 1 as ix from slim group by mode_id),
ef as (select effect_id as id, row_number() over (order by min(rn)) - 1 as ix from slim where effect_id is not null group by effect_id),
ca as (select cause_id as id, row_number() over (order by min(rn)) - 1 as ix from slim where cause_id is not null group by cause_id),
cs as (select mode_function_id, cause_function_id, row_number() over (order by min(rn)) - 1 as ix from slim group by mode_function_id, cause_function_id)
select 'total' as part, max(total) as ix, null as json from slim
union all
select 'rows', 0, ${jsonGroupArray(row, sql`slim.rn`)}
  from slim
  join fn on fn.id = slim.mode_function_id
  join md on md.id = slim.mode_id
  left join ef on ef.id = slim.effect_id
  left join ca on ca.id = slim.cause_id
  join cs on cs.mode_function_id = slim.mode_function_id and ${sameOrBothNull(sql`cs.cause_function_id`, sql`slim.cause_function_id`)}
union all
select 'function', fn.ix, ${fn}
  from fn join fmea_function f on f.id = fn.id join fmea_node n on n.id = f.node_id
union all
select 'mode', md.ix, ${mode}
  from md join fmea_failure fm on fm.id = md.id
union all
select 'effect', ef.ix, ${effect}
  from ef join fmea_failure fe on fe.id = ef.id join fmea_function f on f.id = fe.function_id join fmea_node n on n.id = f.node_id
  left join shared_effect on shared_effect.id = ef.id
union all
select 'cause', ca.ix, ${cause}
  from ca join fmea_failure fc on fc.id = ca.id join fmea_function f on f.id = fc.function_id join fmea_node n on n.id = f.node_id
  left join shared_cause on shared_cause.id = ca.id
union all
select 'controls', ca.ix, ${controlsJson(sql`ca.id`)} from ca
union all
select 'actions', ca.ix, ${actionsJson(sql`ca.id`)} from ca
union all
select 'rerate', ca.ix, ${rerateJson(sql`ca.id`)} from ca
union all
select 'characteristics', cs.ix, ${characteristicsJson(sql`cs.mode_function_id`, sql`cs.cause_function_id`)} from cs`;
}

type RerateTuple = [RerateSource['status'], number | null, number | null, number | null];
type SlimRow = [fn: number, mode: number, effect: number | null, cause: number | null, characteristics: number, s: number | null, o: number | null, d: number | null];
const NO_ACTIONS: RerateSource[] = [];

/**
 * The page `readRiskGrid` answers in the compact form: same access, filters,
 * order, paging and ratings (each row rated through `rateChain` with the
 * project's AP table); the items' texts leave SQLite as JSON and are never
 * parsed, only the rows' indices and ratings and the causes' re-ratings are.
 */
export async function readRiskGridCompact(ctx: ServiceContext, projectId: string, query: RiskGridQuery = {}): Promise<RiskGridCompactPage> {
  assertNoIssues(filterIssues(query));
  const { page, limit } = gridWindow(query);
  const { table, rate } = await gridContext(ctx, projectId);
  const parts = await ctx.db.all<CompactPart>(riskGridCompactQuery(projectId, table, query, { limit, offset: (page - 1) * limit }));
  const out: RiskGridCompactPage = { total: 0, page, limit, functions: [], modes: [], effects: [], causes: [], controls: [], actions: [], characteristics: [], rows: [] };
  let total: number | null = null;
  let slim: SlimRow[] = [];
  const rerate: RerateSource[][] = [];
  const lists = { function: out.functions, mode: out.modes, effect: out.effects, cause: out.causes, controls: out.controls, actions: out.actions, characteristics: out.characteristics };
  for (const { part, ix, json } of parts) {
    if (part === 'total') total = ix;
    else if (part === 'rows') slim = JSON.parse(json!) as SlimRow[];
    else if (part === 'rerate') rerate[ix] = json === '[]' ? NO_ACTIONS : (JSON.parse(json!) as RerateTuple[]).map(([status, raSeverity, raOccurrence, raDetection]) => ({ status, raSeverity, raOccurrence, raDetection }));
    else lists[part][ix] = json!;
  }
  out.rows = slim.map(([fn, mode, effect, cause, characteristics, s, o, d]): CompactGridValues => {
    const r = rateChain(s, o, d, cause === null ? NO_ACTIONS : rerate[cause]!, rate);
    return [fn, mode, effect, cause, characteristics, r.ap, r.rpn, r.raseverity, r.raoccurrence, r.radet, r.rarpn, r.raAp, r.hasOpenActions];
  });
  out.total = total ?? (page === 1 ? 0 : await countChains(ctx, projectId, table, query));
  return out;
}
