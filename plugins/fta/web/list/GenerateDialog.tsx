import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, notify, Select, TextInput, useForm, useLoad } from '@fmea/sdk';

type Draft = { projectId: string; effectId: string; name: string };

/**
 * A fault tree generated from a DFMEA's failure net (POST /api/fta/generate): a failure effect becomes the
 * top event, its failure modes gates, their causes basic events with the occurrence rating's probability;
 * every event stays linked to its FMEA item. The projects offered are the DFMEAs the user may open (the
 * hundred changed last); the server asks for membership of the project.
 */
export function GenerateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useLingui();
  const form = useForm({
    initial: { projectId: '', effectId: '', name: '' } as Draft,
    validate: (d) => ({ fields: { projectId: !d.projectId && t`DFMEA project: choose a project.`, effectId: !d.effectId && t`Failure effect: choose the top event.` } }),
    save: (d) => api.post('/api/fta/generate', { projectId: d.projectId, effectId: d.effectId, ...(d.name.trim() ? { name: d.name.trim() } : {}) }),
    onSaved: (tree) => {
      const num = tree.ftaNum;
      notify('success', t`Fault tree ${num} generated`);
      onCreated(tree.id);
    },
  });
  const projects = useLoad(() => api.post('/api/project/list', { tab: 'all', projectType: 'dfmea', page: 1, limit: 100 }), []);
  const { projectId } = form.draft;
  const analysis = useLoad(() => (projectId ? api.get('/api/fmea/analysis', { projectId }) : Promise.resolve(null)), [projectId]);
  const effects = (analysis.data?.failures ?? []).filter((f) => f.kind === 'FE');
  return (
    <FormDialog form={form} title={<Trans>Generate from a DFMEA</Trans>} onClose={onClose} submitLabel={<Trans>Generate</Trans>} saveTestId="fta-generate-run">
      <Field label={<Trans>DFMEA project</Trans>} error={form.error('projectId') ?? projects.error} required>
        {(id) => (
          <Select
            id={id}
            data-testid="fta-generate-project"
            value={projectId}
            onChange={(e) => form.change({ projectId: e.target.value, effectId: '' })}
            options={[{ value: '', label: t`Choose…` }, ...(projects.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.serialNum} ${p.name}` }))]}
          />
        )}
      </Field>
      <Field
        label={<Trans>Failure effect (top event)</Trans>}
        error={form.error('effectId') ?? analysis.error}
        required
        hint={projectId && analysis.data && effects.length === 0 ? <Trans>This project has no failure effects yet.</Trans> : undefined}
      >
        {(id) => (
          <Select
            id={id}
            data-testid="fta-generate-effect"
            value={form.draft.effectId}
            disabled={!projectId}
            onChange={(e) => form.set('effectId', e.target.value)}
            options={[{ value: '', label: t`Choose…` }, ...effects.map((f) => ({ value: f.id, label: f.description }))]}
          />
        )}
      </Field>
      <Field label={<Trans>Name</Trans>} hint={<Trans>Left empty: the effect's description.</Trans>}>
        {(id) => <TextInput id={id} value={form.draft.name} maxLength={200} onChange={(e) => form.set('name', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
