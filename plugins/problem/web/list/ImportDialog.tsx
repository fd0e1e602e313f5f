import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, FormDialog, ImportProblems, ImportRefusal, ImportReportDialog, SpreadsheetFileField, useAppInfo, useForm, useSpreadsheetImport, type ApiData } from '@fmea/sdk';

type Report = ApiData<'/api/problem/importData'>;

/** The sheet's columns by the fields the server's issues name, as the list's export heads them. */
function useColumnLabel(): (field: string) => string {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    brief: t`Brief`,
    description: t`Description`,
    type: t`Type`,
    source: t`Source`,
    happenedAt: t`Happened on`,
    location: t`Location`,
    frequency: t`Frequency`,
    processingEquipment: t`Processing equipment`,
    unqualifiedBatch: t`Unqualified batch`,
    partNumber: t`Part number`,
    supplier: t`Supplier`,
    customerName: t`Customer`,
    responsibleId: t`Responsible person`,
    responsible: t`Responsible person`,
    plannedCompletion: t`Planned completion`,
  };
  return (field) => labels[field] ?? field;
}

/**
 * Imports problems from a spreadsheet (the list's export, headers in either language), internal or the
 * customer's by the page: every row is checked first, a wrong one refuses the whole file with each wrong
 * row named, nothing written; columns no field takes refuse it too, and one button imports without them.
 */
export function ImportDialog({ customer, onClose, onImported }: { customer: boolean; onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  const { importMaxMb } = useAppInfo();
  const columnLabel = useColumnLabel();
  const importing = useSpreadsheetImport<Report>({ goodRows: false, onImported });
  const form = useForm({
    initial: { file: null as File | null },
    validate: (d) => ({ fields: { file: !d.file && t`Choose a spreadsheet (.xlsx).` } }),
    save: (d) => {
      const { acceptUnmapped } = importing.accept();
      return api.upload('/api/problem/importData', { excelFile: d.file!, kind: customer ? 'customer' : 'internal', acceptUnmapped });
    },
    ...importing.formOptions,
  });
  const { report } = importing;
  if (report) {
    const count = report.created.length;
    return (
      <ImportReportDialog title={<Trans>Import problems</Trans>} testId="problem-import" onClose={onClose}>
        <p>{plural(count, { one: '# problem added.', other: '# problems added.' })}</p>
        {report.unmappedColumns.length ? <ImportProblems problems={report.unmappedColumns} caption={t`Columns left out`} fieldLabel={columnLabel} byRow={false} /> : null}
      </ImportReportDialog>
    );
  }
  return (
    <FormDialog
      form={form}
      title={<Trans>Import problems</Trans>}
      width={640}
      onClose={onClose}
      submitLabel={importing.submitLabel}
      submitDisabled={!form.draft.file || importing.blocked}
      saveTestId="problem-import-run"
      footer={<ImportRefusal of={importing} testId="problem-import" fieldLabel={columnLabel} />}
    >
      <p className="muted">
        <Trans>One problem a row, as the list's export writes them; each gets a new number and starts its 8D at D0.</Trans>
      </p>
      <SpreadsheetFileField form={form} importing={importing} label={<Trans>Spreadsheet</Trans>} hint={<Trans>.xlsx, at most {importMaxMb} MB.</Trans>} testId="problem-import-file" />
    </FormDialog>
  );
}
