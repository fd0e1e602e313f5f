import { useCallback, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, notifyError, session } from '@fmea/sdk';
import { personName, type FmeaReview } from './labels.ts';

export type ReviewWalk = FmeaReview['walks'][number];
export type WalkStep = FmeaReview['walkSteps'][number];

/** The caller's own walk in the round, or null when they give no opinion in it. */
export const myWalk = (review: FmeaReview | null): ReviewWalk | null => review?.walks.find((w) => w.userId === session.user?.userId) ?? null;

/** The opinion waits for the walk while the rule fmeaReviewInOrder is on (the server refuses it anyway). */
export const walkBlocksOpinion = (review: FmeaReview | null): boolean => {
  const walk = myWalk(review);
  return Boolean(review?.reviewInOrder && walk && !walk.complete);
};

/**
 * The review walk of the project page (spec 001 §4 "reviews proceed in order
 * starting from the block diagram"): the review state of a project under
 * review, the caller's walk, and marking a step reviewed.
 */
export function useReviewWalk(projectId: string, underReview: boolean) {
  const [review, setReview] = useState<FmeaReview | null>(null);
  const load = useCallback(async () => {
    if (!underReview) {
      setReview(null);
      return;
    }
    try {
      setReview(await api.get('/api/project/review/state', { projectId }));
    } catch (error) {
      notifyError(error);
    }
  }, [projectId, underReview]);
  useEffect(() => {
    void load();
  }, [load]);
  /** Marks the step reviewed; answers the walk after it (null when refused: the message is shown). */
  const mark = async (step: WalkStep): Promise<ReviewWalk | null> => {
    try {
      const next = await api.post('/api/project/review/walk', { projectId, step });
      setReview(next);
      return myWalk(next);
    } catch (error) {
      notifyError(error);
      return null;
    }
  };
  return { review, walk: myWalk(review), mark, reload: load };
}

/** A walk's steps with ticks, in order (the panel lists every reviewer's, the step header the caller's). */
export function WalkSteps({ walk, labels, current }: { walk: ReviewWalk; labels: Readonly<Record<string, string>>; current?: string }) {
  return (
    <ol className="dfmea-walk-steps" data-testid="review-walk-steps">
      {walk.steps.map(({ step, reviewedAt }) => (
        <li
          key={step}
          className={`dfmea-walk-step${reviewedAt ? ' is-done' : ''}${step === current ? ' is-current' : ''}`}
          data-testid={`review-walk-step-${step}`}
          data-reviewed={reviewedAt ? '1' : '0'}
        >
          <span className="dfmea-walk-tick" aria-hidden="true">
            {reviewedAt ? '✓' : '○'}
          </span>
          {labels[step] ?? step}
        </li>
      ))}
    </ol>
  );
}

/**
 * The step header while the caller walks the review: their walk with ticks
 * and, on the step the walk waits for, "Mark reviewed and go to the next step".
 * With the rule off any unmarked step can be marked.
 */
export function ReviewWalkBar({
  review,
  walk,
  step,
  labels,
  onMark,
  onGo,
}: {
  review: FmeaReview;
  walk: ReviewWalk;
  step: string;
  labels: Readonly<Record<string, string>>;
  onMark: (step: WalkStep) => void;
  /** Opens a step (the one the walk waits for). */
  onGo: (step: WalkStep) => void;
}) {
  const { t } = useLingui();
  // once the reviewer's opinions are in, the walk has done its part
  if (walk.roles.every((role) => review.opinions.some((o) => o.role === role))) return null;
  const here = walk.steps.find((s) => s.step === step);
  const canMark = here !== undefined && !here.reviewedAt && (!review.reviewInOrder || walk.next === step);
  const done = walk.steps.filter((s) => s.reviewedAt).length;
  return (
    <div className="dfmea-walk-bar" role="region" aria-label={t`Review walk`} data-testid="review-walk-bar" data-complete={walk.complete ? '1' : '0'}>
      <strong>
        <Trans>
          Review walk: {done} of {walk.steps.length} steps reviewed
        </Trans>
      </strong>
      <WalkSteps walk={walk} labels={labels} current={step} />
      {walk.complete ? (
        <span data-testid="review-walk-complete">
          <Trans>Every step reviewed: give your opinion in the review panel.</Trans>
        </span>
      ) : canMark ? (
        <Button kind="primary" data-testid="review-walk-mark" onClick={() => onMark(step as WalkStep)}>
          <Trans>Mark reviewed and go to the next step</Trans>
        </Button>
      ) : here && !here.reviewedAt && walk.next ? (
        <span data-testid="review-walk-blocked">
          <Trans>Unfinished earlier steps block this one: review “{labels[walk.next] ?? walk.next}” first.</Trans>
        </span>
      ) : walk.next ? (
        <Button data-testid="review-walk-goto" onClick={() => onGo(walk.next!)}>
          <Trans>Go to “{labels[walk.next] ?? walk.next}”</Trans>
        </Button>
      ) : null}
    </div>
  );
}

/** Every opinion reviewer's walk, for the review panel. */
export function ReviewWalks({ review, labels }: { review: FmeaReview; labels: Readonly<Record<string, string>> }) {
  if (review.walks.length === 0 || review.status !== 'under_review') return null;
  return (
    <div className="dfmea-review-walks" data-testid="review-walks">
      <h3>
        {review.reviewInOrder ? <Trans>Review walk (in order, starting from the block diagram)</Trans> : <Trans>Review walk</Trans>}
      </h3>
      {review.walks.map((walk) => (
        <div key={walk.userId} data-testid={`review-walk-${walk.userId}`} data-complete={walk.complete ? '1' : '0'}>
          <span data-user-content>{personName(walk)}</span>
          <WalkSteps walk={walk} labels={labels} />
        </div>
      ))}
    </div>
  );
}
