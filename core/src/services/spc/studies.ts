import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { controlPlan, controlPlanLine, fmeaCharacteristic, fmeaProject, spcMeasurement, spcStudy } from '../../db/schema/index.ts';
import { DEFAULT_STUDY_RULES, parseSpecification, studyIssues, type ParsedSpec, type StudyChart, type StudyRunRule } from '../../domain/spc-study/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { isDomainError } from '../../errors.ts';
import { openableProject } from '../fmea/access.ts';
import { allocateNumber } from '../numbering/numbering.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';
import { contains, pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { holds, mayWrite, readableStudy, spcCaller, staleStudy, writableProject, writableStudy, type SpcCaller, type SpcStudyRow } from './access.ts';
import type { SpcServiceMessageKey } from './messages.ts';

/** A study as answered: its settings, its project, how many measurements it holds, its phase and what the caller may do. */
export interface SpcStudyView {
  readonly study: SpcStudyRow;
  readonly projectSerial: string;
  readonly projectName: string;
  readonly projectType: string;
  readonly measurements: number;
  readonly subgroups: number;
  readonly can: { readonly edit: boolean; readonly del: boolean; readonly import: boolean };
}

async function counts(db: DbOrTx, studyId: string): Promise<{ measurements: number; subgroups: number }> {
  const row = await db
    .select({ measurements: sql<number>`count(*)`, subgroups: sql<number>`count(distinct ${spcMeasurement.subgroup})` })
    .from(spcMeasurement)
    .where(eq(spcMeasurement.studyId, studyId))
    .get();
  return { measurements: Number(row?.measurements ?? 0), subgroups: Number(row?.subgroups ?? 0) };
}

export async function studyView(db: DbOrTx, caller: SpcCaller, study: SpcStudyRow, project: { serialNum: string; name: string; projectType: string }, now: Date): Promise<SpcStudyView> {
  const writes = await mayWrite(db, caller, study.projectId, now);
  return {
    study,
    projectSerial: project.serialNum,
    projectName: project.name,
    projectType: project.projectType,
    ...(await counts(db, study.id)),
    can: { edit: writes && holds(caller, 'edit'), del: writes && holds(caller, 'del'), import: writes && holds(caller, 'import') },
  };
}

/** One control-plan characteristic a study may measure: the line, its characteristic's name, the specification and the limits read from it. */
export interface StudyCandidate {
  readonly lineId: string;
  readonly phase: string;
  readonly characteristicId: string | null;
  readonly characteristicNo: string | null;
  readonly name: string;
  readonly processNo: string | null;
  readonly specification: string | null;
  readonly limits: ParsedSpec | null;
  /** The studies already made of the line. */
  readonly studies: readonly { id: string; studyNum: string }[];
}

async function linesOf(db: DbOrTx, projectId: string, lineId?: string) {
  return db
    .select({ line: controlPlanLine, phase: controlPlan.phase, characteristicName: fmeaCharacteristic.name })
    .from(controlPlanLine)
    .innerJoin(controlPlan, eq(controlPlan.id, controlPlanLine.planId))
    .leftJoin(fmeaCharacteristic, eq(fmeaCharacteristic.id, controlPlanLine.characteristicId))
    .where(and(eq(controlPlanLine.projectId, projectId), lineId ? eq(controlPlanLine.id, lineId) : undefined))
    .orderBy(asc(controlPlan.phase), asc(controlPlanLine.sort));
}

const lineName = (r: Awaited<ReturnType<typeof linesOf>>[number]) =>
  r.characteristicName ?? r.line.productCharacteristic ?? r.line.processCharacteristic ?? r.line.characteristicNo ?? r.line.processName ?? '—';

/** The control-plan lines of a PFMEA project the caller may read, each with the limits its specification reads as. */
export async function listStudyCandidates(ctx: ServiceContext, projectId: string): Promise<StudyCandidate[]> {
  const caller = await spcCaller(ctx.db, ctx.actor);
  const db = await readDb(ctx);
  await openableProject(db, caller.operator, projectId, ctx.now());
  const lines = await linesOf(db, projectId);
  const studies = await db.select({ id: spcStudy.id, studyNum: spcStudy.studyNum, lineId: spcStudy.lineId }).from(spcStudy).where(eq(spcStudy.projectId, projectId));
  return lines.map((r) => ({
    lineId: r.line.id,
    phase: r.phase,
    characteristicId: r.line.characteristicId,
    characteristicNo: r.line.characteristicNo,
    name: lineName(r),
    processNo: r.line.processNo,
    specification: r.line.specification,
    limits: parseSpecification(r.line.specification),
    studies: studies.filter((s) => s.lineId === r.line.id).map(({ id, studyNum }) => ({ id, studyNum })),
  }));
}

export interface NewStudy {
  projectId: string;
  lineId: string;
  chart: StudyChart;
  subgroupSize: number;
  name?: string | null;
  /** Absent: read from the line's specification; null: none. */
  lsl?: number | null;
  usl?: number | null;
  target?: number | null;
  /** Nelson's rule numbers (checked: 1–8). */
  rules?: number[];
  secondaryRules?: number[];
}

/** Opens a study of a control-plan line: numbered SP…, limits prefilled from the line's specification unless given. */
export async function createStudy(ctx: ServiceContext, input: NewStudy): Promise<SpcStudyView> {
  const caller = await spcCaller(ctx.db, ctx.actor, 'add');
  return writeAndLog(ctx, async (tx) => {
    const project = await writableProject(tx, caller, input.projectId, ctx.now());
    const [line] = await linesOf(tx, project.id, input.lineId);
    if (!line) assertNoIssues([{ messageKey: 'spc.line_not_found' satisfies SpcServiceMessageKey, field: 'lineId' }]);
    const parsed = parseSpecification(line!.line.specification);
    const pick = (given: number | null | undefined, read: number | null | undefined) => (given === undefined ? (read ?? null) : given);
    const values = {
      name: input.name?.trim() || lineName(line!),
      chart: input.chart,
      subgroupSize: input.subgroupSize,
      lsl: pick(input.lsl, parsed?.lsl),
      usl: pick(input.usl, parsed?.usl),
      target: pick(input.target, parsed?.target),
      rules: (input.rules ?? [...DEFAULT_STUDY_RULES.primary]) as StudyRunRule[],
      secondaryRules: (input.secondaryRules ?? [...DEFAULT_STUDY_RULES.secondary]) as StudyRunRule[],
    };
    assertNoIssues(studyIssues(values));
    const studyNum = await allocateNumber(tx, 'spcStudy', ctx.now(), async (n) => !!(await tx.select({ id: spcStudy.id }).from(spcStudy).where(eq(spcStudy.studyNum, n)).get()));
    const [row] = await tx
      .insert(spcStudy)
      .values({
        ...values,
        studyNum,
        projectId: project.id,
        lineId: line!.line.id,
        characteristicId: line!.line.characteristicId,
        specification: line!.line.specification,
        createdBy: ctx.actor.userId,
        updatedBy: ctx.actor.userId,
        createdAt: ctx.now(),
        updatedAt: ctx.now(),
      })
      .returning();
    return { result: await studyView(tx, caller, row!, project, ctx.now()), log: { action: 'spc.study.create', entity: 'spc_study', entityId: row!.id, after: row } };
  });
}

export interface StudyChanges {
  version: number;
  name?: string;
  chart?: StudyChart;
  subgroupSize?: number;
  lsl?: number | null;
  usl?: number | null;
  target?: number | null;
  rules?: number[];
  secondaryRules?: number[];
}

/** Changes a study's settings at the version read; a new chart or subgroup size unfreezes its limits (they were another chart's). */
export async function updateStudy(ctx: ServiceContext, key: string, changes: StudyChanges): Promise<SpcStudyView> {
  const caller = await spcCaller(ctx.db, ctx.actor, 'edit');
  return writeAndLog(ctx, async (tx) => {
    const { study, project } = await writableStudy(tx, caller, key, ctx.now(), changes.version);
    const { version: _v, ...given } = changes;
    const merged = { ...study, ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) } as SpcStudyRow;
    assertNoIssues(studyIssues(merged));
    const reshaped = merged.chart !== study.chart || merged.subgroupSize !== study.subgroupSize;
    const [row] = await tx
      .update(spcStudy)
      .set({
        name: merged.name,
        chart: merged.chart,
        subgroupSize: merged.subgroupSize,
        lsl: merged.lsl,
        usl: merged.usl,
        target: merged.target,
        rules: merged.rules,
        secondaryRules: merged.secondaryRules,
        ...(reshaped ? { frozenLimits: null, frozenThrough: null, frozenAt: null, frozenById: null, frozenByName: null } : {}),
        version: study.version + 1,
        updatedBy: ctx.actor.userId,
        updatedAt: ctx.now(),
      })
      .where(and(eq(spcStudy.id, study.id), eq(spcStudy.version, study.version)))
      .returning();
    if (!row) throw staleStudy(study);
    return { result: await studyView(tx, caller, row, project, ctx.now()), log: { action: 'spc.study.update', entity: 'spc_study', entityId: row.id, before: study, after: row } };
  });
}

