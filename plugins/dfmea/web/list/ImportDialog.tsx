import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, ApiError, Button, confirm, Dialog, Field, FormDialog, ImportProblems, NO_ERRORS, Select, useAppInfo, useForm } from '@fmea/workbench/sdk';
import { ImportSummary, type ImportReport, type RowProblem } from './ImportResult.tsx';
import { useFmeaKind } from '../kind.tsx';

export type { ImportReport } from './ImportResult.tsx';

type Format = 'auto' | 'legacy';
type Mode = 'dedupe' | 'cover';

/**
 * Imports a DFMEA workbook (spec 001 §7): into a new project, or into `target` with the cover or
 * de-duplicate mode. The server recognises the layout (our workbook or a legacy AIAG 4th-edition
 * sheet); "legacy" forces the latter. A file with columns (header cells, sheets) the import has no
 * place for is refused with the list; the user may confirm leaving them out. A file with bad rows is
 * refused whole and its rows listed; the user may then import the good rows. The result counts what
 * was created, by kind. Progress shows in the shell's bottom bar (receiveProgressInfo).
 */
export function ImportDialog({ open, ...props }: { open: boolean } & ImportFormProps) {
  // mounted only while open, so each opening starts afresh
  return open ? <ImportForm {...props} /> : null;
}

interface ImportFormProps {
  /** Import into this project; absent: the workbook becomes a new project. */
  target?: { projectId: string; serialNum: string } | null;
  onClose: () => void;
  onImported: (report: ImportReport) => void;
}

/** The user said no to covering the analysis: nothing was sent, nothing to show. */
const declined = new Error('declined');

