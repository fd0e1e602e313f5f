import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogRecord, fmeaProject, type FmeaApSummary } from '../../db/schema/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { AP_LEVELS, type ApLookup } from '../../domain/ap/index.ts';
import {
  apTableString,
  buildRiskRow,
  dfmeaOnly,
  mostSeriousClass,
  rateChain,
  raterFromLookup,
  ratingIssues,
  riskRowsOf,
  rowAction,
  type CatalogRefOf,
  type CharacteristicClass,
  type ChainFacts,
  type ChainRater,
  type ChainRisk,
  type RerateSource,
  type RowCatalogRef,
  type RowCharacteristic,
  type RiskGridRow,
  type RowControl,
} from '../../domain/fmea/index.ts';
import { apEvaluator } from '../rules/ap-rules.ts';
import type { AnalysisSource } from '../fmea-baseline/source.ts';
import type { ServiceContext } from '../shared/context.ts';
import type { Page } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { editableProject, openableProject } from './access.ts';
import { readChainRows, readRatingCounts, riskGridJsonQuery, riskGridQuery, type JsonChainRow, type RawChainRow, type RiskGridFilter } from './grid-sql.ts';

export type { RiskGridFilter } from './grid-sql.ts';

/** Grid pages may be far larger than list pages: a virtualised grid asks for thousands of rows at once. */
export const GRID_PAGE_DEFAULT = 500;
export const GRID_PAGE_MAX = 20_000;

export interface RiskGridQuery extends RiskGridFilter {
  page?: number;
  limit?: number;
}

const tableStrings = new WeakMap<ApLookup, string>();
function tableString(lookup: ApLookup): string {
  let table = tableStrings.get(lookup);
  if (table === undefined) tableStrings.set(lookup, (table = apTableString(lookup)));
  return table;
}

type ControlTuple = RawChainRow['controls'][number];
/** Form order: prevention controls, then detection controls (sort is numbered per cause and kind), each by sort, then id. */
const byKindThenSort = (a: ControlTuple, b: ControlTuple) =>
  (a[0] === b[0] ? 0 : a[0] === 'prevention' ? -1 : 1) || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
const bySort = <T extends { sort: number; id: string }>(a: T, b: T) => a.sort - b.sort || a.id.localeCompare(b.id);

/** One SQL row to the engine's chain facts, lists in their sort order. */
function toFacts(raw: RawChainRow): ChainFacts {
  const tuples = raw.controls.length > 1 ? raw.controls.sort(byKindThenSort) : raw.controls;
  const controls: RowControl[] = [];
  const preventionControls: string[] = [];
  const detectionControls: string[] = [];
  for (const c of tuples) {
    controls.push({ id: c[2], version: c[4], kind: c[0], description: c[3], sort: c[1], catalog: c[5] ?? null });
    (c[0] === 'prevention' ? preventionControls : detectionControls).push(c[3]);
  }
  const characteristics = raw.characteristics.sort(bySort);
  const actions = raw.actions.sort(bySort);
  return {
    elementId: raw.element_id,
    elementName: raw.element_name,
    functionId: raw.function_id,
    functionDescription: raw.function_description,
    requirement: raw.requirement,
    functionCatalog: raw.function_catalog,
    effect:
      raw.effect_id === null
        ? null
        : {
            id: raw.effect_id,
            description: raw.effect_description!,
            severity: raw.severity,
            version: raw.effect_version!,
            catalog: raw.effect_catalog,
            elementName: raw.effect_element_name!,
            functionDescription: raw.effect_function_description!,
            chains: raw.effect_chains ?? 1,
          },
    mode: { id: raw.mode_id, description: raw.mode_description, frequencyRatio: raw.frequency_ratio, version: raw.mode_version, catalog: raw.mode_catalog },
    cause:
      raw.cause_id === null
        ? null
        : {
            id: raw.cause_id,
            description: raw.cause_description!,
            occurrence: raw.occurrence,
            detection: raw.detection,
            version: raw.cause_version!,
            catalog: raw.cause_catalog,
            elementName: raw.cause_element_name!,
            functionDescription: raw.cause_function_description!,
            chains: raw.cause_chains ?? 1,
          },
    preventionControls,
    detectionControls,
    controls,
    characteristics: characteristics.map((c) => ({ id: c.id, name: c.name, characteristicClass: c.characteristicClass, special: c.special })),
    actions: actions.map(rowAction),
  };
}

export function filterIssues(filter: RiskGridFilter) {
  return (filter.ap ?? [])
    .filter((level) => !(AP_LEVELS as readonly string[]).includes(level))
    .map((level) => ({ messageKey: 'fmea.value_invalid', field: 'ap', params: { field: 'ap', value: String(level) } }));
}

