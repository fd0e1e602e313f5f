import { Trans, useLingui } from '@lingui/react/macro';
import { STUDY_CHARTS, type StudyChart } from '@fmea/core/domain';
import { api, Field, FormDialog, notify, Select, TextInput, useForm, useLoad, type ApiData } from '@fmea/sdk';
import { useSpcLabels } from '../labels.ts';

type Study = ApiData<'/api/spc/get'>;
interface Draft {
  projectId: string;
  lineId: string;
  chart: StudyChart;
  subgroupSize: string;
  lsl: string;
  usl: string;
  target: string;
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/**
 * A new study of a control-plan characteristic: the PFMEA, the line (its specification read as limits and
 * prefilled, each editable), the chart and subgroup size. Or the settings of a study (chart, size, limits).
 */
export function StudyDialog({ study, onClose, onSaved }: { study?: Study; onClose: () => void; onSaved: (saved: Study) => void }) {
  const { t } = useLingui();
  const labels = useSpcLabels();
  const form = useForm<Draft, Study>({
    initial: study
      ? { projectId: study.projectId, lineId: study.lineId ?? '', chart: study.chart, subgroupSize: String(study.subgroupSize), lsl: text(study.lsl), usl: text(study.usl), target: text(study.target) }
      : { projectId: '', lineId: '', chart: 'xbar-r', subgroupSize: '5', lsl: '', usl: '', target: '' },
    validate: (d) => ({
      fields: {
        projectId: !study && !d.projectId && t`PFMEA: choose the project whose control plan holds the characteristic.`,
        lineId: !study && !d.lineId && t`Characteristic: choose a line of the control plan.`,
        subgroupSize: !Number.isInteger(Number(d.subgroupSize)) && t`Subgroup size: a whole number.`,
        lsl: d.lsl.trim() !== '' && !Number.isFinite(Number(d.lsl)) && t`LSL: a number, or empty for none.`,
        usl: d.usl.trim() !== '' && !Number.isFinite(Number(d.usl)) && t`USL: a number, or empty for none.`,
        target: d.target.trim() !== '' && !Number.isFinite(Number(d.target)) && t`Target: a number, or empty for none.`,
      },
    }),
    save: (d) => {
      const fields = { chart: d.chart, subgroupSize: Number(d.subgroupSize), lsl: numberOrNull(d.lsl), usl: numberOrNull(d.usl), target: numberOrNull(d.target) };
      return study ? api.post('/api/spc/edit', { id: study.id, version: study.version, ...fields }) : api.post('/api/spc/add', { projectId: d.projectId, lineId: d.lineId, ...fields });
    },
    onSaved: (saved) => {
      const num = saved.studyNum;
      notify('success', study ? t`Study ${num} saved` : t`Study ${num} opened`);
      onSaved(saved);
    },
  });
  const projects = useLoad(() => (study ? Promise.resolve(null) : api.post('/api/project/list', { tab: 'all', projectType: 'pfmea', page: 1, limit: 100 })), [study?.id]);
  const lines = useLoad(() => (form.draft.projectId ? api.get('/api/spc/candidates', { projectId: form.draft.projectId }) : Promise.resolve([])), [form.draft.projectId]);
  const pickLine = (lineId: string) => {
    form.set('lineId', lineId);
    const limits = lines.data?.find((l) => l.lineId === lineId)?.limits;
    form.set('lsl', text(limits?.lsl));
    form.set('usl', text(limits?.usl));
    form.set('target', text(limits?.target));
  };
  const variable = form.draft.chart === 'xbar-r' || form.draft.chart === 'xbar-s';
  return (
    <FormDialog form={form} title={study ? <Trans>Study settings</Trans> : <Trans>New SPC study</Trans>} onClose={onClose} saveTestId="spc-study-save">
      {study ? null : (
        <>
          <Field label={<Trans>PFMEA</Trans>} error={form.error('projectId')} required>
            {(id) => (
              <Select
                id={id}
                data-testid="spc-study-project"
                value={form.draft.projectId}
                onChange={(e) => form.set('projectId', e.target.value)}
                options={[{ value: '', label: t`Choose…` }, ...(projects.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.serialNum} ${p.name}` }))]}
              />
            )}
          </Field>
          <Field label={<Trans>Characteristic</Trans>} error={form.error('lineId')} required hint={<Trans>A line of the PFMEA's control plan; its specification fills the limits below.</Trans>}>
            {(id) => (
              <Select
                id={id}
                data-testid="spc-study-line"
                value={form.draft.lineId}
                onChange={(e) => pickLine(e.target.value)}
                options={[
                  { value: '', label: t`Choose…` },
                  ...(lines.data ?? []).map((l) => ({ value: l.lineId, label: `${l.processNo ?? ''} ${l.name}${l.specification ? ` (${l.specification})` : ''}`.trim() })),
                ]}
              />
            )}
          </Field>
        </>
      )}
      <Field label={<Trans>Chart</Trans>} error={form.error('chart')} required>
        {(id) => (
          <Select
            id={id}
            data-testid="spc-study-chart"
            value={form.draft.chart}
            onChange={(e) => {
              const chart = e.target.value as StudyChart;
              form.set('chart', chart);
              form.set('subgroupSize', chart === 'xbar-r' || chart === 'xbar-s' ? '5' : '1');
            }}
            options={STUDY_CHARTS.map((c) => ({ value: c, label: labels.chart[c] }))}
          />
        )}
      </Field>
      {variable ? (
        <Field label={<Trans>Subgroup size</Trans>} error={form.error('subgroupSize')} required hint={<Trans>Measurements per subgroup, 2 to 25.</Trans>}>
          {(id) => <TextInput id={id} data-testid="spc-study-size" inputMode="numeric" value={form.draft.subgroupSize} onChange={(e) => form.set('subgroupSize', e.target.value)} />}
        </Field>
      ) : null}
      <Field label={<Trans>Lower specification limit (LSL)</Trans>} error={form.error('lsl')}>
        {(id) => <TextInput id={id} data-testid="spc-study-lsl" inputMode="decimal" value={form.draft.lsl} onChange={(e) => form.set('lsl', e.target.value)} />}
      </Field>
      <Field label={<Trans>Target</Trans>} error={form.error('target')}>
        {(id) => <TextInput id={id} data-testid="spc-study-target" inputMode="decimal" value={form.draft.target} onChange={(e) => form.set('target', e.target.value)} />}
      </Field>
      <Field label={<Trans>Upper specification limit (USL)</Trans>} error={form.error('usl')}>
        {(id) => <TextInput id={id} data-testid="spc-study-usl" inputMode="decimal" value={form.draft.usl} onChange={(e) => form.set('usl', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
