import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { problem, problemCause, problemMember } from '../db/schema/index.ts';
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
