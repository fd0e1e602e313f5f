import { Trans, useLingui } from '@lingui/react/macro';
import type { DvpResult } from '@fmea/core/domain';
import { api, Field, FilePickerButton, FormDialog, notify, Select, TextArea, TextInput, useForm, type ApiData } from '@fmea/sdk';
import { options, useDvpLabels } from './labels.ts';

type Plan = ApiData<'/api/dvp/get'>;
type Test = Plan['testRows'][number];

/**
 * A test's result with its note, actual dates and report (a PDF, Word or Excel file uploaded through the file
 * service, then served to the plan's readers). Unqualified marks the linked chains of the DFMEA for re-rating.
 */
export function ResultDialog({ plan, test, onClose, onSaved }: { plan: Plan; test: Test; onClose: () => void; onSaved: (plan: Plan) => void }) {
  const { t } = useLingui();
  const labels = useDvpLabels();
  const form = useForm({
    initial: { result: (test.result ?? '') as DvpResult | '', resultNote: test.resultNote ?? '', actualStart: test.actualStart ?? '', actualEnd: test.actualEnd ?? '', file: null as File | null },
    save: async (d) => {
      const uploaded = d.file ? await api.upload('/api/fileOperate/uploadSingleFile', { file: d.file, kind: 'attachment' }) : null;
      return api.post('/api/dvp/test/result', {
        id: plan.id,
        testId: test.id,
        version: test.version,
        result: d.result || null,
        resultNote: d.resultNote.trim() || null,
        actualStart: d.actualStart || null,
        actualEnd: d.actualEnd || null,
        ...(uploaded ? { reportFileId: uploaded.fileName } : {}),
      });
    },
    onSaved: (saved) => {
      notify('success', t`Result recorded`);
      onSaved(saved);
    },
  });
  return (
    <FormDialog form={form} title={<Trans>Result of {test.testNum}</Trans>} onClose={onClose} saveTestId="dvp-result-save">
      <Field label={<Trans>Result</Trans>} error={form.error('result')} hint={<Trans>Unqualified marks the DFMEA chains of the test’s detection controls for re-rating.</Trans>}>
        {(id) => <Select id={id} data-testid="dvp-result" value={form.draft.result} onChange={(e) => form.set('result', e.target.value as DvpResult | '')} options={[{ value: '', label: t`Not yet tested` }, ...options(labels.result)]} />}
      </Field>
      <Field label={<Trans>Result note</Trans>} error={form.error('resultNote')}>
        {(id) => <TextArea id={id} rows={2} maxLength={2000} data-testid="dvp-result-note" value={form.draft.resultNote} onChange={(e) => form.set('resultNote', e.target.value)} />}
      </Field>
      <div className="dvp-grid2">
        <Field label={<Trans>Actual start</Trans>} error={form.error('actualStart')}>
          {(id) => <TextInput id={id} type="date" value={form.draft.actualStart} onChange={(e) => form.set('actualStart', e.target.value)} />}
        </Field>
        <Field label={<Trans>Actual end</Trans>} error={form.error('actualEnd')}>
          {(id) => <TextInput id={id} type="date" value={form.draft.actualEnd} onChange={(e) => form.set('actualEnd', e.target.value)} />}
        </Field>
      </div>
      <Field label={<Trans>Test report</Trans>} error={form.error('reportFileId')} hint={test.report ? <Trans>Now: {test.report.name}</Trans> : <Trans>PDF, Word or Excel.</Trans>}>
        {() => (
          <div className="dvp-file">
            <FilePickerButton accept=".pdf,.doc,.docx,.xls,.xlsx" inputTestId="dvp-report-file" onFile={(file) => form.set('file', file)}>
              <Trans>Choose file</Trans>
            </FilePickerButton>
            <span data-user-content>{form.draft.file?.name ?? ''}</span>
          </div>
        )}
      </Field>
    </FormDialog>
  );
}
