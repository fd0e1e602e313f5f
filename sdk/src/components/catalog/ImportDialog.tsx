import { useSnapshot } from 'valtio';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAppInfo } from '../../shell/app-info.ts';
import { ui } from '../../stores/ui.ts';
import { FormDialog } from '../form/form-dialog.tsx';
import { useForm } from '../form/use-form.ts';
import type { CatalogApi, CatalogImportReport } from './catalog-api.ts';
import { ImportProblems } from '../ImportProblems.tsx';
import { ImportModeField, ImportRefusal, ImportReportDialog, SpreadsheetFileField, useSpreadsheetImport, type ImportMode } from '../SpreadsheetImport.tsx';

/** The server's refusals of a file that list what it holds wrong: columns no field takes, wrong rows, or both at once (a column's issue names no row). */
const REFUSALS = ['import.columns_unmapped', 'catalog.import_invalid', 'catalog.import_refused'];

/**
 * Imports a sheet of the type (spec 001 §7): cover or de-duplicate. A file
 * with columns the type has no field for, or with wrong rows, is refused
 * whole; one refusal lists both (the columns, then the rows by number), and
 * one button imports without them: the columns left out, the good rows only.
 * Progress shows while the server works (receiveProgressInfo, the shell's
 * progress).
 */
export function ImportDialog({ calls, onClose, onImported, fieldLabel = (key) => key }: { calls: CatalogApi; onClose: () => void; onImported: () => void; fieldLabel?: (field: string) => string }) {
  const { t } = useLingui();
  const { importMaxMb } = useAppInfo();
  const progress = useSnapshot(ui).progress;
  const importing = useSpreadsheetImport<CatalogImportReport>({ keys: REFUSALS, split: 'row', onImported });

  const form = useForm({
    initial: { file: null as File | null, mode: 'dedupe' as ImportMode },
    validate: (d) => ({ fields: { file: !d.file && t`Choose a spreadsheet (.xls or .xlsx).` } }),
    save: (d) => calls.importData({ excelFile: d.file!, importWayType: d.mode, ...importing.accept() }),
    ...importing.formOptions,
  });

  const { report } = importing;
  if (report) {
    const { created, updated, versioned, skipped } = report;
    return (
      <ImportReportDialog title={<Trans>Import</Trans>} testId="catalog-import" onClose={onClose}>
        <p>
          <Trans>
            {created} created, {updated} changed, {versioned} new versions, {skipped} left out as already there.
          </Trans>
        </p>
        {report.rowErrors.length ? <ImportProblems problems={report.rowErrors} caption={t`Rows left out`} fieldLabel={fieldLabel} /> : null}
        {report.unmappedColumns.length ? <ImportProblems problems={report.unmappedColumns} caption={t`Columns left out`} fieldLabel={fieldLabel} byRow={false} /> : null}
      </ImportReportDialog>
    );
  }

  const file = form.draft.file;
  return (
    <FormDialog
      form={form}
      title={<Trans>Import</Trans>}
      width={680}
      onClose={onClose}
      submitLabel={importing.submitLabel}
      submitDisabled={!file}
      saveTestId="catalog-import-run"
      footer={
        <>
          {form.busy && progress.visible ? (
            <p role="status" className="muted" data-testid="catalog-import-progress">
              {progress.text} {progress.value}%
            </p>
          ) : null}
          <ImportRefusal of={importing} testId="catalog-import" fieldLabel={fieldLabel} />
        </>
      }
    >
      <SpreadsheetFileField form={form} importing={importing} label={<Trans>Spreadsheet</Trans>} hint={<Trans>.xls or .xlsx, at most {importMaxMb} MB.</Trans>} testId="catalog-import-file" />
      <ImportModeField form={form} testId="catalog-import-mode" dedupe={t`De-duplicate: leave out rows naming a record that exists`} cover={t`Cover: rows naming a record change it`} />
    </FormDialog>
  );
}
