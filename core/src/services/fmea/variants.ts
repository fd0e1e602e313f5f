import { and, desc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaControl, fmeaFailure, fmeaFailureLink, fmeaFunction, fmeaNode, fmeaProject, user } from '../../db/schema/index.ts';
import { carryCitations } from './catalog-link.ts';
import { InvalidInputError, NotFoundError } from '../../errors.ts';
import { indexGraph, isProjectType, ratingDeviations, type RatingDeviation } from '../../domain/fmea/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertTypeRoute, created, editableProject, openableProject, type FmeaProjectRow } from './access.ts';
import { loadGraph } from './graph-load.ts';
import type { FmeaServiceMessageKey } from './messages.ts';
import { copiedHeader, copyWholeTree, insertCopyProject } from './project-copy.ts';
import { takeProjectNumber } from './project-number.ts';
import { present, type ProjectView } from './projects.ts';
import { copyTree, type TreeCopyResult } from './structure-copy.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import { isLive, live } from '../../db/live.ts';

/**
 * Family FMEA variants (spec 001 §3 projectType family; docs/domain/fmea-reuse.md).
 * A variant is a DFMEA made from a family FMEA by the copy engine with every
 * node, function and failure remembering its family item (origin_id). It
 * inherits the family's structure, functions and failures and may rate them
 * locally; its deviations are the ratings that differ from the family's and
 * the items the family gained since, which the variant can take over.
 */

const notAFamily = (project: string) => new InvalidInputError('fmea.not_a_family' satisfies FmeaServiceMessageKey, { project });
const notAVariant = (project: string) => new InvalidInputError('fmea.not_a_variant' satisfies FmeaServiceMessageKey, { project });

/**
 * Creates a variant of a family FMEA: anyone who can read the family and may
 * add DFMEAs. The variant is a DFMEA with the next DF number, the family's
 * header and analysis (without optimisation actions, as every copy), the
 * actor as its owner, and the family as its source.
 */
export async function createVariant(ctx: ServiceContext, familyProjectId: string, input: { name?: string | null; serialNum?: string | null } = {}): Promise<ProjectView> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const loaded = await openableProject(tx, ctx.actor, familyProjectId, ctx.now());
    const family = loaded.project;
    const variantType = kindOf(family.projectType).variantType;
    if (!isProjectType(variantType) || family.isTemplate === 1) throw notAFamily(family.serialNum);
    assertTypeRoute(ctx.actor, loaded.actor, variantType, 'add');
    const serialNum = await takeProjectNumber(tx, variantType, ctx.now(), input.serialNum);
    const { project, members } = await insertCopyProject(tx, txCtx, {
      projectType: variantType,
      name: input.name?.trim() || family.name,
      serialNum,
      header: copiedHeader(family),
      apTable: family.apTable,
      sourceKind: 'variant',
      sourceProjectId: family.id,
    });
    const copy = await copyWholeTree(tx, txCtx, family.id, project, true);
    // the variant is another product: its product node takes the variant's name (it still remembers the family's)
    await tx.update(fmeaNode).set({ name: project.name }).where(eq(fmeaNode.id, copy.rootId));
    const view = await present(tx, { project, members, actor: loaded.actor });
    return {
      result: view,
      log: [{ action: 'fmea.project.variant', entity: 'fmea_project', entityId: project.id, before: { familyProjectId: family.id }, after: { ...project, members, counts: copy.counts } }, ...copy.logs],
    };
  });
}

export interface VariantListItem {
  id: string;
  serialNum: string;
  name: string;
  responsibleUserId: string | null;
  responsibleName: string | null;
  reviewStatus: FmeaProjectRow['reviewStatus'];
  createdAt: Date;
}

/** The live variants of a family FMEA, newest first, for whoever can read the family. */
export async function listVariants(ctx: ServiceContext, familyProjectId: string): Promise<VariantListItem[]> {
  const { project } = await openableProject(ctx.db, ctx.actor, familyProjectId, ctx.now());
  if (kindOf(project.projectType).variantType === null) throw notAFamily(project.serialNum);
  const rows = await ctx.db
    .select({ project: fmeaProject, responsibleName: user.realName })
    .from(fmeaProject)
    .leftJoin(user, eq(user.id, fmeaProject.responsibleUserId))
    .where(and(eq(fmeaProject.sourceProjectId, familyProjectId), eq(fmeaProject.sourceKind, 'variant'), live(fmeaProject)))
    .orderBy(desc(fmeaProject.createdAt));
  return rows.map(({ project: p, responsibleName }) => ({
    id: p.id,
    serialNum: p.serialNum,
    name: p.name,
    responsibleUserId: p.responsibleUserId,
    responsibleName,
    reviewStatus: p.reviewStatus,
    createdAt: p.createdAt,
  }));
}

