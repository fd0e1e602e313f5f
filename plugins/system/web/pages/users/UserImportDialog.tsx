import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, ApiError, Button, Dialog, errorLines, Field, FilePickerButton, FormDialog, NO_ERRORS, Select, SPREADSHEET_ACCEPT, useForm, type ApiData } from '@fmea/sdk';
import { SecretList } from '../../common/SecretDialog.tsx';

/** What the import did; `unmapped`: the columns left out because the user confirmed it. */
export type ImportReport = ApiData<'/api/user/userImport'>;

/** A refusal with a list: rows with problems, or (`unmapped`) columns with data the import has no field for; the user may import without those. */
type Refusal = { lines: string[]; unmapped: boolean };

/**
 * Import users from xlsx: mode cover/de-duplicate and "import the good rows".
 * Every row is checked first; unless the good rows are chosen, nothing is written when one is wrong.
 * A column with data under no known header refuses the file, listed; the user may import without it.
 */
export function UserImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const form = useForm({
    initial: { file: null as File | null, mode: 'dedupe' as 'cover' | 'dedupe', partial: false },
    save: (d) => {
      if (!d.file) return Promise.reject(new Error(t`Choose a spreadsheet first.`));
      setRefusal(null);
      return api.upload('/api/user/userImport', { excelFile: d.file, mode: d.mode, partial: `${d.partial}`, acceptUnmapped: `${refusal?.unmapped ?? false}` });
    },
    onSaved: (answer) => {
      setReport(answer);
      onImported();
    },
    onFailed: (error) => {
      if (!(error instanceof ApiError)) return undefined;
      const unmapped = error.messageKey === 'import.columns_unmapped';
      // a file refused whole (no workbook, too large) says so under the file
      if (!unmapped && error.issues.length === 0) return error.errorCode === 'invalid_input' ? { message: null, fields: { file: error.message } } : undefined;
      // the headline ("Import failed") is the dialog's title; list the row problems (or the columns, under their own headline)
      const lines = errorLines(error);
      setRefusal({ unmapped, lines: unmapped ? lines : lines.slice(1) });
      return NO_ERRORS;
    },
    // a file and two options, chosen again in a moment: closing does not ask
    guard: false,
  });
  const { draft, set } = form;

  const rowLine = (e: ImportReport['errors'][number]) => (e.row !== undefined ? t`Row ${e.row}: ${e.message}` : e.message);

  if (report) {
    return (
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title={t`Import users`}
        width={640}
        actions={
          <Button kind="primary" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        }
      >
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
      </Dialog>
    );
  }

  return (
    <FormDialog
      form={form}
      title={t`Import users`}
      width={640}
      onClose={onClose}
      submitLabel={refusal?.unmapped ? <Trans>Import without them</Trans> : <Trans>Import</Trans>}
      submitDisabled={!draft.file}
      saveTestId={refusal?.unmapped ? 'import-accept' : 'import-run'}
      footer={
        refusal ? (
          <div className="alert alert-error" role="alert">
            {refusal.unmapped ? null : (
              <strong>
                <Trans>Nothing was imported. Fix these rows and try again:</Trans>
              </strong>
            )}
            <ol className="sys-issues" data-testid="import-issues">
              {refusal.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ol>
          </div>
        ) : null
      }
    >
      <Field label={t`Spreadsheet (xls or xlsx, at most 1 MB)`} error={form.error('file')}>
        {() => (
          <div className="sys-inline">
            <FilePickerButton accept={SPREADSHEET_ACCEPT} onFile={(f) => (set('file', f), setRefusal(null))}>
              <Trans>Choose file…</Trans>
            </FilePickerButton>
            <span className="muted" data-testid="import-file">
              {draft.file ? draft.file.name : t`No file chosen`}
            </span>
          </div>
        )}
      </Field>
      <Field label={t`Existing users`} error={form.error('mode')}>
        {(id) => (
          <Select
            id={id}
            value={draft.mode}
            onChange={(e) => set('mode', e.target.value as 'cover' | 'dedupe')}
            options={[
              { value: 'dedupe', label: t`De-duplicate: keep existing users unchanged` },
              { value: 'cover', label: t`Cover: update existing users from the file` },
            ]}
          />
        )}
      </Field>
      <label className="sys-check">
        <input type="checkbox" checked={draft.partial} onChange={(e) => set('partial', e.target.checked)} />
        <span>
          <Trans>Import the good rows even when other rows are wrong</Trans>
        </span>
      </label>
      {!draft.partial ? (
        <p className="muted">
          <Trans>Without this, nothing is written when any row is wrong.</Trans>
        </p>
      ) : null}
    </FormDialog>
  );
}
