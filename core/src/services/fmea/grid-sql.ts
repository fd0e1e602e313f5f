import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { DIALECT } from '../../db/dialect.ts';
import { jsonArray, jsonFlag, jsonGroupArray, jsonObject, jsonValue, JSON_TRUE } from '../../db/portable-json.ts';
import type { ApLevel } from '../../domain/ap/index.ts';
import { CONTROL_KINDS, UNFINISHED_ACTION_STATUSES, type ControlKind, type RowAction, type RowCatalogRef, type RowCharacteristic } from '../../domain/fmea/index.ts';

/** The DFMEA's own controls and actions: FMEA-MSR's monitoring and response rows share the tables and stay out of the risk grid (docs/domain/msr.md). */
const DFMEA_KINDS_SQL = sql.join(CONTROL_KINDS.map((k) => sql`${k}`), sql`, `);
const DFMEA_KIND_CTL = sql`ctl.kind in (${DFMEA_KINDS_SQL})`;
const DFMEA_KIND_A = sql`a.kind in (${DFMEA_KINDS_SQL})`;

/** Which chains the risk grid shows (issue 5: AP = H, open actions, special characteristics). */
export interface RiskGridFilter {
  /** Only chains whose AP is one of these (e.g. ['H']). Unrated chains have no AP and drop out. */
  ap?: ApLevel[];
  /** Only chains whose cause has an action that is open, decision pending or implementation pending. */
  openActions?: boolean;
  /** Only chains with a special characteristic on the mode's or the cause's function. */
  specialCharacteristics?: boolean;
}

/** The scalar columns of a chain row, in the order SQL packs them (one JSON array per row); `readChainRows` reads them back by position. */
const COLUMNS = [
  'total',
  'element_id',
  'element_name',
  'function_id',
  'function_description',
  'requirement',
  'mode_id',
  'mode_description',
  'frequency_ratio',
  'mode_version',
  'effect_id',
  'effect_description',
  'severity',
  'effect_version',
  'effect_element_name',
  'effect_function_description',
  'cause_id',
  'cause_description',
  'occurrence',
  'detection',
  'cause_version',
  'cause_element_name',
  'cause_function_description',
  'effect_chains',
  'cause_chains',
] as const;

/** One chain as the grid query returns it, unpacked: scalar columns, then controls, characteristics and actions. */
export interface RawChainRow {
  total: number;
  element_id: string;
  element_name: string;
  function_id: string;
  function_description: string;
  requirement: string | null;
  mode_id: string;
  mode_description: string;
  frequency_ratio: number | null;
  mode_version: number;
  effect_id: string | null;
  effect_description: string | null;
  severity: number | null;
  effect_version: number | null;
  effect_element_name: string | null;
  effect_function_description: string | null;
  cause_id: string | null;
  cause_description: string | null;
  occurrence: number | null;
  detection: number | null;
  cause_version: number | null;
  cause_element_name: string | null;
  cause_function_description: string | null;
  /** How many chains of the whole project share the effect (the cause), whatever the filter: an edit of S (O, D) changes them all. */
  effect_chains: number | null;
  cause_chains: number | null;
  /** [[kind, sort, id, description, version, catalog], …] */
  controls: [ControlKind, number, string, string, number, RowCatalogRef | null][];
  characteristics: (RowCharacteristic & { sort: number })[];
  actions: (RowAction & { sort: number })[];
  /** The catalog versions the function, mode, effect and cause cite (`catalogJson`). */
  function_catalog: RowCatalogRef | null;
  mode_catalog: RowCatalogRef | null;
  effect_catalog: RowCatalogRef | null;
  cause_catalog: RowCatalogRef | null;
}

/*
 * The few scalar forms the grid's statements write differently per engine (JSON: db/portable-json.ts).
 * The SQLite text is the benchmarked one (`npm run bench`); PostgreSQL's says the same.
 */
