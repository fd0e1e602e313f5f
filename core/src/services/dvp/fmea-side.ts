import { asc, eq } from 'drizzle-orm';
import { dvpPlan, dvpTest, dvpTestControl } from '../../db/schema/index.ts';
import { controlStatusOf, type DvpControlStatus, type DvpResult } from '../../domain/dvp/index.ts';
import { openableProject } from '../fmea/access.ts';
import { openRerateMarks } from '../fmea/rerate-marks.ts';
import type { ServiceContext } from '../shared/context.ts';

/** What the DFMEA shows of its DVP (docs/domain/dvp.md "The DFMEA side"). */
export interface FmeaDvpStatus {
  plan: { id: string; dvpNum: string } | null;
  /** Each detection control some test proves (a control not listed: no test). */
  controls: { controlId: string; status: DvpControlStatus; tests: { id: string; testNum: string; result: DvpResult | null }[] }[];
  /** The open re-rating marks, on the chains' causes. */
  marks: { id: string; causeId: string; sourceKind: string; sourceNumber: string; reason: string; createdAt: Date }[];
}

/**
 * The DVP status of a DFMEA's detection controls and its open re-rating marks, for whoever may open the DFMEA
 * (its readers see the status whether or not they hold the DVP area; the plan's page is the DVP area's).
 */
export async function getFmeaDvpStatus(ctx: ServiceContext, projectId: string): Promise<FmeaDvpStatus> {
  const { project } = await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const [plan, links, marks] = await Promise.all([
    ctx.db.select({ id: dvpPlan.id, dvpNum: dvpPlan.dvpNum }).from(dvpPlan).where(eq(dvpPlan.projectId, project.id)).get(),
    ctx.db
      .select({ controlId: dvpTestControl.controlId, id: dvpTest.id, testNum: dvpTest.testNum, result: dvpTest.result })
      .from(dvpTestControl)
      .innerJoin(dvpTest, eq(dvpTest.id, dvpTestControl.testId))
      .where(eq(dvpTestControl.projectId, project.id))
      .orderBy(asc(dvpTest.sort)),
    openRerateMarks(ctx.db, project.id),
  ]);
  const byControl = new Map<string, { id: string; testNum: string; result: DvpResult | null }[]>();
  for (const l of links) byControl.set(l.controlId, [...(byControl.get(l.controlId) ?? []), { id: l.id, testNum: l.testNum, result: l.result }]);
  return {
    plan: plan ?? null,
    controls: [...byControl].map(([controlId, tests]) => ({ controlId, status: controlStatusOf(tests.map((t) => t.result)), tests })),
    marks: marks.map((m) => ({ id: m.id, causeId: m.causeId, sourceKind: m.sourceKind, sourceNumber: m.sourceNumber, reason: m.reason, createdAt: m.createdAt })),
  };
}
