import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaNode, fmeaProject } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';

/**
 * How many others use a project (the N of "current FMEA used by N nodes",
 * spec 001 §8, for a whole project): live projects made from it as a template
 * or as their family FMEA, and nodes of other live projects borrowed from its
 * nodes (origin_id) — a project made from it counts once, not per node. A
 * plain copy is independent and does not count.
 */
export async function projectUsage(db: DbOrTx, projectId: string): Promise<number> {
  const made = await db
    .select({ n: sql<number>`count(*)` })
    .from(fmeaProject)
    .where(and(eq(fmeaProject.sourceProjectId, projectId), inArray(fmeaProject.sourceKind, ['fromTemplate', 'variant']), live(fmeaProject)))
    .get();
  const original = alias(fmeaNode, 'original');
  const borrowed = await db
    .select({ n: sql<number>`count(*)` })
    .from(fmeaNode)
    .innerJoin(original, eq(original.id, fmeaNode.originId))
    .innerJoin(fmeaProject, eq(fmeaProject.id, fmeaNode.projectId))
    .where(and(eq(original.projectId, projectId), ne(fmeaNode.projectId, projectId), live(fmeaProject), eq(fmeaProject.isTemplate, 0), or(isNull(fmeaProject.sourceProjectId), ne(fmeaProject.sourceProjectId, projectId))))
    .get();
  return Number(made?.n ?? 0) + Number(borrowed?.n ?? 0);
}
