import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaMember, fmeaNode, fmeaProject, user } from '../../db/schema/index.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors.ts';
import {
  CREATOR_DEFAULT_ROLE,
  NODE_TYPES,
  OWNER_ONLY_PROJECT_FIELDS,
  PROJECT_DATE_FIELDS,
  PROJECT_TEXT_FIELDS,
  kindOf,
  projectHeaderIssues,
  responsibleOf,
  sameTeam,
  teamIssues,
  withCreator,
  type ProjectDateField,
  type ProjectDictionaryField,
  type ProjectTextField,
  type ProjectType,
  type TeamMember,
} from '../../domain/fmea/index.ts';
import { isReadOnlyMember, memberRoles, type ProjectAccessLevel } from '../../domain/permissions/index.ts';
import type { ApTable } from '../../domain/ap/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertOwner, actorOf, assertTypeRoute, assertVersion, created, editableProject, nextVersion, openableProject, projectAccess, projectNotFound, updatedOrStale, type FmeaProjectRow, type LoadedProject } from './access.ts';
import { releaseProjectCitations } from './catalog-link.ts';
import type { FmeaServiceMessageKey } from './messages.ts';
import { resolveProjectCodes } from './project-codes.ts';
import { takeProjectNumber } from './project-number.ts';
import { projectUsage } from './project-usage.ts';
import { softDeleted } from '../../db/live.ts';
import type { CustomValues } from '../../domain/custom-fields/index.ts';
import { readCustomValues, saveCustomValues, type StoredCustomValues } from '../custom-fields/values.ts';

/** Header fields a user edits (spec 001 §3 and the AIAG-VDA DFMEA header), engine names. */
export type ProjectHeader = {
  name: string;
  versionLabel?: string | null;
  relatedProjectId?: string | null;
  apTable?: ApTable;
} & {
  /** Dictionary fields take a code or an item's name (either language) and store the code. */
  [K in ProjectTextField | ProjectDateField | ProjectDictionaryField]?: string | null;
};

export type ProjectInput = ProjectHeader & {
  /**
   * The header's custom fields by system name (System › Customisation forms). A create checks them
   * all (a required field left out is refused), except a kind's own service (FMEDA, DRBFM) that gives none.
   */
  customFields?: CustomValues;
  projectType: ProjectType;
  /** The team; the creator joins as counsellor when not named (spec 001 §6). */
  members: TeamMember[];
  /** Name of the product root node; the project name when left out. */
  productName?: string;
  /**
   * A number typed by hand instead of the next one of the type's rule; only
   * where that rule allows manual numbers, and never one any project (deleted
   * ones included) holds. Absent or blank: the rule's next number.
   */
  serialNum?: string | null;
  /**
   * A creator who is not the owner they name loses maintenance rights (spec
   * 000 §6): they stay on the team as counsellor, whatever roles they named
   * for themselves. Refused (conflict `fmea.creator_hand_over`) unless confirmed;
   * an administrator, who keeps editing as administrator, is not asked.
   */
  confirmHandOver?: boolean;
  /** Set by the service a kind is created through (its `createdThrough`), which adds what the kind needs beside the project. */
  kindService?: boolean;
};

export type ProjectUpdate = Partial<ProjectHeader> & { version: number; members?: TeamMember[]; customFields?: CustomValues };

export interface ProjectView extends FmeaProjectRow {
  members: TeamMember[];
  rootNodeId: string | null;
  /** The actor's roles (null for an administrator or shared reader who is not a member) and whether they may edit. */
  myRoles: number[] | null;
  canEdit: boolean;
  /** How the actor reaches the project: team member, administrator (not a member), or shared reader (never edits). */
  access: ProjectAccessLevel;
  /** The header's custom field values by system name. */
  customFields: StoredCustomValues;
}