function ImportForm({ target, onClose, onImported }: ImportFormProps) {
  const { t } = useLingui();
  const kind = useFmeaKind();
  const { importMaxMb } = useAppInfo();
  const [refusal, setRefusal] = useState<{ message: string; rows: RowProblem[]; anyGood: boolean } | null>(null);
  // the file's parts with no place in the import, while the user decides; once accepted, every later run says so
  const [unmapped, setUnmapped] = useState<{ message: string; parts: RowProblem[] } | null>(null);
  const [acceptUnmapped, setAcceptUnmapped] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);

  const form = useForm({
    initial: { file: null as File | null, format: 'auto' as Format, mode: 'dedupe' as Mode },
    validate: (d) => ({ fields: { file: !d.file && t`Choose a workbook (.xlsx).` } }),
    save: async (d) => {
      // after a refusal of rows the primary button imports the good ones; after unmapped columns, without them
      const partial = refusal !== null && unmapped === null;
      const accept = acceptUnmapped || unmapped !== null;
      if (target && d.mode === 'cover' && !partial) {
        const ok = await confirm({ title: t`Import workbook`, message: t`Cover replaces the whole analysis of this project with the workbook. Continue?`, danger: true });
        if (!ok) throw declined;
      }
      setAcceptUnmapped(accept);
      return api.upload('/api/project/importData', {
        excelFile: d.file!,
        importWayType: d.mode,
        legacy: `${d.format === 'legacy'}`,
        partial: `${partial}`,
        acceptUnmapped: `${accept}`,
        // into an open project its type decides; a new project is of this list's kind
        ...(target ? { projectSerial: target.projectId } : { projectType: kind.projectType }),
      });
    },
    onSaved: (answer) => {
      setRefusal(null);
      setUnmapped(null);
      setReport(answer);
      onImported(answer);
    },
    onFailed: (error) => {
      if (error === declined) return NO_ERRORS;
      if (error instanceof ApiError && error.messageKey === 'import.columns_unmapped') {
        setUnmapped({ message: error.message.split('\n')[0]!, parts: error.issues as RowProblem[] });
        return NO_ERRORS;
      }
      if (error instanceof ApiError && error.errorCode === 'invalid_input' && error.issues.length > 0) {
        setUnmapped(null);
        setRefusal(refusalOf(error));
        return NO_ERRORS;
      }
      // the file refused whole (no workbook, too large) or not read at all: said under the file
      return { message: null, fields: { file: error instanceof Error ? error.message : String(error) } };
    },
    // a file and two options, chosen again in a moment: closing does not ask
    guard: false,
  });
  const { draft, set } = form;

  if (report) {
    return (
      <Dialog
        open
        onOpenChange={(next) => !next && onClose()}
        title={<Trans>Import workbook</Trans>}
        width={640}
        actions={
          <Button kind="primary" data-testid="dfmea-import-close" onClick={onClose}>
            <Trans>Close</Trans>
          </Button>
        }
      >
        <div role="status" data-testid="dfmea-import-report">
          <ImportSummary report={report} />
          {report.unmapped.length ? <ImportProblems problems={report.unmapped} caption={t`Left out of the file (as you confirmed)`} /> : null}
          {report.errors.length ? <ImportProblems problems={report.errors} caption={t`Rows left out`} /> : null}
        </div>
      </Dialog>
    );
  }

  return (
    <FormDialog
      form={form}
      title={<Trans>Import workbook</Trans>}
      width={640}
      onClose={onClose}
      submitLabel={unmapped ? <Trans>Import without them</Trans> : refusal ? <Trans>Import the good rows</Trans> : <Trans>Import</Trans>}
      submitDisabled={unmapped ? false : refusal ? !refusal.anyGood : !draft.file}
      saveTestId={unmapped ? 'dfmea-import-accept' : refusal ? 'dfmea-import-partial' : 'dfmea-import-run'}
      footer={
        unmapped ? (
          <div role="alert" data-testid="dfmea-import-unmapped">
            <p className="form-error">{unmapped.message}</p>
            <ImportProblems problems={unmapped.parts} caption={t`Not imported`} />
          </div>
        ) : refusal ? (
          <div role="alert" data-testid="dfmea-import-errors">
            <p className="form-error">{refusal.message}</p>
            <p>
              <Trans>Nothing was written. Correct the rows and import again, or import only the good rows.</Trans>
            </p>
            <ImportProblems problems={refusal.rows} caption={t`Rows with problems`} />
          </div>
        ) : null
      }
    >
      <Field label={<Trans>Workbook</Trans>} required error={form.error('file')} hint={<Trans>.xlsx, at most {importMaxMb} MB (an .xls file must be saved as .xlsx first).</Trans>}>
        {(id) => (
          <input
            id={id}
            type="file"
            data-testid="dfmea-import-file"
            accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              set('file', e.target.files?.[0] ?? null);
              setRefusal(null);
              setUnmapped(null);
              setAcceptUnmapped(false);
            }}
          />
        )}
      </Field>
      <Field label={<Trans>Format</Trans>}>
        {(id) => (
          <Select
            id={id}
            value={draft.format}
            onChange={(e) => set('format', e.target.value as Format)}
            options={[
              { value: 'auto', label: t`Recognised by its headers (exported or legacy)` },
              { value: 'legacy', label: t`Legacy AIAG 4th edition sheet` },
            ]}
          />
        )}
      </Field>
      {target ? (
        <Field label={<Trans>Mode</Trans>}>
          {(id) => (
            <Select
              id={id}
              value={draft.mode}
              onChange={(e) => set('mode', e.target.value as Mode)}
              options={[
                { value: 'dedupe', label: t`De-duplicate: add what is not there yet` },
                { value: 'cover', label: t`Cover: replace the analysis` },
              ]}
            />
          )}
        </Field>
      ) : (
        <p className="muted">
          <Trans>The workbook becomes a new DFMEA project with you as the responsible person.</Trans>
        </p>
      )}
    </FormDialog>
  );
}

/** The refusal with its rows; good rows remain unless every data row of the sheet has a problem. */
function refusalOf(error: ApiError): { message: string; rows: RowProblem[]; anyGood: boolean } {
  const rows = error.issues as RowProblem[];
  const total = Number((error.data as { params?: { rows?: unknown } } | null)?.params?.rows);
  const bad = new Set(rows.map((r) => r.row)).size;
  return { message: error.message, rows, anyGood: !Number.isFinite(total) || bad < total };
}
