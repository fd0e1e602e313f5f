import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, ApiError, Button, Dialog, Field, Select } from '@fmea/workbench/sdk';
import { FilePickerButton, SPREADSHEET_ACCEPT } from '../../common/FilePicker.tsx';
import { SecretList } from '../../common/SecretDialog.tsx';
import { errorLines } from '../../common/server-errors.ts';

export interface ImportReport {
  created: { userName: string; initialPassword?: string }[];
  updated: string[];
  skipped: string[];
  errors: { row?: number; field?: string; messageKey: string; message: string }[];
  /** Columns left out because the user confirmed it. */
  unmapped: { field?: string; messageKey: string; message: string }[];
}

/** `unmapped`: refused for columns with data the import has no field for; the user may import without them. */
type Outcome = { kind: 'refused'; lines: string[]; unmapped: boolean } | { kind: 'done'; report: ImportReport };

/**
 * Import users from xlsx: mode cover/de-duplicate and "import the good rows".
 * Every row is checked first; unless the good rows are chosen, nothing is written when one is wrong.
 * A column with data under no known header refuses the file, listed; the user may import without it.
 */
export function UserImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<'cover' | 'dedupe'>('dedupe');
  const [partial, setPartial] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function run(acceptUnmapped = false) {
    if (!file) return;
    setBusy(true);
    setOutcome(null);
    try {
      const report = await api.upload<ImportReport>('/api/user/userImport', file, 'excelFile', { mode, partial: String(partial), acceptUnmapped: String(acceptUnmapped) });
      setOutcome({ kind: 'done', report });
      onImported();
    } catch (error) {
      const lines = errorLines(error);
      const unmapped = error instanceof ApiError && (error.data as { messageKey?: string } | null)?.messageKey === 'import.columns_unmapped';
      // the headline ("Import failed") is the dialog's title; list the row problems (or the columns, under their own headline)
      setOutcome({ kind: 'refused', unmapped, lines: error instanceof ApiError && error.issues.length > 0 && !unmapped ? lines.slice(1) : lines });
    } finally {
      setBusy(false);
    }
  }

  const rowLine = (e: ImportReport['errors'][number]) => (e.row !== undefined ? t`Row ${e.row}: ${e.message}` : e.message);
  const report = outcome?.kind === 'done' ? outcome.report : null;

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t`Import users`}
      width={640}
      actions={
        <>
          <Button onClick={onClose}>{report ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}</Button>
          {outcome?.kind === 'refused' && outcome.unmapped ? (
            <Button kind="primary" disabled={busy} onClick={() => void run(true)} data-testid="import-accept">
              <Trans>Import without them</Trans>
            </Button>
          ) : (
            <Button kind="primary" disabled={!file || busy} onClick={() => void run()} data-testid="import-run">
              <Trans>Import</Trans>
            </Button>
          )}
        </>
      }
    >
      <Field label={t`Spreadsheet (xls or xlsx, at most 1 MB)`}>
        {() => (
          <div className="sys-inline">
            <FilePickerButton accept={SPREADSHEET_ACCEPT} onFile={(f) => (setFile(f), setOutcome(null))}>
              <Trans>Choose file…</Trans>
            </FilePickerButton>
            <span className="muted" data-testid="import-file">
              {file ? file.name : t`No file chosen`}
            </span>
          </div>
        )}
      </Field>
      <Field label={t`Existing users`}>
        {(id) => (
          <Select
            id={id}
            value={mode}
            onChange={(e) => setMode(e.target.value as 'cover' | 'dedupe')}
            options={[
              { value: 'dedupe', label: t`De-duplicate: keep existing users unchanged` },
              { value: 'cover', label: t`Cover: update existing users from the file` },
            ]}
          />
        )}
      </Field>
      <label className="sys-check">
        <input type="checkbox" checked={partial} onChange={(e) => setPartial(e.target.checked)} />
        <span>
          <Trans>Import the good rows even when other rows are wrong</Trans>
        </span>
      </label>
      {!partial ? (
        <p className="muted">
          <Trans>Without this, nothing is written when any row is wrong.</Trans>
        </p>
      ) : null}

      {outcome?.kind === 'refused' ? (
        <div className="alert alert-error" role="alert">
          {outcome.unmapped ? null : (
            <strong>
              <Trans>Nothing was imported. Fix these rows and try again:</Trans>
            </strong>
          )}
          <ol className="sys-issues" data-testid="import-issues">
            {outcome.lines.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ol>
        </div>
      ) : null}
      {report ? (
        <div className="alert alert-info" data-testid="import-report">
          <Trans>
            Created {report.created.length}, updated {report.updated.length}, skipped {report.skipped.length}, wrong rows {report.errors.length}.
          </Trans>
          {report.created.some((c) => c.initialPassword) ? (
            <>
              <p>
                <Trans>Passwords of the new users, shown only once:</Trans>
              </p>
              <SecretList secrets={report.created.flatMap((c) => (c.initialPassword ? [{ label: c.userName, value: c.initialPassword }] : []))} />
            </>
          ) : null}
          {report.errors.length ? (
            <ol className="sys-issues">
              {report.errors.map((e, i) => (
                <li key={i}>{rowLine(e)}</li>
              ))}
            </ol>
          ) : null}
          {report.unmapped.length ? (
            <>
              <p>
                <Trans>Left out, as you confirmed:</Trans>
              </p>
              <ul className="sys-issues">
                {report.unmapped.map((u, i) => (
                  <li key={i}>{u.message}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