const pg = DIALECT === 'postgres';
/** A sort number as ten digits, so a node's path sorts as its ancestors' sorts do. */
const sortKey = (sort: SQL) => (pg ? sql`lpad(${sort}::text, 10, '0')` : sql`printf('%010d', ${sort})`);
/** Paths compare byte by byte, as SQLite's always do, whatever collation the PostgreSQL database was created with. */
const BY_PATH = pg ? sql`path collate "C"` : sql`path`;
/** The larger of two numbers (SQLite's scalar `max`). */
const greater = (a: SQL, b: SQL) => (pg ? sql`greatest(${a}, ${b})` : sql`max(${a}, ${b})`);
/** The AP letter at a 1-based position of the AP table (PostgreSQL's substr takes an int; the ratings are bigint there). */
const apAt = (apTable: string, position: SQL) => (pg ? sql`substr(${apTable}::text, (${position})::int, 1)` : sql`substr(${apTable}, ${position}, 1)`);
/** A 0/1 flag as a condition (PostgreSQL takes no integer for a boolean). */
const isSet = (flag: SQL) => (pg ? sql`${flag} <> 0` : flag);
/** A page's row limit; -1 is every row (SQLite reads a negative limit so, PostgreSQL refuses it and says `all`). */
const limitOf = (limit: number) => (pg && limit < 0 ? sql`all` : sql`${limit}`);

/** A characteristic's fields as the grid sends them. */
const characteristicFields = {
  id: sql`ch.id`,
  name: sql`ch.name`,
  characteristicClass: sql`ch.characteristic_class`,
  special: jsonFlag(sql`ch.special`),
};

/** An action's fields as the grid sends them (`RowAction`). */
const actionFields = {
  id: sql`a.id`,
  kind: sql`a.kind`,
  description: sql`a.description`,
  responsibleUserId: sql`a.responsible_user_id`,
  targetDate: sql`a.target_date`,
  status: sql`a.status`,
  actionTaken: sql`a.action_taken`,
  evidence: sql`a.evidence`,
  completionDate: sql`a.completion_date`,
  raSeverity: sql`a.ra_severity`,
  raOccurrence: sql`a.ra_occurrence`,
  raDetection: sql`a.ra_detection`,
  version: sql`a.version`,
};

const UNFINISHED = sql.join(UNFINISHED_ACTION_STATUSES.map((s) => sql`${s}`), sql`, `);

