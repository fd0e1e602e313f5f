import { and, asc, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { actorName } from '../shared/people.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { fmeaProject, program, programFmea, programStage, projectTask } from '../../db/schema/index.ts';
import { live, softDeleted } from '../../db/live.ts';
import { ConflictError, InvalidInputError, type Issue } from '../../errors.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import type { ProgramMessageKey } from '../../domain/program/index.ts';
import { TASK_STATUS } from '../../domain/status/index.ts';
import { openableProject, projectNotFound } from '../fmea/access.ts';
import { allocateNumber } from '../numbering/numbering.ts';
import { readDb, type ServiceContext, type TxContext } from '../shared/context.ts';
import { contains, pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertOperate, assertProgramRead, findProgram, programCaller, PROGRAM_ROUTE, type ProgramRow } from './access.ts';
import { dayIssue, NAME_MAX, orderIssue, peopleById, textIssue, TEXT_MAX } from './validate.ts';

/**
 * Programs (issue 24, spec 001 §3 Program): list, read, create, edit, delete; their stages and the FMEAs
 * that belong to them. Answers use the spec's field names.
 */
export interface ProgramSummary {
  id: string;
  programNum: string;
  programName: string;
  enProgramName: string | null;
  productNum: string | null;
  productName: string | null;
  programOwnerId: string | null;
  programOwnerName: string | null;
  startDate: string | null;
  endDate: string | null;
  sopDate: string | null;
  dtPostDate: string | null;
  releaseDate: string | null;
  dePostDate: string | null;
  completeDate: string | null;
  description: string | null;
  dfmeaCount: number;
  pfmeaCount: number;
  taskCount: number;
  creatorId: string | null;
  creatorName: string | null;
  updaterName: string | null;
  updateTime: Date;
  version: number;
}

export interface ProgramStageView {
  id: string;
  name: string;
  nameEn: string | null;
  sort: number;
  startDate: string | null;
  endDate: string | null;
}

export interface ProgramFmeaView {
  projectId: string;
  serialNum: string;
  name: string;
  projectType: string;
  /** 2 for a process FMEA (a PFMEA), 1 for the others: the task object of its tasks. */
  taskObject: '1' | '2';
}

export interface ProgramView extends ProgramSummary {
  stages: ProgramStageView[];
  fmeas: ProgramFmeaView[];
}

export interface ProgramInput {
  programName: string;
  enProgramName?: string | null;
  productNum?: string | null;
  productName?: string | null;
  programOwnerId?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  sopDate?: string | null;
  dtPostDate?: string | null;
  releaseDate?: string | null;
  dePostDate?: string | null;
  completeDate?: string | null;
  description?: string | null;
}

export interface ProgramQuery extends PageQuery {
  /** Number, name, English name or product contains. */
  search?: string;
  ownerId?: string;
}

const DATE_FIELDS = ['startDate', 'endDate', 'sopDate', 'dtPostDate', 'releaseDate', 'dePostDate', 'completeDate'] as const;

interface Counts {
  dfmeaCount: number;
  pfmeaCount: number;
  taskCount: number;
}

/** The DFMEA / PFMEA counts (live projects; a process-model FMEA counts as a PFMEA) and live task counts of programs. */
async function countsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, Counts>> {
  const counts = new Map<string, Counts>(ids.map((id) => [id, { dfmeaCount: 0, pfmeaCount: 0, taskCount: 0 }]));
  if (!ids.length) return counts;
  const [links, tasks] = await Promise.all([
    db
      .select({ programId: programFmea.programId, projectType: fmeaProject.projectType, n: sql<number>`count(*)` })
      .from(programFmea)
      .innerJoin(fmeaProject, eq(fmeaProject.id, programFmea.projectId))
      .where(and(inArray(programFmea.programId, [...ids]), live(fmeaProject)))
      .groupBy(programFmea.programId, fmeaProject.projectType),
    db.select({ programId: projectTask.programId, n: sql<number>`count(*)` }).from(projectTask).where(and(inArray(projectTask.programId, [...ids]), live(projectTask))).groupBy(projectTask.programId),
  ]);
  for (const link of links) {
    const c = counts.get(link.programId)!;
    if (kindOf(link.projectType).processModel) c.pfmeaCount += Number(link.n);
    else c.dfmeaCount += Number(link.n);
  }
  for (const t of tasks) if (t.programId) counts.get(t.programId)!.taskCount = Number(t.n);
  return counts;
}

export const programSummary = (row: ProgramRow, counts: Counts): ProgramSummary => ({
  id: row.id,
  programNum: row.programNum,
  programName: row.name,
  enProgramName: row.nameEn,
  productNum: row.productNum,
  productName: row.productName,
  programOwnerId: row.ownerId,
  programOwnerName: row.ownerName,
  startDate: row.startDate,
  endDate: row.endDate,
  sopDate: row.sopDate,
  dtPostDate: row.dtPostDate,
  releaseDate: row.releaseDate,
  dePostDate: row.dePostDate,
  completeDate: row.completeDate,
  description: row.description,
  ...counts,
  creatorId: row.creatorId,
  creatorName: row.creatorName,
  updaterName: row.updaterName,
  updateTime: row.updatedAt,
  version: row.version,
});

export async function listPrograms(ctx: ServiceContext, query: ProgramQuery = {}): Promise<Page<ProgramSummary>> {
  assertProgramRead(await programCaller(ctx.db, ctx.actor));
  const db = await readDb(ctx);
  const { page, limit, offset } = pageWindow(query);
  const text = query.search?.trim();
  const where = and(
    live(program),
    query.ownerId ? eq(program.ownerId, query.ownerId) : undefined,
    text ? or(contains(program.programNum, text), contains(program.name, text), contains(program.nameEn, text), contains(program.productName, text), contains(program.productNum, text)) : undefined,
  );
  const [rows, count] = await Promise.all([
    db.select().from(program).where(where).orderBy(desc(program.updatedAt), desc(program.programNum)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)` }).from(program).where(where).get(),
  ]);
  const counts = await countsOf(db, rows.map((r) => r.id));
  return { items: rows.map((r) => programSummary(r, counts.get(r.id)!)), total: Number(count?.n ?? 0), page, limit };
}

/** A program whole: the summary, its stages in order and its FMEAs (live ones). */
export async function programView(db: DbOrTx, row: ProgramRow): Promise<ProgramView> {
  const [counts, stages, fmeas] = await Promise.all([
    countsOf(db, [row.id]),
    db.select().from(programStage).where(eq(programStage.programId, row.id)).orderBy(asc(programStage.sort)),
    db
      .select({ projectId: fmeaProject.id, serialNum: fmeaProject.serialNum, name: fmeaProject.name, projectType: fmeaProject.projectType })
      .from(programFmea)
      .innerJoin(fmeaProject, eq(fmeaProject.id, programFmea.projectId))
      .where(and(eq(programFmea.programId, row.id), live(fmeaProject)))
      .orderBy(asc(fmeaProject.serialNum)),
  ]);
  return {
    ...programSummary(row, counts.get(row.id)!),
    stages: stages.map((s) => ({ id: s.id, name: s.name, nameEn: s.nameEn, sort: s.sort, startDate: s.startDate, endDate: s.endDate })),
    fmeas: fmeas.map((f) => ({ ...f, taskObject: kindOf(f.projectType).processModel ? '2' : '1' })),
  };
}

export async function getProgram(ctx: ServiceContext, key: string): Promise<ProgramView> {
  assertProgramRead(await programCaller(ctx.db, ctx.actor));
  return programView(ctx.db, await findProgram(ctx.db, key));
}

/** Every problem of a program's fields, each under its field (`row` for an import's row). */
export function programIssues(input: ProgramInput, row?: number): Issue[] {
  return [
    ...textIssue('programName', input.programName, NAME_MAX, true, 'program.name_required', row),
    ...textIssue('enProgramName', input.enProgramName, NAME_MAX, false, 'program.name_required', row),
    ...textIssue('productName', input.productName, NAME_MAX, false, 'program.name_required', row),
    ...textIssue('productNum', input.productNum, 64, false, 'program.name_required', row),
    ...textIssue('description', input.description, TEXT_MAX, false, 'program.name_required', row),
    ...DATE_FIELDS.flatMap((field) => dayIssue(field, input[field], row)),
    ...orderIssue('endDate', input.startDate, input.endDate, 'program.dates_order', row),
  ];
}

/** The columns of a checked input (the owner's name read from the user). */
async function columnsOf(db: DbOrTx, input: ProgramInput): Promise<Partial<typeof program.$inferInsert>> {
  const issues = programIssues(input);
  const owner = input.programOwnerId ? (await peopleById(db, [input.programOwnerId])).get(input.programOwnerId) : undefined;
  if (input.programOwnerId && !owner) issues.push({ messageKey: 'program.owner_unknown' satisfies ProgramMessageKey, field: 'programOwnerId', params: { field: 'programOwnerId' } });
  if (issues.length) throw new InvalidInputError('program.invalid' satisfies ProgramMessageKey, {}, issues);
  const text = (v: string | null | undefined) => v?.trim() || null;
  return {
    name: input.programName.trim(),
    nameEn: text(input.enProgramName),
    productNum: text(input.productNum),
    productName: text(input.productName),
    ownerId: owner?.id ?? null,
    ownerName: owner?.name ?? null,
    description: text(input.description),
    ...Object.fromEntries(DATE_FIELDS.map((f) => [f, input[f] || null])),
  };
}

/** Inserts a program with a new PN number (inside the caller's transaction). */
export async function insertProgram(tx: Tx, txCtx: TxContext, input: ProgramInput): Promise<ProgramRow> {
  const columns = await columnsOf(tx, input);
  const now = txCtx.now();
  const programNum = await allocateNumber(tx, 'program', now, async (n) => !!(await tx.select({ id: program.id }).from(program).where(eq(program.programNum, n)).get()));
  const [row] = await tx
    .insert(program)
    .values({ ...columns, name: columns.name!, programNum, creatorId: txCtx.actor.userId, creatorName: txCtx.actor.userName, updaterId: txCtx.actor.userId, updaterName: await actorName(tx, txCtx.actor), createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function createProgram(ctx: ServiceContext, input: ProgramInput): Promise<ProgramView> {
  assertOperate(await programCaller(ctx.db, ctx.actor), PROGRAM_ROUTE, 'add');
  const row = await writeAndLog(ctx, async (tx, txCtx) => {
    const row = await insertProgram(tx, txCtx, input);
    return { result: row, log: { action: 'program.create', entity: 'program', entityId: row.id, after: row } };
  });
  return programView(ctx.db, row);
}

const staleProgram = (row: ProgramRow) => new ConflictError('program.stale' satisfies ProgramMessageKey, { program: row.programNum, currentVersion: row.version });

/** A program the caller may edit (program_index edit under xmcjzRule), at the version they read. */
async function editableProgram(db: DbOrTx, ctx: ServiceContext, key: string, version: number | undefined, action: 'edit' | 'del' = 'edit'): Promise<ProgramRow> {
  const caller = await programCaller(db, ctx.actor);
  const row = await findProgram(db, key);
  assertOperate(caller, PROGRAM_ROUTE, action, row);
  if (version !== undefined && version !== row.version) throw staleProgram(row);
  return row;
}

export async function updateProgram(ctx: ServiceContext, key: string, input: ProgramInput & { version: number }): Promise<ProgramView> {
  const row = await writeAndLog(ctx, async (tx, txCtx) => {
    const before = await editableProgram(tx, ctx, key, input.version);
    const columns = await columnsOf(tx, input);
    const [after] = await tx
      .update(program)
      .set({ ...columns, updaterId: txCtx.actor.userId, updaterName: await actorName(tx, txCtx.actor), updatedAt: txCtx.now(), version: sql`version + 1` })
      .where(and(eq(program.id, before.id), eq(program.version, before.version)))
      .returning();
    if (!after) throw staleProgram(before);
    return { result: after, log: { action: 'program.update', entity: 'program', entityId: after.id, before, after } };
  });
  return programView(ctx.db, row);
}

/** Deletes a program (marked deleted, its number kept) once none of its tasks is left unfinished. */
export async function deleteProgram(ctx: ServiceContext, key: string): Promise<void> {
  await writeAndLog(ctx, async (tx, txCtx) => {
    const before = await editableProgram(tx, ctx, key, undefined, 'del');
    const open = await tx
      .select({ n: sql<number>`count(*)` })
      .from(projectTask)
      .where(and(eq(projectTask.programId, before.id), live(projectTask), notInArray(projectTask.status, [TASK_STATUS.completed, TASK_STATUS.cancelled])))
      .get();
    if (Number(open?.n ?? 0) > 0) throw new ConflictError('program.has_open_tasks' satisfies ProgramMessageKey, { count: Number(open!.n) });
    await tx.update(program).set({ ...softDeleted(), deletedAt: txCtx.now(), updaterId: txCtx.actor.userId, updaterName: await actorName(tx, txCtx.actor), version: sql`version + 1` }).where(eq(program.id, before.id));
    await tx.update(projectTask).set({ ...softDeleted(), deletedAt: txCtx.now() }).where(and(eq(projectTask.programId, before.id), live(projectTask)));
    return { result: undefined, log: { action: 'program.delete', entity: 'program', entityId: before.id, before } };
  });
}

export interface StageInput {
  id?: string | null;
  name: string;
  nameEn?: string | null;
  startDate?: string | null;
  endDate?: string | null;
}

/**
 * Saves a program's stages as listed, in that order: listed ones with an id are changed, new ones added,
 * unlisted ones removed (their tasks keep their place in the plan, without a stage). A program edit.
 */
export async function saveStages(ctx: ServiceContext, key: string, input: { version: number; stages: StageInput[] }): Promise<ProgramView> {
  const row = await writeAndLog(ctx, async (tx, txCtx) => {
    const before = await editableProgram(tx, ctx, key, input.version);
    const issues = input.stages.flatMap((s, i) => [
      ...textIssue(`stages.${i}.name`, s.name, NAME_MAX, true),
      ...textIssue(`stages.${i}.nameEn`, s.nameEn, NAME_MAX),
      ...dayIssue(`stages.${i}.startDate`, s.startDate),
      ...dayIssue(`stages.${i}.endDate`, s.endDate),
      ...orderIssue(`stages.${i}.endDate`, s.startDate, s.endDate, 'program.dates_order'),
    ]);
    if (issues.length) throw new InvalidInputError('program.invalid' satisfies ProgramMessageKey, {}, issues);
    const existing = await tx.select().from(programStage).where(eq(programStage.programId, before.id));
    const known = new Set(existing.map((s) => s.id));
    for (const s of input.stages) if (s.id && !known.has(s.id)) throw new InvalidInputError('program.stage_not_found' satisfies ProgramMessageKey);
    const kept = new Set(input.stages.map((s) => s.id).filter(Boolean));
    const gone = existing.filter((s) => !kept.has(s.id)).map((s) => s.id);
    if (gone.length) {
      await tx.update(projectTask).set({ stageId: null }).where(inArray(projectTask.stageId, gone));
      await tx.delete(programStage).where(inArray(programStage.id, gone));
    }
    for (const [sort, s] of input.stages.entries()) {
      const values = { name: s.name.trim(), nameEn: s.nameEn?.trim() || null, startDate: s.startDate || null, endDate: s.endDate || null, sort };
      if (s.id) await tx.update(programStage).set({ ...values, version: sql`version + 1`, updatedAt: txCtx.now() }).where(eq(programStage.id, s.id));
      else await tx.insert(programStage).values({ ...values, programId: before.id, createdAt: txCtx.now(), updatedAt: txCtx.now() });
    }
    const [after] = await tx.update(program).set({ version: sql`version + 1`, updatedAt: txCtx.now(), updaterId: txCtx.actor.userId, updaterName: await actorName(tx, txCtx.actor) }).where(eq(program.id, before.id)).returning();
    return { result: after!, log: { action: 'program.stages', entity: 'program', entityId: before.id, before: existing, after: input.stages } };
  });
  return programView(ctx.db, row);
}

/** Adds an FMEA the caller may open to the program, or takes it out (its tasks keep pointing at it). */
export async function linkFmea(ctx: ServiceContext, key: string, input: { projectId: string; linked: boolean; version: number }): Promise<ProgramView> {
  const row = await writeAndLog(ctx, async (tx, txCtx) => {
    const before = await editableProgram(tx, ctx, key, input.version);
    const project = await tx.select({ id: fmeaProject.id, serialNum: fmeaProject.serialNum }).from(fmeaProject).where(and(or(eq(fmeaProject.id, input.projectId), eq(fmeaProject.serialNum, input.projectId)), live(fmeaProject))).get();
    if (!project) throw projectNotFound(input.projectId);
    await openableProject(tx, ctx.actor, project.id, txCtx.now());
    const existing = await tx.select().from(programFmea).where(and(eq(programFmea.programId, before.id), eq(programFmea.projectId, project.id))).get();
    if (input.linked && existing) throw new ConflictError('program.fmea_already_linked' satisfies ProgramMessageKey, { project: project.serialNum });
    if (input.linked) await tx.insert(programFmea).values({ programId: before.id, projectId: project.id, createdAt: txCtx.now() });
    else if (existing) await tx.delete(programFmea).where(and(eq(programFmea.programId, before.id), eq(programFmea.projectId, project.id)));
    const [after] = await tx.update(program).set({ version: sql`version + 1`, updatedAt: txCtx.now(), updaterId: txCtx.actor.userId, updaterName: await actorName(tx, txCtx.actor) }).where(eq(program.id, before.id)).returning();
    return { result: after!, log: { action: input.linked ? 'program.fmea.link' : 'program.fmea.unlink', entity: 'program', entityId: before.id, after: { projectId: project.id, serialNum: project.serialNum } } };
  });
  return programView(ctx.db, row);
}
