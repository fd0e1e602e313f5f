import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, TextArea, useForm, type ApiData } from '@fmea/sdk';
import { PersonPicker } from '../PersonPicker.tsx';

type Ewo = ApiData<'/api/ewo/get'>;
export type EwoStep = 'startFollowUp' | 'submit' | 'approve' | 'reject' | 'withdraw' | 'close';

interface Draft {
  approverId: string;
  approverText: string;
  opinion: string;
}

/**
 * One step of an EWO's flow (docs/domain/ewo.md "The flow"): asking to publish names the approver (from the
 * people the server says may approve); the approver's decision needs an opinion; the other steps take an
 * optional remark. The server checks everything; its problems show under the fields they name.
 */
export function StepDialog({ ewo, step, onClose, onDone }: { ewo: Ewo; step: EwoStep; onClose: () => void; onDone: (saved: Ewo) => void }) {
  const { t } = useLingui();
  const decision = step === 'approve' || step === 'reject';
  const form = useForm<Draft, Ewo>({
    initial: { approverId: '', approverText: '', opinion: '' },
    validate: (d) => ({
      fields: {
        approverId: step === 'submit' && !d.approverId && t`Approver: pick the person who approves publishing the change.`,
        opinion: decision && !d.opinion.trim() && t`Opinion: give the reason for the decision.`,
      },
    }),
    save: (d) => {
      const base = { id: ewo.id, version: ewo.version, opinion: d.opinion.trim() || null };
      if (decision) return api.post('/api/ewo/publish', { ...base, decision: step });
      return api.post('/api/ewo/step', { ...base, event: step, ...(step === 'submit' ? { approverId: d.approverId } : {}) });
    },
    onSaved: (saved) => onDone(saved),
  });
  const titles: Record<EwoStep, string> = {
    startFollowUp: t`Start the follow-up`,
    submit: t`Request publishing`,
    approve: t`Approve publishing`,
    reject: t`Reject publishing`,
    withdraw: t`Withdraw the publish request`,
    close: t`Close the change`,
  };
  const labels: Record<EwoStep, string> = { startFollowUp: t`Start`, submit: t`Request`, approve: t`Approve`, reject: t`Reject`, withdraw: t`Withdraw`, close: t`Close the change` };
  const notes: Partial<Record<EwoStep, string>> = {
    startFollowUp: t`The tracker follows the change up from now on and is told so.`,
    submit: t`The details, affected items and documents cannot change while the approver decides.`,
    approve: t`The change is published: its tracker then follows up the breakpoint.`,
    reject: t`The change goes back to follow-up.`,
    close: t`The breakpoint is verified: closing ends the change.`,
  };
  return (
    <FormDialog form={form} title={titles[step]} onClose={onClose} submitLabel={labels[step]} saveTestId="ewo-step-confirm" formLabel={titles[step]}>
      {notes[step] ? <p className="ewo-note">{notes[step]}</p> : null}
      {step === 'submit' ? (
        <Field label={<Trans>Approver</Trans>} required error={form.error('approverId')}>
          {(id) => <PersonPicker id={id} role="approver" ewoId={ewo.id} testId="ewo-approver" text={form.draft.approverText} onText={(text) => form.set('approverText', text)} onPick={(userId) => form.set('approverId', userId)} />}
        </Field>
      ) : null}
      <Field label={decision ? <Trans>Opinion</Trans> : <Trans>Remark</Trans>} required={decision} error={form.error('opinion')}>
        {(id) => <TextArea id={id} data-testid="ewo-opinion" maxLength={200} value={form.draft.opinion} onChange={(e) => form.set('opinion', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