/** The chains of one page in form order with their texts (`page`): the common part of the grid's statements (see `riskGridQuery`). */
export function pageCtes(projectId: string, apTable: string, filter: RiskGridFilter, window: { limit: number; offset: number }): SQL {
  const apExpr = sql`case when fe.severity is null or fc.occurrence is null or fc.detection is null then null
    else ${apAt(apTable, sql`(fe.severity - 1) * 100 + (fc.occurrence - 1) * 10 + fc.detection`)} end`;
  const conditions: SQL[] = [sql`fm.project_id = ${projectId}`, sql`fm.kind = 'FM'`];
  if (filter.ap?.length) conditions.push(sql`${apExpr} in (${sql.join(filter.ap.map((a) => sql`${a}`), sql`, `)})`);
  if (filter.openActions) conditions.push(sql`exists (select 1 from fmea_action a where a.cause_id = fc.id and ${DFMEA_KIND_A} and a.status in (${UNFINISHED}))`);
  if (filter.specialCharacteristics) {
    conditions.push(sql`exists (select 1 from fmea_characteristic c where c.special = 1 and (c.function_id = fm.function_id or c.function_id = fc.function_id))`);
  }
  return sql`
with recursive tree(id, path) as (
  select id, ${sortKey(sql`sort`)} || id from fmea_node where project_id = ${projectId} and parent_id is null
  union all
  select n.id, tree.path || '/' || ${sortKey(sql`n.sort`)} || n.id from fmea_node n join tree on n.parent_id = tree.id
),
node_rank as (select id, row_number() over (order by ${BY_PATH}) as r from tree),
function_rank as (
  select f.id, row_number() over (order by nr.r, f.sort, f.id) as r
  from fmea_function f join node_rank nr on nr.id = f.node_id where f.project_id = ${projectId}
),
failure_rank as (
  select x.id, row_number() over (order by fr.r, x.sort, x.id) as r
  from fmea_failure x join function_rank fr on fr.id = x.function_id where x.project_id = ${projectId}
),
chain as (
  select
    count(*) over () as total,
    row_number() over (order by rm.r, re.r, rc.r) as rn,
    fm.id as mode_id, fe.id as effect_id, fc.id as cause_id
  from fmea_failure fm
  join failure_rank rm on rm.id = fm.id
  left join fmea_failure_link le on le.lower_failure_id = fm.id
  left join fmea_failure fe on fe.id = le.higher_failure_id
  left join failure_rank re on re.id = fe.id
  left join fmea_failure_link lc on lc.higher_failure_id = fm.id
  left join fmea_failure fc on fc.id = lc.lower_failure_id
  left join failure_rank rc on rc.id = fc.id
  where ${sql.join(conditions, sql` and `)}
  order by rn
  limit ${limitOf(window.limit)} offset ${window.offset}
),
-- how many chains of the whole project pass through each effect and cause of the page, counted once per failure:
-- an effect lies on one chain per cause of each mode it links to (a mode without causes makes one chain), a cause on one per effect of each of its modes
shared_effect as (
  select e.higher_failure_id as id, sum(${greater(sql`1`, sql`(select count(*) from fmea_failure_link c where c.higher_failure_id = e.lower_failure_id)`)}) as n
  from fmea_failure_link e where e.higher_failure_id in (select effect_id from chain) group by e.higher_failure_id
),
shared_cause as (
  select c.lower_failure_id as id, sum(${greater(sql`1`, sql`(select count(*) from fmea_failure_link e where e.lower_failure_id = c.higher_failure_id)`)}) as n
  from fmea_failure_link c where c.lower_failure_id in (select cause_id from chain) group by c.lower_failure_id
),
page as (
  select
    chain.total, chain.rn,
    n.id as element_id, n.name as element_name,
    fmf.id as function_id, fmf.description as function_description, fmf.requirement, fmf.catalog_record_id as function_catalog_id,
    fm.catalog_record_id as mode_catalog_id, fe.catalog_record_id as effect_catalog_id, fc.catalog_record_id as cause_catalog_id,
    fm.id as mode_id, fm.description as mode_description, fm.frequency_ratio, fm.version as mode_version, fm.function_id as mode_function_id,
    fe.id as effect_id, fe.description as effect_description, fe.severity, fe.version as effect_version,
    fen.name as effect_element_name, fef.description as effect_function_description,
    fc.id as cause_id, fc.description as cause_description, fc.occurrence, fc.detection, fc.version as cause_version,
    fc.function_id as cause_function_id, fcn.name as cause_element_name, fcf.description as cause_function_description,
    shared_effect.n as effect_chains, shared_cause.n as cause_chains
  from chain
  join fmea_failure fm on fm.id = chain.mode_id
  join fmea_function fmf on fmf.id = fm.function_id
  join fmea_node n on n.id = fmf.node_id
  left join fmea_failure fe on fe.id = chain.effect_id
  left join fmea_function fef on fef.id = fe.function_id
  left join fmea_node fen on fen.id = fef.node_id
  left join fmea_failure fc on fc.id = chain.cause_id
  left join fmea_function fcf on fcf.id = fc.function_id
  left join fmea_node fcn on fcn.id = fcf.node_id
  left join shared_effect on shared_effect.id = chain.effect_id
  left join shared_cause on shared_cause.id = chain.cause_id
)`;
}

