import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { fmedaProject, fmedaRow } from '../../db/schema/index.ts';
import { fmedaRowIssues, fmedaSettingsIssues, metricRows, type FmedaRowInput, type FmedaSettings } from '../../domain/fmeda/project.ts';
import type { TeamMember } from '../../domain/fmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { InvalidInputError, NotFoundError } from '../../errors.ts';
import { created, editableProject, nextVersion, openableProject, staleVersion, type FmeaProjectRow } from '../fmea/access.ts';
import { createProject, getProjectById } from '../fmea/projects.ts';
import { getBaseline } from '../fmea-baseline/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { generatedRows } from './generate.ts';
import { fmedaMetrics } from '../../domain/fmeda/metrics.ts';

/**
 * The stored FMEDA (issue 23): an FMEA project of the kind 'fmeda' (header, team, review, baselines are the
 * FMEA engine's) with its settings (fmeda_project) and worksheet (fmeda_row). Reads go through
 * `openableProject`, writes through `editableProject` (the route serving the type, membership, review lock).
 * A project is an FMEDA when it has its settings row: nothing here compares type names.
 */
export const FMEDA_PROJECT_TYPE = 'fmeda' as const;

export type FmedaRowView = FmedaRowInput & {
  id: string;
  sort: number;
  residualMechanism: string | null;
  dcResidualPct: number | null;
  latentMechanism: string | null;
  dcLatentPct: number | null;
  catalogRecordId: string | null;
  sourceNodeId: string | null;
  sourceFailureId: string | null;
  version: number;
};

export interface FmedaView {
  projectId: string;
  serialNum: string;
  name: string;
  reviewStatus: string;
  canEdit: boolean;
  settings: FmedaSettings & { sourceProjectId: string | null; sourceNodeId: string | null };
  /** The worksheet's version: a save names it, and a stale one is refused. */
  version: number;
  rows: FmedaRowView[];
  metrics: ReturnType<typeof fmedaMetrics>;
}

/** A row as given to a save: an existing one by id (any field may change), a new one without. */
export type FmedaRowSave = FmedaRowInput & { id?: string | null; catalogRecordId?: string | null; sourceNodeId?: string | null; sourceFailureId?: string | null };

export interface FmedaCreateInput extends Partial<FmedaSettings> {
  name: string;
  members: TeamMember[];
  serialNum?: string | null;
  confirmHandOver?: boolean;
  /** Generate the worksheet from a DFMEA: its project and the structure node whose lower-level elements become row groups (its root when absent). */
  fromDfmea?: { projectId: string; nodeId?: string | null };
  /** Rows to start with (an import); refused with every issue when one is wrong. */
  rows?: FmedaRowSave[];
}

export const fmedaNotFound = (project: string) => new NotFoundError('fmeda.not_found', { project });

const settingsOf = (row: typeof fmedaProject.$inferSelect): FmedaView['settings'] => ({
  standard: row.standard,
  targetAsil: row.targetAsil,
  targetSil: row.targetSil,
  elementType: row.elementType,
  hft: row.hft,
  safetyGoal: row.safetyGoal,
  sourceProjectId: row.sourceProjectId,
  sourceNodeId: row.sourceNodeId,
});

async function settingsRow(db: DbOrTx, projectId: string) {
  const row = await db.select().from(fmedaProject).where(eq(fmedaProject.projectId, projectId)).get();
  if (!row) throw fmedaNotFound(projectId);
  return row;
}

export async function readRows(db: DbOrTx, projectId: string): Promise<FmedaRowView[]> {
  const rows = await db.select().from(fmedaRow).where(eq(fmedaRow.projectId, projectId)).orderBy(asc(fmedaRow.sort), asc(fmedaRow.id));
  return rows.map((r) => ({
    id: r.id,
    sort: r.sort,
    elementName: r.elementName,
    elementFit: r.elementFit,
    failureMode: r.failureMode,
    distributionPct: r.distributionPct,
    faultClass: r.faultClass,
    residualMechanism: r.residualMechanism,
    dcResidualPct: r.dcResidualPct,
    latentMechanism: r.latentMechanism,
    dcLatentPct: r.dcLatentPct,
    catalogRecordId: r.catalogRecordId,
    sourceNodeId: r.sourceNodeId,
    sourceFailureId: r.sourceFailureId,
    version: r.version,
  }));
}

