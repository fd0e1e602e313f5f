import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dvpTest, dvpTestControl, file, fmeaControl, fmeaFailure, fmeaFailureLink, fmeaProject } from '../../db/schema/index.ts';
import { controlStatusOf, coverageOf, type DvpControlStatus, type DvpCoverage, type DvpPlanState, type DvpResult, type DvpStage } from '../../domain/dvp/index.ts';
import type { DvpPlanRow } from './access.ts';

/** What the pages, the API and the CLI read of a plan and its tests (docs/domain/dvp.md). */
export interface DvpPlanSummary {
  id: string;
  dvpNum: string;
  name: string;
  status: DvpPlanState;
  projectId: string;
  projectNum: string;
  projectName: string;
  tests: number;
  coverage: DvpCoverage;
  creatorName: string | null;
  updatedAt: Date;
  version: number;
}

export interface DvpTestView {
  id: string;
  testNum: string;
  name: string;
  classification: string | null;
  analysisProject: string | null;
  dimensionChainLevel: string | null;
  calculationMethod: string | null;
  standardRecordId: string | null;
  testStandard: string | null;
  testQuantity: number | null;
  testItem: string | null;
  acceptanceCriteria: string | null;
  testStage: DvpStage | null;
  responsibleUserId: string | null;
  responsibleName: string | null;
  plannedStart: string | null;
  plannedEnd: string | null;
  actualStart: string | null;
  actualEnd: string | null;
  sampleQuantity: number | null;
  result: DvpResult | null;
  resultNote: string | null;
  resultByName: string | null;
  resultAt: Date | null;
  report: { fileId: string; name: string } | null;
  controlIds: string[];
  version: number;
}

/** A detection control of the DFMEA, with the cause and mode it sits on and its tests' status. */
export interface DvpControlView {
  id: string;
  description: string;
  causeId: string;
  causeText: string;
  modeText: string | null;
  status: DvpControlStatus;
  testIds: string[];
}

export interface DvpPlanView extends DvpPlanSummary {
  projectType: string;
  canEdit: boolean;
  testRows: DvpTestView[];
  controls: DvpControlView[];
}

export type DvpTestRow = typeof dvpTest.$inferSelect;

export function testView(row: DvpTestRow, controlIds: string[], report: { fileId: string; name: string } | null): DvpTestView {
  return {
    id: row.id,
    testNum: row.testNum,
    name: row.name,
    classification: row.classification,
    analysisProject: row.analysisProject,
    dimensionChainLevel: row.dimensionChainLevel,
    calculationMethod: row.calculationMethod,
    standardRecordId: row.standardRecordId,
    testStandard: row.testStandard,
    testQuantity: row.testQuantity,
    testItem: row.testItem,
    acceptanceCriteria: row.acceptanceCriteria,
    testStage: row.testStage,
    responsibleUserId: row.responsibleUserId,
    responsibleName: row.responsibleName,
    plannedStart: row.plannedStart,
    plannedEnd: row.plannedEnd,
    actualStart: row.actualStart,
    actualEnd: row.actualEnd,
    sampleQuantity: row.sampleQuantity,
    result: row.result,
    resultNote: row.resultNote,
    resultByName: row.resultByName,
    resultAt: row.resultAt,
    report,
    controlIds,
    version: row.version,
  };
}

