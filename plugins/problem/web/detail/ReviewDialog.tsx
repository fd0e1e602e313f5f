import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, Select, TextArea, useForm, useLoad, type ApiData } from '@fmea/sdk';
import { personOption } from '../people.ts';

type Problem = ApiData<'/api/problem/get'>;
export type ReviewStep = 'submit' | 'approve' | 'reject' | 'withdraw' | 'revoke';

/**
 * The review and release of the 8D report (the lifecycle's review flow, docs/decisions/review-engines.md):
 * submit names the approver (from the people the server says may approve), approve takes an optional
 * opinion, reject a required one. The server checks everything; its problems show under the fields.
 */
export function ReviewDialog({ problem, step, onClose, onDone }: { problem: Problem; step: ReviewStep; onClose: () => void; onDone: (p: Problem) => void }) {
  const { t } = useLingui();
  const approvers = useLoad(() => (step === 'submit' ? api.get('/api/problem/approvers', { id: problem.id }) : Promise.resolve([])), [step, problem.id]);
  const form = useForm<{ approverId: string; opinion: string }, Problem>({
    initial: { approverId: '', opinion: '' },
    validate: (d) =>
      step === 'submit' && !d.approverId
        ? { fields: { approverId: t`Approver: choose the person who approves the 8D report` } }
        : step === 'reject' && !d.opinion.trim()
          ? { fields: { opinion: t`Opinion: say why the 8D report is rejected` } }
          : null,
    save: (d) => {
      const base = { id: problem.id, version: problem.version, opinion: d.opinion.trim() || null };
      if (step === 'submit') return api.post('/api/problem/submit', { ...base, approverId: d.approverId });
      if (step === 'withdraw') return api.post('/api/problem/withdraw', base);
      if (step === 'revoke') return api.post('/api/problem/revoke', base);
      return api.post('/api/problem/decide', { ...base, decision: step });
    },
    onSaved: onDone,
  });
  const titles: Record<ReviewStep, string> = { submit: t`Submit the 8D report for review`, approve: t`Approve and release the 8D report`, reject: t`Reject the 8D report`, withdraw: t`Withdraw the 8D report from review`, revoke: t`Revoke the release of the 8D report` };
  const labels: Record<ReviewStep, string> = { submit: t`Submit`, approve: t`Approve`, reject: t`Reject`, withdraw: t`Withdraw`, revoke: t`Revoke` };
  return (
    <FormDialog form={form} title={titles[step]} onClose={onClose} submitLabel={labels[step]} saveTestId="problem-review-confirm" formLabel={titles[step]}>
      {step === 'submit' ? (
        <Field label={<Trans>Approver</Trans>} required error={form.error('approverId')}>
          {(id) => (
            <Select
              id={id}
              data-testid="problem-approver"
              value={form.draft.approverId}
              onChange={(e) => form.set('approverId', e.target.value)}
              options={[{ value: '', label: approvers.data ? t`Choose…` : t`Loading…` }, ...(approvers.data ?? []).map(personOption)]}
            />
          )}
        </Field>
      ) : null}
      {step === 'submit' ? (
        <p className="muted">
          <Trans>While the report is under review, the problem cannot be changed.</Trans>
        </p>
      ) : null}
      {step === 'revoke' ? (
        <p className="muted">
          <Trans>The problem goes back to open so it can be changed; the report is submitted and released again afterwards.</Trans>
        </p>
      ) : null}
      <Field label={step === 'submit' ? <Trans>Remark</Trans> : <Trans>Opinion</Trans>} required={step === 'reject'} error={form.error('opinion')}>
        {(id) => <TextArea id={id} data-testid="problem-opinion" maxLength={200} value={form.draft.opinion} onChange={(e) => form.set('opinion', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
