import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { drbfmAction, drbfmConcern, drbfmMeeting, drbfmPart, drbfmProject, ewoItem, fmeaChangeProposal, fmeaMember, fmeaProject, user } from '../../db/schema/index.ts';
import { drbfmChangeIssues, type DrbfmChangeInput, type DrbfmPartKind } from '../../domain/drbfm/index.ts';
import type { TeamMember } from '../../domain/fmea/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { NotFoundError } from '../../errors.ts';
import { ewoCaller, readableEwo } from '../ewo/access.ts';
import { created, editableProject, nextVersion, openableProject, staleVersion, type FmeaProjectRow } from '../fmea/access.ts';
import { createProject, getProjectById } from '../fmea/projects.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';

/**
 * The stored DRBFM (issue 25, docs/domain/drbfm.md): an FMEA project of the kind 'drbfm' (header, team, review,
 * baselines are the engine's) with its change (drbfm_project), changed parts, concerns, actions and review meetings.
 * Reads go through `openableProject`, writes through `editableProject` (the DRBFM route with the button,
 * membership, read-only members, the review lock). A project is a DRBFM when it has its change row.
 */
export const DRBFM_PROJECT_TYPE = 'drbfm' as const;

export const drbfmNotFound = (project: string) => new NotFoundError('drbfm.not_found', { project });

const text = (value: string | null | undefined) => (value == null ? null : value.trim() || null);

export type DrbfmChangeRow = typeof drbfmProject.$inferSelect;
export type DrbfmPartRow = typeof drbfmPart.$inferSelect;
export type DrbfmConcernRow = typeof drbfmConcern.$inferSelect;
export type DrbfmActionRow = typeof drbfmAction.$inferSelect;
export type DrbfmMeetingRow = typeof drbfmMeeting.$inferSelect;

/** Where a concern went: the closed-loop proposals made from it (the DFMEA row, its status and the action it became). */
export interface ConcernTrace {
  id: string;
  projectId: string;
  serialNum: string;
  projectName: string;
  projectType: string;
  targetRowId: string | null;
  targetKind: 'FM' | 'FC';
  targetText: string;
  kind: string;
  description: string;
  status: string;
  decisionReason: string | null;
}

/** The proposals made from a DRBFM's concerns, with the FMEA each went to (what the DRBFM's readers see of its trace). */
async function tracesOf(db: DbOrTx, projectId: string): Promise<(ConcernTrace & { concernId: string | null })[]> {
  const p = fmeaChangeProposal;
  return db
    .select({ id: p.id, concernId: p.sourceItemId, projectId: p.projectId, serialNum: fmeaProject.serialNum, projectName: fmeaProject.name, projectType: fmeaProject.projectType, targetRowId: p.targetRowId, targetKind: p.targetKind, targetText: p.targetText, kind: p.kind, description: p.description, status: p.status, decisionReason: p.decisionReason })
    .from(p)
    .innerJoin(fmeaProject, eq(fmeaProject.id, p.projectId))
    .where(and(eq(p.sourceKind, 'drbfm'), eq(p.sourceId, projectId)))
    .orderBy(desc(p.createdAt), asc(p.id));
}

export interface DrbfmView {
  projectId: string;
  serialNum: string;
  name: string;
  reviewStatus: string;
  canEdit: boolean;
  change: DrbfmChangeRow;
  parts: DrbfmPartRow[];
  concerns: (DrbfmConcernRow & { sentTo: ConcernTrace[] })[];
  actions: DrbfmActionRow[];
  meetings: DrbfmMeetingRow[];
  /** The team by name: who may raise a concern and be responsible for an action. */
  team: { userId: string; name: string }[];
}

export async function changeRow(db: DbOrTx, projectId: string): Promise<DrbfmChangeRow> {
  const row = await db.select().from(drbfmProject).where(eq(drbfmProject.projectId, projectId)).get();
  if (!row) throw drbfmNotFound(projectId);
  return row;
}

/** The worksheet of a DRBFM project the caller has opened, concerns with where they went. */
export async function drbfmContent(db: DbOrTx, project: FmeaProjectRow) {
  const change = await changeRow(db, project.id);
  const [parts, concerns, actions, meetings] = await Promise.all([
    db.select().from(drbfmPart).where(eq(drbfmPart.projectId, project.id)).orderBy(asc(drbfmPart.sort), asc(drbfmPart.id)),
    db.select().from(drbfmConcern).where(eq(drbfmConcern.projectId, project.id)).orderBy(asc(drbfmConcern.sort), asc(drbfmConcern.id)),
    db.select().from(drbfmAction).where(eq(drbfmAction.projectId, project.id)).orderBy(asc(drbfmAction.sort), asc(drbfmAction.id)),
    db.select().from(drbfmMeeting).where(eq(drbfmMeeting.projectId, project.id)).orderBy(asc(drbfmMeeting.meetingDate), asc(drbfmMeeting.createdAt)),
  ]);
  const traces = await tracesOf(db, project.id);
  const team = await db
    .select({ userId: fmeaMember.userId, userName: user.userName, realName: user.realName })
    .from(fmeaMember)
    .innerJoin(user, eq(user.id, fmeaMember.userId))
    .where(eq(fmeaMember.projectId, project.id))
    .orderBy(asc(user.userName));
  const partOrder = new Map(parts.map((p, i) => [p.id, i]));
  concerns.sort((a, b) => (partOrder.get(a.partId) ?? 0) - (partOrder.get(b.partId) ?? 0) || a.sort - b.sort);
  return {
    change,
    parts,
    concerns: concerns.map((c) => ({
      ...c,
      sentTo: traces.filter((t) => t.concernId === c.id).map(({ concernId: _, ...t }) => t),
    })),
    actions,
    meetings,
    team: team.map((m) => ({ userId: m.userId, name: m.realName || m.userName })),
  };
}

