import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FilePickerButton, FormDialog, notify, useForm, type ApiData } from '@fmea/sdk';

type Study = ApiData<'/api/spc/get'>;

/**
 * A study's measurements from a CSV or xlsx file (subgroup,value or subgroup,count,size; headers in either
 * language). All or nothing: the server names every unreadable row, shown under the dialog, and adds none.
 */
export function ImportDialog({ study, onClose, onImported }: { study: Study; onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  const attributes = !['xbar-r', 'xbar-s', 'i-mr'].includes(study.chart);
  const form = useForm({
    initial: { file: null as File | null },
    guard: false,
    validate: (d) => ({ fields: { file: !d.file && t`File: choose a CSV or xlsx file.` } }),
    save: (d) => api.upload('/api/spc/importData', { id: study.id, file: d.file! }),
    onSaved: ({ added }) => {
      notify('success', plural(added, { one: '# measurement imported', other: '# measurements imported' }));
      onImported();
    },
  });
  return (
    <FormDialog form={form} title={<Trans>Import measurements</Trans>} onClose={onClose} submitLabel={<Trans>Import</Trans>} submitDisabled={!form.draft.file} saveTestId="spc-import-run">
      <Field
        label={<Trans>File</Trans>}
        error={form.error('file')}
        required
        hint={attributes ? <Trans>Columns: subgroup, count, size (one row per subgroup).</Trans> : <Trans>Columns: subgroup, value (one row per measurement).</Trans>}
      >
        {() => (
          <div className="spc-file">
            <FilePickerButton accept=".csv,.xlsx" inputTestId="spc-import-file" onFile={(file) => form.set('file', file)}>
              <Trans>Choose file</Trans>
            </FilePickerButton>
            <span data-user-content>{form.draft.file?.name ?? ''}</span>
          </div>
        )}
      </Field>
    </FormDialog>
  );
}
