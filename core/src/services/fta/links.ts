import { and, asc, desc, eq, inArray, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaFailure, ftaEventLink, ftaTree, operationLog } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import { isDomainError, NotFoundError } from '../../errors.ts';
import type { FailureKind, FtaDocument, FtaLinkEventKind, FtaReviewReason } from '../../domain/index.ts';
import { openableProject } from '../fmea/access.ts';
import { userNames } from '../pfmea/control-plan-read.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { ftaCaller, readableTree } from './access.ts';
import { analyzeDocument, type CutSetRow } from './analysis.ts';
import { transferredTrees } from './exchange.ts';
import { eventFingerprint, failureFingerprint } from './fingerprint.ts';
import type { FtaMessageKey } from './messages.ts';

/**
 * The links between tree events and FMEA items, and their review state (issue 23: "a change on one side
 * marks the other for review"; docs/domain/fta.md, "Links and review"):
 * - a save of the tree that changes a linked event stores `reviewNeeded` with reason treeChanged
 *   (trees.ts), which the FMEA side reads here;
 * - a change of the FMEA item (description, rating) or its deletion is found on read, by comparing the
 *   item with the fingerprint the link stored: no hook in the FMEA's writes, nothing to miss when the FMEA
 *   is changed by an import, a copy or another server;
 * - `reviewFtaLinks` takes both sides as they are now: the fingerprints move on, the flag clears, and a
 *   link whose item or event is gone is removed.
 */
export interface FtaLinkView {
  id: string;
  treeId: string;
  ftaNum: string;
  treeName: string;
  eventName: string;
  eventKind: FtaLinkEventKind;
  projectId: string;
  failureId: string;
  failureKind: FailureKind;
  /** The FMEA item's description now; null when it was deleted. */
  failureDescription: string | null;
  reviewNeeded: boolean;
  reviewReasons: FtaReviewReason[];
}

type LinkRow = typeof ftaEventLink.$inferSelect;
type FailureRow = typeof fmeaFailure.$inferSelect;