/** Deletes a study and its measurements (the log keeps its settings and how many there were). */
export async function deleteStudy(ctx: ServiceContext, key: string, version: number): Promise<{ id: string }> {
  const caller = await spcCaller(ctx.db, ctx.actor, 'del');
  return writeAndLog(ctx, async (tx) => {
    const { study } = await writableStudy(tx, caller, key, ctx.now(), version);
    const { measurements } = await counts(tx, study.id);
    await tx.delete(spcMeasurement).where(eq(spcMeasurement.studyId, study.id));
    await tx.delete(spcStudy).where(eq(spcStudy.id, study.id));
    return { result: { id: study.id }, log: { action: 'spc.study.delete', entity: 'spc_study', entityId: study.id, before: { ...study, measurements } } };
  });
}

export async function getStudy(ctx: ServiceContext, key: string): Promise<SpcStudyView> {
  const caller = await spcCaller(ctx.db, ctx.actor);
  const db = await readDb(ctx);
  const { study, project } = await readableStudy(db, caller, key, ctx.now());
  return studyView(db, caller, study, project, ctx.now());
}

export interface StudyQuery extends PageQuery {
  projectId?: string;
  /** Number, characteristic name, or the project's number or name contains. */
  search?: string;
}

export interface StudySummary {
  readonly study: SpcStudyRow;
  readonly projectSerial: string;
  readonly projectName: string;
  readonly projectType: string;
}

