import { useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, TextInput, useForm } from '@fmea/sdk';
import type { ProjectListItem, ProjectView } from '../types.ts';

/**
 * Copies a project (its owner or an administrator, spec 000 §6): the copy gets
 * the next number, the header and the whole analysis, and the user as its
 * only team member.
 */
export function CopyProjectDialog({ project, onClose, onSaved }: { project: ProjectListItem; onClose: () => void; onSaved: (p: ProjectView) => void }) {
  const { t } = useLingui();
  const form = useForm({
    initial: { name: project.name },
    save: ({ name }) => api.post('/api/project/copy', { id: project.id, name: name.trim() }),
    onSaved,
  });
  const serialNum = project.serialNum;
  return (
    <FormDialog form={form} title={t`Copy project ${serialNum}`} saveTestId="dfmea-copy-save" submitDisabled={!form.draft.name.trim()} onClose={onClose}>
      <p className="muted">{t`The copy gets a new number, this project's header and analysis, and you as its responsible person.`}</p>
      <Field label={t`Name of the copy`} required error={form.error('name')}>
        {(id) => <TextInput id={id} data-testid="dfmea-copy-name" autoFocus value={form.draft.name} maxLength={200} onChange={(e) => form.set('name', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
