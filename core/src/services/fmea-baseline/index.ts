import { and, desc, eq, inArray, max, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaBaseline, user } from '../../db/schema/index.ts';
import { diffSnapshots, emptySnapshotLike, parseSnapshot, snapshotCounts, type DiffKind, type FmeaSnapshot, type Scalar, type SnapshotDiff } from '../../domain/fmea-baseline/index.ts';
import { InvalidInputError, NotFoundError } from '../../errors.ts';
import type { Locale } from '../../i18n/index.ts';
import { openableProject, type FmeaProjectRow } from '../fmea/access.ts';
import { projectDictionaries } from '../fmea/project-codes.ts';
import type { WorkbookStamp } from '../fmea/excel/stamp.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { renderSnapshotWorkbook } from './render.ts';
import { readSnapshot, sealSnapshot } from './source.ts';
import { snapshotNames } from './names.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';

export { readSnapshot, sealSnapshot, sha256 } from './source.ts';
export { diffFieldName, diffWorkbook } from './diff-workbook.ts';
export { verifyWorkbook, type WorkbookVerdict } from './verify.ts';

/** A baseline as lists and readers see it (its content only through `getBaseline`/`diff`). */
export interface BaselineView {
  id: string;
  projectId: string;
  projectType: string;
  label: string;
  versionLabel: string;
  round: number;
  contentHash: string;
  nodeCount: number;
  chainCount: number;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
}

type BaselineRow = typeof fmeaBaseline.$inferSelect;

const view = (row: Omit<BaselineRow, 'content'>, createdByName: string | null): BaselineView => ({
  id: row.id,
  projectId: row.projectId,
  projectType: row.projectType,
  label: row.label,
  versionLabel: row.versionLabel,
  round: row.round,
  contentHash: row.contentHash,
  nodeCount: row.nodeCount,
  chainCount: row.chainCount,
  createdBy: row.createdBy,
  createdByName,
  createdAt: row.createdAt,
});

const listColumns = {
  id: fmeaBaseline.id,
  projectId: fmeaBaseline.projectId,
  projectType: fmeaBaseline.projectType,
  seq: fmeaBaseline.seq,
  round: fmeaBaseline.round,
  versionLabel: fmeaBaseline.versionLabel,
  label: fmeaBaseline.label,
  contentHash: fmeaBaseline.contentHash,
  nodeCount: fmeaBaseline.nodeCount,
  chainCount: fmeaBaseline.chainCount,
  createdBy: fmeaBaseline.createdBy,
  createdAt: fmeaBaseline.createdAt,
  // people read the releaser's real name; the user name where none is set
  createdByName: sql<string | null>`coalesce(nullif(${user.realName}, ''), ${user.userName})`,
};

/** The release's version label: the project's version and the review round ("B/2"; "2" without a version). */
export const releaseVersionLabel = (versionLabel: string | null, round: number) => (versionLabel?.trim() ? `${versionLabel.trim()}/${round}` : String(round));

/**
 * Freezes the project's analysis as a baseline, inside the release's
 * transaction (fmea-review calls it when a step moves the status to
 * released). A republished project whose analysis hashes as its last
 * baseline freezes nothing new: the last one is still what is published.
 */
