import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, FormDialog, ImportProblems, ImportRefusal, ImportReportDialog, notifyError, SpreadsheetFileField, useAppInfo, useForm, useSpreadsheetImport, type ImportProblem } from '@fmea/sdk';

type Report = { created: number; rowErrors: ImportProblem[] };

/**
 * Task import (spec 001 §7: xls/xlsx only): a sheet in the template's columns; a file with wrong rows is
 * refused with each row's problem, and can be imported without them.
 */
export function TaskImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  const { importMaxMb } = useAppInfo();
  const importing = useSpreadsheetImport<Report>({ split: 'row', onImported });
  const form = useForm({
    initial: { file: null as File | null },
    validate: (d) => ({ fields: { file: !d.file && t`Choose a spreadsheet (.xls or .xlsx).` } }),
    save: (d) => api.upload('/api/task/importData', { excelFile: d.file!, ...importing.accept() }),
    ...importing.formOptions,
  });
  const template = () => void api.download('/api/task/exportDescription', `${t`Task import template`}.xlsx`).catch(notifyError);

  const { report } = importing;
  if (report) {
    const { created } = report;
    return (
      <ImportReportDialog title={<Trans>Import tasks</Trans>} testId="task-import" onClose={onClose}>
        <p>
          <Trans>{created} tasks created.</Trans>
        </p>
        {report.rowErrors.length ? <ImportProblems problems={report.rowErrors} caption={t`Rows left out`} testId="task-import-rows" /> : null}
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