export interface VariantDeviation extends RatingDeviation {
  /** The variant failure's version, for taking the family's rating over with an ordinary update. */
  readonly version: number;
}

export interface GainedItem {
  readonly kind: 'node' | 'failure';
  /** The family's item. */
  readonly familyId: string;
  readonly name: string;
  /** The failure's kind (FE, FM, FC); null for a node. */
  readonly failureKind: string | null;
  /** Where it would go in the variant: the node or function it takes over under. */
  readonly variantParentId: string;
}

export interface VariantDeviations {
  readonly familyProjectId: string;
  readonly familySerialNum: string | null;
  readonly familyName: string | null;
  readonly ratings: VariantDeviation[];
  /** Family items made after the variant (nodes whose parent the variant has; failures on functions it has). */
  readonly gained: GainedItem[];
}

async function variantOf(db: DbOrTx, ctx: ServiceContext, variantId: string) {
  const loaded = await openableProject(db, ctx.actor, variantId, ctx.now());
  const variant = loaded.project;
  if (variant.sourceKind !== 'variant' || !variant.sourceProjectId) throw notAVariant(variant.serialNum);
  const family = await db.select().from(fmeaProject).where(eq(fmeaProject.id, variant.sourceProjectId)).get();
  return { loaded, variant, family: family && isLive(family) ? family : null, familyProjectId: variant.sourceProjectId };
}

const failureColumns = {
  id: fmeaFailure.id,
  originId: fmeaFailure.originId,
  functionId: fmeaFailure.functionId,
  kind: fmeaFailure.kind,
  description: fmeaFailure.description,
  severity: fmeaFailure.severity,
  occurrence: fmeaFailure.occurrence,
  detection: fmeaFailure.detection,
  version: fmeaFailure.version,
};

/** Origin → variant id of the variant's nodes and functions, and the family's rows the variant has not got. */
async function compare(db: DbOrTx, familyId: string, variantId: string) {
  const [familyNodes, variantNodes, familyFunctions, variantFunctions, familyFailures, variantFailures] = await Promise.all([
    db.select({ id: fmeaNode.id, parentId: fmeaNode.parentId, name: fmeaNode.name, originId: fmeaNode.originId }).from(fmeaNode).where(eq(fmeaNode.projectId, familyId)),
    db.select({ id: fmeaNode.id, originId: fmeaNode.originId }).from(fmeaNode).where(eq(fmeaNode.projectId, variantId)),
    db.select({ id: fmeaFunction.id, nodeId: fmeaFunction.nodeId }).from(fmeaFunction).where(eq(fmeaFunction.projectId, familyId)),
    db.select({ id: fmeaFunction.id, originId: fmeaFunction.originId }).from(fmeaFunction).where(eq(fmeaFunction.projectId, variantId)),
    db.select(failureColumns).from(fmeaFailure).where(eq(fmeaFailure.projectId, familyId)),
    db.select(failureColumns).from(fmeaFailure).where(eq(fmeaFailure.projectId, variantId)),
  ]);
  const byOrigin = (rows: readonly { id: string; originId: string | null }[]) => new Map(rows.flatMap((r) => (r.originId ? [[r.originId, r.id] as const] : [])));
  const nodeIn = byOrigin(variantNodes);
  const functionIn = byOrigin(variantFunctions);
  const failureIn = byOrigin(variantFailures);
  const gained: GainedItem[] = [];
  for (const n of familyNodes) {
    if (nodeIn.has(n.id) || n.parentId === null || !nodeIn.has(n.parentId)) continue;
    gained.push({ kind: 'node', familyId: n.id, name: n.name, failureKind: null, variantParentId: nodeIn.get(n.parentId)! });
  }
  for (const f of familyFailures) {
    if (failureIn.has(f.id) || !functionIn.has(f.functionId)) continue;
    gained.push({ kind: 'failure', familyId: f.id, name: f.description, failureKind: f.kind, variantParentId: functionIn.get(f.functionId)! });
  }
  return { familyFailures, variantFailures, familyFunctions, nodeIn, failureIn, gained };
}

/**
 * Where a variant deviates from its family: every rating (S, O, D) of an
 * inherited failure that differs from the family's, and the items the family
 * gained since the variant was made. A deleted family leaves no deviations.
 */
export async function variantDeviations(ctx: ServiceContext, variantId: string): Promise<VariantDeviations> {
  const { family, familyProjectId } = await variantOf(ctx.db, ctx, variantId);
  if (!family) return { familyProjectId, familySerialNum: null, familyName: null, ratings: [], gained: [] };
  const { familyFailures, variantFailures, gained } = await compare(ctx.db, family.id, variantId);
  const versions = new Map(variantFailures.map((f) => [f.id, f.version]));
  const ratings = ratingDeviations(familyFailures, variantFailures).map((d) => ({ ...d, version: versions.get(d.failureId)! }));
  return { familyProjectId, familySerialNum: family.serialNum, familyName: family.name, ratings, gained };
}

