import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../../api/client.ts';
import { useAppInfo } from '../../shell/app-info.ts';
import { ui } from '../../stores/ui.ts';
import { Dialog } from '../dialog.tsx';
import { FilePickerButton, SPREADSHEET_ACCEPT } from '../FilePicker.tsx';
import { Button, Field, Select } from '../form.tsx';
import { FormDialog } from '../form/form-dialog.tsx';
import { NO_ERRORS } from '../form/server-errors.ts';
import { useForm } from '../form/use-form.ts';
import type { CatalogApi, CatalogImportReport } from './catalog-api.ts';
import { ImportProblems, type ImportProblem } from '../ImportProblems.tsx';

type Mode = 'dedupe' | 'cover';
type Problem = ImportProblem;
/** The server's refusals of a file that list what it holds wrong: columns no field takes, wrong rows, or both at once. */
const REFUSALS = ['import.columns_unmapped', 'catalog.import_invalid', 'catalog.import_refused'];
/** What stopped the last run (the columns, the wrong rows, or both); the next run leaves them out. */
type Refusal = { message: string; columns: Problem[]; rows: Problem[] };

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
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [accepted, setAccepted] = useState({ unmapped: false, goodRowsOnly: false });
  const [report, setReport] = useState<CatalogImportReport | null>(null);

  const form = useForm({
    initial: { file: null as File | null, mode: 'dedupe' as Mode },
    validate: (d) => ({ fields: { file: !d.file && t`Choose a spreadsheet (.xls or .xlsx).` } }),
    save: (d) => {
      // the refusal shown is what the user now accepts leaving out
      const next = { unmapped: accepted.unmapped || Boolean(refusal?.columns.length), goodRowsOnly: accepted.goodRowsOnly || Boolean(refusal?.rows.length) };
      setAccepted(next);
      return calls.importData({ excelFile: d.file!, importWayType: d.mode, acceptUnmapped: `${next.unmapped}`, goodRowsOnly: `${next.goodRowsOnly}` });
    },
    onSaved: (answer) => {
      setRefusal(null);
      setReport(answer);
      onImported();
    },
    onFailed: (error) => {
      if (error instanceof ApiError && error.issues.length > 0 && REFUSALS.includes(error.messageKey ?? '')) {
        // a column's issue names no row; a row's always does
        const problems = error.issues as Problem[];
        setRefusal({ message: error.message.split('\n')[0]!, columns: problems.filter((p) => p.row === undefined), rows: problems.filter((p) => p.row !== undefined) });
        return NO_ERRORS;
      }
      // the file refused whole (not a spreadsheet, too large): said under the file
      return { message: null, fields: { file: error instanceof Error ? error.message : String(error) } };
    },
    // a file and a mode, chosen again in a moment: closing does not ask
    guard: false,
  });

  if (report) {
    const { created, updated, versioned, skipped } = report;
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()} title={<Trans>Import</Trans>} width={680} actions={<Button kind="primary" data-testid="catalog-import-close" onClick={onClose}><Trans>Close</Trans></Button>}>
        <div role="status" data-testid="catalog-import-report">
          <p>
            <Trans>
              {created} created, {updated} changed, {versioned} new versions, {skipped} left out as already there.
            </Trans>
          </p>
          {report.rowErrors.length ? <ImportProblems problems={report.rowErrors} caption={t`Rows left out`} fieldLabel={fieldLabel} /> : null}
          {report.unmappedColumns.length ? <ImportProblems problems={report.unmappedColumns} caption={t`Columns left out`} fieldLabel={fieldLabel} byRow={false} /> : null}
        </div>
      </Dialog>
    );
  }

  const file = form.draft.file;
  return (
    <FormDialog
      form={form}
      title={<Trans>Import</Trans>}
      width={680}
      onClose={onClose}
      submitLabel={<SubmitLabel refusal={refusal} />}
      submitDisabled={!file}
      saveTestId="catalog-import-run"
      footer={
        <>
          {form.busy && progress.visible ? (
            <p role="status" className="muted" data-testid="catalog-import-progress">
              {progress.text} {progress.value}%
            </p>
          ) : null}
          {refusal ? (
            <div role="alert" data-testid="catalog-import-refusal">
              {/* the server's headline says what was refused and that nothing was written */}
              <p className="form-error">{refusal.message}</p>
              {refusal.columns.length ? <ImportProblems problems={refusal.columns} caption={t`Columns not imported`} fieldLabel={fieldLabel} byRow={false} testId="catalog-import-columns" /> : null}
              {refusal.rows.length ? <ImportProblems problems={refusal.rows} caption={t`Rows with problems`} fieldLabel={fieldLabel} testId="catalog-import-rows" /> : null}
            </div>
          ) : null}
        </>
      }
    >
      <Field label={<Trans>Spreadsheet</Trans>} required error={form.error('file')} hint={<Trans>.xls or .xlsx, at most {importMaxMb} MB.</Trans>}>
        {() => (
          <div className="catalog-import-file">
            <FilePickerButton
              accept={SPREADSHEET_ACCEPT}
              onFile={(chosen) => {
                form.set('file', chosen);
                setRefusal(null);
                setAccepted({ unmapped: false, goodRowsOnly: false });
              }}
            >
              <Trans>Choose file</Trans>
            </FilePickerButton>
            <span data-testid="catalog-import-file" className={file ? undefined : 'muted'}>
              {file ? file.name : <Trans>No file chosen</Trans>}
            </span>
          </div>
        )}
      </Field>
      <Field label={<Trans>Mode</Trans>}>
        {(id) => (
          <Select
            id={id}
            data-testid="catalog-import-mode"
            value={form.draft.mode}
            onChange={(e) => form.set('mode', e.target.value as Mode)}
            options={[
              { value: 'dedupe', label: t`De-duplicate: leave out rows naming a record that exists` },
              { value: 'cover', label: t`Cover: rows naming a record change it` },
            ]}
          />
        )}
      </Field>
    </FormDialog>
  );
}

/** The run button after a refusal says what the run leaves out. */
function SubmitLabel({ refusal }: { refusal: Refusal | null }) {
  const columns = Boolean(refusal?.columns.length);
  const rows = Boolean(refusal?.rows.length);
  if (columns && rows) return <Trans>Leave out the columns, import the good rows</Trans>;
  if (columns) return <Trans>Import without them</Trans>;
  if (rows) return <Trans>Import the good rows</Trans>;
  return <Trans>Import</Trans>;
}

