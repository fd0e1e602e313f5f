import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError } from '../api/client.ts';
import { Dialog } from './dialog.tsx';
import { confirm } from './feedback.tsx';
import { FilePickerButton, SPREADSHEET_ACCEPT } from './FilePicker.tsx';
import { Button, Field, Select } from './form.tsx';
import { NO_ERRORS, type FormErrors } from './form/server-errors.ts';
import { ImportProblems, type ImportProblem } from './ImportProblems.tsx';

/**
 * What every spreadsheet import dialog shares (the catalog's, the DFMEA
 * workbook's, the control plan's, the product characteristic list's): the
 * file field, the mode, and the refusal of a file that lists what it holds wrong —
 * parts with no place (columns, header cells, sheets) and wrong rows — with
 * the one run that then leaves them out; then the report. The dialog stays a
 * `FormDialog` on `useForm` with a `file` field (docs/architecture.md
 * "Forms"); it adds its own options, words and report's counts.
 */

/** The refusal every import gives a file with parts it has no place for (core's sheet-columns). */
const UNPLACED_KEY = 'import.columns_unmapped';
/** The user said no when asked first: nothing was sent, nothing to show. */
const DECLINED = new Error('declined');

/** What stopped the last run: the headline, the parts with no place, the wrong rows. */
export interface RefusedFile {
  message: string;
  columns: ImportProblem[];
  rows: ImportProblem[];
  /** False when every data row of the sheet is wrong (the server says how many it read: params.rows): no good row to import. */
  anyGood: boolean;
}

export interface SpreadsheetImportOptions<R> {
  /** After a run that went in, with its report (shown by the dialog in the form's place). */
  onImported: (report: R) => void;
  /** The server's keys of refusals that list what the file holds wrong; absent: any answer with issues. Others are said under the file. */
  keys?: readonly string[];
  /** Whether the import can take the good rows only; without, wrong rows must be corrected and the run waits for another file. */
  goodRows?: boolean;
  /**
   * How a refusal's issues divide. 'key' (the default): the parts' refusal lists parts only, any other rows only
   * (a header cell's issue may name its row). 'row': an issue without a row is a column (one refusal of both, the catalog's).
   */
  split?: 'key' | 'row';
}

/** A yes/no of an upload's form, as the import routes read it. */
type Flag = 'true' | 'false';

export interface SpreadsheetImportState<R = unknown> {
  /** The last run's report once one went in: the dialog shows it (`ImportReportDialog`) instead of the form. */
  report: R | null;
  refusal: RefusedFile | null;
  goodRows: boolean;
  /** The run cannot leave the refusal out: wrong rows, and no good row may or can be imported. */
  blocked: boolean;
  /** The run button's words: what the next run leaves out. */
  submitLabel: ReactNode;
  /** For the upload, in `save`: what this run accepts leaving out (the refusal shown now, and what earlier runs accepted). */
  accept: () => { acceptUnmapped: Flag; goodRowsOnly: Flag };
  /** In `save`, before a run that destroys (cover): asks, and on no stops the run with nothing sent and nothing shown. */
  askFirst: (question: { title: string; message: string }) => Promise<void>;
  /**
   * For `useForm`: the report is kept; a listing refusal is kept and shown with `ImportRefusal`; the file refused
   * whole is said under the file. The form does not guard: a file and options are chosen again in a moment.
   */
  formOptions: { onSaved: (report: R) => void; onFailed: (error: unknown) => FormErrors; guard: false };
  /** A new file: the refusal and what was accepted go. */
  reset: () => void;
}

/**
 * An import dialog's state beside its form: the refusal of the last run, what
 * the user has accepted leaving out since the file was chosen, how the form
 * reads a run's end, and the report.
 */
export function useSpreadsheetImport<R>({ onImported, keys, goodRows = true, split = 'key' }: SpreadsheetImportOptions<R>): SpreadsheetImportState<R> {
  const [report, setReport] = useState<R | null>(null);
  const [refusal, setRefusal] = useState<RefusedFile | null>(null);
  const [accepted, setAccepted] = useState({ unmapped: false, goodRowsOnly: false });
  const columns = Boolean(refusal?.columns.length);
  const rows = Boolean(refusal?.rows.length);
  return {
    report,
    refusal,
    goodRows,
    blocked: rows && !(goodRows && refusal!.anyGood),
    submitLabel: <SubmitLabel columns={columns} rows={rows && goodRows} />,
    accept: () => {
      const next = { unmapped: accepted.unmapped || columns, goodRowsOnly: goodRows && (accepted.goodRowsOnly || rows) };
      setAccepted(next);
      return { acceptUnmapped: next.unmapped ? 'true' : 'false', goodRowsOnly: next.goodRowsOnly ? 'true' : 'false' };
    },
    askFirst: async (question) => {
      if (!(await confirm({ ...question, danger: true }))) throw DECLINED;
    },
    formOptions: {
      onSaved: (answer) => {
        setReport(answer);
        onImported(answer);
      },
      onFailed: (error) => {
        if (error === DECLINED) return NO_ERRORS;
        const listed = refusalOf(error, keys, split);
        if (listed) {
          setRefusal(listed);
          return NO_ERRORS;
        }
        // not a spreadsheet, too large, no such table: nothing to leave out
        return { message: null, fields: { file: error instanceof Error ? error.message : String(error) } };
      },
      guard: false,
    },
    reset: () => {
      setRefusal(null);
      setAccepted({ unmapped: false, goodRowsOnly: false });
    },
  };
}

