import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaNode, fmeaProject, user } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { assertTemplatePlacement, emptyGraph, indexGraph, templateKindOf, templateModule, type ProjectType, type TemplateKind } from '../../domain/fmea/index.ts';
import { isProjectOwner } from '../../domain/permissions/index.ts';
import { allocateNumber } from '../numbering/numbering.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { actorOf, assertTypeRoute, editableProject, projectAccess, readMembers, type FmeaProjectRow } from './access.ts';
import { loadGraph } from './graph-load.ts';
import type { FmeaServiceMessageKey } from './messages.ts';
import { isPfmea } from './process-structure.ts';
import { copiedHeader, copyWholeTree, insertCopyProject, insertRoot } from './project-copy.ts';
import { projectNumberTaken, takeProjectNumber } from './project-number.ts';
import { rootOf } from './project-root.ts';
import { projectUsage } from './project-usage.ts';
import { present, type ProjectView } from './projects.ts';
import { assertHeadRule, copyTree, type TreeCopyResult } from './structure-copy.ts';
import { findNode, type FmeaNodeRow } from './structure.ts';

/**
 * FMEA templates (spec 001 §2 prefixes TD and TP, §5; docs/domain/fmea-reuse.md).
 * A template is an FMEA project flagged `is_template`, numbered TD… (design
 * side) or TP… (PFMEA) and filled by the copy engine, so saving, inserting and
 * creating from one are copies like any other. Every user holding the area's
 * route lists and uses the templates of that area; the one who saved it
 * (its owner) or an administrator deletes it (`deleteProject`).
 */

/** The two template lists: design (DFMEA, family FMEA, FMEA-MSR: TD) and process (PFMEA: TP). */
export const TEMPLATE_SIDES = ['dfmea', 'pfmea'] as const;
export type TemplateSide = (typeof TEMPLATE_SIDES)[number];
const sideOf = (projectType: string): TemplateSide => (projectType === 'pfmea' ? 'pfmea' : 'dfmea');
const typesOf = (side: TemplateSide): ProjectType[] => (side === 'pfmea' ? ['pfmea'] : ['dfmea', 'family', 'msr']);

export interface TemplateView {
  id: string;
  serialNum: string;
  name: string;
  projectType: ProjectType;
  side: TemplateSide;
  /** basic: a whole analysis saved from a product node; subtree: a node and its subnodes. */
  kind: TemplateKind;
  /** Where it was saved from (the project may be gone since: then its number and name are null). */
  sourceProjectId: string | null;
  sourceProjectNum: string | null;
  sourceProjectName: string | null;
  sourceNodeId: string | null;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
  /** Structure nodes the template holds, its root not counted. */
  nodeCount: number;
  /** Projects made from it and nodes inserted from it that still exist. */
  usedBy: number;
  /** Whether the caller may delete it: its owner or an administrator. */
  canDelete: boolean;
}

const kindOf = (row: Pick<FmeaProjectRow, 'sourceKind'>): TemplateKind => (row.sourceKind === 'basicTemplate' ? 'basic' : 'subtree');

/** A live template by id or number; anything else is not found. The caller needs its area's route. */
export async function findTemplate(db: DbOrTx, ctx: ServiceContext, template: string): Promise<FmeaProjectRow> {
  const wanted = template.trim();
  const row = await db
    .select()
    .from(fmeaProject)
    .where(and(or(eq(fmeaProject.id, wanted), eq(fmeaProject.serialNum, wanted)), eq(fmeaProject.isTemplate, 1), eq(fmeaProject.delFlg, 0)))
    .get();
  if (!row) throw new NotFoundError('fmea.template_not_found' satisfies FmeaServiceMessageKey, { template: wanted });
  assertTypeRoute(ctx.actor, await actorOf(db, ctx.actor), row.projectType);
  return row;
}