async function assertUsersExist(db: DbOrTx, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const found = new Set((await db.select({ id: user.id }).from(user).where(inArray(user.id, [...userIds]))).map((r) => r.id));
  const missing = userIds.find((id) => !found.has(id));
  if (missing !== undefined) throw new NotFoundError('fmea.user_not_found' satisfies FmeaServiceMessageKey, { userId: missing });
}

async function assertRelatedProject(db: DbOrTx, relatedProjectId: string | null | undefined): Promise<void> {
  if (!relatedProjectId) return;
  const row = await db.select({ id: fmeaProject.id }).from(fmeaProject).where(eq(fmeaProject.id, relatedProjectId)).get();
  if (!row) throw projectNotFound(relatedProjectId);
}

const trimmed = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : value.trim() || null);

/** Free texts and dates as stored: trimmed, blank as null; fields not given are left out (an update keeps them). */
function headerValues(input: Partial<ProjectHeader>) {
  const values: Partial<Record<ProjectTextField | ProjectDateField | 'versionLabel', string | null>> = {};
  for (const key of [...PROJECT_TEXT_FIELDS, ...PROJECT_DATE_FIELDS, 'versionLabel'] as const) {
    const value = trimmed(input[key]);
    if (value !== undefined) values[key] = value;
  }
  return {
    ...(input.name !== undefined && { name: input.name.trim() }),
    ...values,
    ...(input.relatedProjectId !== undefined && { relatedProjectId: input.relatedProjectId }),
    ...(input.apTable !== undefined && { apTable: input.apTable }),
  };
}

export async function present(db: DbOrTx, loaded: LoadedProject): Promise<ProjectView> {
  const { project, members, actor } = loaded;
  const root = await db.select({ id: fmeaNode.id }).from(fmeaNode).where(and(eq(fmeaNode.projectId, project.id), isNull(fmeaNode.parentId))).get();
  const access = projectAccess(project, members);
  const myRoles = actor.userId ? memberRoles(access, actor.userId) : null;
  const level: ProjectAccessLevel = myRoles !== null ? 'member' : actor.isAdmin ? 'admin' : (loaded.access ?? 'member');
  const canEdit = level !== 'shared' && (actor.isAdmin || (myRoles !== null && !isReadOnlyMember(access, actor.userId)));
  const customFields = (await readCustomValues(db, 'fmeaProject', [project.id])).get(project.id) ?? {};
  return { ...project, members, rootNodeId: root?.id ?? null, myRoles: myRoles ? [...myRoles] : null, canEdit, access: level, customFields };
}

/**
 * Creates a project with its number from the type's numbering rule (DF for
 * DFMEA, PF for PFMEA) or, where the rule allows it, the number typed in
 * `serialNum` (takeProjectNumber), its team and its product root node. Anyone
 * may create one, also for another owner: the creator then joins as counsellor.
 */
