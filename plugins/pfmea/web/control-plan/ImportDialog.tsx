import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ControlPlanPhase } from '@fmea/core/domain';
import { api, ApiError, Button, confirm, Dialog, Field, FilePickerButton, FormDialog, ImportProblems, NO_ERRORS, Select, SPREADSHEET_ACCEPT, useAppInfo, useForm, type ApiData, type ImportProblem } from '@fmea/workbench/sdk';

type Mode = 'dedupe' | 'cover';
type Report = ApiData<'/api/controlPlan/importData'>;
/** The server's refusals that list what the file holds wrong: cells and columns with no place, wrong rows. */
const REFUSALS = ['import.columns_unmapped', 'controlPlan.import_invalid'];
/** The user said no to covering the plan: nothing was sent. */
const declined = new Error('declined');
/** What stopped the last run; the next run leaves it out. */
type Refusal = { message: string; columns: ImportProblem[]; rows: ImportProblem[] };

/**
 * Imports a control plan workbook (ours, a customer's or a legacy AIAG form)
 * into the phase's plan, with the FMEA import's refusal rules: a file with
 * columns or cells that have no place, or with wrong rows, is refused whole
 * (nothing written) and they are listed, rows by number; one button then
 * imports without them. Rows whose process number and characteristic match
 * the PFMEA become linked lines, the others keep their own texts.
 */
export function ImportDialog({
  projectId,
  phase,
  phaseLabel,
  columnLabel,
  onClose,
  onImported,
}: {
  projectId: string;
  phase: ControlPlanPhase;
  phaseLabel: string;
  columnLabel: (field: string) => string;
  onClose: () => void;
  onImported: () => void;
}) {
  const { t } = useLingui();
  const { importMaxMb } = useAppInfo();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [accepted, setAccepted] = useState({ unmapped: false, goodRowsOnly: false });
  const [report, setReport] = useState<Report | null>(null);

  const form = useForm({
    initial: { file: null as File | null, mode: 'dedupe' as Mode },
    validate: (d) => ({ fields: { file: !d.file && t`Choose a workbook (.xlsx).` } }),
    save: async (d) => {
      if (d.mode === 'cover' && refusal === null) {
        const ok = await confirm({ title: t`Import a control plan`, message: t`Cover deletes every line of the ${phaseLabel} control plan and puts the workbook's in their place. Continue?`, danger: true });
        if (!ok) throw declined;
      }
      // the refusal shown is what the user now accepts leaving out
      const next = { unmapped: accepted.unmapped || Boolean(refusal?.columns.length), goodRowsOnly: accepted.goodRowsOnly || Boolean(refusal?.rows.length) };
      setAccepted(next);
      return api.upload('/api/controlPlan/importData', {
        excelFile: d.file!,
        projectId,
        phase,
        importWayType: d.mode,
        acceptUnmapped: `${next.unmapped}`,
        goodRowsOnly: `${next.goodRowsOnly}`,
      });
    },
    onSaved: (answer) => {
      setRefusal(null);
      setReport(answer);
      onImported();
    },
    onFailed: (error) => {
      if (error === declined) return NO_ERRORS;
      if (error instanceof ApiError && error.issues.length > 0 && REFUSALS.includes(error.messageKey ?? '')) {
        // a column's or a header cell's issue may name no row; a data row's always does
        const problems = error.issues as ImportProblem[];
        const columns = error.messageKey === 'import.columns_unmapped' ? problems : [];
        const rows = error.messageKey === 'import.columns_unmapped' ? [] : problems;
        setRefusal({ message: error.message.split('\n')[0]!, columns, rows });
        return NO_ERRORS;
      }
      // the file refused whole (no workbook, no control plan table, too large): said under the file
      return { message: null, fields: { file: error instanceof Error ? error.message : String(error) } };
    },
    // a file and a mode, chosen again in a moment: closing does not ask
    guard: false,
  });

  if (report) {
    const { imported, linked, skipped, replaced } = report;
    return (
      <Dialog
        open
        onOpenChange={(next) => !next && onClose()}
        title={<Trans>Import a control plan</Trans>}
        width={680}
        actions={
          <Button kind="primary" onClick={onClose} data-testid="cp-import-close">
            <Trans>Close</Trans>
          </Button>
        }
      >
        <div role="status" data-testid="cp-import-report">
          <p>
            <Trans>
              {imported} lines imported ({linked} linked to the PFMEA), {skipped} left out as already there, {replaced} replaced.
            </Trans>
          </p>
          {report.errors.length ? <ImportProblems problems={report.errors} caption={t`Rows left out`} fieldLabel={columnLabel} /> : null}
          {report.unmapped.length ? <ImportProblems problems={report.unmapped} caption={t`Left out of the file (as you confirmed)`} fieldLabel={columnLabel} /> : null}
        </div>
      </Dialog>
    );
  }

  const file = form.draft.file;
  const columns = Boolean(refusal?.columns.length);
  const rows = Boolean(refusal?.rows.length);
  return (
    <FormDialog
      form={form}
      title={<Trans>Import a control plan</Trans>}
      width={680}
      onClose={onClose}
      submitLabel={columns ? <Trans>Import without them</Trans> : rows ? <Trans>Import the good rows</Trans> : <Trans>Import</Trans>}
      submitDisabled={!file}
      saveTestId={refusal ? 'cp-import-partial' : 'cp-import-run'}
      footer={
        refusal ? (
          <div role="alert" data-testid="cp-import-refusal">
            {/* the server's headline says what was refused and that nothing was written */}
            <p className="form-error">{refusal.message}</p>
            {columns ? <ImportProblems problems={refusal.columns} caption={t`Not imported`} fieldLabel={columnLabel} testId="cp-import-columns" /> : null}
            {rows ? <ImportProblems problems={refusal.rows} caption={t`Rows with problems`} fieldLabel={columnLabel} testId="cp-import-rows" /> : null}
          </div>
        ) : null
      }
    >
      <p className="muted">
        <Trans>
          The workbook's lines go into the {phaseLabel} control plan. A line whose process number and characteristic are in the PFMEA is linked to it; any other keeps its own texts. The
          header block fills the plan's empty header fields.
        </Trans>
      </p>
      <Field label={<Trans>Workbook</Trans>} required error={form.error('file')} hint={<Trans>.xlsx, at most {importMaxMb} MB.</Trans>}>
        {() => (
          <div className="cp-import-file">
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
            <span data-testid="cp-import-file" className={file ? undefined : 'muted'}>
              {file ? file.name : <Trans>No file chosen</Trans>}
            </span>
          </div>
        )}
      </Field>
      <Field label={<Trans>Mode</Trans>}>
        {(id) => (
          <Select
            id={id}
            data-testid="cp-import-mode"
            value={form.draft.mode}
            onChange={(e) => form.set('mode', e.target.value as Mode)}
            options={[
              { value: 'dedupe', label: t`Add: leave out lines the plan already has` },
              { value: 'cover', label: t`Cover: the file replaces the plan's lines and header` },
            ]}
          />
        )}
      </Field>
    </FormDialog>
  );
}