export interface TakenOver {
  kind: 'node' | 'failure';
  id: string;
  counts: TreeCopyResult['counts'] | null;
}

/**
 * Takes over an item the family gained (spec: variants inherit from the
 * family): a node with its subtree under the variant's copy of its parent,
 * or a failure (with its controls) on the variant's copy of its function,
 * linked where the family links it to failures the variant has. The copies
 * remember their family items. Who may edit the variant may do it.
 */
export async function takeOverFromFamily(ctx: ServiceContext, variantId: string, input: { familyItemId: string }): Promise<TakenOver> {
  return writeAndLog<TakenOver>(ctx, async (tx, txCtx) => {
    const { variant, family } = await variantOf(tx, ctx, variantId);
    const loaded = await editableProject(tx, ctx.actor, variant.id, ctx.now(), 'add');
    if (!family) throw notAVariant(variant.serialNum);
    const { gained, failureIn } = await compare(tx, family.id, variant.id);
    const item = gained.find((g) => g.familyId === input.familyItemId);
    if (!item) throw new NotFoundError('fmea.family_item_not_gained' satisfies FmeaServiceMessageKey, { item: input.familyItemId });
    if (item.kind === 'node') {
      const index = indexGraph(await loadGraph(tx, variant.id));
      const copy = await copyTree(tx, txCtx, { sourceProjectId: family.id, sourceNodeId: item.familyId, target: { project: loaded.project, index }, placement: { kind: 'under', parentId: item.variantParentId }, borrow: true });
      return {
        result: { kind: 'node', id: copy.rootId, counts: copy.counts },
        log: [{ action: 'fmea.node.copy', entity: 'fmea_node', entityId: copy.rootId, before: { familyItemId: item.familyId, familyProjectId: family.id }, after: { counts: copy.counts } }, ...copy.logs],
      };
    }
    const source = (await tx.select().from(fmeaFailure).where(eq(fmeaFailure.id, item.familyId)).get())!;
    const controls = await tx.select().from(fmeaControl).where(eq(fmeaControl.causeId, source.id));
    const citations = await carryCitations(tx, txCtx, [source.catalogRecordId, ...controls.map((c) => c.catalogRecordId)]);
    const cites = (id: string | null) => (id !== null && citations.kept.has(id) ? id : null);
    const siblings = await tx.select({ sort: fmeaFailure.sort }).from(fmeaFailure).where(eq(fmeaFailure.functionId, item.variantParentId));
    const [row] = await tx
      .insert(fmeaFailure)
      .values({
        ...source,
        ...created(txCtx),
        id: crypto.randomUUID(),
        projectId: variant.id,
        functionId: item.variantParentId,
        originId: source.id,
        catalogRecordId: cites(source.catalogRecordId),
        version: 1,
        sort: siblings.reduce((max, s) => Math.max(max, s.sort), 0) + 1,
      })
      .returning();
    // the family's links of this failure, where the other end is in the variant too
    if (controls.length) {
      await tx.insert(fmeaControl).values(controls.map((c) => ({ ...c, ...created(txCtx), id: crypto.randomUUID(), projectId: variant.id, causeId: row!.id, catalogRecordId: cites(c.catalogRecordId), version: 1 })));
    }
    const links = await tx
      .select()
      .from(fmeaFailureLink)
      .where(and(eq(fmeaFailureLink.projectId, family.id), or(eq(fmeaFailureLink.higherFailureId, source.id), eq(fmeaFailureLink.lowerFailureId, source.id))));
    const mapped = (id: string) => (id === source.id ? row!.id : failureIn.get(id));
    const stamp = created(txCtx);
    const linkRows = links.flatMap((l) => {
      const higher = mapped(l.higherFailureId);
      const lower = mapped(l.lowerFailureId);
      return higher && lower ? [{ id: crypto.randomUUID(), projectId: variant.id, higherFailureId: higher, lowerFailureId: lower, createdBy: stamp.createdBy, createdAt: stamp.createdAt, updatedAt: stamp.updatedAt }] : [];
    });
    if (linkRows.length) await tx.insert(fmeaFailureLink).values(linkRows);
    return {
      result: { kind: 'failure', id: row!.id, counts: null },
      log: [
        { action: 'fmea.failure.create', entity: 'fmea_failure', entityId: row!.id, before: { familyItemId: source.id, familyProjectId: family.id }, after: { ...row, controls: controls.length, links: linkRows.length } },
        ...citations.logs,
      ],
    };
  });
}
