import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaNode, fmeaProject, site, user, userSite } from '../../db/schema/index.ts';
import { InvalidInputError, NotFoundError } from '../../errors.ts';
import { assertTemplatePlacement, emptyGraph, indexGraph, templateKindOf, templateModule, type ProjectType, type TemplateKind } from '../../domain/fmea/index.ts';
import type { TemplateScope } from '../../domain/fmea/vocabulary.ts';
import { assertCanPublishTemplate, canUseTemplate, isProjectOwner, type Actor, type TemplateAccess } from '../../domain/permissions/index.ts';
import { allocateNumber } from '../numbering/numbering.ts';
import type { Operator, ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { actorOf, assertOwner, assertTypeRoute, editableProject, projectAccess, readMembers, type FmeaProjectRow } from './access.ts';
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
import { FMEA_SIDES, kindOf, kindsOfSide, type FmeaSide } from '../../domain/fmea/kinds.ts';
import { isLive, live } from '../../db/live.ts';

/**
 * FMEA templates (spec 001 §2 prefixes TD and TP, §5; docs/domain/fmea-reuse.md).
 * A template is an FMEA project flagged `is_template`, numbered TD… (design
 * side) or TP… (PFMEA) and filled by the copy engine, so saving, inserting and
 * creating from one are copies like any other. Who sees and uses one is the
 * permission domain's `canUseTemplate` (private until the source project's
 * responsible person publishes it to a site or every site), on top of the
 * area's route; the one who saved it (its owner) or an administrator deletes
 * it (`deleteProject`).
 */

/** The two template lists, one a side: design (DFMEA, family FMEA, FMEA-MSR: TD) and process (PFMEA: TP). */
export const TEMPLATE_SIDES = FMEA_SIDES;
export type TemplateSide = FmeaSide;
const sideOf = (projectType: string): TemplateSide => kindOf(projectType).side;
const typesOf = (side: TemplateSide): ProjectType[] => kindsOfSide(side);

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
  /** private: its saver, the source project's responsible person and administrators; site: the users of `siteId`; all: everyone with the area. */
  scope: TemplateScope;
  siteId: string | null;
  siteName: string | null;
  siteNameEn: string | null;
  /** Whether the caller may publish or withdraw it (`publishTemplate`). */
  canPublish: boolean;
}

const templateKindOfRow = (row: Pick<FmeaProjectRow, 'sourceKind'>): TemplateKind => (row.sourceKind === 'basicTemplate' ? 'basic' : 'subtree');

/** Who the template is open to: its scope and site, its own team, and the team of the live project it was saved from. */
async function templateAccess(db: DbOrTx, row: FmeaProjectRow): Promise<TemplateAccess> {
  const source = row.sourceProjectId ? await db.select({ delFlg: fmeaProject.delFlg }).from(fmeaProject).where(eq(fmeaProject.id, row.sourceProjectId)).get() : undefined;
  return {
    scope: row.templateScope,
    siteId: row.templateSiteId,
    template: { kind: 'process', members: await readMembers(db, row.id) },
    source: source && isLive(source) ? { kind: 'process', members: await readMembers(db, row.sourceProjectId!) } : null,
  };
}

/** The sites a user belongs to (their own and the further ones they may sign in to). */
async function siteIdsOf(db: DbOrTx, userId: string | null): Promise<string[]> {
  if (userId === null) return [];
  const [home, linked] = await Promise.all([
    db.select({ siteId: user.siteId }).from(user).where(eq(user.id, userId)).get(),
    db.select({ siteId: userSite.siteId }).from(userSite).where(eq(userSite.userId, userId)),
  ]);
  return [...new Set([home?.siteId, ...linked.map((l) => l.siteId)].filter((s): s is string => !!s))];
}

async function usable(db: DbOrTx, row: FmeaProjectRow, actor: Actor, siteIds: readonly string[]): Promise<boolean> {
  return canUseTemplate(await templateAccess(db, row), actor, siteIds);
}

/** Whether the operator may use (and so read) a template: the same rule as listing it. The system operator may. */
export async function templateUsableBy(db: DbOrTx, operator: Operator, row: FmeaProjectRow): Promise<boolean> {
  if (operator.userId === null) return true;
  return usable(db, row, await actorOf(db, operator), await siteIdsOf(db, operator.userId));
}

/**
 * A live template by id or number that the caller may use; anything else is
 * not found (a template the caller may not see is not said to exist). The
 * caller needs its area's route.
 */
export async function findTemplate(db: DbOrTx, ctx: ServiceContext, template: string): Promise<FmeaProjectRow> {
  const wanted = template.trim();
  const row = await db
    .select()
    .from(fmeaProject)
    .where(and(or(eq(fmeaProject.id, wanted), eq(fmeaProject.serialNum, wanted)), eq(fmeaProject.isTemplate, 1), live(fmeaProject)))
    .get();
  const notFound = () => new NotFoundError('fmea.template_not_found' satisfies FmeaServiceMessageKey, { template: wanted });
  if (!row) throw notFound();
  const actor = await actorOf(db, ctx.actor);
  assertTypeRoute(ctx.actor, actor, row.projectType);
  if (ctx.actor.userId !== null && !(await usable(db, row, actor, await siteIdsOf(db, ctx.actor.userId)))) throw notFound();
  return row;
}