export async function gridContext(ctx: ServiceContext, projectId: string) {
  const { project } = await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const lookup = await apEvaluator(ctx.db, project.apTable);
  return { project, table: tableString(lookup), rate: raterFromLookup(lookup) };
}

/** The page asked for, within 1 and `GRID_PAGE_MAX` rows (`GRID_PAGE_DEFAULT` when not given). */
export const gridWindow = (query: RiskGridQuery) => ({
  page: Math.max(1, Math.trunc(query.page ?? 1)),
  limit: Math.min(GRID_PAGE_MAX, Math.max(1, Math.trunc(query.limit ?? GRID_PAGE_DEFAULT))),
});

const toRows = (raws: readonly RawChainRow[], rate: ChainRater) => raws.map((raw) => buildRiskRow(toFacts(raw), rate));

/**
 * The risk grid (steps 2–6 in AIAG-VDA form order), one page of chains with
 * AP and RPN from the project's AP table: one SQL statement per page, no
 * per-row queries. Members and administrators only.
 */
export async function readRiskGrid(ctx: ServiceContext, projectId: string, query: RiskGridQuery = {}): Promise<Page<RiskGridRow>> {
  assertNoIssues(filterIssues(query));
  const { page, limit } = gridWindow(query);
  const { table, rate } = await gridContext(ctx, projectId);
  const raws = await readChainRows(ctx.db, riskGridQuery(projectId, table, query, { limit, offset: (page - 1) * limit }));
  return { items: toRows(raws, rate), total: raws[0]?.total ?? (page === 1 ? 0 : await countChains(ctx, projectId, table, query)), page, limit };
}

/** One risk-grid row as JSON text: the stored facts as they are, the rated columns computed (`RiskGridJsonPage`). */
export interface RiskGridJsonRow {
  /** A JSON object: every field of the `RiskGridRow` that is stored (element, function, effect, mode, cause, controls, characteristics, actions). */
  facts: string;
  /** The rated columns (`rateChain`). */
  risk: ChainRisk;
  /** JSON array of the special characteristics (those of `characteristics` with `special`). */
  specialCharacteristics: string;
  characteristicClass: CharacteristicClass | null;
}

export interface RiskGridJsonPage {
  items: RiskGridJsonRow[];
  total: number;
  page: number;
  limit: number;
}

const NO_LIST = '[]';
type RerateTuple = [RerateSource['status'], number | null, number | null, number | null];

/**
 * The page `readRiskGrid` answers, for sending on: each row's stored facts
 * come out of SQLite as JSON text (`riskGridJsonQuery`) and are never parsed;
 * only S, O, D, the actions' re-ratings and the special characteristics are,
 * to rate the row through the same `rateChain` as `readRiskGrid`. What a
 * client can derive is left out: the chain key (the effect, mode and cause
 * ids are there) and the control texts by kind (`controls` holds them).
 * Same access, filters, order and paging as `readRiskGrid`.
 */
export async function readRiskGridJson(ctx: ServiceContext, projectId: string, query: RiskGridQuery = {}): Promise<RiskGridJsonPage> {
  assertNoIssues(filterIssues(query));
  const { page, limit } = gridWindow(query);
  const { table, rate } = await gridContext(ctx, projectId);
  const raws = await ctx.db.all<JsonChainRow>(riskGridJsonQuery(projectId, table, query, { limit, offset: (page - 1) * limit }));
  const items = raws.map((raw): RiskGridJsonRow => {
    const actions =
      raw.rerate === NO_LIST ? [] : (JSON.parse(raw.rerate) as RerateTuple[]).map(([status, raSeverity, raOccurrence, raDetection]) => ({ status, raSeverity, raOccurrence, raDetection }));
    const special = raw.specials === NO_LIST ? null : (JSON.parse(raw.specials) as RowCharacteristic[]);
    return { facts: raw.facts, risk: rateChain(raw.s, raw.o, raw.d, actions, rate), specialCharacteristics: raw.specials, characteristicClass: special && mostSeriousClass(special) };
  });
  return { items, total: raws[0]?.total ?? (page === 1 ? 0 : await countChains(ctx, projectId, table, query)), page, limit };
}

export async function countChains(ctx: ServiceContext, projectId: string, table: string, filter: RiskGridFilter): Promise<number> {
  const [first] = await readChainRows(ctx.db, riskGridQuery(projectId, table, filter, { limit: 1, offset: 0 }));
  return first?.total ?? 0;
}

/**
 * The whole grid in batches, for exports and the CLI: one statement, rows
 * rated and handed out `batchSize` at a time so a 20,000-chain project never
 * sits in memory twice.
 */
