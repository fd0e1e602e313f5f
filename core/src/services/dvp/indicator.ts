import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { live } from '../../db/live.ts';
import { dvpPlan, dvpTest, fmeaMember, fmeaProject } from '../../db/schema/index.ts';
import { dvpArea, dvpDetailsPath, pagePath } from '../../domain/areas/index.ts';
import { INDICATOR_ROWS, type IndicatorAnswer } from '../../domain/dashboard/index.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';

/**
 * The DVP area's home indicator (docs/domain/dashboard.md, docs/domain/dvp.md): the tests with an unqualified
 * result in the DVP&R plans of the live DFMEAs the caller is responsible for or on the team of — a failed test
 * means a detection control did not prove what the DFMEA claims, and its chains wait for re-rating. The latest
 * result first; each row opens the plan at the test. A retest that passes takes the row away.
 */
export async function failedDvpTestsIndicator(ctx: ServiceContext, limit = INDICATOR_ROWS): Promise<IndicatorAnswer> {
  const me = ctx.actor.userId;
  const more = pagePath(dvpArea, { microRoute: '' });
  if (!me) return { total: 0, items: [], more };
  const db = await readDb(ctx);
  const mine = or(eq(fmeaProject.responsibleUserId, me), inArray(fmeaProject.id, db.select({ id: fmeaMember.projectId }).from(fmeaMember).where(eq(fmeaMember.userId, me))));
  const rows = await db
    .select({ id: dvpTest.id, testNum: dvpTest.testNum, name: dvpTest.name, actualEnd: dvpTest.actualEnd, dvpNum: dvpPlan.dvpNum })
    .from(dvpTest)
    .innerJoin(dvpPlan, eq(dvpPlan.id, dvpTest.planId))
    .innerJoin(fmeaProject, eq(fmeaProject.id, dvpTest.projectId))
    .where(and(eq(dvpTest.result, 'unqualified'), live(fmeaProject), mine))
    .orderBy(desc(dvpTest.resultAt), desc(dvpTest.testNum));
  return {
    total: rows.length,
    items: rows.slice(0, limit).map((r) => ({ id: r.id, label: r.testNum, text: r.name, date: r.actualEnd, tag: null, route: dvpDetailsPath(r.dvpNum, r.id) })),
    more,
  };
}