async function viewsOf(db: DbOrTx, ctx: ServiceContext, rows: readonly FmeaProjectRow[]): Promise<TemplateView[]> {
  if (rows.length === 0) return [];
  const actor = await actorOf(db, ctx.actor);
  const ids = rows.map((r) => r.id);
  const source = alias(fmeaProject, 'source');
  const [sources, creators, counts, sites] = await Promise.all([
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
    db
      .select({ id: site.id, name: site.name, nameEn: site.nameEn })
      .from(site)
      .where(inArray(site.id, rows.map((r) => r.templateSiteId ?? '')))
      .then((r) => new Map(r.map((s) => [s.id, s]))),
  ]);
  const out: TemplateView[] = [];
  for (const row of rows) {
    const from = row.sourceProjectId ? sources.get(row.sourceProjectId) : undefined;
    const owner = isProjectOwner(projectAccess(row, await readMembers(db, row.id)), actor.userId);
    const access = await templateAccess(db, row);
    const where = row.templateSiteId ? sites.get(row.templateSiteId) : undefined;
    out.push({
      id: row.id,
      serialNum: row.serialNum,
      name: row.name,
      projectType: row.projectType,
      side: sideOf(row.projectType),
      kind: templateKindOfRow(row),
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
      scope: row.templateScope,
      siteId: row.templateSiteId,
      siteName: where?.name ?? null,
      siteNameEn: where?.nameEn || null,
      canPublish: mayPublish(access, actor),
    });
  }
  return out;
}

function mayPublish(access: TemplateAccess, actor: Actor): boolean {
  try {
    assertCanPublishTemplate(access, actor);
    return true;
  } catch {
    return false;
  }
}

/**
 * The templates of the areas the caller holds that they may use, newest
 * first, with who saved them, when, from where and to whom they are
 * published; `side` narrows to design (TD) or process (TP).
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
    .where(and(eq(fmeaProject.isTemplate, 1), live(fmeaProject), inArray(fmeaProject.projectType, types)))
    .orderBy(desc(fmeaProject.createdAt), desc(fmeaProject.serialNum));
  const siteIds = await siteIdsOf(ctx.db, ctx.actor.userId);
  const visible: FmeaProjectRow[] = [];
  for (const row of rows) if (ctx.actor.userId === null || (await usable(ctx.db, row, actor, siteIds))) visible.push(row);
  return viewsOf(ctx.db, ctx, visible);
}

/** One template, as listed. */
export async function getTemplate(ctx: ServiceContext, template: string): Promise<TemplateView> {
  return (await viewsOf(ctx.db, ctx, [await findTemplate(ctx.db, ctx, template)]))[0]!;
}

/**
 * Saves a structure node with its subnodes and their analysis as a template
 * (spec 001 §5: a node without subnodes cannot be; the product node makes a
 * basic FMEA, which keeps the project's header). Who may edit the project
 * may save a node from it (also while it is under review or released:
 * saving changes nothing in it), under treeCopyHeadOnly like any node copy;
 * the whole project (a basic FMEA) only its responsible person or an
 * administrator, as for a copy. The template gets the next TD/TP number, the
 * actor as its owner and the actor's site, and stays private until it is
 * published (`publishTemplate`).
 */
export async function saveTemplate(ctx: ServiceContext, nodeId: string, input: { name?: string | null } = {}): Promise<TemplateView> {
  const saved = await writeAndLog(ctx, async (tx, txCtx) => {
    const node = await findNode(tx, nodeId);
    const loaded = await editableProject(tx, ctx.actor, node.projectId, ctx.now(), 'add', { content: false });
    await assertHeadRule(tx, 'treeCopy', loaded);
    const source = loaded.project;
    const kind = templateKindOf(indexGraph(await loadGraph(tx, source.id)), node.id);
    if (kind === 'basic') assertOwner(loaded, 'template');
    const siteId = ctx.actor.siteId ?? (await siteIdsOf(tx, ctx.actor.userId))[0] ?? null;
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
      templateSiteId: siteId,
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
    if (templateKindOfRow(tmpl) === 'subtree') await tx.update(fmeaNode).set({ name: project.name }).where(eq(fmeaNode.id, copy.rootId));
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
    await assertHeadRule(tx, 'treeCopy', loaded);
    const index = indexGraph(await loadGraph(tx, target.projectId));
    assertTemplatePlacement(index, target.id, templateKindOfRow(tmpl), isPfmea(loaded.project));
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

/**
 * Publishes a template to its site or to every site, or withdraws it
 * ('private'): the source project's responsible person or an administrator
 * (`assertCanPublishTemplate`). A template saved without a site (by the
 * system) takes the publisher's site for scope 'site'.
 */
export async function publishTemplate(ctx: ServiceContext, template: string, input: { scope: TemplateScope }): Promise<TemplateView> {
  const id = await writeAndLog(ctx, async (tx) => {
    const row = await findTemplate(tx, ctx, template);
    assertCanPublishTemplate(await templateAccess(tx, row), await actorOf(tx, ctx.actor));
    const siteId = row.templateSiteId ?? (input.scope === 'site' ? (ctx.actor.siteId ?? (await siteIdsOf(tx, ctx.actor.userId))[0] ?? null) : null);
    if (input.scope === 'site' && siteId === null) throw new InvalidInputError('fmea.template_no_site' satisfies FmeaServiceMessageKey);
    await tx.update(fmeaProject).set({ templateScope: input.scope, templateSiteId: siteId }).where(eq(fmeaProject.id, row.id));
    return {
      result: row.id,
      log: { action: 'fmea.template.publish', entity: 'fmea_project', entityId: row.id, before: { scope: row.templateScope, siteId: row.templateSiteId }, after: { scope: input.scope, siteId } },
    };
  });
  return getTemplate(ctx, id);
}
