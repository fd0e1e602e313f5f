import { useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, Select, useForm } from '@fmea/sdk';
import type { Proposal } from './labels.ts';

/**
 * Accepting an "add a missing cause" proposal: the responsible person picks the function the new cause goes
 * on, among those the server allows under the mode (`causeFunctions`), its default preselected. A refusal
 * (the chain rule, a stale version) is the server's, shown as worded.
 */
export function AcceptCauseDialog({ proposal, onClose, onSaved }: { proposal: Proposal; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const choices = proposal.causeFunctions ?? [];
  const initial = choices.find((f) => f.isDefault)?.id ?? choices[0]?.id ?? '';
  const form = useForm({
    initial: { causeFunctionId: initial },
    guard: false,
    save: ({ causeFunctionId }) => api.post('/api/fmea/proposals/accept', { id: proposal.id, version: proposal.version, causeFunctionId: causeFunctionId || null }),
    onSaved,
  });
  const options = choices.map((f) => {
    const label = `${f.nodeName}: ${f.description}`;
    return { value: f.id, label: f.isDefault ? t`${label} (default)` : label };
  });
  return (
    <FormDialog form={form} title={t`Accept: add the missing cause`} submitLabel={t`Accept as optimisation action`} saveTestId="loop-accept-save" onClose={onClose}>
      <Field label={t`Function the cause goes under`} required error={form.error('causeFunctionId')}>
        {(id) => <Select id={id} data-testid="loop-accept-function" value={form.draft.causeFunctionId} onChange={(e) => form.set('causeFunctionId', e.target.value)} options={options} />}
      </Field>
    </FormDialog>
  );
}
