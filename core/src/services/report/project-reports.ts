import { asc, eq } from 'drizzle-orm';
import { dvpPlan, fmeaBaseline } from '../../db/schema/index.ts';
import { apTableString } from '../../domain/fmea/index.ts';
import { parseSnapshot } from '../../domain/fmea-baseline/index.ts';
import {
  dfmeaReport,
  pfmeaReport,
  riskPicture,
  snapshotLookup,
  trendPoint,
  type DfmeaReport,
  type PfmeaReport,
  type ReportProject,
  type TestCoverageInput,
  type TrendPoint,
} from '../../domain/report/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { apEvaluator } from '../rules/ap-rules.ts';
import { dvpCoverage } from '../dvp/coverage.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';
import type { FmeaProjectRow } from '../fmea/access.ts';
import { reportProject, todayOf } from './access.ts';
import { readControlPlanLines, readOpenActions, readRatingGroups, readSpecialCharacteristics } from './analysis.ts';

const projectHead = (p: FmeaProjectRow): ReportProject => ({ id: p.id, serialNum: p.serialNum, name: p.name, projectType: p.projectType, reviewStatus: p.reviewStatus, versionLabel: p.versionLabel });

/**
 * The DVP&R's coverage of the project's detection controls, or null for "no DVP&R" (the project has no plan:
 * the report says so rather than showing 0 %). Coverage counts are the DVP's own (services/dvp/coverage.ts).
 */
async function testCoverageOf(db: DbOrTx, projectId: string): Promise<TestCoverageInput | null> {
  const plan = await db.select({ id: dvpPlan.id }).from(dvpPlan).where(eq(dvpPlan.projectId, projectId)).get();
  if (!plan) return null;
  return (await dvpCoverage(db, [projectId])).get(projectId) ?? null;
}

/**
 * The DFMEA report of a design-side project (DFMEA, family, MSR; by id or number): AP counts and S×O heat maps
 * before and after optimisation, open actions by owner with those past due, special characteristics, test
 * coverage. Four reads on the reader database, whatever the size (docs/domain/reports.md).
 */
export async function dfmeaReportOf(ctx: ServiceContext, ref: string): Promise<DfmeaReport> {
  const db = await readDb(ctx);
  const { project } = await reportProject(ctx, db, ref, 'design');
  const [table, ratings, openActions, specialCharacteristics, testCoverage] = await Promise.all([
    apEvaluator(db, project.apTable).then(apTableString),
    readRatingGroups(db, project.id),
    readOpenActions(db, project.id),
    readSpecialCharacteristics(db, project.id),
    testCoverageOf(db, project.id),
  ]);
  return dfmeaReport({ project: projectHead(project), apTable: table, ratings, openActions, specialCharacteristics, testCoverage, today: todayOf(ctx), generatedAt: ctx.now().toISOString() });
}

/** The PFMEA and control-plan report of a process-side project: as the DFMEA's, each special characteristic with its control-plan state. */
export async function pfmeaReportOf(ctx: ServiceContext, ref: string): Promise<PfmeaReport> {
  const db = await readDb(ctx);
  const { project } = await reportProject(ctx, db, ref, 'process');
  const [table, ratings, openActions, specialCharacteristics, controlPlanLines] = await Promise.all([
    apEvaluator(db, project.apTable).then(apTableString),
    readRatingGroups(db, project.id),
    readOpenActions(db, project.id),
    readSpecialCharacteristics(db, project.id),
    readControlPlanLines(db, project.id),
  ]);
  return pfmeaReport({ project: projectHead(project), apTable: table, ratings, openActions, specialCharacteristics, controlPlanLines, today: todayOf(ctx), generatedAt: ctx.now().toISOString() });
}

export interface ApTrend {
  readonly project: ReportProject;
  /** One point per baseline, oldest first, then the working copy as it is now (label "working"). */
  readonly points: TrendPoint[];
}

/**
 * The AP distribution over time of a project of either side: each baseline rated with the AP rules it froze,
 * then the working copy. Apart from the project reports because it parses every baseline's snapshot.
 */
export async function apTrendOf(ctx: ServiceContext, ref: string, side: 'design' | 'process'): Promise<ApTrend> {
  const db = await readDb(ctx);
  const { project } = await reportProject(ctx, db, ref, side);
  const current = await apEvaluator(db, project.apTable);
  const currentTable = apTableString(current);
  const baselines = await db
    .select({ label: fmeaBaseline.label, createdAt: fmeaBaseline.createdAt, content: fmeaBaseline.content })
    .from(fmeaBaseline)
    .where(eq(fmeaBaseline.projectId, project.id))
    .orderBy(asc(fmeaBaseline.seq));
  const points: TrendPoint[] = [];
  for (const b of baselines) {
    const snapshot = parseSnapshot(b.content);
    if (!snapshot) continue;
    const lookup = snapshotLookup(snapshot, current);
    points.push(trendPoint(b.label, new Date(b.createdAt).toISOString(), snapshot, lookup === current ? currentTable : apTableString(lookup)));
  }
  const { before, after } = riskPicture(await readRatingGroups(db, project.id), currentTable);
  points.push({ label: 'working', at: ctx.now().toISOString(), before, after });
  return { project: projectHead(project), points };
}
