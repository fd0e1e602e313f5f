import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, FormDialog, ImportProblems, ImportRefusal, ImportReportDialog, notifyError, SpreadsheetFileField, useAppInfo, useForm, useSpreadsheetImport } from '@fmea/sdk';

import type { ImportProblem } from '@fmea/sdk';

type Report = { created: number; skipped: number; numbers: string[]; unmappedColumns: ImportProblem[] };

/** The server's refusals that list what the file holds wrong (its columns no field takes, its wrong rows by number). */
const REFUSALS = ['import.columns_unmapped', 'program.import_invalid'];

/**
 * The spec's program import (POST /program/importData, spec 001 §7): an .xls/.xlsx sheet in the template's
 * columns (GET /program/exportDescription); all or nothing: wrong rows refuse the file, each listed by its
 * row, and rows naming an existing program are left as they are.
 */
export function ProgramImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  const { importMaxMb } = useAppInfo();
  const importing = useSpreadsheetImport<Report>({ keys: REFUSALS, goodRows: false, split: 'row', onImported });
  const form = useForm({
    initial: { file: null as File | null },
    validate: (d) => ({ fields: { file: !d.file && t`Choose a spreadsheet (.xls or .xlsx).` } }),
    save: (d) => api.upload('/api/program/importData', { excelFile: d.file!, acceptUnmapped: importing.accept().acceptUnmapped }),
    ...importing.formOptions,
  });
  const template = () => void api.download('/api/program/exportDescription', `${t`Program import template`}.xlsx`).catch(notifyError);

  const { report } = importing;
  if (report) {
    const { created, skipped } = report;
    return (
      <ImportReportDialog title={<Trans>Import programs</Trans>} testId="program-import" onClose={onClose}>
        <p>
          <Trans>
            {created} created, {skipped} left out as already there.
          </Trans>
        </p>
        {report.unmappedColumns.length ? <ImportProblems problems={report.unmappedColumns} caption={t`Columns left out`} byRow={false} /> : null}
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
    </FormDialog>
  );
}