export async function createProject(ctx: ServiceContext, input: ProjectInput): Promise<ProjectView> {
  const named = withCreator(input.members ?? [], ctx.actor.userId);
  assertNoIssues([...projectHeaderIssues(input), ...teamIssues(named)]);
  const members = handedOver(named, ctx.actor.userId);
  const profile = kindOf(input.projectType);
  // a kind made with more than a project (an FMEDA's settings and worksheet) is made by its own call only
  if (profile.createdThrough !== null && input.kindService !== true) throw new InvalidInputError('fmea.created_elsewhere', { call: profile.createdThrough });
  return writeAndLog(ctx, async (tx, txCtx) => {
    const actor = await actorOf(tx, ctx.actor);
    assertTypeRoute(ctx.actor, actor, input.projectType, 'add');
    await assertUsersExist(tx, members.map((m) => m.userId));
    const owner = responsibleOf(members);
    if (!actor.isAdmin && ctx.actor.userId !== null && owner !== ctx.actor.userId && input.confirmHandOver !== true) {
      throw new ConflictError('fmea.creator_hand_over' satisfies FmeaServiceMessageKey, { ownerId: owner ?? '' });
    }
    await assertRelatedProject(tx, input.relatedProjectId);
    const codes = await resolveProjectCodes(tx, input);
    const serialNum = await takeProjectNumber(tx, input.projectType, ctx.now(), input.serialNum);
    const [project] = await tx
      .insert(fmeaProject)
      .values({
        ...headerValues(input),
        ...codes,
        name: input.name.trim(),
        serialNum,
        projectType: input.projectType,
        apTable: input.apTable ?? profile.apTable,
        responsibleUserId: responsibleOf(members),
        creatorId: ctx.actor.userId,
        ...created(txCtx),
      })
      .returning();
    await tx.insert(fmeaMember).values(members.map((m) => ({ projectId: project!.id, userId: m.userId, roles: [...m.roles] })));
    if (input.kindService !== true || input.customFields !== undefined) await saveCustomValues(tx, 'fmeaProject', project!.id, input.customFields, { partial: false });
    await tx.insert(fmeaNode).values({ projectId: project!.id, parentId: null, nodeType: NODE_TYPES.product, name: (input.productName ?? input.name).trim(), sort: 1, ...created(txCtx) });
    const view = await present(tx, { project: project!, members, actor: await actorOf(tx, ctx.actor) });
    return { result: view, log: { action: 'fmea.project.create', entity: 'fmea_project', entityId: project!.id, after: { ...project, members } } };
  });
}

/** The creator of a project they do not own keeps only the counsellor role (spec 000 §6: no maintenance rights). */
function handedOver(members: TeamMember[], creatorId: string | null): TeamMember[] {
  const owner = responsibleOf(members);
  if (creatorId === null || owner === null || owner === creatorId) return members;
  return members.map((m) => (m.userId === creatorId ? { userId: m.userId, roles: [CREATOR_DEFAULT_ROLE] } : m));
}

/**
 * Updates header fields and, when given, the whole team; `version` must be the
 * one read. A change of the team (who, which roles, so also the responsible
 * person) or of an owner-only field is the responsible person's or an
 * administrator's alone: a collaborator's save that changes one is refused
 * whole. Sending them unchanged (a form saves everything it shows) is fine.
 */
export async function updateProjectHeader(ctx: ServiceContext, projectId: string, input: ProjectUpdate): Promise<ProjectView> {
  assertNoIssues([...projectHeaderIssues(input, { partial: true }), ...(input.members ? teamIssues(input.members) : [])]);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const loaded = await editableProject(tx, ctx.actor, projectId, ctx.now(), 'edit');
    assertVersion(loaded.project, input.version, 'fmea_project');
    if (input.members) await assertUsersExist(tx, input.members.map((m) => m.userId));
    await assertRelatedProject(tx, input.relatedProjectId);
    const codes = await resolveProjectCodes(tx, input, loaded.project);
    if (input.members && !sameTeam(input.members, loaded.members)) assertOwner(loaded, 'team');
    const next = { apTable: input.apTable, confidentiality: codes.confidentiality };
    const changed = OWNER_ONLY_PROJECT_FIELDS.find((field) => next[field] !== undefined && next[field] !== loaded.project[field]);
    if (changed) assertOwner(loaded, 'settings', { field: changed });
    const members = input.members ?? loaded.members;
    const rows = await tx
      .update(fmeaProject)
      .set({ ...headerValues(input), ...codes, responsibleUserId: responsibleOf(members), ...nextVersion(txCtx) })
      .where(and(eq(fmeaProject.id, projectId), eq(fmeaProject.version, input.version)))
      .returning();
    const project = updatedOrStale(rows, 'fmea_project');
    await saveCustomValues(tx, 'fmeaProject', projectId, input.customFields, { partial: true });
    if (input.members) {
      await tx.delete(fmeaMember).where(eq(fmeaMember.projectId, projectId));
      await tx.insert(fmeaMember).values(input.members.map((m) => ({ projectId, userId: m.userId, roles: [...m.roles] })));
    }
    const view = await present(tx, { ...loaded, project, members });
    return {
      result: view,
      log: { action: 'fmea.project.update', entity: 'fmea_project', entityId: projectId, before: { ...loaded.project, members: loaded.members }, after: { ...project, members } },
    };
  });
}

