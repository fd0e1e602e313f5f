import { Trans, useLingui } from '@lingui/react/macro';
import {
  api,
  Field,
  FormDialog,
  ImportModeField,
  ImportProblems,
  ImportRefusal,
  ImportReportDialog,
  Select,
  SpreadsheetFileField,
  useAppInfo,
  useForm,
  useSpreadsheetImport,
  type ImportMode,
} from '@fmea/sdk';
import { kindOf } from '@fmea/core/domain';
import { ImportSummary, type ImportReport } from './ImportResult.tsx';
import { useFmeaKind } from '../kind.tsx';

export type { ImportReport } from './ImportResult.tsx';

type Format = 'auto' | 'legacy';

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

function ImportForm({ target, onClose, onImported }: ImportFormProps) {
  const { t } = useLingui();
  const kind = useFmeaKind();
  const { importMaxMb } = useAppInfo();
  // the file's parts with no place (once accepted, every later run says so), or its bad rows (the good ones may go in)
  const importing = useSpreadsheetImport<ImportReport>({ onImported });
  const rowsRefused = Boolean(importing.refusal?.rows.length);

  const form = useForm({
    initial: { file: null as File | null, format: 'auto' as Format, mode: 'dedupe' as ImportMode },
    validate: (d) => ({ fields: { file: !d.file && t`Choose a workbook (.xlsx).` } }),
    save: async (d) => {
      // after a refusal of rows the primary button imports the good ones (asked about cover already)
      if (target && d.mode === 'cover' && !rowsRefused) {
        await importing.askFirst({ title: t`Import workbook`, message: t`Cover replaces the whole analysis of this project with the workbook. Continue?` });
      }
      const { acceptUnmapped, goodRowsOnly } = importing.accept();
      return api.upload('/api/project/importData', {
        excelFile: d.file!,
        importWayType: d.mode,
        legacy: `${d.format === 'legacy'}`,
        partial: goodRowsOnly,
        acceptUnmapped,
        // into an open project its type decides; a new project is of this list's kind
        ...(target ? { projectSerial: target.projectId } : { projectType: kindOf(kind.projectType).side }),
      });
    },
    ...importing.formOptions,
  });
  const { draft, set } = form;

  const { report } = importing;
  if (report) {
    return (
      <ImportReportDialog title={<Trans>Import workbook</Trans>} width={640} testId="dfmea-import" onClose={onClose}>
        <ImportSummary report={report} />
        {report.unmapped.length ? <ImportProblems problems={report.unmapped} caption={t`Left out of the file (as you confirmed)`} /> : null}
        {report.errors.length ? <ImportProblems problems={report.errors} caption={t`Rows left out`} /> : null}
      </ImportReportDialog>
    );
  }

  return (
    <FormDialog
      form={form}
      title={<Trans>Import workbook</Trans>}
      width={640}
      onClose={onClose}
      submitLabel={importing.submitLabel}
      submitDisabled={!draft.file || importing.blocked}
      saveTestId={rowsRefused ? 'dfmea-import-partial' : importing.refusal ? 'dfmea-import-accept' : 'dfmea-import-run'}
      footer={
        <ImportRefusal of={importing} testId="dfmea-import" blockTestId={rowsRefused ? 'dfmea-import-errors' : 'dfmea-import-unmapped'} unplaced="parts">
          {rowsRefused ? (
            <p>
              <Trans>Nothing was written. Correct the rows and import again, or import only the good rows.</Trans>
            </p>
          ) : null}
        </ImportRefusal>
      }
    >
      <SpreadsheetFileField form={form} importing={importing} label={<Trans>Workbook</Trans>} hint={<Trans>.xlsx, at most {importMaxMb} MB (an .xls file must be saved as .xlsx first).</Trans>} testId="dfmea-import-file-name" inputTestId="dfmea-import-file" />
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
        <ImportModeField form={form} dedupe={t`De-duplicate: add what is not there yet`} cover={t`Cover: replace the analysis`} />
      ) : (
        <p className="muted">
          <Trans>The workbook becomes a new DFMEA project with you as the responsible person.</Trans>
        </p>
      )}
    </FormDialog>
  );
}
