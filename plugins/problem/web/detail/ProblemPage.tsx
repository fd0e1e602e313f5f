import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { PROBLEM_STEPS } from '@fmea/core/domain';
import { ProposalsPanel } from '@fmea/fmea-ui';
import { api, Button, EmptyState, formatDate, notify, notifyError, PageHeader, useGuardedNavigate, useLoad, useUser, type ApiData, type AreaPageProps } from '@fmea/sdk';
import { ClosePanel } from './ClosePanel.tsx';
import { ProblemFields } from './ProblemFields.tsx';
import { ReviewDialog, type ReviewStep } from './ReviewDialog.tsx';
import { Stepper } from './Stepper.tsx';
import { StepPanel } from './StepPanel.tsx';
import { ExperienceDialog } from './ExperienceDialog.tsx';
import { ProblemDialog } from '../list/ProblemDialog.tsx';
import { usePeople } from '../people.ts';
import { useStatusLabel, type StepCode } from '../labels.ts';
import '../problem.css';

type Problem = ApiData<'/api/problem/get'>;

/** The step to show first: the first one not done (D8 once all are). */
const firstOpen = (p: Problem): StepCode => PROBLEM_STEPS.find((s) => p.steps.find((x) => x.step === s)?.state !== 'done') ?? 'D8';

/**
 * One problem (problemDetail?id=…): its header fields, the 8D stepper and the chosen step's panel; the
 * review and release of its 8D report (submit to a named approver, who approves or rejects with an
 * opinion), the 8D workbook export, the printable report, closing, and the lesson pushed to the
 * experience library once closed. The page offers what the problem's state and the server's `can` allow;
 * the server decides.
 */
