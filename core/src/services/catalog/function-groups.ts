import { and, asc, eq } from 'drizzle-orm';
import { catalogRecord, fmeaFailure, fmeaFunction, fmeaProject } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import type { ServiceContext } from '../shared/context.ts';
import { userCanReadProject } from '../fmea/access.ts';

/** One function a failure mode is analysed under: its text, how many failure modes cite the record under it, in how many projects. */
export interface FunctionGroup {
  function: string;
  uses: number;
  projects: number;
}

/**
 * The functions a failure-mode record is used under (spec 001 §7 invalidMode/getFunctionGroupList), read
 * from the FMEA failure network: every failure mode (FM) of a live, non-template project that cites any
 * version of the record, grouped by the text of the function it hangs under (trimmed; the same text in
 * several projects is one group). Only projects the caller may open count, so the answer tells nobody the
 * functions of an analysis they may not read. Most used first, then by text.
 */
export async function failureModeFunctionGroups(ctx: ServiceContext, rootId: string): Promise<FunctionGroup[]> {
  const rows = await ctx.db
    .select({ projectId: fmeaFailure.projectId, description: fmeaFunction.description })
    .from(fmeaFailure)
    .innerJoin(catalogRecord, eq(catalogRecord.id, fmeaFailure.catalogRecordId))
    .innerJoin(fmeaFunction, eq(fmeaFunction.id, fmeaFailure.functionId))
    .innerJoin(fmeaProject, eq(fmeaProject.id, fmeaFailure.projectId))
    .where(and(eq(catalogRecord.rootId, rootId), eq(fmeaFailure.kind, 'FM'), live(fmeaProject), eq(fmeaProject.isTemplate, 0)))
    .orderBy(asc(fmeaFunction.description));
  const readable = new Map<string, boolean>();
  // the actor itself (with the session's grants, when the API made it): the same rule that opens a project
  const operator = ctx.actor as typeof ctx.actor & { userId: string };
  const groups = new Map<string, { uses: number; projects: Set<string> }>();
  for (const row of rows) {
    if (!readable.has(row.projectId)) readable.set(row.projectId, ctx.actor.userId === null || (await userCanReadProject(ctx.db, operator, row.projectId, ctx.now())));
    if (!readable.get(row.projectId)) continue;
    const text = row.description.trim();
    const group = groups.get(text) ?? { uses: 0, projects: new Set<string>() };
    group.uses += 1;
    group.projects.add(row.projectId);
    groups.set(text, group);
  }
  return [...groups]
    .map(([text, g]) => ({ function: text, uses: g.uses, projects: g.projects.size }))
    .sort((a, b) => b.uses - a.uses || a.function.localeCompare(b.function));
}