/** The studies of the PFMEA projects the caller may open, newest first (projects they may not open are left out). */
export async function listStudies(ctx: ServiceContext, query: StudyQuery): Promise<Page<StudySummary>> {
  const caller = await spcCaller(ctx.db, ctx.actor);
  const db = await readDb(ctx);
  const where: SQL[] = [];
  if (query.projectId) where.push(eq(spcStudy.projectId, query.projectId));
  if (query.search) where.push(sql`(${contains(spcStudy.studyNum, query.search)} or ${contains(spcStudy.name, query.search)} or ${contains(fmeaProject.serialNum, query.search)} or ${contains(fmeaProject.name, query.search)})`);
  const rows = await db
    .select({ study: spcStudy, projectSerial: fmeaProject.serialNum, projectName: fmeaProject.name, projectType: fmeaProject.projectType })
    .from(spcStudy)
    .innerJoin(fmeaProject, eq(fmeaProject.id, spcStudy.projectId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(spcStudy.createdAt), desc(spcStudy.studyNum));
  // each project's read rule once (membership, shares, the PFMEA route)
  const readable = new Map<string, boolean>();
  for (const projectId of new Set(rows.map((r) => r.study.projectId))) {
    try {
      await openableProject(db, caller.operator, projectId, ctx.now());
      readable.set(projectId, true);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      readable.set(projectId, false);
    }
  }
  const visible = rows.filter((r) => readable.get(r.study.projectId));
  const { page, limit, offset } = pageWindow(query);
  return { items: visible.slice(offset, offset + limit), total: visible.length, page, limit };
}