/** The detection controls of a DFMEA in the analysis's order (cause, then the control's sort), with cause and mode text. */
export async function detectionControls(db: DbOrTx, projectId: string): Promise<Omit<DvpControlView, 'status' | 'testIds'>[]> {
  const rows = await db
    .select({ id: fmeaControl.id, description: fmeaControl.description, causeId: fmeaControl.causeId, causeText: fmeaFailure.description, causeSort: fmeaFailure.sort })
    .from(fmeaControl)
    .innerJoin(fmeaFailure, eq(fmeaFailure.id, fmeaControl.causeId))
    .where(and(eq(fmeaControl.projectId, projectId), eq(fmeaControl.kind, 'detection')))
    .orderBy(asc(fmeaFailure.sort), asc(fmeaControl.causeId), asc(fmeaControl.sort));
  const causeIds = [...new Set(rows.map((r) => r.causeId))];
  const modes = causeIds.length
    ? await db
        .select({ causeId: fmeaFailureLink.lowerFailureId, text: fmeaFailure.description })
        .from(fmeaFailureLink)
        .innerJoin(fmeaFailure, and(eq(fmeaFailure.id, fmeaFailureLink.higherFailureId), eq(fmeaFailure.kind, 'FM')))
        .where(eq(fmeaFailureLink.projectId, projectId))
    : [];
  const modeOf = new Map<string, string>();
  for (const m of modes) if (!modeOf.has(m.causeId)) modeOf.set(m.causeId, m.text);
  return rows.map((r) => ({ id: r.id, description: r.description, causeId: r.causeId, causeText: r.causeText, modeText: modeOf.get(r.causeId) ?? null }));
}

/** The plan's tests in order with their linked controls and report files. */
export async function planTests(db: DbOrTx, planId: string): Promise<DvpTestView[]> {
  const rows = await db.select().from(dvpTest).where(eq(dvpTest.planId, planId)).orderBy(asc(dvpTest.sort));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [links, files] = await Promise.all([
    db.select({ testId: dvpTestControl.testId, controlId: dvpTestControl.controlId }).from(dvpTestControl).where(inArray(dvpTestControl.testId, ids)),
    db
      .select({ id: file.id, name: file.originalName })
      .from(file)
      .where(inArray(file.id, rows.flatMap((r) => (r.reportFileId ? [r.reportFileId] : [])).concat(['']))),
  ]);
  const controlsOf = new Map<string, string[]>();
  for (const l of links) controlsOf.set(l.testId, [...(controlsOf.get(l.testId) ?? []), l.controlId]);
  const nameOf = new Map(files.map((f) => [f.id, f.name]));
  return rows.map((r) => testView(r, controlsOf.get(r.id) ?? [], r.reportFileId ? { fileId: r.reportFileId, name: nameOf.get(r.reportFileId) ?? '' } : null));
}

/** The whole plan: header, tests, the DFMEA's detection controls with their status, and the coverage. */
export async function planView(db: DbOrTx, plan: DvpPlanRow, canEdit: boolean): Promise<DvpPlanView> {
  const [project, tests, controls] = await Promise.all([
    db.select({ serialNum: fmeaProject.serialNum, name: fmeaProject.name, projectType: fmeaProject.projectType }).from(fmeaProject).where(eq(fmeaProject.id, plan.projectId)).get(),
    planTests(db, plan.id),
    detectionControls(db, plan.projectId),
  ]);
  const testsOf = new Map<string, DvpTestView[]>();
  for (const t of tests) for (const c of t.controlIds) testsOf.set(c, [...(testsOf.get(c) ?? []), t]);
  const controlViews = controls.map((c) => {
    const own = testsOf.get(c.id) ?? [];
    return { ...c, status: controlStatusOf(own.map((t) => t.result)), testIds: own.map((t) => t.id) };
  });
  return {
    ...planSummary(plan, { serialNum: project?.serialNum ?? '', name: project?.name ?? '' }, tests.length, coverageOf(controls.map((c) => (testsOf.get(c.id) ?? []).map((t) => t.result)))),
    projectType: project?.projectType ?? '',
    canEdit,
    testRows: tests,
    controls: controlViews,
  };
}

export function planSummary(plan: DvpPlanRow, project: { serialNum: string; name: string }, tests: number, coverage: DvpCoverage): DvpPlanSummary {
  return {
    id: plan.id,
    dvpNum: plan.dvpNum,
    name: plan.name,
    status: plan.status,
    projectId: plan.projectId,
    projectNum: project.serialNum,
    projectName: project.name,
    tests,
    coverage,
    creatorName: plan.creatorName,
    updatedAt: plan.updatedAt,
    version: plan.version,
  };
}
