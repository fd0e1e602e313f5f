import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FilePickerButton, FormDialog, notify, SPREADSHEET_ACCEPT, useForm } from '@fmea/sdk';

/**
 * Opens EWOs from a workbook, one per row (the export's columns, in either language). A wrong row is named
 * with its row and field and nothing is written; a column no field takes is named too (docs/domain/ewo.md).
 */
export function ImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  const form = useForm({
    initial: { file: null as File | null },
    guard: false,
    validate: (d) => ({ fields: { file: !d.file && t`File: choose a workbook (.xlsx or .xls).` } }),
    save: (d) => api.upload('/api/ewo/importData', { excelFile: d.file! }),
    onSaved: ({ created }) => {
      const nums = created.map((c) => c.ewoNum).join(', ');
      notify('success', plural(created.length, { one: `# engineering change opened: ${nums}`, other: `# engineering changes opened: ${nums}` }));
      onImported();
    },
  });
  return (
    <FormDialog form={form} title={<Trans>Import engineering changes</Trans>} onClose={onClose} submitLabel={<Trans>Import</Trans>} submitDisabled={!form.draft.file} saveTestId="ewo-import-run">
      <Field label={<Trans>File</Trans>} error={form.error('file')} required hint={<Trans>Columns as the export writes them: EWO number (optional), description, type, source, closing date, tracker (user name). Every row opens a new change.</Trans>}>
        {() => (
          <div className="ewo-file">
            <FilePickerButton accept={SPREADSHEET_ACCEPT} inputTestId="ewo-import-file" onFile={(file) => form.set('file', file)}>
              <Trans>Choose file</Trans>
            </FilePickerButton>
            <span data-user-content>{form.draft.file?.name ?? ''}</span>
          </div>
        )}
      </Field>
    </FormDialog>
  );
}
