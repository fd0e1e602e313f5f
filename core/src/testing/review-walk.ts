import { kindOf } from '../domain/fmea/kinds.ts';
import type { FmeaReviewConclusion, FmeaReviewRole } from '../domain/status/fmea-review.ts';
import { getReviewState, giveReviewOpinion, markReviewStep } from '../services/fmea-review/index.ts';
import type { ServiceContext } from '../services/shared/context.ts';

/**
 * The review walk for tests (docs/domain/fmea-review.md): an opinion reviewer
 * marks every step in order before the opinion, as the rule fmeaReviewInOrder
 * asks. Tests give opinions through these rather than switching the rule off.
 */
export async function walkReview(ctx: ServiceContext, projectId: string): Promise<void> {
  const review = await getReviewState(ctx, projectId);
  for (const step of review.walkSteps) await markReviewStep(ctx, projectId, step);
}

/** Walks the steps, then gives the opinion. */
export async function walkAndGiveOpinion(ctx: ServiceContext, projectId: string, input: { conclusion: FmeaReviewConclusion; text: string; role?: FmeaReviewRole }) {
  await walkReview(ctx, projectId);
  return giveReviewOpinion(ctx, projectId, input);
}

/** The same over the API: `post` is the caller's POST (path, body); each step of the project type's walk is marked in order. */
export async function walkReviewOverApi(post: (path: string, body: Record<string, unknown>) => Promise<unknown>, projectId: string, projectType = 'dfmea'): Promise<void> {
  for (const step of kindOf(projectType).reviewWalk) await post('/api/project/review/walk', { projectId, step });
}
