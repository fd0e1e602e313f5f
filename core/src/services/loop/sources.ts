import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { live } from '../../db/live.ts';
import { drbfmConcern, drbfmPart, drbfmProject, ewo, ewoItem, fmeaMember, fmeaProject, problem, problemCause, problemMember, spcStudy } from '../../db/schema/index.ts';
import { drbfmProjectPath } from '../../domain/areas/drbfm.ts';
import { ewoDetailPath } from '../../domain/areas/ewo.ts';
import { problemDetailPath } from '../../domain/areas/problem.ts';
import { spcStudyPath } from '../../domain/areas/spc.ts';
import type { LoopSourceKind } from '../../domain/loop/index.ts';
import type { Actor } from '../../domain/permissions/index.ts';
import { NotAllowedError, NotFoundError } from '../../errors.ts';
import type { Operator } from '../shared/context.ts';
import type { LoopServiceMessageKey } from './messages.ts';

/**
 * What the loop reads of a problem or an EWO (docs/domain/closed-loop.md):
 * its number and title, the texts to match on (each with the field it comes
 * from and, for a root cause, its id), the catalog records it names, the
 * people who may propose from it (its owner and team), and its page.
 */
export interface LoopSourceRecord {
  readonly kind: LoopSourceKind;
  readonly id: string;
  readonly number: string;
  readonly title: string;
  readonly texts: readonly { readonly field: string; readonly text: string; readonly itemId?: string }[];
  readonly catalogRecordIds: readonly string[];
  /** FMEA items (functions, failures) the source names itself: an EWO's affected FMEA items. */
  readonly itemIds: readonly string[];
  /** Who may propose from the source and read its proposals: its responsible person, creator and team. */
  readonly teamIds: readonly string[];
  /** The menu routes that open the source (one of them must be held when the session names its grants). */
  readonly routes: readonly string[];
  readonly link: string;
}

/** Reads one source by id; null when there is none (or it was deleted). */
export type LoopSourceReader = (db: DbOrTx, id: string) => Promise<LoopSourceRecord | null>;

/**
 * A problem: its brief and description, and its confirmed root causes on
 * both tracks (why it occurred, why it was not detected), the texts D4 and D7
 * propose from; its team is the responsible person, the creator and the D1 members.
 */
async function readProblem(db: DbOrTx, id: string): Promise<LoopSourceRecord | null> {
  const row = await db.select().from(problem).where(and(eq(problem.id, id), live(problem))).get();
  if (!row) return null;
  const causes = await db.select().from(problemCause).where(eq(problemCause.problemId, id)).orderBy(asc(problemCause.track), asc(problemCause.sort));
  const members = await db.select({ userId: problemMember.userId }).from(problemMember).where(eq(problemMember.problemId, id));
  const team = [row.responsibleId, row.creatorId, ...members.map((m) => m.userId)].filter((u): u is string => !!u);
  const roots = causes.filter((c) => c.rootCause);
  return {
    kind: 'problem',
    id: row.id,
    number: row.problemNum,
    title: row.brief,
    texts: [
      // the confirmed root causes first; every cause when none is confirmed yet
      ...(roots.length > 0 ? roots : causes).map((c) => ({ field: c.track === 'occurrence' ? 'whyOccurred' : 'whyNotDetected', text: c.description, itemId: c.id })),
      { field: 'brief', text: row.brief },
      ...(row.description ? [{ field: 'description', text: row.description }] : []),
    ],
    catalogRecordIds: [],
    itemIds: [],
    teamIds: [...new Set(team)],
    routes: row.customerProblem ? ['fawProblem_index', 'problem_index'] : ['problem_index'],
    link: problemDetailPath(row.id),
  };
}

/**
 * An EWO: its description and what changes for each affected item; the FMEA
 * functions and failures it lists are named outright. Its team is the
 * tracker and the creator.
 */
async function readEwo(db: DbOrTx, id: string): Promise<LoopSourceRecord | null> {
  const row = await db.select().from(ewo).where(and(eq(ewo.id, id), live(ewo))).get();
  if (!row) return null;
  const items = await db.select().from(ewoItem).where(eq(ewoItem.ewoId, id)).orderBy(asc(ewoItem.sort));
  return {
    kind: 'ewo',
    id: row.id,
    number: row.ewoNum,
    title: row.description,
    texts: [{ field: 'description', text: row.description }, ...items.flatMap((i) => (i.changeNote ? [{ field: 'changeNote', text: `${i.label} ${i.changeNote}`, itemId: i.id }] : []))],
    catalogRecordIds: [],
    itemIds: items.filter((i) => i.kind === 'fmeaItem' && i.fmeaRef !== 'node').map((i) => i.refId),
    teamIds: [...new Set([row.trackerId, row.creatorId].filter((u): u is string => !!u))],
    routes: ['ewo_index'],
    link: ewoDetailPath(row.id),
  };
}