async function viewsOf(db: DbOrTx, ctx: ServiceContext, rows: readonly FmeaProjectRow[]): Promise<TemplateView[]> {
  if (rows.length === 0) return [];
  const actor = await actorOf(db, ctx.actor);
  const ids = rows.map((r) => r.id);
  const source = alias(fmeaProject, 'source');
  const [sources, creators, counts] = await Promise.all([
    db
      .select({ id: source.id, serialNum: source.serialNum, name: source.name })
      .from(source)
      .where(inArray(source.id, rows.map((r) => r.sourceProjectId ?? '')))
      .then((r) => new Map(r.map((s) => [s.id, s]))),
    db
      .select({ id: user.id, realName: user.realName })
      .from(user)
      .where(inArray(user.id, rows.map((r) => r.creatorId ?? '')))
      .then((r) => new Map(r.map((u) => [u.id, u.realName]))),
    db
      .select({ projectId: fmeaNode.projectId, n: sql<number>`count(*) - 1` })
      .from(fmeaNode)
      .where(inArray(fmeaNode.projectId, ids))
      .groupBy(fmeaNode.projectId)
      .then((r) => new Map(r.map((c) => [c.projectId, Number(c.n)]))),
  ]);
  const out: TemplateView[] = [];
  for (const row of rows) {
    const from = row.sourceProjectId ? sources.get(row.sourceProjectId) : undefined;
    const owner = isProjectOwner(projectAccess(row, await readMembers(db, row.id)), actor.userId);
    out.push({
      id: row.id,
      serialNum: row.serialNum,
      name: row.name,
      projectType: row.projectType,
      side: sideOf(row.projectType),
      kind: kindOf(row),
      sourceProjectId: row.sourceProjectId,
      sourceProjectNum: from?.serialNum ?? null,
      sourceProjectName: from?.name ?? null,
      sourceNodeId: row.sourceNodeId,
      createdBy: row.creatorId,
      createdByName: row.creatorId ? (creators.get(row.creatorId) ?? null) : null,
      createdAt: row.createdAt,
      nodeCount: counts.get(row.id) ?? 0,
      usedBy: await projectUsage(db, row.id),
      canDelete: actor.isAdmin || owner,
    });
  }
  return out;
}

/**
 * The templates of the areas the caller holds, newest first, with who saved
 * them, when, and from where; `side` narrows to design (TD) or process (TP).
 */
