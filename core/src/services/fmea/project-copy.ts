import type { Tx } from '../../db/client.ts';
import { fmeaMember, fmeaNode, fmeaProject } from '../../db/schema/index.ts';
import { emptyGraph, type ProjectSourceKind, indexGraph, NODE_TYPES, PROJECT_DATE_FIELDS, PROJECT_DICTIONARY_FIELD_NAMES, PROJECT_TEXT_FIELDS, type TeamMember } from '../../domain/fmea/index.ts';
import { PROJECT_MEMBER_ROLES } from '../../domain/permissions/index.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { copyFmedaContent } from '../fmeda/copy.ts';
import { copyDrbfmContent } from '../drbfm/copy.ts';
import { assertTypeRoute, created, openableProject, type FmeaProjectRow } from './access.ts';
import { present, type ProjectView } from './projects.ts';
import { takeProjectNumber } from './project-number.ts';
import { assertWholeProjectOwner, copyTree, type TreeCopyResult } from './structure-copy.ts';
import { rootOf } from './project-root.ts';

/**
 * Whole-project copies (docs/domain/fmea-reuse.md): a project copy, a project
 * made from a template, a template saved from a node, a family variant. Each
 * is a new project row with its own number and the actor as its only member
 * (owner, role 0), filled by the one copy engine (`copyTree`).
 */

/** The header a copy takes over from its source: everything the team typed, not the number, team, status or review. */
export function copiedHeader(source: FmeaProjectRow) {
  const header: Record<string, string | null> = {};
  for (const key of [...PROJECT_TEXT_FIELDS, ...PROJECT_DATE_FIELDS, ...PROJECT_DICTIONARY_FIELD_NAMES, 'versionLabel'] as const) header[key] = source[key];
  return { ...header, relatedProjectId: source.relatedProjectId, apTable: source.apTable };
}

export interface NewProjectRow {
  readonly projectType: FmeaProjectRow['projectType'];
  readonly name: string;
  readonly serialNum: string;
  readonly header?: ReturnType<typeof copiedHeader>;
  readonly apTable: FmeaProjectRow['apTable'];
  readonly isTemplate?: boolean;
  readonly sourceKind: ProjectSourceKind;
  readonly sourceProjectId: string;
  readonly sourceNodeId?: string | null;
  /** A template's site (its saver's): scope 'site' opens it there once published. */
  readonly templateSiteId?: string | null;
}

/** Inserts the project row and its team: the actor as owner (role 0), alone. */
export async function insertCopyProject(tx: Tx, txCtx: TxContext, row: NewProjectRow): Promise<{ project: FmeaProjectRow; members: TeamMember[] }> {
  const [project] = await tx
    .insert(fmeaProject)
    .values({
      ...row.header,
      name: row.name.trim(),
      serialNum: row.serialNum,
      projectType: row.projectType,
      apTable: row.apTable,
      isTemplate: row.isTemplate ? 1 : 0,
      sourceKind: row.sourceKind,
      sourceProjectId: row.sourceProjectId,
      sourceNodeId: row.sourceNodeId ?? null,
      templateSiteId: row.templateSiteId ?? null,
      responsibleUserId: txCtx.actor.userId,
      creatorId: txCtx.actor.userId,
      ...created(txCtx),
    })
    .returning();
  const members: TeamMember[] = txCtx.actor.userId ? [{ userId: txCtx.actor.userId, roles: [PROJECT_MEMBER_ROLES.responsible] }] : [];
  if (members.length) await tx.insert(fmeaMember).values(members.map((m) => ({ projectId: project!.id, userId: m.userId, roles: [...m.roles] })));
  return { project: project!, members };
}

/** Copies the whole tree of `sourceProjectId` (root and all) into a project that has no node yet. */
export async function copyWholeTree(tx: Tx, txCtx: TxContext, sourceProjectId: string, target: FmeaProjectRow, borrow: boolean): Promise<TreeCopyResult> {
  const root = await rootOf(tx, sourceProjectId);
  return copyTree(tx, txCtx, { sourceProjectId, sourceNodeId: root.id, target: { project: target, index: indexGraph(emptyGraph()) }, placement: { kind: 'root' }, borrow });
}

/** A product root node for a project whose content is copied under it. */
export async function insertRoot(tx: Tx, txCtx: TxContext, projectId: string, name: string) {
  const [root] = await tx.insert(fmeaNode).values({ projectId, parentId: null, nodeType: NODE_TYPES.product, name: name.trim(), sort: 1, ...created(txCtx) }).returning();
  return root!;
}

export interface CopyProjectInput {
  /** The copy's name; the source's name when left out. */
  name?: string | null;
  /** A number typed by hand, where the type's numbering rule allows it; the rule's next number otherwise. */
  serialNum?: string | null;
}

/**
 * Copies a project (spec 000 §6 "only the owner may copy"): the owner (role 0)
 * of the source or an administrator, holding the type's add button. The copy
 * gets the next number, the source's header and its whole analysis (without
 * optimisation actions, as every copy), starts in draft, and has the actor
 * as owner, alone on its team. It is independent of its source; it only
 * remembers it (source kind 'copy').
 */
export async function copyProject(ctx: ServiceContext, sourceProjectId: string, input: CopyProjectInput = {}): Promise<ProjectView> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const loaded = await openableProject(tx, ctx.actor, sourceProjectId, ctx.now());
    assertWholeProjectOwner(loaded);
    const source = loaded.project;
    assertTypeRoute(ctx.actor, loaded.actor, source.projectType, 'add');
    const serialNum = await takeProjectNumber(tx, source.projectType, ctx.now(), input.serialNum);
    const { project, members } = await insertCopyProject(tx, txCtx, {
      projectType: source.projectType,
      name: input.name?.trim() || source.name,
      serialNum,
      header: copiedHeader(source),
      apTable: source.apTable,
      sourceKind: 'copy',
      sourceProjectId: source.id,
    });
    const copy = await copyWholeTree(tx, txCtx, source.id, project, false);
    // a kind's own content beside the analysis (an FMEDA's settings and worksheet)
    await copyFmedaContent(tx, txCtx, source.id, project.id);
    await copyDrbfmContent(tx, txCtx, source.id, project.id);
    const view = await present(tx, { project, members, actor: loaded.actor });
    return {
      result: view,
      log: [{ action: 'fmea.project.copy', entity: 'fmea_project', entityId: project.id, before: { sourceProjectId: source.id }, after: { ...project, members, counts: copy.counts } }, ...copy.logs],
    };
  });
}
