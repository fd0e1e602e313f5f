import { useLingui } from '@lingui/react/macro';
import { api, can, Field, FormDialog, Select, TextArea, TextInput, useForm, useLoad, useUser, type ApiData } from '@fmea/sdk';

type Draft = { name: string; fromEwo: string; changePoint: string; changeReason: string };

/**
 * A new DRBFM (DR…): its name and the change under review — from an EWO the user may read (its description the
 * change point, what it touches the changed parts) or entered (POST /api/drbfm/create).
 */
export function NewDrbfmDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (project: { id: string; projectType: string }) => void }) {
  const { t } = useLingui();
  const user = useUser();
  const readsEwos = can(user, 'ewo_index');
  const ewos = useLoad(() => (readsEwos ? api.post('/api/ewo/list', { page: 1, limit: 100 }).catch(() => ({ items: [] })) : Promise.resolve({ items: [] })), [readsEwos]);
  const form = useForm<Draft, ApiData<'/api/drbfm/create'>>({
    initial: { name: '', fromEwo: '', changePoint: '', changeReason: '' },
    validate: (d) => ({
      fields: {
        name: !d.name.trim() && t`Enter the DRBFM’s name.`,
        changePoint: !d.fromEwo && !d.changePoint.trim() && t`Say what changes, or choose the EWO it comes from.`,
      },
    }),
    save: (d) =>
      api.post('/api/drbfm/create', {
        name: d.name.trim(),
        ...(d.fromEwo ? { fromEwo: d.fromEwo } : {}),
        ...(d.changePoint.trim() ? { changePoint: d.changePoint.trim() } : {}),
        ...(d.changeReason.trim() ? { changeReason: d.changeReason.trim() } : {}),
      }),
    onSaved: (view) => onCreated({ id: view.projectId, projectType: 'drbfm' }),
  });
  const { draft, set } = form;
  const items = (ewos.data?.items ?? []) as { id: string; ewoNum: string; description: string }[];
  return (
    <FormDialog form={form} title={t`New DRBFM`} width={620} onClose={onClose} saveTestId="drbfm-create">
      <Field label={t`Name`} required error={form.error('name')}>
        {(id) => <TextInput id={id} data-testid="drbfm-name" maxLength={200} value={draft.name} onChange={(e) => set('name', e.target.value)} />}
      </Field>
      <Field label={t`From an EWO`} error={form.error('fromEwo')} hint={t`The EWO’s description becomes the change point, the products, BOM parts and structure elements it touches the changed parts.`}>
        {(id) => (
          <Select
            id={id}
            data-testid="drbfm-from-ewo"
            value={draft.fromEwo}
            onChange={(e) => set('fromEwo', e.target.value)}
            options={[{ value: '', label: t`None: enter the change` }, ...items.map((e) => ({ value: e.id, label: `${e.ewoNum} ${e.description}` }))]}
          />
        )}
      </Field>
      <Field label={t`Change point`} required={!draft.fromEwo} error={form.error('changePoint')} hint={draft.fromEwo ? t`Leave empty to take the EWO’s description.` : undefined}>
        {(id) => <TextArea id={id} data-testid="drbfm-change-point" maxLength={500} value={draft.changePoint} onChange={(e) => set('changePoint', e.target.value)} />}
      </Field>
      <Field label={t`Reason for the change`} error={form.error('changeReason')}>
        {(id) => <TextInput id={id} data-testid="drbfm-change-reason" maxLength={200} value={draft.changeReason} onChange={(e) => set('changeReason', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
