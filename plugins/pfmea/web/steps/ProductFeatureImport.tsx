import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, ApiError, Button, Dialog, Field, FilePickerButton, FormDialog, ImportProblems, NO_ERRORS, Select, SPREADSHEET_ACCEPT, useAppInfo, useForm, type ApiData, type ImportProblem } from '@fmea/workbench/sdk';

type Mode = 'dedupe' | 'cover';
type Report = ApiData<'/api/pfmeaProductFeature/importData'>;
/** What stopped the last run: columns with no field (the next run may leave them out), or wrong rows (the file must be corrected: nothing goes in while one is wrong). */
type Refusal = { message: string; columns: ImportProblem[]; rows: ImportProblem[] };

/** The sheet's columns by the keys the server's issues name, as the export heads them. */
export function useFeatureColumnLabel(): (field: string) => string {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    processNo: t`Process number`,
    processName: t`Process step`,
    functionDesc: t`Function of the process step`,
    featureExplain: t`Product characteristic`,
    characteristicClass: t`Characteristic class`,
    special: t`Special characteristic`,
    customerClass: t`Customer class`,
  };
  return (field) => labels[field] ?? field;
}

/**
 * Imports a product characteristic list (the export's sheet, headers in either
 * language) into the PFMEA (POST /api/pfmeaProductFeature/importData with
 * pfmeaProjectSerial). Every row is checked first: a wrong row refuses the
 * whole file and the rows are listed by their sheet row, nothing written; the
 * user corrects the file and runs again (this import has no "good rows only").
 * Columns with no field refuse it too, and one button imports without them.
 */
export function ProductFeatureImport({ projectId, onClose, onImported }: { projectId: string; onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  const { importMaxMb } = useAppInfo();
  const columnLabel = useFeatureColumnLabel();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [acceptUnmapped, setAcceptUnmapped] = useState(false);
  const [report, setReport] = useState<Report | null>(null);

  const form = useForm({
    initial: { file: null as File | null, mode: 'dedupe' as Mode },
    validate: (d) => ({ fields: { file: !d.file && t`Choose a spreadsheet (.xlsx).` } }),
    save: (d) => {
      // columns shown as refused are what the user now accepts leaving out
      const accept = acceptUnmapped || Boolean(refusal?.columns.length);
      setAcceptUnmapped(accept);
      return api.upload('/api/pfmeaProductFeature/importData', { excelFile: d.file!, pfmeaProjectSerial: projectId, importWayType: d.mode, acceptUnmapped: `${accept}` });
    },
    onSaved: (answer) => {
      setRefusal(null);
      setReport(answer);
      onImported();
    },
    onFailed: (error) => {
      if (error instanceof ApiError && error.issues.length > 0) {
        // the columns' refusal names columns; any other names the sheet rows it found wrong
        const problems = error.issues as ImportProblem[];
        const columns = error.messageKey === 'import.columns_unmapped';
        setRefusal({ message: error.message.split('\n')[0]!, columns: columns ? problems : [], rows: columns ? [] : problems });
        return NO_ERRORS;
      }
      // the file refused whole (not a spreadsheet, too large, no such sheet): said under the file
      return { message: null, fields: { file: error instanceof Error ? error.message : String(error) } };
    },
    // a file and a mode, chosen again in a moment: closing does not ask
    guard: false,
  });

  if (report) {
    const { created, updated, skipped, steps, functions } = report;
    return (
      <Dialog
        open
        onOpenChange={(next) => !next && onClose()}
        title={<Trans>Import product characteristics</Trans>}
        width={680}
        actions={
          <Button kind="primary" onClick={onClose} data-testid="pfmea-features-import-close">
            <Trans>Close</Trans>
          </Button>
        }
      >
        <div role="status" data-testid="pfmea-features-import-report">
          <p>
            <Trans>
              {created} characteristics added, {updated} changed, {skipped} left out as already there; {steps} process steps and {functions} step functions added.
            </Trans>
          </p>
          {report.unmapped.length ? <ImportProblems problems={report.unmapped} caption={t`Columns left out`} fieldLabel={columnLabel} byRow={false} /> : null}
        </div>
      </Dialog>
    );
  }

  const file = form.draft.file;
  const rowsWrong = Boolean(refusal?.rows.length);
  return (
    <FormDialog
      form={form}
      title={<Trans>Import product characteristics</Trans>}
      width={680}
      onClose={onClose}
      submitLabel={refusal?.columns.length ? <Trans>Import without them</Trans> : <Trans>Import</Trans>}
      // a wrong row refuses the file again until a corrected one is chosen
      submitDisabled={!file || rowsWrong}
      saveTestId="pfmea-features-import-run"
      footer={
        refusal ? (
          <div role="alert" data-testid="pfmea-features-import-refusal">
            {/* the server's headline says what was refused and that nothing was written */}
            <p className="form-error">{refusal.message}</p>
            {refusal.columns.length ? <ImportProblems problems={refusal.columns} caption={t`Columns not imported`} fieldLabel={columnLabel} byRow={false} testId="pfmea-features-import-columns" /> : null}
            {rowsWrong ? (
              <>
                <ImportProblems problems={refusal.rows} caption={t`Rows with problems`} fieldLabel={columnLabel} testId="pfmea-features-import-rows" />
                <p className="muted">
                  <Trans>Correct these rows and choose the file again.</Trans>
                </p>
              </>
            ) : null}
          </div>
        ) : null
      }
    >
      <p className="muted">
        <Trans>
          A row names its process step by number (a number no step has makes a new step when the row names it), the step's function by its description and the
          characteristic by its name. New ones are added as product characteristics.
        </Trans>
      </p>
      <Field label={<Trans>Spreadsheet</Trans>} required error={form.error('file')} hint={<Trans>.xlsx, at most {importMaxMb} MB.</Trans>}>
        {() => (
          <div className="pfmea-import-file">
            <FilePickerButton
              accept={SPREADSHEET_ACCEPT}
              onFile={(chosen) => {
                form.set('file', chosen);
                setRefusal(null);
                setAcceptUnmapped(false);
              }}
            >
              <Trans>Choose file</Trans>
            </FilePickerButton>
            <span data-testid="pfmea-features-import-file" className={file ? undefined : 'muted'}>
              {file ? file.name : <Trans>No file chosen</Trans>}
            </span>
          </div>
        )}
      </Field>
      <Field label={<Trans>Mode</Trans>}>
        {(id) => (
          <Select
            id={id}
            data-testid="pfmea-features-import-mode"
            value={form.draft.mode}
            onChange={(e) => form.set('mode', e.target.value as Mode)}
            options={[
              { value: 'dedupe', label: t`Add: leave characteristics that exist as they are` },
              { value: 'cover', label: t`Cover: characteristics that exist take the row's class, special mark and customer class` },
            ]}
          />
        )}
      </Field>
    </FormDialog>
  );
}
