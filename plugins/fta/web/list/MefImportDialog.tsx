import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FilePickerButton, FormDialog, notify, useAppInfo, useForm } from '@fmea/sdk';

/**
 * Imports an Open-PSA MEF file (SCRAM's and other PSA tools' format): each `define-fault-tree` becomes a
 * stored fault tree, transfers between them kept. A file the reader refuses says why (the server's message,
 * naming the gate or event at fault) and nothing is stored.
 */
export function MefImportDialog({ onClose, onImported }: { onClose: () => void; onImported: (ids: string[]) => void }) {
  const { t } = useLingui();
  const { importMaxMb } = useAppInfo();
  const form = useForm({
    initial: { file: null as File | null },
    guard: false,
    validate: (d) => ({ fields: { file: !d.file && t`File: choose an Open-PSA MEF file (.xml).` } }),
    save: (d) => api.upload('/api/fta/import', { file: d.file! }),
    onSaved: ({ trees }) => {
      const nums = trees.map((tree) => tree.ftaNum).join(', ');
      notify('success', plural(trees.length, { one: `# fault tree imported: ${nums}`, other: `# fault trees imported: ${nums}` }));
      onImported(trees.map((tree) => tree.id));
    },
  });
  return (
    <FormDialog form={form} title={<Trans>Import MEF</Trans>} onClose={onClose} submitLabel={<Trans>Import</Trans>} submitDisabled={!form.draft.file} saveTestId="fta-import-run">
      <Field label={<Trans>File</Trans>} error={form.error('file')} required hint={<Trans>Open-PSA Model Exchange Format (.xml), at most {importMaxMb} MB: fault trees with and, or, atleast, not and xor gates, basic events with a probability or an exponential rate, house events and parameters.</Trans>}>
        {() => (
          <div className="fta-file">
            <FilePickerButton accept=".xml,application/xml,text/xml" inputTestId="fta-import-file" onFile={(file) => form.set('file', file)}>
              <Trans>Choose file</Trans>
            </FilePickerButton>
            <span data-user-content>{form.draft.file?.name ?? ''}</span>
          </div>
        )}
      </Field>
    </FormDialog>
  );
}