/** A DRBFM's worksheet, for anyone who may open the project. */
export async function getDrbfm(ctx: ServiceContext, projectId: string): Promise<DrbfmView> {
  const loaded = await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const view = await getProjectById(ctx, projectId);
  return { projectId, serialNum: loaded.project.serialNum, name: loaded.project.name, reviewStatus: loaded.project.reviewStatus, canEdit: view.canEdit, ...(await drbfmContent(ctx.db, loaded.project)) };
}

export interface DrbfmCreateInput extends DrbfmChangeInput {
  name: string;
  members: TeamMember[];
  serialNum?: string | null;
  confirmHandOver?: boolean;
  /** Start from an EWO (its id or EC number; the caller must be able to read it): its description is the change point, its affected products, BOM parts and FMEA structure elements the changed parts. */
  fromEwo?: string | null;
}

type NewPart = { partKind: DrbfmPartKind; refId: string | null; code: string | null; name: string; changeNote: string | null };

/** What an EWO gives a new DRBFM: its description, and the products, BOM parts and FMEA structure elements it touches as parts. */
async function fromEwo(inner: ServiceContext, key: string) {
  const caller = await ewoCaller(inner.db, inner.actor);
  const row = await readableEwo(inner.db, caller, key);
  const items = await inner.db.select().from(ewoItem).where(eq(ewoItem.ewoId, row.id)).orderBy(asc(ewoItem.sort));
  const parts: NewPart[] = items.flatMap((i): NewPart[] => {
    const base = { code: i.code, name: i.label, changeNote: i.changeNote };
    if (i.kind === 'bomPart') return [{ partKind: 'bomPart', refId: i.refId, ...base }];
    if (i.kind === 'fmeaItem' && i.fmeaRef === 'node') return [{ partKind: 'fmeaNode', refId: i.refId, ...base }];
    // a product is the whole; FMEA functions and failures are not parts (concerns may name them)
    if (i.kind === 'product') return [{ partKind: 'text', refId: null, ...base }];
    return [];
  });
  return { ewo: row, parts };
}

/**
 * Creates a DRBFM project (DR…): the FMEA project with its team (the engine's createProject: the DRBFM route's add
 * button, the hand-over rule), its change and, from an EWO, its changed parts, all or nothing. What the caller
 * types wins over the EWO's text.
 */
export async function createDrbfm(ctx: ServiceContext, input: DrbfmCreateInput): Promise<DrbfmView> {
  const projectId = await ctx.db.transaction(async (tx) => {
    const inner: ServiceContext = { ...ctx, db: tx as unknown as Db };
    const source = input.fromEwo ? await fromEwo(inner, input.fromEwo) : null;
    const change = {
      changePoint: text(input.changePoint) ?? source?.ewo.description ?? '',
      changeReason: text(input.changeReason),
      beforeChange: text(input.beforeChange),
      afterChange: text(input.afterChange),
    };
    assertNoIssues(drbfmChangeIssues(change, true));
    const project = await createProject(inner, { projectType: DRBFM_PROJECT_TYPE, name: input.name, members: input.members, serialNum: input.serialNum, confirmHandOver: input.confirmHandOver, productName: input.name, kindService: true });
    await tx.insert(drbfmProject).values({ projectId: project.id, ewoId: source?.ewo.id ?? null, ewoNum: source?.ewo.ewoNum ?? null, ...change, ...created(inner) });
    const parts = source?.parts ?? [];
    if (parts.length) await tx.insert(drbfmPart).values(parts.map((p, i) => ({ projectId: project.id, sort: i + 1, ...p, ...created(inner) })));
    return project.id;
  });
  return getDrbfm(ctx, projectId);
}

/** Changes the change under review (what, why, before, after) at the version read. */
export async function updateDrbfmChange(ctx: ServiceContext, projectId: string, input: DrbfmChangeInput & { version: number }): Promise<DrbfmView> {
  const { version, ...changes } = input;
  assertNoIssues(drbfmChangeIssues(changes, false));
  await writeAndLog(ctx, async (tx, txCtx) => {
    await editableProject(tx, ctx.actor, projectId, ctx.now(), 'edit');
    const before = await changeRow(tx, projectId);
    if (before.version !== version) throw staleVersion('drbfm', before.version);
    const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined).map(([k, v]) => [k, k === 'changePoint' ? (v as string).trim() : text(v as string | null)]));
    await tx.update(drbfmProject).set({ ...values, ...nextVersion(txCtx) }).where(eq(drbfmProject.projectId, projectId));
    return { result: null, log: { action: 'drbfm.change.update', entity: 'drbfm_project', entityId: projectId, before, after: { ...before, ...values } } };
  });
  return getDrbfm(ctx, projectId);
}
