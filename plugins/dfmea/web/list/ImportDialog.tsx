import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, ApiError, Button, confirm, Dialog, Field, Select, useAppInfo } from '@fmea/workbench/sdk';
import { ImportSummary, ProblemTable, type ImportReport, type RowProblem } from './ImportResult.tsx';

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
export function ImportDialog({
  open,
  target,
  onClose,
  onImported,
}: {
  open: boolean;
  /** Import into this project; absent: the workbook becomes a new project. */
  target?: { projectId: string; serialNum: string } | null;
  onClose: () => void;
  onImported: (report: ImportReport) => void;
}) {
  const { t } = useLingui();
  const { importMaxMb } = useAppInfo();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<Format>('auto');
  const [mode, setMode] = useState<Mode>('dedupe');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; rows: RowProblem[]; anyGood: boolean } | null>(null);
  // the file's parts with no place in the import, while the user decides; once accepted, every later run says so
  const [unmapped, setUnmapped] = useState<{ message: string; parts: RowProblem[] } | null>(null);
  const [acceptUnmapped, setAcceptUnmapped] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setRefusal(null);
    setUnmapped(null);
    setAcceptUnmapped(false);
    setReport(null);
    setProblem(null);
    setBusy(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const run = async (partial: boolean, accept = acceptUnmapped) => {
    if (!file) {
      setProblem(t`Choose a workbook (.xlsx).`);
      return;
    }
    if (target && mode === 'cover' && !partial) {
      const ok = await confirm({ title: t`Import workbook`, message: t`Cover replaces the whole analysis of this project with the workbook. Continue?`, danger: true });
      if (!ok) return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const fields: Record<string, string> = { importWayType: mode, legacy: String(format === 'legacy'), partial: String(partial), acceptUnmapped: String(accept) };
      if (target) fields.projectSerial = target.projectId;
      setAcceptUnmapped(accept);
      const answer = await api.upload<ImportReport>('/api/project/importData', file, 'excelFile', fields);
      setRefusal(null);
      setUnmapped(null);
      setReport(answer);
      onImported(answer);
    } catch (error) {
      if (error instanceof ApiError && error.messageKey === 'import.columns_unmapped') {
        setUnmapped({ message: error.message.split('\n')[0]!, parts: error.issues as RowProblem[] });
      } else if (error instanceof ApiError && error.errorCode === 'invalid_input' && error.issues.length > 0) {
        setUnmapped(null);
        setRefusal(refusalOf(error));
      } else setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const done = report !== null;
  const actions = done ? (
    <Button kind="primary" data-testid="dfmea-import-close" onClick={close}>
      <Trans>Close</Trans>
    </Button>
  ) : (
    <>
      <Button onClick={close}>
        <Trans>Cancel</Trans>
      </Button>
      {unmapped ? (
        <Button kind="primary" disabled={busy} data-testid="dfmea-import-accept" onClick={() => void run(false, true)}>
          <Trans>Import without them</Trans>
        </Button>
      ) : refusal ? (
        <Button kind="primary" disabled={busy || !refusal.anyGood} data-testid="dfmea-import-partial" onClick={() => void run(true)}>
          <Trans>Import the good rows</Trans>
        </Button>
      ) : (
        <Button kind="primary" disabled={busy || !file} data-testid="dfmea-import-run" onClick={() => void run(false)}>
          <Trans>Import</Trans>
        </Button>
      )}
    </>
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()} title={<Trans>Import workbook</Trans>} actions={actions} width={640}>
      {done ? (
        <div role="status" data-testid="dfmea-import-report">
          <ImportSummary report={report} />
          {report.unmapped.length ? <ProblemTable rows={report.unmapped} caption={t`Left out of the file (as you confirmed)`} /> : null}
          {report.errors.length ? <ProblemTable rows={report.errors} caption={t`Rows left out`} /> : null}
        </div>
      ) : (
        <>
          <Field label={<Trans>Workbook</Trans>} required error={problem} hint={<Trans>.xlsx, at most {importMaxMb} MB (an .xls file must be saved as .xlsx first).</Trans>}>
            {(id) => (
              <input
                id={id}
                type="file"
                data-testid="dfmea-import-file"
                accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setRefusal(null);
                  setUnmapped(null);
                  setAcceptUnmapped(false);
                  setProblem(null);
                }}
              />
            )}
          </Field>
          <Field label={<Trans>Format</Trans>}>
            {(id) => (
              <Select
                id={id}
                value={format}
                onChange={(e) => setFormat(e.target.value as Format)}
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
                  value={mode}
                  onChange={(e) => setMode(e.target.value as Mode)}
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
          {unmapped ? (
            <div role="alert" data-testid="dfmea-import-unmapped">
              <p className="form-error">{unmapped.message}</p>
              <ProblemTable rows={unmapped.parts} caption={t`Not imported`} />
            </div>
          ) : null}
          {refusal ? (
            <div role="alert" data-testid="dfmea-import-errors">
              <p className="form-error">{refusal.message}</p>
              <p>
                <Trans>Nothing was written. Correct the rows and import again, or import only the good rows.</Trans>
              </p>
              <ProblemTable rows={refusal.rows} caption={t`Rows with problems`} />
            </div>
          ) : null}
        </>
      )}
    </Dialog>
  );
}

/** The refusal with its rows; good rows remain unless every data row of the sheet has a problem. */
function refusalOf(error: ApiError): { message: string; rows: RowProblem[]; anyGood: boolean } {
  const rows = error.issues as RowProblem[];
  const total = Number((error.data as { params?: { rows?: unknown } } | null)?.params?.rows);
  const bad = new Set(rows.map((r) => r.row)).size;
  return { message: error.message, rows, anyGood: !Number.isFinite(total) || bad < total };
}