/**
 * An SPC study (docs/domain/spc.md): its measured capability proposes an occurrence rating for the causes on
 * its characteristic. Nothing to match by text; its team is the PFMEA project's team (the study is theirs)
 * and the study's creator.
 */
async function readSpcStudy(db: DbOrTx, id: string): Promise<LoopSourceRecord | null> {
  const row = await db.select().from(spcStudy).where(eq(spcStudy.id, id)).get();
  if (!row) return null;
  const members = await db.select({ userId: fmeaMember.userId }).from(fmeaMember).where(eq(fmeaMember.projectId, row.projectId));
  return {
    kind: 'spc',
    id: row.id,
    number: row.studyNum,
    title: row.name,
    texts: [],
    catalogRecordIds: [],
    itemIds: [],
    teamIds: [...new Set([row.createdBy, ...members.map((m) => m.userId)].filter((u): u is string => !!u))],
    routes: ['spc_index'],
    link: spcStudyPath(row.id),
  };
}

/**
 * A DRBFM (issue 25): its concerns, each with the cause it suggests (the text a DFMEA row is matched on and
 * proposed from; the concern's id is the proposal's source item), and the change itself. A project is a DRBFM
 * when it has its change row. Its team is the project's team (every member role): those who raise concerns.
 */
async function readDrbfm(db: DbOrTx, id: string): Promise<LoopSourceRecord | null> {
  const row = await db
    .select({ id: fmeaProject.id, serialNum: fmeaProject.serialNum, name: fmeaProject.name, changePoint: drbfmProject.changePoint, creatorId: fmeaProject.creatorId })
    .from(drbfmProject)
    .innerJoin(fmeaProject, eq(fmeaProject.id, drbfmProject.projectId))
    .where(and(eq(drbfmProject.projectId, id), live(fmeaProject)))
    .get();
  if (!row) return null;
  const concerns = await db
    .select({ id: drbfmConcern.id, concern: drbfmConcern.concern, cause: drbfmConcern.cause, part: drbfmPart.name })
    .from(drbfmConcern)
    .innerJoin(drbfmPart, eq(drbfmPart.id, drbfmConcern.partId))
    .where(eq(drbfmConcern.projectId, id))
    .orderBy(asc(drbfmPart.sort), asc(drbfmConcern.sort));
  const members = await db.select({ userId: fmeaMember.userId }).from(fmeaMember).where(eq(fmeaMember.projectId, id));
  return {
    kind: 'drbfm',
    id: row.id,
    number: row.serialNum,
    title: row.name,
    texts: [...concerns.map((c) => ({ field: 'concern', text: [c.part, c.concern, c.cause].filter(Boolean).join(' '), itemId: c.id })), { field: 'changePoint', text: row.changePoint }],
    catalogRecordIds: [],
    itemIds: [],
    teamIds: [...new Set(members.map((m) => m.userId))],
    routes: ['drbfm_index'],
    link: drbfmProjectPath(row.id),
  };
}

/** The sources by kind. */
export const LOOP_SOURCES: Readonly<Record<LoopSourceKind, LoopSourceReader>> = {
  problem: readProblem,
  ewo: readEwo,
  spc: readSpcStudy,
  drbfm: readDrbfm,
};

/** The source, or "not found". */
export async function findSource(db: DbOrTx, kind: LoopSourceKind, id: string, sources = LOOP_SOURCES): Promise<LoopSourceRecord> {
  const found = await sources[kind](db, id);
  if (!found) throw new NotFoundError('loop.source_not_found' satisfies LoopServiceMessageKey, { kind });
  return found;
}

/**
 * The source, for someone who works it: on its team (or an administrator),
 * holding a route that opens it when the session names its grants.
 * Refused as "not allowed" otherwise.
 */
export async function sourceOfTeam(db: DbOrTx, operator: Operator, actor: Actor, kind: LoopSourceKind, id: string, sources = LOOP_SOURCES): Promise<LoopSourceRecord> {
  const source = await findSource(db, kind, id, sources);
  if (actor.isAdmin) return source;
  const routed = !operator.grants || source.routes.some((r) => operator.grants!.has(r));
  if (!routed || !source.teamIds.includes(actor.userId)) throw new NotAllowedError('loop.not_source_team' satisfies LoopServiceMessageKey, { number: source.number });
  return source;
}
