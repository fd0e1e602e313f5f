import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { CAUSE_TRACKS, PROBLEM_STEPS } from '@fmea/core/domain';
import { api, Button, EmptyState, formatDate, useGuardedNavigate, useLoad, type ApiData, type AreaPageProps } from '@fmea/sdk';
import { ProblemFields } from '../detail/ProblemFields.tsx';
import { TableHead } from '../table-head.tsx';
import { FishboneBoard } from '../rca/FishboneBoard.tsx';
import { rootCauseDraft } from '../detail/drafts.ts';
import { useActionKindLabel, useIsNotLabel, useMemberRoleLabel, useSixMLabel, useStatusLabel, useStepStateLabel, useStepTitle, useTrackLabel, type ActionKind, type StepCode } from '../labels.ts';
import '../problem.css';
import './report.css';

type Problem = ApiData<'/api/problem/get'>;

const STEP_ACTIONS: Partial<Record<StepCode, ActionKind>> = { D0: 'emergency', D3: 'containment', D5: 'corrective', D6: 'verification', D7A: 'preventive', D7B: 'readAcross' };

/**
 * The 8D report of one problem (problemReport?id=…) as a customer's 8D form reads it, one section per
 * discipline: who owned it, when it was done, what was found and done; made for paper (report.css: A4,
 * the shell hidden, sections kept whole where they fit). Print opens the browser's dialog.
 */
export default function ReportPage({ basePath }: AreaPageProps) {
  const { t } = useLingui();
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const navigate = useGuardedNavigate();
  const loaded = useLoad(() => (id ? api.get('/api/problem/get', { id }) : Promise.resolve(null)), [id]);
  if (!id) return <EmptyState title={<Trans>No problem chosen</Trans>}>{<Trans>Open a problem from the list of problems.</Trans>}</EmptyState>;
  if (loaded.error) return <div role="alert" className="form-error">{loaded.error}</div>;
  const problem = loaded.data;
  if (!problem) return <p className="muted">{t`Loading…`}</p>;
  return (
    <div className="page problem-report-page" data-testid="problem-report-page">
      <div className="report-tools">
        <Button onClick={() => void navigate(`${basePath}/problemDetail?id=${encodeURIComponent(problem.id)}`)}>
          <Trans>Back to the problem</Trans>
        </Button>
        <Button kind="primary" data-testid="report-print" onClick={() => window.print()}>
          <Trans>Print</Trans>
        </Button>
      </div>
      <Report problem={problem} />
    </div>
  );
}