/**
 * Every chain of a project in AIAG-VDA form order, in one statement. Order
 * first: a recursive CTE gives each structure node its pre-order path, which
 * becomes an integer rank per node, then per function, then per failure
 * (node, function, sort, id: the engine's `failureOrder`), so 20,000 chains
 * sort on three integers (mode, effect, cause ranks) as `buildChains` does.
 * Failure modes join their effects (links above) and causes (links below),
 * each end optional. Filters, order and paging run on narrow rows of ids
 * (`chain`); only the rows of the page then join their texts and gather
 * controls, characteristics and actions, and the number of chains of the
 * whole project that share the row's effect and cause (counted once per
 * failure of the page, so an edit can say how many rows it changes), and
 * every row leaves SQLite as one JSON array, which is far cheaper to hand to
 * JavaScript than thirty columns. `apTable` is the project's AP lookup as a
 * 1000-character H/M/L string, so SQL filters on AP exactly as the engine rates.
 */
export function riskGridQuery(projectId: string, apTable: string, filter: RiskGridFilter, window: { limit: number; offset: number }): SQL {
  const packed = COLUMNS.map((c) => sql.raw(`page.${c}`));
  const list = (select: SQL) => jsonValue(sql`coalesce((${select}), '[]')`);
  const controls = jsonArray([sql`ctl.kind`, sql`ctl.sort`, sql`ctl.id`, sql`ctl.description`, sql`ctl.version`, catalogJson(sql`ctl.catalog_record_id`)]);
  const characteristic = jsonObject({ ...characteristicFields, sort: sql`ch.sort` });
  const action = jsonObject({ ...actionFields, sort: sql`a.sort` });
  return sql`${pageCtes(projectId, apTable, filter, window)}
select ${jsonArray([
    ...packed,
    list(sql`select ${jsonGroupArray(controls)} from fmea_control ctl where ctl.cause_id = page.cause_id and ${DFMEA_KIND_CTL}`),
    list(sql`select ${jsonGroupArray(characteristic)} from fmea_characteristic ch where ch.function_id = page.mode_function_id or ch.function_id = page.cause_function_id`),
    list(sql`select ${jsonGroupArray(action)} from fmea_action a where a.cause_id = page.cause_id and ${DFMEA_KIND_A}`),
    catalogJson(sql`page.function_catalog_id`),
    catalogJson(sql`page.mode_catalog_id`),
    catalogJson(sql`page.effect_catalog_id`),
    catalogJson(sql`page.cause_catalog_id`),
  ])} as row
from page
order by page.rn`;
}

/**
 * The same page as `riskGridQuery`, each row leaving SQLite as the JSON text a
 * client receives (`facts`: a JSON object of the stored facts, lists in their
 * order: controls prevention then detection, each by sort then id; characteristics
 * and actions by sort then id; effect and cause `null` when missing), beside
 * the few values the engine rates the row from: S, O, D, the actions'
 * `[status, raS, raO, raD]` in order (`rerate`) and the special
 * characteristics as JSON (`specials`). JavaScript then parses nothing but
 * those, so a page of 20,000 rows goes out without being parsed and
 * serialised again.
 */
