import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { dvpPlan, dvpTest, dvpTestControl, fmeaControl } from '../../db/schema/index.ts';
import { coverageOf, type DvpCoverage } from '../../domain/dvp/index.ts';
import type { DvpResult } from '../../domain/dvp/index.ts';

/**
 * The DVP test coverage of DFMEA projects' detection controls (issue 25; the fixed name of the split, read by
 * the DFMEA report): for each project id asked, how many detection controls it has, how many a test proves,
 * and by their tests' results how many passed, failed or wait for a result (domain/dvp/status.ts). A project
 * without controls (or unknown) answers zeros. No access check: the caller (a report service) has opened the
 * projects already. Two selects whatever the number of projects.
 */
export async function dvpCoverage(db: DbOrTx, projectIds: string[]): Promise<Map<string, DvpCoverage>> {
  const out = new Map<string, DvpCoverage>(projectIds.map((id) => [id, coverageOf([])]));
  if (projectIds.length === 0) return out;
  const [controls, links] = await Promise.all([
    db
      .select({ id: fmeaControl.id, projectId: fmeaControl.projectId })
      .from(fmeaControl)
      .where(and(inArray(fmeaControl.projectId, projectIds), eq(fmeaControl.kind, 'detection'))),
    db
      .select({ controlId: dvpTestControl.controlId, result: dvpTest.result })
      .from(dvpTestControl)
      .innerJoin(dvpTest, eq(dvpTest.id, dvpTestControl.testId))
      .where(inArray(dvpTestControl.projectId, projectIds)),
  ]);
  const results = new Map<string, (DvpResult | null)[]>();
  for (const l of links) results.set(l.controlId, [...(results.get(l.controlId) ?? []), l.result]);
  const perProject = new Map<string, (DvpResult | null)[][]>();
  for (const c of controls) perProject.set(c.projectId, [...(perProject.get(c.projectId) ?? []), results.get(c.id) ?? []]);
  for (const [projectId, list] of perProject) out.set(projectId, coverageOf(list));
  return out;
}

/** Each detection control's tests' results (control id → results), for the DFMEA side and the linter. */
export async function controlResults(db: DbOrTx, projectId: string): Promise<Map<string, (DvpResult | null)[]>> {
  const rows = await db
    .select({ controlId: dvpTestControl.controlId, result: dvpTest.result })
    .from(dvpTestControl)
    .innerJoin(dvpTest, eq(dvpTest.id, dvpTestControl.testId))
    .where(eq(dvpTestControl.projectId, projectId));
  const out = new Map<string, (DvpResult | null)[]>();
  for (const r of rows) out.set(r.controlId, [...(out.get(r.controlId) ?? []), r.result]);
  return out;
}

/** What the lifecycle linter needs of a DFMEA's DVP: the detection controls a test proves; null while the DFMEA has no plan. */
export async function dvpOfProject(db: DbOrTx, projectId: string): Promise<{ testedControlIds: string[] } | null> {
  const plan = await db.select({ id: dvpPlan.id }).from(dvpPlan).where(eq(dvpPlan.projectId, projectId)).get();
  if (!plan) return null;
  const rows = await db.selectDistinct({ controlId: dvpTestControl.controlId }).from(dvpTestControl).where(eq(dvpTestControl.projectId, projectId));
  return { testedControlIds: rows.map((r) => r.controlId) };
}