/**
 * Soft delete (del_flg 1): only the responsible owner or an administrator
 * (spec 000 §6). The catalog records its items cited are released. When
 * other projects use it (made from it as a template or family, or holding
 * nodes borrowed from it) it asks first: conflict `fmea.project_in_use`
 * with the count until `confirm` is true.
 */
export async function deleteProject(ctx: ServiceContext, projectId: string, input: { version: number; confirm?: boolean }): Promise<void> {
  await writeAndLog(ctx, async (tx, txCtx) => {
    const loaded = await editableProject(tx, ctx.actor, projectId, ctx.now(), 'del');
    assertOwner(loaded, 'copy');
    assertVersion(loaded.project, input.version, 'fmea_project');
    const usedBy = await projectUsage(tx, projectId);
    if (usedBy > 0 && !input.confirm) throw new ConflictError('fmea.project_in_use' satisfies FmeaServiceMessageKey, { count: usedBy });
    const [after] = await tx.update(fmeaProject).set({ ...softDeleted(), deletedAt: ctx.now(), ...nextVersion(txCtx) }).where(eq(fmeaProject.id, projectId)).returning();
    const released = await releaseProjectCitations(tx, txCtx, projectId);
    return { result: undefined, log: [{ action: 'fmea.project.delete', entity: 'fmea_project', entityId: projectId, before: loaded.project, after }, ...released] };
  });
}

/** A project by id, for members, administrators and shared readers; a deleted one is not found. */
export async function getProjectById(ctx: ServiceContext, projectId: string): Promise<ProjectView> {
  return present(ctx.db, await openableProject(ctx.db, ctx.actor, projectId, ctx.now()));
}

/** What a deep-link value names: a project, and the structure node to focus when the value was a node id. */
export interface ProjectReference {
  projectId: string;
  projectType: ProjectType;
  /** The node the value named (the root or any other node of the tree); null when it was the project number. */
  focusNodeId: string | null;
}

/**
 * Resolves a deep-link value (the spec's `pptSerial`, the legacy `serialNum`)
 * as a project number (DF…/PF…) or, failing that, the id of a structure node
 * of a project (the root's id is the project's pptSerial). Access is not
 * checked here: opening the project does that. Unknown: `fmea.project_not_found`.
 */
export async function resolveProjectReference(db: DbOrTx, value: string): Promise<ProjectReference> {
  const wanted = value.trim();
  const byNumber = await db.select({ id: fmeaProject.id, projectType: fmeaProject.projectType }).from(fmeaProject).where(eq(fmeaProject.serialNum, wanted)).get();
  if (byNumber) return { projectId: byNumber.id, projectType: byNumber.projectType, focusNodeId: null };
  const byNode = await db
    .select({ id: fmeaProject.id, projectType: fmeaProject.projectType, nodeId: fmeaNode.id })
    .from(fmeaNode)
    .innerJoin(fmeaProject, eq(fmeaProject.id, fmeaNode.projectId))
    .where(eq(fmeaNode.id, wanted))
    .get();
  if (byNode) return { projectId: byNode.id, projectType: byNode.projectType, focusNodeId: byNode.nodeId };
  throw projectNotFound(value);
}

/**
 * A project by its number or by the id of one of its structure nodes (deep
 * links carry the node: `pptSerial`), with `focusNodeId` set in the second
 * case. Same access as by id: members and administrators; deleted is not found.
 */
export async function getProjectBySerialNumber(ctx: ServiceContext, serialNumOrNodeId: string): Promise<ProjectView & { focusNodeId: string | null }> {
  const { projectId, focusNodeId } = await resolveProjectReference(ctx.db, serialNumOrNodeId);
  return { ...(await getProjectById(ctx, projectId)), focusNodeId };
}

