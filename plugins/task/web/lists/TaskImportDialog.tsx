import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, FormDialog, ImportProblems, ImportRefusal, ImportReportDialog, notifyError, SpreadsheetFileField, useAppInfo, useForm, useSpreadsheetImport, type ImportProblem } from '@fmea/sdk';

type Report = { created: number; skipped: number; numbers: string[]; unmappedColumns: ImportProblem[] };

/** The server's refusals that list what the file holds wrong (its columns no field takes, its wrong rows by number). */
const REFUSALS = ['import.columns_unmapped', 'task.import_invalid'];

/**
 * Task import (spec 001 §7: xls/xlsx only): a sheet in the template's columns; all or nothing: a file with
 * wrong rows is refused with each row's problem (the row's number, the column, what is wrong) and nothing is
 * written; the user corrects the rows and imports again.
 */
export function TaskImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  const { importMaxMb } = useAppInfo();
  const importing = useSpreadsheetImport<Report>({ keys: REFUSALS, goodRows: false, split: 'row', onImported });
  const form = useForm({
    initial: { file: null as File | null },
    validate: (d) => ({ fields: { file: !d.file && t`Choose a spreadsheet (.xls or .xlsx).` } }),
    save: (d) => api.upload('/api/task/importData', { excelFile: d.file!, acceptUnmapped: importing.accept().acceptUnmapped }),
    ...importing.formOptions,
  });
  const template = () => void api.download('/api/task/exportDescription', `${t`Task import template`}.xlsx`).catch(notifyError);

  const { report } = importing;
  if (report) {
    const { created, skipped } = report;
    return (
      <ImportReportDialog title={<Trans>Import tasks</Trans>} testId="task-import" onClose={onClose}>
        <p>
          <Trans>
            {created} tasks created, {skipped} left out as already there.
          </Trans>
        </p>
        {report.unmappedColumns.length ? <ImportProblems problems={report.unmappedColumns} caption={t`Columns left out`} byRow={false} /> : null}
      </ImportReportDialog>
    );
  }
  return (
    <FormDialog
      form={form}
      title={<Trans>Import tasks</Trans>}
      width={640}
      onClose={onClose}
      submitLabel={importing.submitLabel}
      submitDisabled={!form.draft.file}
      saveTestId="task-import-run"
      footer={<ImportRefusal of={importing} testId="task-import" />}
    >
      <p>
        <Button kind="link" data-testid="task-import-template" onClick={template}>
          <Trans>Download the template</Trans>
        </Button>
      </p>
      <SpreadsheetFileField form={form} importing={importing} label={<Trans>Spreadsheet</Trans>} hint={<Trans>.xls or .xlsx, at most {importMaxMb} MB.</Trans>} testId="task-import-file" />
    </FormDialog>
  );
}
