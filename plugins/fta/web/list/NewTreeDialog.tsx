import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, notify, TextArea, TextInput, useForm } from '@fmea/sdk';
import { numberOf } from '../editor/numbers.ts';

type Draft = { name: string; description: string; missionTime: string };

/** A new fault tree: its name, description and mission time; it starts as a top OR gate for the editor to build on. */
export function NewTreeDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useLingui();
  const form = useForm({
    initial: { name: '', description: '', missionTime: '8760' } as Draft,
    validate: (d) => {
      const hours = numberOf(d.missionTime);
      return {
        fields: {
          name: !d.name.trim() && t`Name: enter a name.`,
          missionTime: (hours === null || hours <= 0) && t`Mission time: enter a number of hours greater than 0.`,
        },
      };
    },
    save: (d) => api.post('/api/fta/create', { name: d.name.trim(), ...(d.description.trim() ? { description: d.description.trim() } : {}), missionTime: numberOf(d.missionTime)! }),
    onSaved: (tree) => {
      const num = tree.ftaNum;
      notify('success', t`Fault tree ${num} created`);
      onCreated(tree.id);
    },
  });
  return (
    <FormDialog form={form} title={<Trans>New fault tree</Trans>} onClose={onClose} saveTestId="fta-create-save">
      <Field label={<Trans>Name</Trans>} error={form.error('name')} required>
        {(id) => <TextInput id={id} data-testid="fta-create-name" value={form.draft.name} maxLength={200} onChange={(e) => form.set('name', e.target.value)} />}
      </Field>
      <Field label={<Trans>Description</Trans>} error={form.error('description')}>
        {(id) => <TextArea id={id} value={form.draft.description} maxLength={2000} onChange={(e) => form.set('description', e.target.value)} />}
      </Field>
      <Field label={<Trans>Mission time (hours)</Trans>} error={form.error('missionTime')} required hint={<Trans>Basic events given a failure rate fail with probability 1 − e^(−λt) over this time.</Trans>}>
        {(id) => <TextInput id={id} data-testid="fta-create-mission" inputMode="decimal" value={form.draft.missionTime} onChange={(e) => form.set('missionTime', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