export async function* streamRiskGrid(
  ctx: ServiceContext,
  projectId: string,
  filter: RiskGridFilter = {},
  { batchSize = 1000 }: { batchSize?: number } = {},
): AsyncGenerator<RiskGridRow[]> {
  assertNoIssues(filterIssues(filter));
  const { table, rate } = await gridContext(ctx, projectId);
  const raws = await readChainRows(ctx.db, riskGridQuery(projectId, table, filter, { limit: -1, offset: 0 }));
  for (let i = 0; i < raws.length; i += batchSize) yield toRows(raws.slice(i, i + batchSize), rate);
}

/** Issues of every stored rating that is no integer 1–10, each with its 1-based row in grid order (only read when one is wrong). */
async function storedRatingIssues(tx: DbOrTx, projectId: string, table: string) {
  const raws = await readChainRows(tx, riskGridQuery(projectId, table, {}, { limit: -1, offset: 0 }));
  return raws.flatMap((r, i) =>
    [...ratingIssues(r.severity, 'severity'), ...ratingIssues(r.occurrence, 'occurrence'), ...ratingIssues(r.detection, 'detection')].map((issue) => ({ ...issue, row: i + 1 })),
  );
}

/**
 * Re-evaluates every chain with the project's AP table as it stands (after an
 * administrator changed the rules, or the project switched tables), checks
 * every stored rating, and records the counts per AP on the project. AP is
 * never stored per chain, so nothing else can go stale, and nothing else is
 * written. Reads only the chains' S, O and D, counted per triple in SQL
 * (`readRatingCounts`), and rates each triple once through the compiled
 * table; the grid's full rows are read only to name the rows of a rating
 * that is wrong.
 */
export async function recomputeAllAp(ctx: ServiceContext, projectId: string): Promise<FmeaApSummary> {
  return writeAndLog(ctx, async (tx) => {
    const { project } = await editableProject(tx, ctx.actor, projectId, ctx.now(), 'edit');
    // Read the rules inside the transaction (an in-memory database has one connection), uncached: a recompute wants the rules as stored now.
    const lookup = await apEvaluator(tx, project.apTable);
    const counts = await readRatingCounts(tx, projectId);
    if (counts.some((c) => ratingIssues(c.s, 'severity').length + ratingIssues(c.o, 'occurrence').length + ratingIssues(c.d, 'detection').length > 0)) {
      assertNoIssues(await storedRatingIssues(tx, projectId, tableString(lookup)));
    }
    const summary: FmeaApSummary = { L: 0, M: 0, H: 0, unrated: 0, chains: 0 };
    for (const { s, o, d, n } of counts) {
      summary[s === null || o === null || d === null ? 'unrated' : lookup(s, o, d)] += n;
      summary.chains += n;
    }
    // A derived figure, not an edit: the project's version stays, so nobody's open header edit goes stale.
    await tx.update(fmeaProject).set({ apSummary: summary, apComputedAt: ctx.now() }).where(eq(fmeaProject.id, projectId));
    return { result: summary, log: { action: 'fmea.project.recompute_ap', entity: 'fmea_project', entityId: projectId, before: project.apSummary, after: summary } };
  });
}

/** The catalog versions the items of a project cite, as the grid names them (`catalogJson`): one read for all. */
async function catalogRefs(db: DbOrTx, source: AnalysisSource): Promise<CatalogRefOf> {
  const ids = new Set<string>();
  for (const list of [source.functions, source.failures, source.controls]) for (const item of list) if (item.catalogRecordId) ids.add(item.catalogRecordId);
  const refs = new Map<string, RowCatalogRef>();
  const all = [...ids];
  for (let i = 0; i < all.length; i += 500) {
    const rows = await db
      .select({ id: catalogRecord.id, serialNum: catalogRecord.serialNum, versionNo: catalogRecord.versionNo, status: catalogRecord.status, isLatestVersion: catalogRecord.isLatestVersion })
      .from(catalogRecord)
      .where(inArray(catalogRecord.id, all.slice(i, i + 500)));
    for (const r of rows) refs.set(r.id, { recordId: r.id, serialNum: r.serialNum, versionNo: r.versionNo, status: r.status, newerVersion: !r.isLatestVersion });
  }
  return (id) => (id === null ? null : (refs.get(id) ?? null));
}

/**
 * The whole grid of a project (what `streamRiskGrid` gives without a filter)
 * from its tables read once (`readAnalysisSource`), built in memory by
 * `riskRowsOf` rather than by the grid's SQL: the workbook export reads the
 * analysis once for its grid, its list sheets and its content hash. The
 * caller has opened the project.
 */
export async function riskGridOfSource(db: DbOrTx, source: AnalysisSource): Promise<RiskGridRow[]> {
  const lookup = await apEvaluator(db, source.project.apTable);
  // the DFMEA's rows only: FMEA-MSR's monitoring and response controls and actions have their own form (msr.ts)
  const tables = { ...source, controls: dfmeaOnly(source.controls), actions: dfmeaOnly(source.actions) };
  return riskRowsOf(tables, await catalogRefs(db, source), raterFromLookup(lookup));
}
