import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAppInfo } from '../shell/app-info.ts';
import { notifyError } from './feedback.tsx';
import { Button } from './form.tsx';
import { FormDialog } from './form/form-dialog.tsx';
import { useForm } from './form/use-form.ts';
import { ImportProblems, type ImportProblem } from './ImportProblems.tsx';
import { ImportRefusal, ImportReportDialog, SpreadsheetFileField, useSpreadsheetImport } from './SpreadsheetImport.tsx';

/** What an all-or-nothing workbook import answers: rows created, rows naming an existing record left as they are, columns left out. */
export interface WorkbookImportReport {
  created: number;
  skipped: number;
  unmappedColumns: ImportProblem[];
}

export interface WorkbookImportDialogProps {
  title: ReactNode;
  /** The server's refusal keys that list the file's wrong rows and unmapped columns. */
  refusals: readonly string[];
  /** Sends the file (and whether unmapped columns may be left out). */
  upload: (file: File, acceptUnmapped: 'true' | 'false') => Promise<WorkbookImportReport>;
  /** Downloads the import template. */
  template: () => Promise<void>;
  /** The report's sentence: how many were created and left out. */
  summary: (report: WorkbookImportReport) => ReactNode;
  testId: string;
  onClose: () => void;
  onImported: () => void;
}

/**
 * An import that is all or nothing (programs, tasks: spec 001 §7, xls/xlsx only): the template, the file,
 * and a refused file's wrong rows listed by number (nothing written: the user corrects them and imports
 * again); columns no field takes may be left out. Test ids: `<testId>-template`, `-file`, `-run`, `-rows`.
 */
export function WorkbookImportDialog({ title, refusals, upload, template, summary, testId, onClose, onImported }: WorkbookImportDialogProps) {
  const { t } = useLingui();
  const { importMaxMb } = useAppInfo();
  const importing = useSpreadsheetImport<WorkbookImportReport>({ keys: refusals, goodRows: false, split: 'row', onImported });
  const form = useForm({
    initial: { file: null as File | null },
    validate: (d) => ({ fields: { file: !d.file && t`Choose a spreadsheet (.xls or .xlsx).` } }),
    save: (d) => upload(d.file!, importing.accept().acceptUnmapped),
    ...importing.formOptions,
  });
  const { report } = importing;
  if (report) {
    return (
      <ImportReportDialog title={title} testId={testId} onClose={onClose}>
        <p>{summary(report)}</p>
        {report.unmappedColumns.length ? <ImportProblems problems={report.unmappedColumns} caption={t`Columns left out`} byRow={false} /> : null}
      </ImportReportDialog>
    );
  }
  return (
    <FormDialog form={form} title={title} width={640} onClose={onClose} submitLabel={importing.submitLabel} submitDisabled={!form.draft.file} saveTestId={`${testId}-run`} footer={<ImportRefusal of={importing} testId={testId} />}>
      <p>
        <Button kind="link" data-testid={`${testId}-template`} onClick={() => void template().catch(notifyError)}>
          <Trans>Download the template</Trans>
        </Button>
      </p>
      <SpreadsheetFileField form={form} importing={importing} label={<Trans>Spreadsheet</Trans>} hint={<Trans>.xls or .xlsx, at most {importMaxMb} MB.</Trans>} testId={`${testId}-file`} />
    </FormDialog>
  );
}