/** The settings, rows and metrics of an FMEDA project, for a caller who has opened it. */
export async function fmedaContent(db: DbOrTx, project: FmeaProjectRow) {
  const settings = await settingsRow(db, project.id);
  const rows = await readRows(db, project.id);
  return { settings: settingsOf(settings), version: settings.version, rows, metrics: fmedaMetrics(metricRows(rows)) };
}

/** An FMEDA's worksheet and metrics, for anyone who may open the project. */
export async function getFmeda(ctx: ServiceContext, projectId: string): Promise<FmedaView> {
  const loaded = await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const view = await getProjectById(ctx, projectId);
  return { projectId, serialNum: loaded.project.serialNum, name: loaded.project.name, reviewStatus: loaded.project.reviewStatus, canEdit: view.canEdit, ...(await fmedaContent(ctx.db, loaded.project)) };
}

const text = (value: string | null | undefined) => (value == null ? null : value.trim() || null);

function rowValues(row: FmedaRowSave, sort: number) {
  return {
    sort,
    elementName: row.elementName.trim(),
    elementFit: row.elementFit,
    failureMode: row.failureMode.trim(),
    distributionPct: row.distributionPct,
    faultClass: row.faultClass as (typeof fmedaRow.$inferInsert)['faultClass'],
    residualMechanism: text(row.residualMechanism),
    dcResidualPct: row.dcResidualPct ?? null,
    latentMechanism: text(row.latentMechanism),
    dcLatentPct: row.dcLatentPct ?? null,
    catalogRecordId: row.catalogRecordId ?? null,
    sourceNodeId: row.sourceNodeId ?? null,
    sourceFailureId: row.sourceFailureId ?? null,
  };
}

/** The settings a new FMEDA starts with: ISO 26262 at ASIL B unless said; the target of the other standard left empty. */
function newSettings(input: Partial<FmedaSettings>): FmedaSettings {
  const standard = input.standard ?? 'iso26262';
  const iso = standard === 'iso26262';
  return {
    standard,
    targetAsil: input.targetAsil ?? (iso ? 'B' : null),
    targetSil: input.targetSil ?? (iso ? null : 2),
    elementType: input.elementType ?? (iso ? null : 'typeB'),
    hft: input.hft ?? (iso ? null : 0),
    safetyGoal: text(input.safetyGoal),
  };
}

/**
 * Creates an FMEDA project (FM…): the FMEA project with its team (the engine's createProject: the FMEDA
 * route's add button, the hand-over rule), its settings and its first rows, all or nothing. From a DFMEA
 * (which the caller must be able to open), each lower-level element of the chosen node is a row group and
 * each of its failures a row (generate.ts).
 */
export async function createFmeda(ctx: ServiceContext, input: FmedaCreateInput): Promise<FmedaView> {
  const settings = newSettings(input);
  assertNoIssues(fmedaSettingsIssues(settings));
  if (input.rows) assertNoIssues(fmedaRowIssues(input.rows));
  const projectId = await ctx.db.transaction(async (tx) => {
    const inner: ServiceContext = { ...ctx, db: tx as unknown as Db };
    const source = input.fromDfmea ? await generatedRows(inner, input.fromDfmea.projectId, input.fromDfmea.nodeId ?? null) : null;
    const project = await createProject(inner, { projectType: FMEDA_PROJECT_TYPE, name: input.name, members: input.members, serialNum: input.serialNum, confirmHandOver: input.confirmHandOver, productName: source?.nodeName ?? input.name, kindService: true });
    await tx.insert(fmedaProject).values({ projectId: project.id, ...settings, sourceProjectId: source?.projectId ?? null, sourceNodeId: source?.nodeId ?? null, ...created(inner) });
    const rows = input.rows ?? source?.rows ?? [];
    for (let i = 0; i < rows.length; i += 200) await tx.insert(fmedaRow).values(rows.slice(i, i + 200).map((row, j) => ({ projectId: project.id, ...rowValues(row, i + j + 1), ...created(inner) })));
    return project.id;
  });
  return getFmeda(ctx, projectId);
}

