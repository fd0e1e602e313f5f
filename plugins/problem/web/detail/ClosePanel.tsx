import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Field, FormError, formatDate, notify, readServerError, TextArea, type ApiData } from '@fmea/sdk';

type Problem = ApiData<'/api/problem/get'>;

const DAY = 24 * 60 * 60 * 1000;

/**
 * D8's own part: the closed-loop decision (did the lesson reach the FMEA, the control plan and the
 * standards?), which needs a reason to change once made; and closing, allowed once the report is released
 * and 30 days after D6 was finished: before that the panel says from which date and how many days are left.
 */
export function ClosePanel({ problem, editable, now, onChanged }: { problem: Problem; editable: boolean; now: Date; onChanged: (p: Problem) => void }) {
  const { t } = useLingui();
  const [choice, setChoice] = useState<boolean | null>(problem.closedLoop);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** After a refused closing: why it closes although a gate holds it (the FMEA change proposals still open). */
  const [refused, setRefused] = useState(false);
  const [overrideReason, setOverrideReason] = useState('');
  const changing = problem.closedLoop !== null && choice !== null && choice !== problem.closedLoop;
  const allowedAt = problem.closureAllowedAt ? new Date(problem.closureAllowedAt) : null;
  const daysLeft = allowedAt ? Math.ceil((allowedAt.getTime() - now.getTime()) / DAY) : null;
  const date = formatDate(problem.closureAllowedAt);

  const run = async (work: () => Promise<Problem>, done: string): Promise<boolean> => {
    setBusy(true);
    try {
      const next = await work();
      setError(null);
      setReason('');
      notify('success', done);
      onChanged(next);
      return true;
    } catch (e) {
      setError(readServerError(e).message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const decide = () => {
    if (choice === null) return;
    if (changing && !reason.trim()) return setError(t`Reason: say why the closed-loop decision changes.`);
    void run(() => api.post('/api/problem/closedLoop', { id: problem.id, version: problem.version, closedLoop: choice, reason: reason.trim() || null }), t`Closed-loop decision saved`);
  };
  const close = async () => {
    const closed = await run(() => api.post('/api/problem/close', { id: problem.id, version: problem.version, ...(overrideReason.trim() ? { overrideReason: overrideReason.trim() } : {}) }), t`Problem closed`);
    setRefused(!closed);
  };

  return (
    <div className="problem-close" data-testid="close-panel">
      <section>
        <h3>
          <Trans>Closed loop</Trans>
        </h3>
        <p className="muted">
          <Trans>Closed loop: the lesson reached the FMEA, the control plan and the standards. Changing the decision needs a reason.</Trans>
        </p>
        <div className="closed-loop-switch" role="radiogroup" aria-label={t`Closed loop`}>
          <button type="button" role="radio" aria-checked={choice === true} disabled={!editable} data-testid="closed-loop-yes" onClick={() => setChoice(true)}>
            <Trans>Closed loop</Trans>
          </button>
          <button type="button" role="radio" aria-checked={choice === false} disabled={!editable} data-testid="closed-loop-no" onClick={() => setChoice(false)}>
            <Trans>Not closed loop</Trans>
          </button>
        </div>
        {problem.closedLoopReason ? (
          <p>
            <Trans>Reason given</Trans>: <span data-user-content>{problem.closedLoopReason}</span>
          </p>
        ) : null}
        {editable && changing ? (
          <Field label={<Trans>Reason for the change</Trans>} required>
            {(id) => <TextArea id={id} data-testid="closed-loop-reason" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </Field>
        ) : null}
        {editable ? (
          <Button data-testid="closed-loop-save" disabled={busy || choice === null || choice === problem.closedLoop} onClick={decide}>
            <Trans>Save decision</Trans>
          </Button>
        ) : null}
      </section>
      <section>
        <h3>
          <Trans>Closing</Trans>
        </h3>
        {problem.status === 'closed' ? (
          <p data-testid="closed-note">
            <Trans>
              Closed on {formatDate(problem.closedAt)} by <span data-user-content>{problem.closedByName ?? ''}</span>.
            </Trans>
          </p>
        ) : !allowedAt ? (
          <p className="problem-banner" data-testid="closure-wait">
            <Trans>The problem can be closed 30 days after D6 is finished.</Trans>
          </p>
        ) : daysLeft !== null && daysLeft > 0 ? (
          <p className="problem-banner problem-banner-warning" data-testid="closure-wait">
            <Trans>
              Closing is allowed 30 days after D6: from {date}, {daysLeft} days from now.
            </Trans>
          </p>
        ) : (
          <p className="problem-banner" data-testid="closure-wait">
            <Trans>The 30 days after D6 are over: the problem can be closed once its 8D report is released.</Trans>
          </p>
        )}
        {refused && problem.status === 'released' ? (
          <Field label={<Trans>Reason to close anyway</Trans>} hint={<Trans>Only where the refusal allows it, for example FMEA change proposals still open.</Trans>}>
            {(id) => <TextArea id={id} data-testid="close-override-reason" maxLength={200} value={overrideReason} onChange={(e) => setOverrideReason(e.target.value)} />}
          </Field>
        ) : null}
        {problem.status === 'released' && problem.can.edit ? (
          <Button kind="primary" data-testid="problem-close" disabled={busy || (daysLeft !== null && daysLeft > 0) || !allowedAt} onClick={() => void close()}>
            <Trans>Close the problem</Trans>
          </Button>
        ) : null}
      </section>
      <div className="problem-form-wide">
        <FormError message={error} />
      </div>
    </div>
  );
}
