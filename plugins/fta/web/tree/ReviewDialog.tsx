import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, Select, TextArea, useForm, useLoad, type ApiData } from '@fmea/sdk';

type Tree = ApiData<'/api/fta/get'>;
export type ReviewStep = 'submit' | 'approve' | 'reject' | 'revoke';

interface Draft {
  approverId: string;
  opinion: string;
}

/**
 * One step of a fault tree's review (docs/domain/fta.md, "Review and release"): submit names the approver
 * (from the people the server says may approve), approve and revoke take an optional opinion, reject a
 * required one. The server checks everything; its problems show under the fields they name.
 */
export function ReviewDialog({ tree, step, onClose, onDone }: { tree: Tree; step: ReviewStep; onClose: () => void; onDone: (tree: Tree) => void }) {
  const { t } = useLingui();
  const approvers = useLoad(() => (step === 'submit' ? api.get('/api/fta/approvers', { id: tree.id }) : Promise.resolve([])), [step, tree.id]);
  const form = useForm<Draft, Tree>({
    initial: { approverId: '', opinion: '' },
    validate: (d) => (step === 'submit' && !d.approverId ? { fields: { approverId: t`Approver: choose the person who approves the fault tree` } } : step === 'reject' && !d.opinion.trim() ? { fields: { opinion: t`Opinion: say why the tree is rejected` } } : null),
    save: (d) => {
      const base = { id: tree.id, version: tree.version, opinion: d.opinion.trim() || null };
      if (step === 'submit') return api.post('/api/fta/submit', { ...base, approverId: d.approverId });
      if (step === 'revoke') return api.post('/api/fta/revoke', base);
      return api.post('/api/fta/decide', { ...base, decision: step });
    },
    onSaved: (saved) => onDone(saved),
  });
  const titles: Record<ReviewStep, string> = { submit: t`Submit for review`, approve: t`Approve and release`, reject: t`Reject`, revoke: t`Revoke the release` };
  const labels: Record<ReviewStep, string> = { submit: t`Submit`, approve: t`Approve`, reject: t`Reject`, revoke: t`Revoke` };
  return (
    <FormDialog form={form} title={titles[step]} onClose={onClose} submitLabel={labels[step]} saveTestId="fta-review-confirm" formLabel={titles[step]}>
      {step === 'submit' ? (
        <Field label={<Trans>Approver</Trans>} required error={form.error('approverId')}>
          {(id) => (
            <Select
              id={id}
              data-testid="fta-approver"
              value={form.draft.approverId}
              onChange={(e) => form.set('approverId', e.target.value)}
              options={[{ value: '', label: approvers.data ? t`Choose…` : t`Loading…` }, ...(approvers.data ?? []).map((u) => ({ value: u.id, label: u.realName ? `${u.realName} (${u.userName})` : u.userName }))]}
            />
          )}
        </Field>
      ) : null}
      {step === 'revoke' ? (
        <p className="fta-note">
          <Trans>The tree goes back to draft and can be changed again. Its releases stay readable.</Trans>
        </p>
      ) : null}
      <Field label={step === 'submit' ? <Trans>Remark</Trans> : <Trans>Opinion</Trans>} required={step === 'reject'} error={form.error('opinion')}>
        {(id) => <TextArea id={id} data-testid="fta-opinion" maxLength={200} value={form.draft.opinion} onChange={(e) => form.set('opinion', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