export function riskGridJsonQuery(projectId: string, apTable: string, filter: RiskGridFilter, window: { limit: number; offset: number }): SQL {
  const chars = sql`from fmea_characteristic ch where (ch.function_id = page.mode_function_id or ch.function_id = page.cause_function_id)`;
  const special = jsonObject({ id: sql`ch.id`, name: sql`ch.name`, characteristicClass: sql`ch.characteristic_class`, special: JSON_TRUE });
  const effect = jsonObject({
    id: sql`page.effect_id`,
    description: sql`page.effect_description`,
    severity: sql`page.severity`,
    version: sql`page.effect_version`,
    catalog: catalogJson(sql`page.effect_catalog_id`),
    elementName: sql`page.effect_element_name`,
    functionDescription: sql`page.effect_function_description`,
    chains: sql`coalesce(page.effect_chains, 1)`,
  });
  const mode = jsonObject({
    id: sql`page.mode_id`,
    description: sql`page.mode_description`,
    frequencyRatio: sql`page.frequency_ratio`,
    version: sql`page.mode_version`,
    catalog: catalogJson(sql`page.mode_catalog_id`),
  });
  const cause = jsonObject({
    id: sql`page.cause_id`,
    description: sql`page.cause_description`,
    occurrence: sql`page.occurrence`,
    detection: sql`page.detection`,
    version: sql`page.cause_version`,
    catalog: catalogJson(sql`page.cause_catalog_id`),
    elementName: sql`page.cause_element_name`,
    functionDescription: sql`page.cause_function_description`,
    chains: sql`coalesce(page.cause_chains, 1)`,
  });
  const facts = jsonObject({
    elementId: sql`page.element_id`,
    elementName: sql`page.element_name`,
    functionId: sql`page.function_id`,
    functionDescription: sql`page.function_description`,
    requirement: sql`page.requirement`,
    functionCatalog: catalogJson(sql`page.function_catalog_id`),
    effect: sql`case when page.effect_id is null then null else ${effect} end`,
    mode,
    cause: sql`case when page.cause_id is null then null else ${cause} end`,
    controls: controlsJson(sql`page.cause_id`),
    characteristics: characteristicsJson(sql`page.mode_function_id`, sql`page.cause_function_id`),
    actions: actionsJson(sql`page.cause_id`),
  });
  return sql`${pageCtes(projectId, apTable, filter, window)}
select page.total, page.severity as s, page.occurrence as o, page.detection as d,
  ${rerateJson(sql`page.cause_id`)} as rerate,
  (select ${jsonGroupArray(special, sql`ch.sort, ch.id`)} ${chars} and ${isSet(sql`ch.special`)}) as specials,
  ${facts} as facts
from page
order by page.rn`;
}

/**
 * The catalog version an item cites as the grid sends it (JSON, `RowCatalogRef`,
 * the analysis read's `catalog`), `null` for an item in its own wording: one
 * primary-key look-up per citing item, none for the others.
 */
export const catalogJson = (recordId: SQL) => {
  const ref = jsonObject({
    recordId: sql`cr.id`,
    serialNum: sql`cr.serial_num`,
    versionNo: sql`cr.version_no`,
    status: sql`cr.status`,
    newerVersion: jsonFlag(sql`cr.is_latest_version`, 'unset'),
  });
  return sql`case when ${recordId} is null then null else ${jsonValue(sql`(select ${ref} from catalog_record cr where cr.id = ${recordId})`)} end`;
};

/** A cause's controls as the grid sends them (JSON): prevention, then detection, each by sort, then id; each with the catalog version it cites. */
export const controlsJson = (causeId: SQL) => {
  const control = jsonObject({
    id: sql`ctl.id`,
    version: sql`ctl.version`,
    kind: sql`ctl.kind`,
    description: sql`ctl.description`,
    sort: sql`ctl.sort`,
    catalog: catalogJson(sql`ctl.catalog_record_id`),
  });
  return sql`(select ${jsonGroupArray(control, sql`ctl.kind <> 'prevention', ctl.sort, ctl.id`)} from fmea_control ctl where ctl.cause_id = ${causeId} and ${DFMEA_KIND_CTL})`;
};

/** The characteristics of a mode's and a cause's functions as the grid sends them (JSON), by sort, then id. */
export const characteristicsJson = (modeFunctionId: SQL, causeFunctionId: SQL) =>
  sql`(select ${jsonGroupArray(jsonObject(characteristicFields), sql`ch.sort, ch.id`)}
    from fmea_characteristic ch where (ch.function_id = ${modeFunctionId} or ch.function_id = ${causeFunctionId}))`;

