import { Trans, useLingui } from '@lingui/react/macro';
import { api, Autocomplete, Field, FormDialog, notify, useForm, type FetchSuggestions, type SuggestionOption } from '@fmea/sdk';

/** The DFMEAs and PFMEAs the caller may open, by number or name, for a picker. */
export const findFmeas: FetchSuggestions = async (q) => {
  const found = await Promise.all((['dfmea', 'pfmea'] as const).map((projectType) => api.post('/api/project/list', { tab: 'all', page: 1, limit: 5, projectType, search: q.trim() || undefined }).catch(() => null)));
  return found.flatMap((page) => (page?.items ?? []).map((p): SuggestionOption => ({ text: `${p.serialNum} ${p.name}`, note: p.projectType.toUpperCase(), key: p.id })));
};

/** Adds a DFMEA or PFMEA to the program: its tasks may then work on the FMEA's nodes. */
export function LinkFmeaDialog({ program, onClose, onSaved }: { program: { id: string; version: number }; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const form = useForm({
    initial: { text: '', projectId: '' },
    validate: (d) => ({ fields: { text: !d.projectId && t`FMEA: pick a project from the suggestions.` } }),
    save: (d) => api.post('/api/program/linkFmea', { id: program.id, version: program.version, projectId: d.projectId, linked: true }),
    serverFields: { projectId: 'text' },
    onSaved: () => {
      notify('success', t`FMEA added to the program`);
      onSaved();
    },
  });
  return (
    <FormDialog form={form} title={<Trans>Add an FMEA</Trans>} onClose={onClose} saveTestId="program-link-fmea-save">
      <Field label={<Trans>FMEA</Trans>} error={form.error('text')} required hint={<Trans>Type its number or name.</Trans>}>
        {(id) => (
          <Autocomplete
            id={id}
            data-testid="program-link-fmea"
            value={form.draft.text}
            fetchSuggestions={findFmeas}
            onChange={(e) => form.change({ text: e.target.value, projectId: '' })}
            onPick={(o) => form.change({ text: o.text, projectId: o.key ?? '' })}
          />
        )}
      </Field>
    </FormDialog>
  );
}
