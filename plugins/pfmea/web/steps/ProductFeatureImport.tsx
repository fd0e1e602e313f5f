import { Trans, useLingui } from '@lingui/react/macro';
import { api, FormDialog, ImportModeField, ImportProblems, ImportRefusal, ImportReportDialog, SpreadsheetFileField, useAppInfo, useForm, useSpreadsheetImport, type ApiData, type ImportMode } from '@fmea/sdk';

type Report = ApiData<'/api/pfmeaProductFeature/importData'>;

/** The sheet's columns by the keys the server's issues name, as the export heads them. */
export function useFeatureColumnLabel(): (field: string) => string {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    processNo: t`Process number`,
    processName: t`Process step`,
    functionDesc: t`Function of the process step`,
    featureExplain: t`Product characteristic`,
    characteristicClass: t`Characteristic class`,
    special: t`Special characteristic`,
    customerClass: t`Customer class`,
  };
  return (field) => labels[field] ?? field;
}

/**
 * Imports a product characteristic list (the export's sheet, headers in either
 * language) into the PFMEA (POST /api/pfmeaProductFeature/importData with
 * pfmeaProjectSerial). Every row is checked first: a wrong row refuses the
 * whole file and the rows are listed by their sheet row, nothing written; the
 * user corrects the file and runs again (this import has no "good rows only").
 * Columns with no field refuse it too, and one button imports without them.
 */
export function ProductFeatureImport({ projectId, onClose, onImported }: { projectId: string; onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  const { importMaxMb } = useAppInfo();
  const columnLabel = useFeatureColumnLabel();
  // columns with no field may be left out by the next run; wrong rows must be corrected (nothing goes in while one is wrong)
  const importing = useSpreadsheetImport<Report>({ goodRows: false, onImported });

  const form = useForm({
    initial: { file: null as File | null, mode: 'dedupe' as ImportMode },
    validate: (d) => ({ fields: { file: !d.file && t`Choose a spreadsheet (.xlsx).` } }),
    save: (d) => {
      const { acceptUnmapped } = importing.accept();
      return api.upload('/api/pfmeaProductFeature/importData', { excelFile: d.file!, pfmeaProjectSerial: projectId, importWayType: d.mode, acceptUnmapped });
    },
    ...importing.formOptions,
  });

  const { report } = importing;
  if (report) {
    const { created, updated, skipped, steps, functions } = report;
    return (
      <ImportReportDialog title={<Trans>Import product characteristics</Trans>} testId="pfmea-features-import" onClose={onClose}>
        <p>
          <Trans>
            {created} characteristics added, {updated} changed, {skipped} left out as already there; {steps} process steps and {functions} step functions added.
          </Trans>
        </p>
        {report.unmapped.length ? <ImportProblems problems={report.unmapped} caption={t`Columns left out`} fieldLabel={columnLabel} byRow={false} /> : null}
      </ImportReportDialog>
    );
  }

  const file = form.draft.file;
  return (
    <FormDialog
      form={form}
      title={<Trans>Import product characteristics</Trans>}
      width={680}
      onClose={onClose}
      submitLabel={importing.submitLabel}
      // a wrong row refuses the file again until a corrected one is chosen
      submitDisabled={!file || importing.blocked}
      saveTestId="pfmea-features-import-run"
      footer={<ImportRefusal of={importing} testId="pfmea-features-import" fieldLabel={columnLabel} />}
    >
      <p className="muted">
        <Trans>
          A row names its process step by number (a number no step has makes a new step when the row names it), the step's function by its description and the
          characteristic by its name. New ones are added as product characteristics.
        </Trans>
      </p>
      <SpreadsheetFileField form={form} importing={importing} label={<Trans>Spreadsheet</Trans>} hint={<Trans>.xlsx, at most {importMaxMb} MB.</Trans>} testId="pfmea-features-import-file" />
      <ImportModeField form={form} testId="pfmea-features-import-mode" dedupe={t`Add: leave characteristics that exist as they are`} cover={t`Cover: characteristics that exist take the row's class, special mark and customer class`} />
    </FormDialog>
  );
}
