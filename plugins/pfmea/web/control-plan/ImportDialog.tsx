import { Trans, useLingui } from '@lingui/react/macro';
import type { ControlPlanPhase } from '@fmea/core/domain';
import {
  api,
  FormDialog,
  ImportModeField,
  ImportProblems,
  ImportRefusal,
  ImportReportDialog,
  SpreadsheetFileField,
  useAppInfo,
  useForm,
  useSpreadsheetImport,
  type ApiData,
  type ImportMode,
} from '@fmea/sdk';

type Report = ApiData<'/api/controlPlan/importData'>;
/** The server's refusals that list what the file holds wrong: cells and columns with no place, wrong rows. */
const REFUSALS = ['import.columns_unmapped', 'controlPlan.import_invalid'];

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
  const importing = useSpreadsheetImport<Report>({ keys: REFUSALS, onImported });

  const form = useForm({
    initial: { file: null as File | null, mode: 'dedupe' as ImportMode },
    validate: (d) => ({ fields: { file: !d.file && t`Choose a workbook (.xlsx).` } }),
    save: async (d) => {
      if (d.mode === 'cover' && importing.refusal === null) {
        await importing.askFirst({ title: t`Import a control plan`, message: t`Cover deletes every line of the ${phaseLabel} control plan and puts the workbook's in their place. Continue?` });
      }
      return api.upload('/api/controlPlan/importData', { excelFile: d.file!, projectId, phase, importWayType: d.mode, ...importing.accept() });
    },
    ...importing.formOptions,
  });

  const { report } = importing;
  if (report) {
    const { imported, linked, skipped, replaced } = report;
    return (
      <ImportReportDialog title={<Trans>Import a control plan</Trans>} testId="cp-import" onClose={onClose}>
        <p>
          <Trans>
            {imported} lines imported ({linked} linked to the PFMEA), {skipped} left out as already there, {replaced} replaced.
          </Trans>
        </p>
        {report.errors.length ? <ImportProblems problems={report.errors} caption={t`Rows left out`} fieldLabel={columnLabel} /> : null}
        {report.unmapped.length ? <ImportProblems problems={report.unmapped} caption={t`Left out of the file (as you confirmed)`} fieldLabel={columnLabel} /> : null}
      </ImportReportDialog>
    );
  }

  const file = form.draft.file;
  return (
    <FormDialog
      form={form}
      title={<Trans>Import a control plan</Trans>}
      width={680}
      onClose={onClose}
      submitLabel={importing.submitLabel}
      submitDisabled={!file || importing.blocked}
      saveTestId={importing.refusal ? 'cp-import-partial' : 'cp-import-run'}
      footer={<ImportRefusal of={importing} testId="cp-import" fieldLabel={columnLabel} unplaced="parts" />}
    >
      <p className="muted">
        <Trans>
          The workbook's lines go into the {phaseLabel} control plan. A line whose process number and characteristic are in the PFMEA is linked to it; any other keeps its own texts. The
          header block fills the plan's empty header fields.
        </Trans>
      </p>
      <SpreadsheetFileField form={form} importing={importing} label={<Trans>Workbook</Trans>} hint={<Trans>.xlsx, at most {importMaxMb} MB.</Trans>} testId="cp-import-file" />
      <ImportModeField form={form} testId="cp-import-mode" dedupe={t`Add: leave out lines the plan already has`} cover={t`Cover: the file replaces the plan's lines and header`} />
    </FormDialog>
  );
}