export async function freezeBaseline(tx: DbOrTx, ctx: TxContext, project: FmeaProjectRow, round: number): Promise<BaselineView | null> {
  const snapshot = await readSnapshot(tx, project.id);
  const { content, hash } = sealSnapshot(snapshot);
  const last = await tx.select({ contentHash: fmeaBaseline.contentHash }).from(fmeaBaseline).where(eq(fmeaBaseline.projectId, project.id)).orderBy(desc(fmeaBaseline.seq)).limit(1).get();
  if (last?.contentHash === hash) return null;
  const top = await tx.select({ seq: max(fmeaBaseline.seq) }).from(fmeaBaseline).where(eq(fmeaBaseline.projectId, project.id)).get();
  const seq = (top?.seq ?? 0) + 1;
  const counts = snapshotCounts(snapshot);
  const [row] = await tx
    .insert(fmeaBaseline)
    .values({
      projectId: project.id,
      projectType: project.projectType,
      seq,
      round,
      versionLabel: releaseVersionLabel(project.versionLabel, round),
      label: `BL${seq}`,
      content,
      contentHash: hash,
      nodeCount: counts.nodes,
      chainCount: counts.chains,
      createdBy: ctx.actor.userId,
      createdAt: ctx.now(),
    })
    .returning();
  const named = await tx.select(listColumns).from(fmeaBaseline).leftJoin(user, eq(user.id, fmeaBaseline.createdBy)).where(eq(fmeaBaseline.id, row!.id)).get();
  return view(row!, named?.createdByName ?? null);
}

/** Every baseline of a project, newest first, for anyone who may open it. */
export async function listBaselines(ctx: ServiceContext, projectId: string): Promise<BaselineView[]> {
  await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const rows = await ctx.db.select(listColumns).from(fmeaBaseline).leftJoin(user, eq(user.id, fmeaBaseline.createdBy)).where(eq(fmeaBaseline.projectId, projectId)).orderBy(desc(fmeaBaseline.seq));
  return rows.map((r) => view(r, r.createdByName));
}

const notFound = (ref: string) => new NotFoundError('fmeaBaseline.not_found', { baseline: ref });

/** A baseline of the project by id or label (any case); 404 when the project has none such. */
async function findBaseline(db: DbOrTx, projectId: string, ref: string): Promise<BaselineRow & { createdByName: string | null }> {
  const row = await db
    .select({ baseline: fmeaBaseline, createdByName: sql<string | null>`coalesce(nullif(${user.realName}, ''), ${user.userName})` })
    .from(fmeaBaseline)
    .leftJoin(user, eq(user.id, fmeaBaseline.createdBy))
    .where(and(eq(fmeaBaseline.projectId, projectId), or(eq(fmeaBaseline.id, ref), eq(fmeaBaseline.label, ref.trim().toUpperCase()))))
    .get();
  if (!row) throw notFound(ref);
  return { ...row.baseline, createdByName: row.createdByName };
}

function snapshotOf(row: BaselineRow): FmeaSnapshot {
  const snapshot = parseSnapshot(row.content);
  // a stored content that no longer parses is a damaged database, not the reader's mistake
  if (!snapshot) throw notFound(row.label);
  return snapshot;
}

/** One baseline with its frozen analysis (read-only: there is no service that changes one). */
export async function getBaseline(ctx: ServiceContext, projectId: string, ref: string): Promise<{ baseline: BaselineView; snapshot: FmeaSnapshot }> {
  await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const row = await findBaseline(ctx.db, projectId, ref);
  return { baseline: view(row, row.createdByName), snapshot: snapshotOf(row) };
}

/** One side of a diff: a baseline (id or label) or the working copy. */
export type BaselineRef = string;
export const WORKING = 'working';

export interface BaselineSide {
  ref: string;
  label: string;
  baseline: BaselineView | null;
  contentHash: string;
}

async function side(ctx: ServiceContext, projectId: string, ref: string): Promise<{ side: BaselineSide; snapshot: FmeaSnapshot }> {
  if (ref.trim().toLowerCase() === WORKING) {
    const snapshot = await readSnapshot(ctx.db, projectId);
    return { side: { ref: WORKING, label: WORKING, baseline: null, contentHash: sealSnapshot(snapshot).hash }, snapshot };
  }
  const row = await findBaseline(ctx.db, projectId, ref);
  return { side: { ref: row.id, label: row.label, baseline: view(row, row.createdByName), contentHash: row.contentHash }, snapshot: snapshotOf(row) };
}

