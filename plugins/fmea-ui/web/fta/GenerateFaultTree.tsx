import { useState } from 'react';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { ftaTreePath } from '@fmea/core/domain';
import { api, Button, can, Field, FormDialog, notify, Select, TextInput, useForm, useLoad, useUser } from '@fmea/sdk';

/**
 * "Generate fault tree" from one of the project's failure effects (POST /api/fta/generate): the effect becomes
 * the top event, its modes gates, their causes basic events at the occurrence table's probability, each linked
 * to its FMEA item; the new tree opens. Offered to holders of the FTA area's add button; the server also asks
 * for membership of the project and says so in the user's language.
 */
export function GenerateFaultTreeButton({ projectId }: { projectId: string }) {
  const allowed = can(useUser(), 'fta_index', 'add');
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button data-testid="fta-generate" onClick={() => setOpen(true)}>
        <Trans>Generate fault tree</Trans>
      </Button>
      {open ? <GenerateDialog projectId={projectId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

type Draft = { effectId: string; name: string };

function GenerateDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const form = useForm({
    initial: { effectId: '', name: '' } as Draft,
    validate: (d) => ({ fields: { effectId: !d.effectId && t`Failure effect (top event): choose a failure effect.` } }),
    save: (d) => api.post('/api/fta/generate', { projectId, effectId: d.effectId, ...(d.name.trim() ? { name: d.name.trim() } : {}) }),
    onSaved: (tree) => {
      const num = tree.ftaNum;
      notify('success', t`Fault tree ${num} generated`);
      onClose();
      navigate(ftaTreePath(tree.ftaNum));
    },
  });
  const analysis = useLoad(() => api.get('/api/fmea/analysis', { projectId }), [projectId]);
  const effects = (analysis.data?.failures ?? []).filter((f) => f.kind === 'FE');
  return (
    <FormDialog form={form} title={<Trans>Generate fault tree</Trans>} onClose={onClose} submitLabel={<Trans>Generate</Trans>} saveTestId="fta-generate-run">
      <p className="fta-note">
        <Trans>The failure effect becomes the top event, its failure modes OR gates and their causes basic events, each with the probability of its occurrence rating. The tree stays linked to these FMEA items.</Trans>
      </p>
      <Field label={<Trans>Failure effect (top event)</Trans>} error={form.error('effectId') ?? analysis.error} required hint={analysis.data && effects.length === 0 ? <Trans>This project has no failure effects yet.</Trans> : undefined}>
        {(id) => (
          <Select
            id={id}
            data-testid="fta-generate-effect"
            value={form.draft.effectId}
            onChange={(e) => form.set('effectId', e.target.value)}
            options={[{ value: '', label: t`Choose…` }, ...effects.map((f) => ({ value: f.id, label: f.description }))]}
          />
        )}
      </Field>
      <Field label={<Trans>Name</Trans>} hint={<Trans>Left empty: the effect’s description.</Trans>}>
        {(id) => <TextInput id={id} value={form.draft.name} maxLength={200} onChange={(e) => form.set('name', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