async function failuresOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, FailureRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(fmeaFailure).where(inArray(fmeaFailure.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

function present(link: LinkRow, tree: { ftaNum: string; name: string }, failure: FailureRow | undefined): FtaLinkView {
  const reasons: FtaReviewReason[] = [];
  if (link.reviewNeeded && link.reviewReason) reasons.push(link.reviewReason);
  if (!failure) reasons.push('fmeaDeleted');
  else if (failureFingerprint(failure) !== link.fingerprint) reasons.push('fmeaChanged');
  return {
    id: link.id,
    treeId: link.treeId,
    ftaNum: tree.ftaNum,
    treeName: tree.name,
    eventName: link.eventName,
    eventKind: link.eventKind,
    projectId: link.projectId,
    failureId: link.failureId,
    failureKind: link.failureKind,
    failureDescription: failure?.description ?? null,
    reviewNeeded: reasons.length > 0,
    reviewReasons: reasons,
  };
}

/** A tree's links with their review state (the tree page). */
export async function listTreeLinks(ctx: ServiceContext, key: string): Promise<FtaLinkView[]> {
  const caller = await ftaCaller(ctx.db, ctx.actor);
  const tree = await readableTree(ctx.db, caller, key, ctx.now());
  const links = await ctx.db.select().from(ftaEventLink).where(eq(ftaEventLink.treeId, tree.id)).orderBy(asc(ftaEventLink.eventName));
  const failures = await failuresOf(ctx.db, links.map((l) => l.failureId));
  return links.map((l) => present(l, tree, failures.get(l.failureId)));
}

/** Links of the live trees to one FMEA project's items, with their review state (the FMEA side's badges). */
async function projectLinkRows(db: DbOrTx, projectId: string, failureId?: string) {
  return db
    .select({ link: ftaEventLink, tree: { id: ftaTree.id, ftaNum: ftaTree.ftaNum, name: ftaTree.name, document: ftaTree.document } })
    .from(ftaEventLink)
    .innerJoin(ftaTree, eq(ftaTree.id, ftaEventLink.treeId))
    .where(and(eq(ftaEventLink.projectId, projectId), live(ftaTree), failureId ? eq(ftaEventLink.failureId, failureId) : undefined))
    .orderBy(asc(ftaTree.ftaNum), asc(ftaEventLink.eventName));
}

/**
 * Every link of a project's items to fault trees, for the FMEA's view. Reading it needs the FTA area's route
 * (tree numbers, names and cut sets are the area's content, which a role without it is not shown) and what
 * reading the project needs.
 */
export async function listProjectFtaLinks(ctx: ServiceContext, projectId: string): Promise<FtaLinkView[]> {
  await ftaCaller(ctx.db, ctx.actor);
  await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const rows = await projectLinkRows(ctx.db, projectId);
  const failures = await failuresOf(ctx.db, rows.map((r) => r.link.failureId));
  return rows.map((r) => present(r.link, r.tree, failures.get(r.link.failureId)));
}

export interface FailureFtaView {
  failure: { id: string; kind: FailureKind; description: string };
  links: (FtaLinkView & {
    /** The event's probability in the tree, and its Fussell-Vesely importance (basic events). */
    probability: number | null;
    fussellVesely: number | null;
    /** Listed minimal cut sets that hold the event (basic events of coherent trees), with their order and probability. */
    cutSets: CutSetRow[];
    /** Whether every cut set of the tree was listed, so `cutSets` is all of them. */
    complete: boolean;
    /** The tree's exact top-event probability (null when it cannot be analysed now). */
    topProbability: number | null;
    /** What the events of `cutSets` say (their labels), by name; an event without a label is left out. */
    eventLabels: Record<string, string>;
    /** Who made each change that asks for review, and when (null where nobody can be named: a deleted item). */
    reviewNotes: FtaReviewNote[];
  })[];
}

export interface FtaReviewNote {
  reason: FtaReviewReason;
  /** Display name of who changed the FMEA item (fmeaChanged) or saved the tree (treeChanged). */
  by: string | null;
  at: Date | null;
}

/** Trees a DFMEA gives are small: this many cut sets listed per tree is all of them in practice. */
const MEMBERSHIP_LIST_LIMIT = 2000;

/** The FMEA side's question for one item (a cause): which trees hold it, in which cut sets, and whether the link needs review. */
export async function failureFtaLinks(ctx: ServiceContext, failureId: string): Promise<FailureFtaView> {
  await ftaCaller(ctx.db, ctx.actor);
  const failure = await ctx.db.select().from(fmeaFailure).where(eq(fmeaFailure.id, failureId)).get();
  if (!failure) throw new NotFoundError('fta.failure_not_found' satisfies FtaMessageKey, { failure: failureId });
  const { actor } = await openableProject(ctx.db, ctx.actor, failure.projectId, ctx.now());
  const rows = await projectLinkRows(ctx.db, failure.projectId, failure.id);
  const caller = { operator: ctx.actor, actor, buttons: null };
  const links = [];
  for (const { link, tree } of rows) {
    const view = present(link, tree, failure);
    const doc: FtaDocument = tree.document;
    let probability: number | null = null;
    let fussellVesely: number | null = null;
    let cutSets: CutSetRow[] = [];
    let complete = false;
    let topProbability: number | null = null;
    if (link.eventKind === 'basic' && doc.basicEvents.some((e) => e.name === link.eventName)) {
      try {
        const others = await transferredTrees(ctx.db, caller, doc, ctx.now());
        const result = analyzeDocument(doc, { listLimit: MEMBERSHIP_LIST_LIMIT }, (t) => others.get(t), tree.ftaNum);
        const importance = result.importance.find((i) => i.event === link.eventName);
        probability = importance?.probability ?? null;
        fussellVesely = importance?.fussellVesely ?? null;
        cutSets = result.cutSets.filter((set) => set.events.includes(link.eventName));
        topProbability = result.probability.exact;
        complete = result.cutSetCount !== null && result.minimalCutSets.length === result.cutSetCount;
      } catch (error) {
        // a tree that cannot be analysed now (a transfer gone, a linked project closed to the caller) still shows its link
        if (!isDomainError(error)) throw error;
      }
    }
    const labels = new Map<string, string>([...doc.gates, ...doc.basicEvents, ...doc.houseEvents].flatMap((e) => (e.label ? [[e.name, e.label] as const] : [])));
    const eventLabels = Object.fromEntries(cutSets.flatMap((set) => set.events).flatMap((name) => (labels.has(name) ? [[name, labels.get(name)!]] : [])));
    links.push({ ...view, probability, fussellVesely, cutSets, complete, topProbability, eventLabels, reviewNotes: await reviewNotes(ctx.db, view.reviewReasons, failure, link, tree.id) });
  }
  return { failure: { id: failure.id, kind: failure.kind, description: failure.description }, links };
}

/**
 * Who made the changes a link asks review for: the FMEA item's last editor, and the tree's save that flagged
 * the link (the log's last save of the tree up to the flag's time; the tree's own updater may have saved again
 * since). No column is added for it: both are already on record.
 */
async function reviewNotes(db: DbOrTx, reasons: readonly FtaReviewReason[], failure: FailureRow, link: LinkRow, treeId: string): Promise<FtaReviewNote[]> {
  const notes: FtaReviewNote[] = [];
  for (const reason of reasons) {
    if (reason === 'fmeaChanged') {
      const names = await userNames(db, [failure.updatedBy]);
      notes.push({ reason, by: (failure.updatedBy && names.get(failure.updatedBy)) || null, at: failure.updatedAt });
    } else if (reason === 'treeChanged') {
      const saved = await db
        .select({ userId: operationLog.userId, userName: operationLog.userName, at: operationLog.at })
        .from(operationLog)
        .where(and(eq(operationLog.entity, 'fta_tree'), eq(operationLog.entityId, treeId), eq(operationLog.action, 'fta.tree.save'), lte(operationLog.at, link.updatedAt)))
        .orderBy(desc(operationLog.at))
        .limit(1)
        .get();
      const names = await userNames(db, [saved?.userId ?? null]);
      notes.push({ reason, by: saved ? (saved.userId && names.get(saved.userId)) || saved.userName : null, at: saved?.at ?? link.updatedAt });
    } else notes.push({ reason, by: null, at: null });
  }
  return notes;
}

/** Takes both sides as they are now for the named links of a tree (all of them when none are named). */
export async function reviewFtaLinks(ctx: ServiceContext, key: string, linkIds?: readonly string[]): Promise<{ reviewed: number; removed: number }> {
  const caller = await ftaCaller(ctx.db, ctx.actor, 'edit');
  return writeAndLog(ctx, async (tx, txCtx) => {
    const tree = await readableTree(tx, caller, key, txCtx.now());
    const links = await tx
      .select()
      .from(ftaEventLink)
      .where(and(eq(ftaEventLink.treeId, tree.id), linkIds ? inArray(ftaEventLink.id, [...linkIds]) : undefined));
    const failures = await failuresOf(tx, links.map((l) => l.failureId));
    let reviewed = 0;
    const removed: string[] = [];
    for (const link of links) {
      const failure = failures.get(link.failureId);
      const event = eventFingerprint(tree.document, link.eventName);
      if (!failure || event === null) {
        removed.push(link.id);
        continue;
      }
      await tx.update(ftaEventLink).set({ fingerprint: failureFingerprint(failure), eventFingerprint: event, reviewNeeded: false, reviewReason: null, updatedAt: txCtx.now() }).where(eq(ftaEventLink.id, link.id));
      reviewed++;
    }
    if (removed.length) await tx.delete(ftaEventLink).where(inArray(ftaEventLink.id, removed));
    return { result: { reviewed, removed: removed.length }, log: { action: 'fta.link.review', entity: 'fta_event_link', entityId: tree.id, after: { ftaNum: tree.ftaNum, reviewed, removed: removed.length } } };
  });
}