function Report({ problem }: { problem: Problem }) {
  const { t } = useLingui();
  const stepTitle = useStepTitle();
  const stateLabel = useStepStateLabel();
  const statusLabel = useStatusLabel();
  const roleLabel = useMemberRoleLabel();
  const isNotLabel = useIsNotLabel();
  const kindLabel = useActionKindLabel();
  const trackLabel = useTrackLabel();
  const sixM = useSixMLabel();
  const rca = rootCauseDraft(problem.causes, problem.whys);
  const causeText = new Map(problem.causes.map((c) => [c.id, c.description]));
  const num = problem.problemNum;
  return (
    <article className="problem-report" data-testid="problem-report">
      <header className="report-head">
        <h1>
          <Trans>8D report</Trans> {num}
        </h1>
        <p className="report-brief" data-user-content>
          {problem.brief}
        </p>
        <p className="report-status">
          <Trans>Status</Trans>: {statusLabel(problem.status)}
          {problem.closedLoop !== null ? ` · ${problem.closedLoop ? t`Closed loop` : t`Not closed loop`}` : ''}
          {problem.customerProblem && problem.customerName ? (
            <>
              {' · '}
              <Trans>Customer</Trans>: <span data-user-content>{problem.customerName}</span>
            </>
          ) : null}
        </p>
      </header>
      <ProblemFields problem={problem} />
      {PROBLEM_STEPS.map((code) => {
        const s = problem.steps.find((x) => x.step === code)!;
        const kind = STEP_ACTIONS[code];
        const actions = kind ? problem.actions.filter((a) => a.kind === kind) : [];
        return (
          <section key={code} className="report-step" data-step={code}>
            <h2>
              {code} {stepTitle(code)}
            </h2>
            <p className="report-step-meta">
              {stateLabel(s.state)}
              {s.ownerName ? (
                <>
                  {' · '}
                  <Trans>Owner</Trans>: <span data-user-content>{s.ownerName}</span>
                </>
              ) : null}
              {s.finishedAt ? ` · ${t`Done on`} ${formatDate(s.finishedAt)}` : ''}
            </p>
            {code === 'D1' ? (
              <table className="problem-table">
                <TableHead cells={[<Trans>Member</Trans>, <Trans>Role</Trans>, <Trans>Function in the team</Trans>]} />
                <tbody>
                  {problem.members.map((m) => (
                    <tr key={m.id}>
                      <td data-user-content>{m.userName}</td>
                      <td>{roleLabel(m.role)}</td>
                      <td data-user-content>{m.duty ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {code === 'D2' && problem.isNot.length > 0 ? (
              <table className="problem-table is-not">
                <TableHead cells={[null, <Trans>Is</Trans>, <Trans>Is not</Trans>]} />
                <tbody>
                  {problem.isNot.map((r) => (
                    <tr key={r.id}>
                      <th scope="row">{isNotLabel(r.dimension)}</th>
                      <td data-user-content>{r.isText ?? ''}</td>
                      <td data-user-content>{r.isNotText ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {code === 'D4'
              ? CAUSE_TRACKS.map((track) => (
                  <div key={track} className="report-track">
                    <h3>{trackLabel(track)}</h3>
                    {rca.causes[track].length > 0 ? (
                      <FishboneBoard effect={track === 'occurrence' ? problem.brief : t`Not detected: ${problem.brief}`} causes={rca.causes[track]} readOnly onChange={() => undefined} newId={() => ''} testId={`report-fishbone-${track}`} />
                    ) : null}
                    {rca.chains[track].map((c, i) => (
                      <p key={c.chain} className="report-why">
                        <strong>{t`5 whys, chain ${i + 1}`}:</strong> <span data-user-content>{c.answers.join(' → ')}</span>
                        {c.rootCause ? <strong className="report-root"> ({t`root cause`})</strong> : null}
                      </p>
                    ))}
                    <ul className="report-roots">
                      {problem.causes
                        .filter((c) => c.track === track && c.rootCause)
                        .map((c) => (
                          <li key={c.id}>
                            <strong>{t`Root cause`}</strong>
                            {c.category ? ` (${sixM(c.category)})` : ''}: <span data-user-content>{c.description}</span>
                          </li>
                        ))}
                    </ul>
                  </div>
                ))
              : null}
            {kind && actions.length > 0 ? (
              <table className="problem-table">
                <TableHead cells={[kindLabel(kind), <Trans>Owner</Trans>, <Trans>Planned</Trans>, <Trans>Done</Trans>, <Trans>Result</Trans>]} />
                <tbody>
                  {actions.map((a) => (
                    <tr key={a.id}>
                      <td data-user-content>
                        {a.description}
                        {a.causeId && causeText.get(a.causeId) ? <div className="muted">{t`Addresses: ${causeText.get(a.causeId)}`}</div> : null}
                      </td>
                      <td data-user-content>{a.ownerName ?? ''}</td>
                      <td>{formatDate(a.plannedAt)}</td>
                      <td>{a.status === 'done' ? formatDate(a.doneAt) || '✓' : ''}</td>
                      <td data-user-content>{a.result ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {s.content ? (
              <p className="report-content" data-user-content>
                {s.content}
              </p>
            ) : null}
          </section>
        );
      })}
      <footer className="report-sign">
        <div>
          <Trans>Prepared by</Trans>: <span data-user-content>{problem.submitterName ?? problem.responsibleName ?? ''}</span> {formatDate(problem.submittedAt)}
        </div>
        <div>
          <Trans>Approved by</Trans>: <span data-user-content>{problem.releasedByName ?? ''}</span> {formatDate(problem.releasedAt)}
        </div>
      </footer>
    </article>
  );
}
