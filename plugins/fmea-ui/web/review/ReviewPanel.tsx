import { useCallback, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { blocksApproval } from '@fmea/core/domain';
import { api, Button, confirm, currentLocale, Dialog, formatDateTime, notifyError, session } from '@fmea/sdk';
import type { ProjectView } from '../types.ts';
import type { FmeaChecks } from './checks.tsx';
import { OpinionDialog, ReleaseDialog, SubmitDialog } from './ReviewForms.tsx';
import { myWalk, ReviewWalks, walkBlocksOpinion } from './ReviewWalk.tsx';
import { EDITABLE, personName, REVIEW_ROLES, useReviewLabels, type FmeaReview, type ReviewRole, type ReviewStatus, type ReviewStep } from './labels.ts';

/** The project's place on the review path, in the header and the project lists. */
export function ReviewBadge({ status, testId = 'review-status' }: { status: ReviewStatus; testId?: string }) {
  const labels = useReviewLabels();
  return (
    <span className={`dfmea-badge dfmea-review-${status}`} data-testid={testId} data-status={status}>
      {labels.status[status]}
    </span>
  );
}

/** Why the analysis cannot be written now (the server refuses anyway). */
export function ReviewBanner({ status }: { status: ReviewStatus }) {
  if (EDITABLE.includes(status)) return null;
  return (
    <div className="alert alert-info" role="status" data-testid="review-banner">
      {status === 'released' ? <Trans>The FMEA is released: revoke publication before editing.</Trans> : <Trans>The FMEA is under review and cannot be edited or deleted.</Trans>}
    </div>
  );
}

type Action = 'submit' | 'rereview' | 'opinion' | 'reject' | 'release' | null;

/**
 * The review panel: the round's four named roles, the opinions, whom it waits
 * for, the history, and the steps the caller may take now. After each step the
 * project (its lock) and the state read again.
 */
export function ReviewPanel({
  project,
  checks,
  stepLabels = {},
  onClose,
  onChanged,
  dock,
}: {
  project: ProjectView;
  checks?: FmeaChecks | null;
  /** The page's step names by key, for the review walk. */
  stepLabels?: Readonly<Record<string, string>>;
  onClose: () => void;
  onChanged: () => void;
  /** The workspace it opens in (the FMEA main view); absent: the middle. */
  dock?: 'left' | 'right';
}) {
  const { t } = useLingui();
  const labels = useReviewLabels();
  const [review, setReview] = useState<FmeaReview | null>(null);
  const [history, setHistory] = useState<ReviewStep[]>([]);
  const [action, setAction] = useState<Action>(null);
  const [opinionRole, setOpinionRole] = useState<ReviewRole | undefined>();
  const projectId = project.id;

  const load = useCallback(async () => {
    try {
      const state = await api.get('/api/project/review/state', { projectId });
      const steps = await api.get('/api/project/review/history', { projectId });
      setReview(state);
      setHistory(steps);
    } catch (error) {
      notifyError(error);
    }
  }, [projectId]);
  useEffect(() => {
    void load();
  }, [load]);

  const done = () => {
    setAction(null);
    void load();
    onChanged();
  };
  const step = async (path: '/api/project/review/approve' | '/api/project/review/release' | '/api/project/review/revoke' | '/api/project/review/republish', question: string) => {
    if (!(await confirm({ title: t`Review and release`, message: question, danger: path.endsWith('revoke') }))) return;
    try {
      await api.post(path, { projectId });
      done();
    } catch (error) {
      notifyError(error);
    }
  };

  const me = session.user?.userId ?? '';
  const owner = Boolean(session.user?.isAdmin) || project.access === 'admin' || project.responsibleUserId === me;
  const status = review?.status ?? project.reviewStatus;
  const waiting = review?.waitingFor.includes(me) ?? false;
  const holds = (role: ReviewRole) => review?.assignees.some((a) => a.role === role && a.userId === me) ?? false;
  const opined = (role: ReviewRole) => review?.opinions.some((o) => o.role === role) ?? false;
  const opinionRoles = (['professional', 'quality'] as const).filter((r) => holds(r) && !opined(r));
  // the opinion waits until the caller has marked every step in order (rule fmeaReviewInOrder; the server refuses anyway)
  const walkBlocked = walkBlocksOpinion(review);
  const walk = myWalk(review);
  const walkLeft = walk ? walk.steps.filter((s) => !s.reviewedAt).length : 0;
  const walkNext = walk?.next ? (stepLabels[walk.next] ?? walk.next) : '';
  const walkReason = t`Review every step first, in order starting from the block diagram: ${walkLeft} left, next “${walkNext}”.`;
  // the server refuses to approve over an incompatible opinion (409): the button says so before it is pressed
  const approvable = status === 'under_review' && waiting && holds('technical');
  const approveBlocked = approvable && blocksApproval(review?.opinions ?? []);
  const approveReason = t`A reviewer found the FMEA incompatible: reject it back to the author instead of approving.`;
  const nameOf = (userId: string) => {
    const a = review?.assignees.find((x) => x.userId === userId);
    return a ? personName(a) : userId;
  };

  const buttons = [
    owner && ['draft', 'in_preparation', 'rejected'].includes(status) && (
      <Button key="submit" kind="primary" data-testid="review-submit" onClick={() => setAction('submit')}>
        <Trans>Submit for review</Trans>
      </Button>
    ),
    status === 'under_review' &&
      opinionRoles.map((role) => (
        <Button
          key={`opinion-${role}`}
          kind="primary"
          data-testid={`review-opinion-${role}`}
          disabled={walkBlocked}
          title={walkBlocked ? walkReason : undefined}
          onClick={() => {
            setOpinionRole(opinionRoles.length > 1 ? role : undefined);
            setAction('opinion');
          }}
        >
          {opinionRoles.length > 1 ? t`Opinion as ${labels.role[role]}` : t`Give opinion`}
        </Button>
      )),
    approvable && (
      <Button
        key="approve"
        kind="primary"
        data-testid="review-approve"
        disabled={approveBlocked}
        title={approveBlocked ? approveReason : undefined}
        onClick={() => void step('/api/project/review/approve', t`Approve this FMEA?`)}
      >
        <Trans>Approve</Trans>
      </Button>
    ),
    status === 'approved' && waiting && (
      <Button key="release" kind="primary" data-testid="review-release" onClick={() => setAction('release')}>
        <Trans>Release</Trans>
      </Button>
    ),
    ((status === 'under_review' && review?.assignees.some((a) => a.userId === me)) || (status === 'approved' && waiting)) && (
      <Button key="reject" kind="danger" data-testid="review-reject" onClick={() => setAction('reject')}>
        <Trans>Reject</Trans>
      </Button>
    ),
    owner && status === 'released' && (
      <Button key="revoke" kind="danger" data-testid="review-revoke" onClick={() => void step('/api/project/review/revoke', t`Revoke the publication? The FMEA can be edited again.`)}>
        <Trans>Revoke publication</Trans>
      </Button>
    ),
    owner && status === 'revoked' && (
      <Button key="republish" data-testid="review-republish" onClick={() => void step('/api/project/review/republish', t`Publish this FMEA again?`)}>
        <Trans>Publish again</Trans>
      </Button>
    ),
    owner && (status === 'released' || status === 'revoked') && (
      <Button key="rereview" data-testid="review-rereview" onClick={() => setAction('rereview')}>
        <Trans>Review again</Trans>
      </Button>
    ),
  ]
    .flat()
    .filter(Boolean);

  return (
    <>
      <Dialog
        dock={dock}
        open={action === null}
        onOpenChange={(open) => !open && onClose()}
        title={<Trans>Review and release</Trans>}
        width={720}
        actions={
          <>
            {buttons}
            <Button data-testid="review-close" onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
          </>
        }
      >
        <div className="dfmea-review" data-testid="review-panel" aria-busy={!review}>
          {review ? (
            <>
              <p>
                <ReviewBadge status={review.status} /> {review.round > 0 ? <Trans>Round {review.round}</Trans> : <Trans>Not submitted yet</Trans>}
              </p>
              {status === 'under_review' && walkBlocked && opinionRoles.length > 0 ? (
                <p className="alert alert-info" data-testid="review-opinion-blocked">
                  {walkReason}
                </p>
              ) : null}
              {approveBlocked ? (
                <p className="alert alert-warning" data-testid="review-approve-blocked">
                  {approveReason}
                </p>
              ) : null}
              {review.waitingFor.length > 0 ? (
                <p data-testid="review-waiting">
                  <Trans>Waiting for: {review.waitingFor.map(nameOf).join(', ')}</Trans>
                </p>
              ) : null}
              {review.assignees.length > 0 ? (
                <table className="dfmea-review-table" data-testid="review-assignees">
                  <thead>
                    <tr>
                      <th><Trans>Role</Trans></th>
                      <th><Trans>Reviewer</Trans></th>
                      <th><Trans>Conclusion</Trans></th>
                      <th><Trans>Opinion</Trans></th>
                    </tr>
                  </thead>
                  <tbody>
                    {REVIEW_ROLES.map((role) => {
                      const a = review.assignees.find((x) => x.role === role);
                      const o = review.opinions.find((x) => x.role === role);
                      return (
                        <tr key={role} data-testid={`review-row-${role}`}>
                          <td>{labels.role[role]}</td>
                          <td data-user-content>{a ? personName(a) : ''}</td>
                          <td>{o ? labels.conclusion[o.conclusion] : ''}</td>
                          <td data-user-content>{o?.text ?? ''}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              ) : null}
              <ReviewWalks review={review} labels={stepLabels} />
              <h3>
                <Trans>History</Trans>
              </h3>
              {history.length === 0 ? (
                <p>
                  <Trans>No review steps yet.</Trans>
                </p>
              ) : (
                <ul className="dfmea-review-history" data-testid="review-history">
                  {history.map((h, i) => (
                    <li key={i}>
                      {formatDateTime(h.at, currentLocale())} · <strong>{labels.event[h.event]}</strong> · <span data-user-content>{personName(h)}</span>
                      {h.role ? ` (${labels.role[h.role]})` : ''}
                      {h.conclusion ? ` · ${labels.conclusion[h.conclusion]}` : ''}
                      {h.acknowledgedWarnings ? <span data-testid="review-acknowledged"> · {t`Read and acknowledged ${h.acknowledgedWarnings} check warnings`}</span> : null}
                      {h.opinion ? (
                        <>
                          {' · '}
                          <span data-user-content>{h.opinion}</span>
                        </>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
            </>
          ) : null}
        </div>
      </Dialog>
      {review && (action === 'submit' || action === 'rereview') ? <SubmitDialog projectId={projectId} review={review} again={action === 'rereview'} checks={checks} onClose={() => setAction(null)} onDone={done} /> : null}
      {action === 'release' ? <ReleaseDialog projectId={projectId} checks={checks} onClose={() => setAction(null)} onDone={done} /> : null}
      {action === 'opinion' || action === 'reject' ? <OpinionDialog projectId={projectId} mode={action} role={opinionRole} onClose={() => setAction(null)} onDone={done} /> : null}
    </>
  );
}
