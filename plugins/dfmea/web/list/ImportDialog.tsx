import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, ApiError, Button, confirm, Dialog, Field, Select, useAppInfo } from '@fmea/workbench/sdk';

/** What `POST /api/project/importData` answers. */
export interface ImportReport {
  projectId: string;
  serialNum: string;
  rows: number;
  imported: number;
  counts: Record<string, number>;
  errors: RowProblem[];
}

interface RowProblem {
  row?: number;
  field?: string;
  message?: string;
  messageKey: string;
}

type Format = 'form' | 'legacy';
type Mode = 'dedupe' | 'cover';

/**
 * Imports a DFMEA workbook (spec 001 §7): into a new project, or into `target` with the cover or
 * de-duplicate mode. A file with bad rows is refused whole and its rows listed; the user may then
 * import the good rows. Progress shows in the shell's bottom bar (receiveProgressInfo).
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
  const [format, setFormat] = useState<Format>('form');
  const [mode, setMode] = useState<Mode>('dedupe');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; rows: RowProblem[]; anyGood: boolean } | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setRefusal(null);
    setReport(null);
    setProblem(null);
    setBusy(false);
  };
  const close = () => {
    reset();
    onClose();
  };

  const run = async (partial: boolean) => {
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
      const fields: Record<string, string> = { importWayType: mode, legacy: String(format === 'legacy'), partial: String(partial) };
      if (target) fields.projectSerial = target.projectId;
      const answer = await api.upload<ImportReport>('/api/project/importData', file, 'excelFile', fields);
      setRefusal(null);
      setReport(answer);
      onImported(answer);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.issues.length > 0) setRefusal(refusalOf(error));
      else setProblem(error instanceof Error ? error.message : String(error));
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
      {refusal ? (
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
                  { value: 'form', label: t`AIAG-VDA DFMEA form workbook (as exported)` },
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

function ImportSummary({ report }: { report: ImportReport }) {
  const { imported, rows, serialNum } = report;
  return (
    <p>
      <Trans>
        {imported} of {rows} rows imported into {serialNum}.
      </Trans>
    </p>
  );
}

function ProblemTable({ rows, caption }: { rows: RowProblem[]; caption: string }) {
  return (
    <div style={{ maxHeight: 240, overflow: 'auto' }}>
      <table className="dfmea-problems">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th>
              <Trans>Row</Trans>
            </th>
            <th>
              <Trans>Column</Trans>
            </th>
            <th>
              <Trans>Problem</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              <td>{r.row ?? ''}</td>
              <td>{r.field ?? ''}</td>
              <td>{r.message ?? r.messageKey}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
