import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, FormDialog, ImportModeField, ImportProblems, ImportRefusal, ImportReportDialog, notifyError, SpreadsheetFileField, useAppInfo, useForm, useSpreadsheetImport, type ImportMode } from '@fmea/sdk';

import type { ImportProblem } from '@fmea/sdk';

type Report = { created: number; updated: number; skipped: number; rowErrors: ImportProblem[] };

/**
 * The spec's program import (POST /program/importData, spec 001 §7): an .xls/.xlsx sheet in the template's
 * columns (GET /program/exportDescription), cover or de-duplicate; wrong rows are listed by number.
 */
export function ProgramImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  const { importMaxMb } = useAppInfo();
  const importing = useSpreadsheetImport<Report>({ split: 'row', onImported });
  const form = useForm({
    initial: { file: null as File | null, mode: 'dedupe' as ImportMode },
    validate: (d) => ({ fields: { file: !d.file && t`Choose a spreadsheet (.xls or .xlsx).` } }),
    save: (d) => api.upload('/api/program/importData', { excelFile: d.file!, importWayType: d.mode, ...importing.accept() }),
    ...importing.formOptions,
  });
  const template = () => void api.download('/api/program/exportDescription', `${t`Program import template`}.xlsx`).catch(notifyError);

  const { report } = importing;
  if (report) {
    const { created, updated, skipped } = report;
    return (
      <ImportReportDialog title={<Trans>Import programs</Trans>} testId="program-import" onClose={onClose}>
        <p>
          <Trans>
            {created} created, {updated} changed, {skipped} left out as already there.
          </Trans>
        </p>
        {report.rowErrors.length ? <ImportProblems problems={report.rowErrors} caption={t`Rows left out`} /> : null}
      </ImportReportDialog>
    );
  }
  return (
    <FormDialog
      form={form}
      title={<Trans>Import programs</Trans>}
      width={640}
      onClose={onClose}
      submitLabel={importing.submitLabel}
      submitDisabled={!form.draft.file}
      saveTestId="program-import-run"
      footer={<ImportRefusal of={importing} testId="program-import" />}
    >
      <p>
        <Button kind="link" data-testid="program-import-template" onClick={template}>
          <Trans>Download the template</Trans>
        </Button>
      </p>
      <SpreadsheetFileField form={form} importing={importing} label={<Trans>Spreadsheet</Trans>} hint={<Trans>.xls or .xlsx, at most {importMaxMb} MB.</Trans>} testId="program-import-file" />
      <ImportModeField form={form} testId="program-import-mode" dedupe={t`De-duplicate: leave out rows naming a program that exists`} cover={t`Cover: rows naming a program change it`} />
    </FormDialog>
  );
}
