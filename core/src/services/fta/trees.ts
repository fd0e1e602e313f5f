import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { fmeaProject, ftaEventLink, ftaTree } from '../../db/schema/index.ts';
import { live, softDeleted } from '../../db/live.ts';
import { ConflictError, InvalidInputError, type Issue } from '../../errors.ts';
import { DEFAULT_MISSION_TIME, FTA_NAME_MAX, validateFtaDocument, type FtaDocument, type FtaStatus } from '../../domain/fta/index.ts';
import { assertFtaEditable } from '../../domain/status/index.ts';
import { allocateNumber } from '../numbering/numbering.ts';
import { readDb, type ServiceContext, type TxContext } from '../shared/context.ts';
import { contains, pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { ftaCaller, openableProjects, readableTree, type FtaCaller, type FtaTreeRow } from './access.ts';
import { eventFingerprint } from './fingerprint.ts';
import type { FtaMessageKey } from './messages.ts';

/**
 * Stored fault trees (issue 23): list, create, read, save and delete. A tree is one FtaDocument; saving
 * checks it whole (validateFtaDocument, each problem named in the user's language), against the version
 * read (409 when another save came first), and flags the tree's links to the FMEA whose event changed.
 */
export interface FtaTreeSummary {
  id: string;
  ftaNum: string;
  name: string;
  description: string | null;
  missionTime: number;
  projectId: string | null;
  projectNum: string | null;
  /** The linked project's type, so a link opens it in its own area. */
  projectType: string | null;
  sourceFailureId: string | null;
  status: FtaStatus;
  gateCount: number;
  basicEventCount: number;
  version: number;
  /** The review: who decides (named at submission), who submitted and when (docs/domain/fta.md, "Review and release"). */
  approverId: string | null;
  approverName: string | null;
  submitterName: string | null;
  submittedAt: Date | null;
  creatorId: string | null;
  creatorName: string | null;
  updaterName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface FtaTreeView extends FtaTreeSummary {
  document: FtaDocument;
}

export interface FtaTreeQuery extends PageQuery {
  /** Number, name or description contains. */
  search?: string;
  /** Only the trees linked to this FMEA project. */
  projectId?: string;
}

type LinkedProject = { serialNum: string | null; type: string | null } | null;

const summary = (row: FtaTreeRow, project: LinkedProject): FtaTreeSummary => ({
  id: row.id,
  ftaNum: row.ftaNum,
  name: row.name,
  description: row.description,
  missionTime: row.missionTime,
  projectId: row.projectId,
  projectNum: project?.serialNum ?? null,
  projectType: project?.type ?? null,
  sourceFailureId: row.sourceFailureId,
  status: row.status,
  gateCount: row.document.gates.length,
  basicEventCount: row.document.basicEvents.length,
  version: row.version,
  approverId: row.approverId,
  approverName: row.approverName,
  submitterName: row.submitterName,
  submittedAt: row.submittedAt,
  creatorId: row.creatorId,
  creatorName: row.creatorName,
  updaterName: row.updaterName,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const treeView = (row: FtaTreeRow, project: LinkedProject): FtaTreeView => ({ ...summary(row, project), document: row.document });

/** The linked project's number and type, for a tree's answer. */
export async function projectOf(db: Tx | ServiceContext['db'], projectId: string | null): Promise<LinkedProject> {
  if (!projectId) return null;
  return (await db.select({ serialNum: fmeaProject.serialNum, type: fmeaProject.projectType }).from(fmeaProject).where(eq(fmeaProject.id, projectId)).get()) ?? null;
}

export async function listFtaTrees(ctx: ServiceContext, query: FtaTreeQuery = {}): Promise<Page<FtaTreeSummary>> {
  const caller = await ftaCaller(ctx.db, ctx.actor);
  const db = await readDb(ctx);
  const { page, limit, offset } = pageWindow(query);
  const text = query.search?.trim();
  // trees linked to projects the caller may not open are left out (administrators open all)
  let visible: ReturnType<typeof or> | undefined;
  if (!caller.actor.isAdmin) {
    const linked = await db.selectDistinct({ projectId: ftaTree.projectId }).from(ftaTree).where(and(live(ftaTree), sql`${ftaTree.projectId} is not null`));
    const open = [...(await openableProjects(ctx.db, caller, linked.map((r) => r.projectId!), ctx.now()))];
    visible = open.length ? or(isNull(ftaTree.projectId), inArray(ftaTree.projectId, open)) : isNull(ftaTree.projectId);
  }
  const where = and(
    live(ftaTree),
    visible,
    query.projectId ? eq(ftaTree.projectId, query.projectId) : undefined,
    text ? or(contains(ftaTree.ftaNum, text), contains(ftaTree.name, text), contains(ftaTree.description, text)) : undefined,
  );
  const [rows, count] = await Promise.all([
    db.select({ tree: ftaTree, projectNum: fmeaProject.serialNum, projectType: fmeaProject.projectType }).from(ftaTree).leftJoin(fmeaProject, eq(fmeaProject.id, ftaTree.projectId)).where(where).orderBy(desc(ftaTree.updatedAt), desc(ftaTree.ftaNum)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)` }).from(ftaTree).where(where).get(),
  ]);
  return { items: rows.map((r) => summary(r.tree, { serialNum: r.projectNum, type: r.projectType })), total: Number(count?.n ?? 0), page, limit };
}

export async function getFtaTree(ctx: ServiceContext, key: string): Promise<FtaTreeView> {
  const caller = await ftaCaller(ctx.db, ctx.actor);
  const row = await readableTree(ctx.db, caller, key, ctx.now());
  return treeView(row, await projectOf(ctx.db, row.projectId));
}

/** The name and mission time of a tree, checked as the form shows them. */
function headerIssues(name: string, missionTime: number): Issue[] {
  const issues: Issue[] = [];
  if (!name.trim()) issues.push({ messageKey: 'fta.name_required' satisfies FtaMessageKey, field: 'name' });
  else if (name.length > FTA_NAME_MAX) issues.push({ messageKey: 'fta.name_too_long' satisfies FtaMessageKey, params: { max: FTA_NAME_MAX }, field: 'name' });
  if (!(Number.isFinite(missionTime) && missionTime > 0)) issues.push({ messageKey: 'fta.mission_time_invalid' satisfies FtaMessageKey, params: { value: String(missionTime) }, field: 'missionTime' });
  return issues;
}

/** Every problem of a document, each under the gate or event at fault; throws them under one headline. */
export function assertDocument(doc: FtaDocument, field = 'document'): void {
  const issues = validateFtaDocument(doc).map(
    (i): Issue => ({ messageKey: `fta.document.${i.code}`, params: { name: i.name, input: i.input ?? '', value: i.value === undefined ? '' : String(i.value) }, field }),
  );
  if (issues.length) throw new InvalidInputError('fta.document_invalid' satisfies FtaMessageKey, {}, issues);
}

/** A new tree's starting document: an OR top event over one basic event to replace. */
export const starterDocument = (name: string, missionTime: number): FtaDocument => ({
  name,
  missionTime,
  top: 'TOP',
  gates: [{ name: 'TOP', label: name, operator: 'or', inputs: ['E1'] }],
  basicEvents: [{ name: 'E1', model: { kind: 'probability', probability: 0.001 } }],
  houseEvents: [],
  transfers: [],
});

export interface NewTree {
  name: string;
  description?: string | null;
  missionTime?: number;
  document?: FtaDocument;
  projectId?: string | null;
  sourceFailureId?: string | null;
}

/** Inserts a checked tree with a new FT number (inside the caller's transaction). */
export async function insertTree(tx: Tx, txCtx: TxContext, input: NewTree): Promise<FtaTreeRow> {
  const missionTime = input.missionTime ?? input.document?.missionTime ?? DEFAULT_MISSION_TIME;
  const issues = headerIssues(input.name, missionTime);
  if (issues.length) throw new InvalidInputError('fta.tree_invalid' satisfies FtaMessageKey, {}, issues);
  const document = { ...(input.document ?? starterDocument(input.name, missionTime)), name: input.name.trim(), missionTime };
  assertDocument(document);
  const now = txCtx.now();
  const ftaNum = await allocateNumber(tx, 'faultTree', now, async (n) => !!(await tx.select({ id: ftaTree.id }).from(ftaTree).where(eq(ftaTree.ftaNum, n)).get()));
  const [row] = await tx
    .insert(ftaTree)
    .values({
      ftaNum,
      name: input.name.trim(),
      description: input.description?.trim() || null,
      document,
      missionTime,
      projectId: input.projectId ?? null,
      sourceFailureId: input.sourceFailureId ?? null,
      creatorId: txCtx.actor.userId,
      creatorName: txCtx.actor.userName,
      updaterId: txCtx.actor.userId,
      updaterName: txCtx.actor.userName,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

export async function createFtaTree(ctx: ServiceContext, input: Omit<NewTree, 'projectId' | 'sourceFailureId'>): Promise<FtaTreeView> {
  await ftaCaller(ctx.db, ctx.actor, 'add');
  return writeAndLog(ctx, async (tx, txCtx) => {
    const row = await insertTree(tx, txCtx, input);
    return { result: treeView(row, null), log: { action: 'fta.tree.create', entity: 'fta_tree', entityId: row.id, after: { ftaNum: row.ftaNum, name: row.name } } };
  });
}

export interface TreeChanges {
  version: number;
  name?: string;
  description?: string | null;
  document?: FtaDocument;
}

const staleTree = (row: FtaTreeRow) => new ConflictError('fta.tree_stale' satisfies FtaMessageKey, { tree: row.ftaNum, currentVersion: row.version });

export async function saveFtaTree(ctx: ServiceContext, key: string, changes: TreeChanges): Promise<FtaTreeView> {
  const caller = await ftaCaller(ctx.db, ctx.actor, 'edit');
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await readableTree(tx, caller, key, txCtx.now());
    if (before.version !== changes.version) throw staleTree(before);
    // status changes only through the review flow (review.ts); a tree under review or released is frozen
    assertFtaEditable(before.status);
    const name = changes.name?.trim() ?? before.name;
    const base = changes.document ?? before.document;
    const issues = headerIssues(name, base.missionTime);
    if (issues.length) throw new InvalidInputError('fta.tree_invalid' satisfies FtaMessageKey, {}, issues);
    const document = { ...base, name };
    assertDocument(document);
    const now = txCtx.now();
    const [row] = await tx
      .update(ftaTree)
      .set({
        name,
        description: changes.description === undefined ? before.description : changes.description?.trim() || null,
        document,
        missionTime: document.missionTime,
        updaterId: txCtx.actor.userId,
        updaterName: txCtx.actor.userName,
        version: before.version + 1,
        updatedAt: now,
      })
      .where(and(eq(ftaTree.id, before.id), eq(ftaTree.version, before.version)))
      .returning();
    if (!row) throw staleTree(before);
    const flagged = await flagChangedEvents(tx, row);
    return {
      result: treeView(row, await projectOf(tx, row.projectId)),
      log: { action: 'fta.tree.save', entity: 'fta_tree', entityId: row.id, before: { version: before.version, name: before.name, status: before.status }, after: { version: row.version, name: row.name, status: row.status, linksFlagged: flagged } },
    };
  });
}

/** A save that changed a linked event (or removed it) marks the link for review on the FMEA side. */
async function flagChangedEvents(tx: Tx, row: FtaTreeRow): Promise<number> {
  const links = await tx.select().from(ftaEventLink).where(eq(ftaEventLink.treeId, row.id));
  const changed = links.filter((l) => !l.reviewNeeded && eventFingerprint(row.document, l.eventName) !== l.eventFingerprint).map((l) => l.id);
  if (changed.length) await tx.update(ftaEventLink).set({ reviewNeeded: true, reviewReason: 'treeChanged', updatedAt: row.updatedAt }).where(inArray(ftaEventLink.id, changed));
  return changed.length;
}

export async function deleteFtaTree(ctx: ServiceContext, key: string, expected: { version: number }): Promise<{ id: string; ftaNum: string }> {
  const caller = await ftaCaller(ctx.db, ctx.actor, 'del');
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await readableTree(tx, caller, key, txCtx.now());
    if (before.version !== expected.version) throw staleTree(before);
    assertFtaEditable(before.status);
    const now = txCtx.now();
    const [row] = await tx
      .update(ftaTree)
      .set({ ...softDeleted(), deletedAt: now, version: before.version + 1, updaterId: txCtx.actor.userId, updaterName: txCtx.actor.userName, updatedAt: now })
      .where(and(eq(ftaTree.id, before.id), eq(ftaTree.version, before.version)))
      .returning();
    if (!row) throw staleTree(before);
    return { result: { id: row.id, ftaNum: row.ftaNum }, log: { action: 'fta.tree.delete', entity: 'fta_tree', entityId: row.id, before: { ftaNum: before.ftaNum, name: before.name } } };
  });
}

export type { FtaCaller };