export default function ProblemPage({ basePath }: AreaPageProps) {
  const { t } = useLingui();
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const navigate = useGuardedNavigate();
  const statusLabel = useStatusLabel();
  const people = usePeople();
  const user = useUser();
  const loaded = useLoad(() => (id ? api.get('/api/problem/get', { id }) : Promise.resolve(null)), [id]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [chosen, setChosen] = useState<StepCode | null>(null);
  const [review, setReview] = useState<ReviewStep | null>(null);
  const [editing, setEditing] = useState(false);
  const [pushing, setPushing] = useState(false);
  useEffect(() => {
    if (loaded.data) setProblem(loaded.data);
  }, [loaded.data]);

  if (!id) return <EmptyState title={<Trans>No problem chosen</Trans>}>{<Trans>Open a problem from the list of problems.</Trans>}</EmptyState>;
  if (loaded.error) return <div role="alert" className="form-error">{loaded.error}</div>;
  if (!problem) return <p className="muted">{t`Loading…`}</p>;

  const step = chosen ?? firstOpen(problem);
  const open = problem.status === 'open';
  const editable = open && problem.can.edit;
  const num = problem.problemNum;
  const reportComplete = PROBLEM_STEPS.filter((s) => s !== 'D8').every((s) => problem.steps.find((x) => x.step === s)?.state === 'done');
  const changed = (next: Problem) => setProblem(next);

  return (
    <div className="page problem-page" data-testid="problem-page">
      <PageHeader
        title={
          <>
            {num} <span data-user-content>{problem.brief}</span>
          </>
        }
        actions={
          <>
            <Button onClick={() => void navigate(problem.customerProblem ? `${basePath}/customer` : basePath)}>
              {problem.customerProblem ? <Trans>All customer problems</Trans> : <Trans>All problems</Trans>}
            </Button>
            {editable ? (
              <Button data-testid="problem-edit" onClick={() => setEditing(true)}>
                <Trans>Edit</Trans>
              </Button>
            ) : null}
            <Button data-testid="problem-export" onClick={() => void api.download('/api/problem/report', `${num}-8D.xlsx`, { id: problem.id }).catch(notifyError)}>
              <Trans>Export 8D workbook</Trans>
            </Button>
            <Button data-testid="problem-report" onClick={() => void navigate(`${basePath}/problemReport?id=${encodeURIComponent(problem.id)}`)}>
              <Trans>8D report</Trans>
            </Button>
            {editable ? (
              <Button kind="primary" data-testid="problem-submit" disabled={!reportComplete} title={reportComplete ? undefined : t`Finish D0 to D7B first`} onClick={() => setReview('submit')}>
                <Trans>Submit for review</Trans>
              </Button>
            ) : null}
            {problem.can.decide ? (
              <>
                <Button kind="primary" data-testid="problem-approve" onClick={() => setReview('approve')}>
                  <Trans>Approve</Trans>
                </Button>
                <Button kind="danger" data-testid="problem-reject" onClick={() => setReview('reject')}>
                  <Trans>Reject</Trans>
                </Button>
              </>
            ) : null}
            {problem.status === 'underReview' && user?.userId === problem.submitterId ? (
              <Button data-testid="problem-withdraw" onClick={() => setReview('withdraw')}>
                <Trans>Withdraw from review</Trans>
              </Button>
            ) : null}
            {problem.status === 'released' && problem.can.edit ? (
              <Button data-testid="problem-revoke" onClick={() => setReview('revoke')}>
                <Trans>Revoke release</Trans>
              </Button>
            ) : null}
            {problem.status === 'closed' && !problem.experienceId && problem.can.edit ? (
              <Button data-testid="problem-experience" onClick={() => setPushing(true)}>
                <Trans>Push the lesson to the experience library</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      <div className="problem-meta">
        <span>
          <Trans>Status</Trans>:{' '}
          <span className={`problem-state problem-state-${problem.status}`} data-testid="problem-status">
            {statusLabel(problem.status)}
          </span>
        </span>
        {problem.customerProblem ? (
          <span>
            <Trans>Customer problem</Trans>: <span data-user-content>{problem.customerName ?? ''}</span>
          </span>
        ) : null}
        {problem.closedLoop !== null ? <span data-testid="problem-closed-loop">{problem.closedLoop ? t`Closed loop` : t`Not closed loop`}</span> : null}
      </div>
      <StatusBanner problem={problem} />
      <ProblemFields problem={problem} />
      <Stepper steps={problem.steps} current={step} onChoose={setChosen} />
      <StepPanel
        problem={problem}
        step={step}
        editable={editable}
        people={people}
        onChanged={changed}
        extra={
          <section className="rca-mount" data-testid="fmea-proposals">
            <ProposalsPanel sourceKind="problem" sourceId={problem.id} readOnly={!problem.can.edit || problem.status === 'closed'} />
          </section>
        }
        closing={<ClosePanel problem={problem} editable={problem.can.edit && problem.status !== 'closed'} now={new Date()} onChanged={changed} />}
      />
      {editing ? (
        <ProblemDialog
          customer={problem.customerProblem}
          problem={problem}
          onClose={() => setEditing(false)}
          onSaved={(p) => {
            setEditing(false);
            changed(p);
          }}
        />
      ) : null}
      {review ? (
        <ReviewDialog
          problem={problem}
          step={review}
          onClose={() => setReview(null)}
          onDone={(next) => {
            setReview(null);
            changed(next);
            notify('success', next.status === 'underReview' ? t`8D report submitted for review` : next.status === 'released' ? t`8D report released` : t`8D report back to the team`);
          }}
        />
      ) : null}
      {pushing ? (
        <ExperienceDialog
          problem={problem}
          onClose={() => setPushing(false)}
          onDone={(next) => {
            setPushing(false);
            changed(next);
          }}
        />
      ) : null}
    </div>
  );
}

/** What the problem's state means for the reader: under review (frozen, by whom), rejected (why), released, closed. */
function StatusBanner({ problem }: { problem: Problem }) {
  if (problem.status === 'underReview')
    return (
      <div className="problem-banner problem-banner-warning" role="status" data-testid="problem-banner">
        <Trans>
          The 8D report is under review by <span data-user-content>{problem.approverName ?? ''}</span>: the problem cannot be changed until it is approved or rejected.
        </Trans>
      </div>
    );
  if (problem.status === 'open' && problem.reviewOpinion && problem.submittedAt)
    return (
      <div className="problem-banner problem-banner-danger" role="status" data-testid="problem-banner">
        <Trans>
          The 8D report was sent back: <span data-user-content>{problem.reviewOpinion}</span>
        </Trans>
      </div>
    );
  if (problem.status === 'released')
    return (
      <div className="problem-banner" role="status" data-testid="problem-banner">
        <Trans>
          8D report released by <span data-user-content>{problem.releasedByName ?? ''}</span> on {formatDate(problem.releasedAt)}.
        </Trans>
      </div>
    );
  return null;
}
