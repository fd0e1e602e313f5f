import { Trans, useLingui } from '@lingui/react/macro';
import { api, Autocomplete, Field, FormDialog, notify, TextInput, useForm, type ApiData } from '@fmea/sdk';

type Plan = ApiData<'/api/dvp/get'>;

/** A new plan for a DFMEA the caller may edit that has none (picked from the server's candidates), with an optional name. */
export function NewPlanDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (saved: Plan) => void }) {
  const { t } = useLingui();
  const form = useForm({
    initial: { project: '', projectText: '', name: '' },
    validate: (d) => ({ fields: { project: !d.project && t`DFMEA: pick the DFMEA the plan verifies.` } }),
    serverFields: { project: 'project' },
    save: (d) => api.post('/api/dvp/add', { project: d.project, ...(d.name.trim() ? { name: d.name.trim() } : {}) }),
    onSaved: (saved) => {
      const num = saved.dvpNum;
      notify('success', t`DVP&R plan ${num} created`);
      onSaved(saved);
    },
  });
  return (
    <FormDialog form={form} title={<Trans>New DVP&R plan</Trans>} onClose={onClose} saveTestId="dvp-plan-save">
      <Field label={<Trans>DFMEA</Trans>} error={form.error('project')} required hint={<Trans>One plan per DFMEA: only DFMEAs without a plan are offered.</Trans>}>
        {(id) => (
          <Autocomplete
            id={id}
            data-testid="dvp-plan-project"
            value={form.draft.projectText}
            maxLength={100}
            placeholder={t`Type a DFMEA number or name, then pick`}
            onChange={(e) => {
              form.set('projectText', e.target.value);
              form.set('project', '');
            }}
            fetchSuggestions={async (q) => (await api.get('/api/dvp/candidates', { search: q })).map((p) => ({ text: `${p.serialNum} ${p.name}`, key: p.id }))}
            onPick={(option) => {
              form.set('project', option.key ?? '');
              form.set('projectText', option.text);
            }}
          />
        )}
      </Field>
      <Field label={<Trans>Plan name</Trans>} error={form.error('name')} hint={<Trans>Empty: the DFMEA’s name with “DVP&R”.</Trans>}>
        {(id) => <TextInput id={id} data-testid="dvp-plan-name" maxLength={200} value={form.draft.name} onChange={(e) => form.set('name', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