export async function listTemplates(ctx: ServiceContext, query: { side?: TemplateSide } = {}): Promise<TemplateView[]> {
  const actor = await actorOf(ctx.db, ctx.actor);
  const types = (query.side ? typesOf(query.side) : [...typesOf('dfmea'), ...typesOf('pfmea')]).filter((type) => {
    try {
      assertTypeRoute(ctx.actor, actor, type);
      return true;
    } catch {
      return false;
    }
  });
  if (types.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(fmeaProject)
    .where(and(eq(fmeaProject.isTemplate, 1), eq(fmeaProject.delFlg, 0), inArray(fmeaProject.projectType, types)))
    .orderBy(desc(fmeaProject.createdAt), desc(fmeaProject.serialNum));
  return viewsOf(ctx.db, ctx, rows);
}

/** One template, as listed. */
export async function getTemplate(ctx: ServiceContext, template: string): Promise<TemplateView> {
  return (await viewsOf(ctx.db, ctx, [await findTemplate(ctx.db, ctx, template)]))[0]!;
}

/**
 * Saves a structure node with its subnodes and their analysis as a template
 * (spec 001 §5: a node without subnodes cannot be; the product node makes a
 * basic FMEA, which keeps the project's header). Who may edit the project
 * may save from it (also while it is under review or released: saving
 * changes nothing in it), under treeCopyHeadOnly like any node copy. The
 * template gets the next TD/TP number and the actor as its owner.
 */
export async function saveTemplate(ctx: ServiceContext, nodeId: string, input: { name?: string | null } = {}): Promise<TemplateView> {
  const saved = await writeAndLog(ctx, async (tx, txCtx) => {
    const node = await findNode(tx, nodeId);
    const loaded = await editableProject(tx, ctx.actor, node.projectId, ctx.now(), 'add', { content: false });
    await assertHeadRule(tx, 'treeCopyHeadOnly', loaded);
    const source = loaded.project;
    const kind = templateKindOf(indexGraph(await loadGraph(tx, source.id)), node.id);
    const serialNum = await allocateNumber(tx, templateModule(source.projectType), ctx.now(), projectNumberTaken(tx));
    const { project } = await insertCopyProject(tx, txCtx, {
      projectType: source.projectType,
      name: input.name?.trim() || node.name,
      serialNum,
      ...(kind === 'basic' && { header: copiedHeader(source) }),
      apTable: source.apTable,
      isTemplate: true,
      sourceKind: kind === 'basic' ? 'basicTemplate' : 'template',
      sourceProjectId: source.id,
      sourceNodeId: node.id,
    });
    let copy;
    if (kind === 'basic') copy = await copyWholeTree(tx, txCtx, source.id, project, false);
    else {
      // a subtree template: the node under a product root of its own name, so inserting it is one merge of that root
      const root = await insertRoot(tx, txCtx, project.id, node.name);
      copy = await copyTree(tx, txCtx, { sourceProjectId: source.id, sourceNodeId: node.id, target: { project, index: indexGraph({ ...emptyGraph(), nodes: [root] }) }, placement: { kind: 'under', parentId: root.id }, borrow: false });
    }
    return {
      result: project.id,
      log: [{ action: 'fmea.template.save', entity: 'fmea_project', entityId: project.id, before: { sourceProjectId: source.id, sourceNodeId: node.id }, after: { ...project, kind, counts: copy.counts } }, ...copy.logs],
    };
  });
  return getTemplate(ctx, saved);
}

export interface ProjectFromTemplateInput {
  name?: string | null;
  serialNum?: string | null;
}

/**
 * Creates a project from a template: the template's type, the next project
 * number (DF/PF…) or a typed one, the template's analysis (and header, for
 * a basic FMEA; a subtree template's root is named after the project), and
 * the actor as owner. The project remembers its template
 * (source kind 'fromTemplate'), which then asks before it is deleted.
 */
export async function createProjectFromTemplate(ctx: ServiceContext, template: string, input: ProjectFromTemplateInput = {}): Promise<ProjectView> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const tmpl = await findTemplate(tx, ctx, template);
    const actor = await actorOf(tx, ctx.actor);
    assertTypeRoute(ctx.actor, actor, tmpl.projectType, 'add');
    const serialNum = await takeProjectNumber(tx, tmpl.projectType, ctx.now(), input.serialNum);
    const { project, members } = await insertCopyProject(tx, txCtx, {
      projectType: tmpl.projectType,
      name: input.name?.trim() || tmpl.name,
      serialNum,
      header: copiedHeader(tmpl),
      apTable: tmpl.apTable,
      sourceKind: 'fromTemplate',
      sourceProjectId: tmpl.id,
    });
    const copy = await copyWholeTree(tx, txCtx, tmpl.id, project, false);
    // a subtree template's root only carries it: the new project's product node takes the project's name
    if (kindOf(tmpl) === 'subtree') await tx.update(fmeaNode).set({ name: project.name }).where(eq(fmeaNode.id, copy.rootId));
    const view = await present(tx, { project, members, actor });
    return {
      result: view,
      log: [{ action: 'fmea.template.apply', entity: 'fmea_project', entityId: project.id, before: { templateId: tmpl.id, templateNum: tmpl.serialNum }, after: { ...project, members, counts: copy.counts } }, ...copy.logs],
    };
  });
}

/**
 * Inserts a template under a node of a project the actor may edit: the
 * template root's functions and subnodes join the node (a basic FMEA only on a
 * product node; a process template under the process item, so its work
 * elements are the last level). The inserted items remember the template's
 * (origin_id): deleting the template, or a node of it, then says how many use it.
 */
export async function applyTemplate(ctx: ServiceContext, template: string, input: { targetNodeId: string }): Promise<{ node: FmeaNodeRow; counts: TreeCopyResult["counts"] }> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const tmpl = await findTemplate(tx, ctx, template);
    const target = await findNode(tx, input.targetNodeId);
    const loaded = await editableProject(tx, ctx.actor, target.projectId, ctx.now(), 'add');
    await assertHeadRule(tx, 'treeCopyHeadOnly', loaded);
    const index = indexGraph(await loadGraph(tx, target.projectId));
    assertTemplatePlacement(index, target.id, kindOf(tmpl), isPfmea(loaded.project));
    const root = await rootOf(tx, tmpl.id);
    const copy = await copyTree(tx, txCtx, { sourceProjectId: tmpl.id, sourceNodeId: root.id, target: { project: loaded.project, index }, placement: { kind: 'merge', nodeId: target.id }, borrow: true });
    return {
      result: { node: await findNode(tx, target.id), counts: copy.counts },
      log: [
        { action: 'fmea.template.apply', entity: 'fmea_node', entityId: target.id, before: { templateId: tmpl.id, templateNum: tmpl.serialNum }, after: { projectId: target.projectId, counts: copy.counts } },
        ...copy.logs,
      ],
    };
  });
}
