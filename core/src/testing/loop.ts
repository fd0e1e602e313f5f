import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { ewo, ewoItem, problem, problemCause, problemMember } from '../db/schema/index.ts';
import { EWO_SOURCES, EWO_TYPES } from '../domain/ewo/vocabulary.ts';
import type { CauseTrack } from '../domain/problem/vocabulary.ts';

export interface TestProblemInput {
  readonly responsibleId: string;
  readonly memberIds?: readonly string[];
  readonly brief?: string;
  readonly description?: string;
  /** Confirmed root causes, in D4's two tracks. */
  readonly rootCauses?: readonly { readonly track: CauseTrack; readonly description: string }[];
}

/**
 * A problem (8D) with its team and root causes, as the loop reads it
 * (services/loop/sources.ts), written straight into the tables: the loop's
 * tests need a source, not the 8D's flow (docs/domain/closed-loop.md).
 */
export async function insertTestProblem(db: Db, input: TestProblemInput): Promise<{ id: string; problemNum: string; causeIds: string[] }> {
  const id = randomUUID();
  const problemNum = `RS${randomUUID().slice(0, 8).toUpperCase()}`;
  await db.insert(problem).values({
    id,
    problemNum,
    brief: input.brief ?? 'Window lifter stalls in the field',
    description: input.description ?? null,
    type: 'designProblem',
    source: 'field',
    responsibleId: input.responsibleId,
    creatorId: input.responsibleId,
  });
  for (const [sort, userId] of (input.memberIds ?? []).entries()) await db.insert(problemMember).values({ problemId: id, userId, userName: userId, sort });
  const causeIds: string[] = [];
  for (const [sort, cause] of (input.rootCauses ?? []).entries()) {
    const [row] = await db.insert(problemCause).values({ problemId: id, track: cause.track, description: cause.description, rootCause: true, sort }).returning();
    causeIds.push(row!.id);
  }
  return { id, problemNum, causeIds };
}

/** An EWO tracked by `trackerId`, listing FMEA items (functions or failures) as affected, written straight into the tables. */
export async function insertTestEwo(db: Db, input: { trackerId: string; description: string; fmeaItems?: readonly { readonly refId: string; readonly fmeaRef: 'function' | 'FM' | 'FC'; readonly projectId: string; readonly label: string; readonly changeNote?: string }[] }): Promise<{ id: string; ewoNum: string }> {
  const id = randomUUID();
  const ewoNum = `EC${randomUUID().slice(0, 8).toUpperCase()}`;
  await db.insert(ewo).values({ id, ewoNum, description: input.description, ewoType: EWO_TYPES[0], source: EWO_SOURCES[0], trackerId: input.trackerId, trackerName: input.trackerId, creatorId: input.trackerId });
  for (const [sort, item] of (input.fmeaItems ?? []).entries()) {
    await db.insert(ewoItem).values({ ewoId: id, kind: 'fmeaItem', refId: item.refId, fmeaRef: item.fmeaRef, projectId: item.projectId, code: item.fmeaRef, label: item.label, changeNote: item.changeNote ?? null, sort });
  }
  return { id, ewoNum };
}