/** Changes an FMEDA's settings (standard, targets, safety goal); `version` is the worksheet's, as read. */
export async function updateFmedaSettings(ctx: ServiceContext, projectId: string, input: Partial<FmedaSettings> & { version: number }): Promise<FmedaView> {
  const { version, ...changes } = input;
  assertNoIssues(fmedaSettingsIssues(changes));
  await writeAndLog(ctx, async (tx, txCtx) => {
    await editableProject(tx, ctx.actor, projectId, ctx.now(), 'edit');
    const before = await settingsRow(tx, projectId);
    if (before.version !== version) throw staleVersion('fmeda', before.version);
    const values = { ...changes, ...(changes.safetyGoal !== undefined && { safetyGoal: text(changes.safetyGoal) }) };
    await tx.update(fmedaProject).set({ ...values, ...nextVersion(txCtx) }).where(eq(fmedaProject.projectId, projectId));
    return { result: null, log: { action: 'fmeda.settings.update', entity: 'fmeda_project', entityId: projectId, before, after: { ...before, ...values } } };
  });
  return getFmeda(ctx, projectId);
}

/**
 * Saves the whole worksheet (the grid's batch edit): the rows in their order, existing ones by id, new ones
 * without; rows not named are removed. Every row is checked first (name, FIT ≥ 0, shares 0–100 %, a fault
 * class, an element's modes at most 100 %) and a wrong one refuses the save with every issue by row and
 * field; `version` is the worksheet's as read (a stale one is refused, so two editors cannot overwrite each other).
 */
export async function saveFmedaRows(ctx: ServiceContext, projectId: string, input: { version: number; rows: FmedaRowSave[] }): Promise<FmedaView> {
  assertNoIssues(fmedaRowIssues(input.rows));
  await writeAndLog(ctx, async (tx, txCtx) => {
    await editableProject(tx, ctx.actor, projectId, ctx.now(), 'edit');
    const settings = await settingsRow(tx, projectId);
    if (settings.version !== input.version) throw staleVersion('fmeda', settings.version);
    const before = await readRows(tx, projectId);
    const known = new Map(before.map((r) => [r.id, r]));
    const kept = new Set<string>();
    for (const [index, row] of input.rows.entries()) {
      const values = rowValues(row, index + 1);
      const existing = row.id ? known.get(row.id) : undefined;
      if (row.id && !existing) throw new InvalidInputError('fmeda.row_unknown', {}, [{ messageKey: 'fmeda.row_unknown', row: index + 1 }]);
      if (existing) {
        kept.add(existing.id);
        // a row keeps its source and catalog links unless the save names others
        const next = { ...values, catalogRecordId: row.catalogRecordId !== undefined ? values.catalogRecordId : existing.catalogRecordId, sourceNodeId: existing.sourceNodeId, sourceFailureId: existing.sourceFailureId };
        const changed = (Object.keys(next) as (keyof typeof next)[]).some((key) => next[key] !== existing[key]);
        if (changed) await tx.update(fmedaRow).set({ ...next, version: existing.version + 1, updatedBy: txCtx.actor.userId, updatedAt: txCtx.now() }).where(eq(fmedaRow.id, existing.id));
      } else {
        await tx.insert(fmedaRow).values({ projectId, ...values, ...created(txCtx) });
      }
    }
    for (const row of before) if (!kept.has(row.id)) await tx.delete(fmedaRow).where(eq(fmedaRow.id, row.id));
    await tx.update(fmedaProject).set(nextVersion(txCtx)).where(eq(fmedaProject.projectId, projectId));
    return { result: null, log: { action: 'fmeda.rows.save', entity: 'fmeda_project', entityId: projectId, before: { rows: before.length }, after: { rows: input.rows.length } } };
  });
  return getFmeda(ctx, projectId);
}

/**
 * What a baseline of an FMEDA froze (issue 23): its settings, rows and the metrics computed at the release,
 * as stored (not computed again). 404 `fmeda.baseline_without_worksheet` for a baseline without an FMEDA
 * block (one taken of another kind's project).
 */
export async function getFmedaBaseline(ctx: ServiceContext, projectId: string, ref: string) {
  const { baseline, snapshot } = await getBaseline(ctx, projectId, ref);
  if (!snapshot.fmeda) throw new NotFoundError('fmeda.baseline_without_worksheet', { baseline: baseline.label });
  const rows = [...snapshot.fmeda.rows].sort((a, b) => Number(a.sort) - Number(b.sort));
  return { label: baseline.label, versionLabel: baseline.versionLabel, createdAt: baseline.createdAt, settings: snapshot.fmeda.settings, rows, metrics: snapshot.fmeda.metrics };
}
