import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { ApLevel } from '../../domain/ap/index.ts';
import { UNFINISHED_ACTION_STATUSES } from '../../domain/fmea/index.ts';

/** Which chains the risk grid shows (issue 5: AP = H, open actions, special characteristics). */
export interface RiskGridFilter {
  /** Only chains whose AP is one of these (e.g. ['H']). Unrated chains have no AP and drop out. */
  ap?: ApLevel[];
  /** Only chains whose cause has an action that is open, decision pending or implementation pending. */
  openActions?: boolean;
  /** Only chains with a special characteristic on the mode's or the cause's function. */
  specialCharacteristics?: boolean;
}

/** One chain as SQL returns it: scalar columns, JSON arrays for controls, characteristics and actions. */
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
  /** JSON: [[kind, sort, id, description], …] */
  controls: string;
  /** JSON: [{ id, name, characteristicClass, special, sort }, …] */
  characteristics: string;
  /** JSON: [{ …action columns }, …] */
  actions: string;
}

const UNFINISHED = sql.join(UNFINISHED_ACTION_STATUSES.map((s) => sql`${s}`), sql`, `);

/**
 * Every chain of a project in AIAG-VDA form order, in one statement: a
 * recursive CTE gives each structure node its pre-order path; failure modes
 * join their effects (links above) and causes (links below), each end
 * optional, ordered exactly as the engine's `buildChains`. Filters and paging run on the ordered chain list (`page`); only
 * the rows of the page then gather their controls, characteristics and
 * actions as JSON. `apTable` is the project's AP lookup as a 1000-character
 * H/M/L string, so SQL can filter on AP exactly as the engine rates.
 */
export function riskGridQuery(projectId: string, apTable: string, filter: RiskGridFilter, window: { limit: number; offset: number }): SQL {
  const apExpr = sql`case when fe.severity is null or fc.occurrence is null or fc.detection is null then null
    else substr(${apTable}, (fe.severity - 1) * 100 + (fc.occurrence - 1) * 10 + fc.detection, 1) end`;
  const conditions: SQL[] = [sql`fm.project_id = ${projectId}`, sql`fm.kind = 'FM'`];
  if (filter.ap?.length) conditions.push(sql`${apExpr} in (${sql.join(filter.ap.map((a) => sql`${a}`), sql`, `)})`);
  if (filter.openActions) conditions.push(sql`exists (select 1 from fmea_action a where a.cause_id = fc.id and a.status in (${UNFINISHED}))`);
  if (filter.specialCharacteristics) {
    conditions.push(sql`exists (select 1 from fmea_characteristic c where c.special = 1 and (c.function_id = fm.function_id or c.function_id = fc.function_id))`);
  }
  return sql`
with recursive tree(id, path) as (
  select id, printf('%010d', sort) || id from fmea_node where project_id = ${projectId} and parent_id is null
  union all
  select n.id, tree.path || '/' || printf('%010d', n.sort) || n.id from fmea_node n join tree on n.parent_id = tree.id
),
page as (
  select
    count(*) over () as total,
    row_number() over (order by tree.path, fmf.sort, fmf.id, fm.sort, fm.id,
      te.path, fef.sort, fef.id, fe.sort, fe.id, tc.path, fcf.sort, fcf.id, fc.sort, fc.id) as rn,
    n.id as element_id, n.name as element_name,
    fmf.id as function_id, fmf.description as function_description, fmf.requirement,
    fm.id as mode_id, fm.description as mode_description, fm.frequency_ratio, fm.version as mode_version, fm.function_id as mode_function_id,
    fe.id as effect_id, fe.description as effect_description, fe.severity, fe.version as effect_version,
    fen.name as effect_element_name, fef.description as effect_function_description,
    fc.id as cause_id, fc.description as cause_description, fc.occurrence, fc.detection, fc.version as cause_version,
    fc.function_id as cause_function_id, fcn.name as cause_element_name, fcf.description as cause_function_description
  from fmea_failure fm
  join fmea_function fmf on fmf.id = fm.function_id
  join fmea_node n on n.id = fmf.node_id
  join tree on tree.id = n.id
  left join fmea_failure_link le on le.lower_failure_id = fm.id
  left join fmea_failure fe on fe.id = le.higher_failure_id
  left join fmea_function fef on fef.id = fe.function_id
  left join fmea_node fen on fen.id = fef.node_id
  left join tree te on te.id = fef.node_id
  left join fmea_failure_link lc on lc.higher_failure_id = fm.id
  left join fmea_failure fc on fc.id = lc.lower_failure_id
  left join fmea_function fcf on fcf.id = fc.function_id
  left join fmea_node fcn on fcn.id = fcf.node_id
  left join tree tc on tc.id = fcf.node_id
  where ${sql.join(conditions, sql` and `)}
  order by rn
  limit ${window.limit} offset ${window.offset}
)
select page.*,
  coalesce((select json_group_array(json_array(ctl.kind, ctl.sort, ctl.id, ctl.description))
    from fmea_control ctl where ctl.cause_id = page.cause_id), '[]') as controls,
  coalesce((select json_group_array(json_object('id', ch.id, 'name', ch.name, 'characteristicClass', ch.characteristic_class,
      'special', json(case when ch.special then 'true' else 'false' end), 'sort', ch.sort))
    from fmea_characteristic ch where ch.function_id = page.mode_function_id or ch.function_id = page.cause_function_id), '[]') as characteristics,
  coalesce((select json_group_array(json_object('id', a.id, 'kind', a.kind, 'description', a.description,
      'responsibleUserId', a.responsible_user_id, 'targetDate', a.target_date, 'status', a.status, 'actionTaken', a.action_taken,
      'evidence', a.evidence, 'completionDate', a.completion_date, 'raSeverity', a.ra_severity, 'raOccurrence', a.ra_occurrence,
      'raDetection', a.ra_detection, 'version', a.version, 'sort', a.sort))
    from fmea_action a where a.cause_id = page.cause_id), '[]') as actions
from page
order by page.rn`;
}

export const readChainRows = (db: DbOrTx, query: SQL) => db.all<RawChainRow>(query);