/** A cause's actions as the grid sends them (JSON), by sort, then id. */
export const actionsJson = (causeId: SQL) =>
  sql`(select ${jsonGroupArray(jsonObject(actionFields), sql`a.sort, a.id`)} from fmea_action a where a.cause_id = ${causeId} and ${DFMEA_KIND_A})`;

/** What rating a chain needs of its cause's actions (JSON): `[[status, raS, raO, raD], …]` in their order, `[]` without any. */
export const rerateJson = (causeId: SQL) =>
  sql`(select ${jsonGroupArray(jsonArray([sql`a.status`, sql`a.ra_severity`, sql`a.ra_occurrence`, sql`a.ra_detection`]), sql`a.sort, a.id`)}
    from fmea_action a where a.cause_id = ${causeId} and ${DFMEA_KIND_A})`;

/** A row of `riskGridJsonQuery`. */
export interface JsonChainRow {
  total: number;
  s: number | null;
  o: number | null;
  d: number | null;
  /** `[[status, raS, raO, raD], …]` of the cause's actions in their order; `[]` without any. */
  rerate: string;
  /** The special characteristics as JSON, `[]` without any. */
  specials: string;
  /** The row's stored facts as a JSON object. */
  facts: string;
}

/** Runs the grid query and unpacks each row's JSON array (literal objects: V8 keeps them fast, unlike keys added in a loop). */
export async function readChainRows(db: DbOrTx, query: SQL): Promise<RawChainRow[]> {
  const rows = await db.all<{ row: string }>(query);
  return rows.map(({ row }) => {
    const v = JSON.parse(row) as never[];
    return {
      total: v[0]!,
      element_id: v[1]!,
      element_name: v[2]!,
      function_id: v[3]!,
      function_description: v[4]!,
      requirement: v[5]!,
      mode_id: v[6]!,
      mode_description: v[7]!,
      frequency_ratio: v[8]!,
      mode_version: v[9]!,
      effect_id: v[10]!,
      effect_description: v[11]!,
      severity: v[12]!,
      effect_version: v[13]!,
      effect_element_name: v[14]!,
      effect_function_description: v[15]!,
      cause_id: v[16]!,
      cause_description: v[17]!,
      occurrence: v[18]!,
      detection: v[19]!,
      cause_version: v[20]!,
      cause_element_name: v[21]!,
      cause_function_description: v[22]!,
      effect_chains: v[23]!,
      cause_chains: v[24]!,
      controls: v[25]!,
      characteristics: v[26]!,
      actions: v[27]!,
      function_catalog: v[28]!,
      mode_catalog: v[29]!,
      effect_catalog: v[30]!,
      cause_catalog: v[31]!,
    };
  });
}

/** How many chains of a project share one S/O/D triple (`null` where the chain has no effect or cause, or it is not rated yet). */
export interface RatingCount {
  s: number | null;
  o: number | null;
  d: number | null;
  n: number;
}

/**
 * The project's chains counted per S/O/D triple, in one statement: the same
 * chains as the grid (every mode × its effects × its causes, a missing end
 * kept as one chain) but no ranks, no texts and no order, so 20,000 chains
 * come back as at most 1,331 rows of four numbers. Recomputing every AP needs
 * nothing more.
 */
export async function readRatingCounts(db: DbOrTx, projectId: string): Promise<RatingCount[]> {
  return db.all<RatingCount>(sql`
select fe.severity as s, fc.occurrence as o, fc.detection as d, count(*) as n
from fmea_failure fm
left join fmea_failure_link le on le.lower_failure_id = fm.id
left join fmea_failure fe on fe.id = le.higher_failure_id
left join fmea_failure_link lc on lc.higher_failure_id = fm.id
left join fmea_failure fc on fc.id = lc.lower_failure_id
where fm.project_id = ${projectId} and fm.kind = 'FM'
group by 1, 2, 3`);
}