function refusalOf(error: unknown, keys: readonly string[] | undefined, split: 'key' | 'row'): RefusedFile | null {
  if (!(error instanceof ApiError) || error.issues.length === 0) return null;
  const key = error.messageKey ?? '';
  if (keys && !keys.includes(key)) return null;
  const problems = error.issues as ImportProblem[];
  const isColumn = (p: ImportProblem) => (split === 'row' ? p.row === undefined : key === UNPLACED_KEY);
  const rows = problems.filter((p) => !isColumn(p));
  const total = Number((error.data as { params?: { rows?: unknown } } | null)?.params?.rows);
  return {
    // the headline; the lines after it are the issues, listed in the tables
    message: error.message.split('\n')[0]!,
    columns: problems.filter(isColumn),
    rows,
    anyGood: !Number.isFinite(total) || new Set(rows.map((p) => p.row)).size < total,
  };
}

function SubmitLabel({ columns, rows }: { columns: boolean; rows: boolean }) {
  if (columns && rows) return <Trans>Leave out the columns, import the good rows</Trans>;
  if (columns) return <Trans>Import without them</Trans>;
  if (rows) return <Trans>Import the good rows</Trans>;
  return <Trans>Import</Trans>;
}

/**
 * The refusal under the form: the server's headline (it says that nothing was
 * written), the parts with no place, the wrong rows by number. `testId`
 * prefixes the block (`-refusal`, unless `blockTestId`) and its tables
 * (`-columns`, `-rows`). `unplaced="parts"`: the import also refuses header
 * cells and sheets, listed by row under "Not imported". `children` shows
 * after the headline.
 */
export function ImportRefusal({
  of: { refusal, goodRows },
  testId,
  blockTestId,
  fieldLabel,
  unplaced = 'columns',
  children,
}: {
  of: Pick<SpreadsheetImportState, 'refusal' | 'goodRows'>;
  testId: string;
  blockTestId?: string;
  fieldLabel?: (field: string) => string;
  unplaced?: 'columns' | 'parts';
  children?: ReactNode;
}) {
  const { t } = useLingui();
  if (!refusal) return null;
  return (
    <div role="alert" data-testid={blockTestId ?? `${testId}-refusal`}>
      <p className="form-error">{refusal.message}</p>
      {children}
      {refusal.columns.length ? (
        <ImportProblems problems={refusal.columns} caption={unplaced === 'parts' ? t`Not imported` : t`Columns not imported`} fieldLabel={fieldLabel} byRow={unplaced === 'parts'} testId={`${testId}-columns`} />
      ) : null}
      {refusal.rows.length ? <ImportProblems problems={refusal.rows} caption={t`Rows with problems`} fieldLabel={fieldLabel} testId={`${testId}-rows`} /> : null}
      {refusal.rows.length && !goodRows ? (
        <p className="muted">
          <Trans>Correct these rows and choose the file again.</Trans>
        </p>
      ) : null}
    </div>
  );
}

/** What the file field uses of the dialog's `useForm` form: its `file`. */
interface FileForm {
  draft: { file: File | null };
  set: (key: 'file', value: File | null) => void;
  error: (field: 'file') => string | undefined;
}

/**
 * The import's file (the form's `file`): a button that opens the chooser and
 * the chosen file's name (`testId`), or "No file chosen". Another file drops
 * the refusal of the last one. The hidden input takes `inputTestId` for tests
 * that set the file on it.
 */
export function SpreadsheetFileField({
  form,
  importing,
  label,
  hint,
  testId,
  inputTestId,
}: {
  form: FileForm;
  importing: Pick<SpreadsheetImportState, 'reset'>;
  label: ReactNode;
  hint: ReactNode;
  testId: string;
  inputTestId?: string;
}) {
  const file = form.draft.file;
  const choose = (chosen: File) => {
    form.set('file', chosen);
    importing.reset();
  };
  return (
    <Field label={label} required error={form.error('file')} hint={hint}>
      {() => (
        <div className="spreadsheet-file">
          <FilePickerButton accept={SPREADSHEET_ACCEPT} onFile={choose} inputTestId={inputTestId}>
            <Trans>Choose file</Trans>
          </FilePickerButton>
          <span data-testid={testId} className={file ? undefined : 'muted'}>
            {file ? file.name : <Trans>No file chosen</Trans>}
          </span>
        </div>
      )}
    </Field>
  );
}

/** How an import treats what is there already: de-duplicate (leave it) or cover (the file's rows change or replace it). */
export type ImportMode = 'dedupe' | 'cover';

/** The import's mode (the form's `mode`); each import says in its own words what the two do. */
export function ImportModeField({ form, dedupe, cover, testId }: { form: { draft: { mode: ImportMode }; set: (key: 'mode', value: ImportMode) => void }; dedupe: string; cover: string; testId?: string }) {
  return (
    <Field label={<Trans>Mode</Trans>}>
      {(id) => (
        <Select
          id={id}
          data-testid={testId}
          value={form.draft.mode}
          onChange={(e) => form.set('mode', e.target.value as ImportMode)}
          options={[
            { value: 'dedupe', label: dedupe },
            { value: 'cover', label: cover },
          ]}
        />
      )}
    </Field>
  );
}

/** The import's result in place of the form: `children` count what went in and list what was left out (`testId`-report), and Close (`testId`-close). */
export function ImportReportDialog({ title, width = 680, testId, onClose, children }: { title: ReactNode; width?: number; testId: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={title}
      width={width}
      actions={
        <Button kind="primary" data-testid={`${testId}-close`} onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <div role="status" data-testid={`${testId}-report`}>
        {children}
      </div>
    </Dialog>
  );
}
