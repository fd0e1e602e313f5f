import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { live } from '../../db/live.ts';
import { fmeaMember, fmeaProject, fmeaProjectShare } from '../../db/schema/index.ts';
import { routeServing } from '../../domain/areas/index.ts';
import type { ProjectType } from '../../domain/fmea/vocabulary.ts';
import type { Actor } from '../../domain/permissions/index.ts';
import { userCanReadProject } from '../fmea/access.ts';
import type { Operator } from '../shared/context.ts';

export interface ReadableProject {
  readonly id: string;
  readonly serialNum: string;
  readonly name: string;
  readonly projectType: ProjectType;
  readonly responsibleUserId: string | null;
}

/**
 * The live FMEA projects (templates aside) the actor may open now, by the
 * engine's own rule: an administrator every one; others those they are a
 * member of, and those shared with them (each share judged by `openableProject`,
 * so expiry and named users count the same); and only of types whose area's
 * route the session holds.
 */
export async function readableProjects(db: DbOrTx, operator: Operator, actor: Actor, now: Date): Promise<ReadableProject[]> {
  const me = actor.userId;
  const member = exists(db.select({ one: sql`1` }).from(fmeaMember).where(and(eq(fmeaMember.projectId, fmeaProject.id), eq(fmeaMember.userId, me))));
  const shared = exists(db.select({ one: sql`1` }).from(fmeaProjectShare).where(and(eq(fmeaProjectShare.projectId, fmeaProject.id), inArray(fmeaProjectShare.scope, ['all', 'partly']))));
  const rows = await db
    .select({
      id: fmeaProject.id,
      serialNum: fmeaProject.serialNum,
      name: fmeaProject.name,
      projectType: fmeaProject.projectType,
      responsibleUserId: fmeaProject.responsibleUserId,
      isMember: sql<number>`case when ${member} then 1 else 0 end`,
    })
    .from(fmeaProject)
    .where(and(live(fmeaProject), eq(fmeaProject.isTemplate, 0), actor.isAdmin ? undefined : or(member, shared)))
    .orderBy(fmeaProject.serialNum);
  const routed = (type: ProjectType) => {
    if (!operator.grants || actor.isAdmin) return true;
    const route = routeServing(type);
    return route !== undefined && operator.grants.has(route);
  };
  const out: ReadableProject[] = [];
  for (const { isMember, ...row } of rows) {
    if (!routed(row.projectType)) continue;
    if (actor.isAdmin || Number(isMember) === 1 || (await userCanReadProject(db, { userId: me, userName: actor.userName }, row.id, now))) out.push(row);
  }
  return out;
}
