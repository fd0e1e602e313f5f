import { Trans, useLingui } from '@lingui/react/macro';
import { useFmedaFieldLabel } from '../field-labels.ts';
import { api, FormDialog, ImportProblems, ImportRefusal, ImportReportDialog, SpreadsheetFileField, useAppInfo, useForm, useSpreadsheetImport, type ApiData } from '@fmea/sdk';

type Report = ApiData<'/api/fmeda/importData'>;

/**
 * A new FMEDA from a worksheet workbook (the export's first sheet, headers in either language;
 * POST /api/fmeda/importData). Wrong cells and columns with no place are refused together, nothing written;
 * the user may confirm leaving such columns out. The report names the new FMEDA's number.
 */
export function ImportFmedaDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  const { importMaxMb } = useAppInfo();
  const fieldLabel = useFmedaFieldLabel();
  const importing = useSpreadsheetImport<Report>({ onImported: () => onImported(), goodRows: false, split: 'row' });
  const form = useForm({
    initial: { file: null as File | null },
    validate: (d) => ({ fields: { file: !d.file && t`Choose a workbook (.xlsx).` } }),
    save: async (d) => {
      const { acceptUnmapped } = importing.accept();
      return api.upload('/api/fmeda/importData', { excelFile: d.file!, acceptUnmapped: `${acceptUnmapped}` });
    },
    ...importing.formOptions,
  });
  const { report } = importing;
  if (report) {
    const serialNum = report.serialNum;
    const rows = report.imported;
    return (
      <ImportReportDialog title={<Trans>Import FMEDA worksheet</Trans>} width={560} testId="fmeda-import" onClose={onClose}>
        <p data-testid="fmeda-import-done">
          <Trans>
            FMEDA {serialNum} created with {rows} rows.
          </Trans>
        </p>
        {report.unmapped.length ? <ImportProblems problems={report.unmapped} caption={t`Left out of the file (as you confirmed)`} /> : null}
      </ImportReportDialog>
    );
  }
  return (
    <FormDialog
      form={form}
      title={<Trans>Import FMEDA worksheet</Trans>}
      width={600}
      onClose={onClose}
      submitLabel={importing.submitLabel}
      submitDisabled={!form.draft.file || importing.blocked}
      saveTestId={importing.refusal ? 'fmeda-import-accept' : 'fmeda-import-run'}
      footer={<ImportRefusal of={importing} testId="fmeda-import" fieldLabel={fieldLabel} />}
    >
      <SpreadsheetFileField form={form} importing={importing} label={<Trans>Workbook</Trans>} hint={<Trans>.xlsx, at most {importMaxMb} MB: the columns of the FMEDA export.</Trans>} testId="fmeda-import-file-name" inputTestId="fmeda-import-file" />
    </FormDialog>
  );
}