export interface BaselineDiff extends SnapshotDiff {
  from: BaselineSide;
  to: BaselineSide;
  serialNum: string;
  projectType: string;
}

/** What changed from `a` to `b` (each a baseline id or label, or 'working'; b defaults to the working copy). */
export async function diffBaselines(ctx: ServiceContext, projectId: string, a: BaselineRef, b: BaselineRef = WORKING): Promise<BaselineDiff> {
  const loaded = await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  if (!a.trim() || !b.trim()) throw new InvalidInputError('validation.required', { field: 'baseline' });
  const from = await side(ctx, projectId, a);
  const to = await side(ctx, projectId, b);
  const names = await snapshotNames(ctx.db, from.snapshot, to.snapshot);
  return { ...diffSnapshots(from.snapshot, to.snapshot, names), from: from.side, to: to.side, serialNum: loaded.project.serialNum, projectType: loaded.project.projectType };
}

/** One frozen item as a reader sees it: its kind, path and the fields it holds (people and catalog records by name, as in a diff). */
export interface BaselineItem {
  kind: DiffKind;
  id: string;
  path: string;
  fields: { field: string; value: Scalar }[];
}

/** A baseline with every item it froze, named as the diff names them (the diff against nothing). */
export async function readBaselineItems(ctx: ServiceContext, projectId: string, ref: string): Promise<{ baseline: BaselineView; items: BaselineItem[] }> {
  const { baseline, snapshot } = await getBaseline(ctx, projectId, ref);
  const names = await snapshotNames(ctx.db, snapshot);
  const items = diffSnapshots(emptySnapshotLike(snapshot), snapshot, names)
    .items.filter((i) => i.change === 'added')
    .map((i) => ({ kind: i.kind, id: i.id, path: i.path, fields: i.fields.map((f) => ({ field: f.field, value: f.new })) }));
  return { baseline, items };
}

/** The stamp of a baseline's workbook: its own label, version, hash and time (two exports of it are alike). */
export const baselineStamp = (b: BaselineView, snapshot: FmeaSnapshot): WorkbookStamp => ({
  serialNum: String(snapshot.project.serialNum ?? ''),
  name: String(snapshot.project.name ?? ''),
  versionLabel: b.versionLabel,
  baselineLabel: b.label,
  contentHash: b.contentHash,
  at: b.createdAt,
});

/** A baseline's workbook (the project's form, DFMEA or PFMEA), drawn from its snapshot; file name with the label. */
/** The real names of the people a snapshot names (team and responsible persons), as they are now. */
async function realNamesOf(ctx: ServiceContext, snapshot: FmeaSnapshot): Promise<Map<string, string>> {
  const ids = [...new Set([...snapshot.members.map((m) => m.userId as string), ...snapshot.actions.map((a) => a.responsibleUserId as string | null).filter((id): id is string => !!id)])];
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const u of await ctx.db.select({ id: user.id, realName: user.realName }).from(user).where(inArray(user.id, ids.slice(i, i + 500)))) names.set(u.id, u.realName);
  }
  return names;
}

export async function exportBaselineWorkbook(
  ctx: ServiceContext,
  projectId: string,
  ref: string,
  options: { locale?: Locale; company?: string } = {},
): Promise<{ bytes: Uint8Array; baseline: BaselineView; fileName: string }> {
  const { baseline, snapshot } = await getBaseline(ctx, projectId, ref);
  const bytes = await renderSnapshotWorkbook(snapshot, baselineStamp(baseline, snapshot), {
    locale: options.locale ?? 'zh-CN',
    ...(options.company ? { company: options.company } : {}),
    dictionaries: await projectDictionaries(ctx.db),
    realNames: await realNamesOf(ctx, snapshot),
  }, ctx.db);
  const prefix = kindOf(String(snapshot.project.projectType)).filePrefix;
  return { bytes, baseline, fileName: `${prefix}-${String(snapshot.project.serialNum)}-${baseline.label}.xlsx` };
}
