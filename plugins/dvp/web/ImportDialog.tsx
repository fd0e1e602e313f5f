import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FilePickerButton, FormDialog, notify, SPREADSHEET_ACCEPT, useForm } from '@fmea/sdk';

/**
 * Reads a DVP&R workbook into the plan (the export's layout, headings in either language): known test numbers are
 * updated, other rows added. A wrong row is named with its row and column and nothing is written.
 */
export function ImportDialog({ planId, onClose, onImported }: { planId: string; onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  const form = useForm({
    initial: { file: null as File | null },
    guard: false,
    validate: (d) => ({ fields: { file: !d.file && t`File: choose a workbook (.xlsx).` } }),
    save: (d) => api.upload('/api/dvp/importData', { id: planId, excelFile: d.file! }),
    onSaved: ({ created, updated }) => {
      notify('success', t`${created} tests added, ${updated} updated`);
      onImported();
    },
  });
  return (
    <FormDialog form={form} title={<Trans>Import the DVP&R workbook</Trans>} onClose={onClose} submitLabel={<Trans>Import</Trans>} submitDisabled={!form.draft.file} saveTestId="dvp-import-run">
      <Field label={<Trans>File</Trans>} error={form.error('file')} required hint={<Trans>The DVP&R form as the export writes it. Rows with a test number of this plan update that test; other rows add tests.</Trans>}>
        {() => (
          <div className="dvp-file">
            <FilePickerButton accept={SPREADSHEET_ACCEPT} inputTestId="dvp-import-file" onFile={(file) => form.set('file', file)}>
              <Trans>Choose file</Trans>
            </FilePickerButton>
            <span data-user-content>{form.draft.file?.name ?? ''}</span>
          </div>
        )}
      </Field>
    </FormDialog>
  );
}
