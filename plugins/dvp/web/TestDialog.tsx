import { Trans, useLingui } from '@lingui/react/macro';
import type { DvpStage } from '@fmea/core/domain';
import { api, Autocomplete, Field, FormDialog, notify, Select, TextArea, TextInput, useForm, type ApiData } from '@fmea/sdk';
import { options, useDvpLabels } from './labels.ts';

type Plan = ApiData<'/api/dvp/get'>;
type Test = Plan['testRows'][number];

const TEXTS = ['name', 'classification', 'analysisProject', 'dimensionChainLevel', 'calculationMethod', 'testStandard', 'testItem', 'acceptanceCriteria'] as const;
const DATES = ['plannedStart', 'plannedEnd'] as const;
type Draft = Record<(typeof TEXTS)[number] | (typeof DATES)[number] | 'testQuantity' | 'sampleQuantity' | 'responsibleText' | 'responsibleUserId', string> & { testStage: DvpStage | ''; controlIds: string[] };

const quantity = (v: string) => (v.trim() === '' ? null : Number(v));

/**
 * A test of the plan, new or edited: the spec's DVP fields, the DVP&R form's (test item, acceptance criteria, stage,
 * responsible, planned dates, samples) and the detection controls it proves. The server checks again and names its
 * problems under the fields.
 */
export function TestDialog({ plan, test, onClose, onSaved }: { plan: Plan; test?: Test; onClose: () => void; onSaved: (plan: Plan) => void }) {
  const { t } = useLingui();
  const labels = useDvpLabels();
  const text = (v: string | null) => v ?? '';
  const form = useForm<Draft, Plan>({
    initial: {
      name: text(test?.name ?? null),
      classification: text(test?.classification ?? null),
      analysisProject: text(test?.analysisProject ?? null),
      dimensionChainLevel: text(test?.dimensionChainLevel ?? null),
      calculationMethod: text(test?.calculationMethod ?? null),
      testStandard: text(test?.testStandard ?? null),
      testItem: text(test?.testItem ?? null),
      acceptanceCriteria: text(test?.acceptanceCriteria ?? null),
      plannedStart: text(test?.plannedStart ?? null),
      plannedEnd: text(test?.plannedEnd ?? null),
      testQuantity: test?.testQuantity?.toString() ?? '',
      sampleQuantity: test?.sampleQuantity?.toString() ?? '',
      responsibleUserId: text(test?.responsibleUserId ?? null),
      responsibleText: text(test?.responsibleName ?? null),
      testStage: test?.testStage ?? '',
      controlIds: test?.controlIds ?? [],
    },
    validate: (d) => ({ fields: { name: !d.name.trim() && t`Test name: say what is tested.` } }),
    save: (d) => {
      const fields = {
        ...Object.fromEntries(TEXTS.map((k) => [k, d[k].trim() || null])),
        name: d.name.trim(),
        plannedStart: d.plannedStart || null,
        plannedEnd: d.plannedEnd || null,
        testQuantity: quantity(d.testQuantity),
        sampleQuantity: quantity(d.sampleQuantity),
        testStage: d.testStage || null,
        responsibleUserId: d.responsibleUserId || null,
        controlIds: d.controlIds,
      };
      return test ? api.post('/api/dvp/test/edit', { id: plan.id, testId: test.id, version: test.version, ...fields }) : api.post('/api/dvp/test/add', { id: plan.id, ...fields });
    },
    onSaved: (saved) => {
      notify('success', test ? t`Test saved` : t`Test added`);
      onSaved(saved);
    },
  });
  const input = (key: (typeof TEXTS)[number], label: React.ReactNode, testId?: string) => (
    <Field label={label} error={form.error(key)} required={key === 'name'}>
      {(id) => <TextInput id={id} data-testid={testId} maxLength={200} value={form.draft[key]} onChange={(e) => form.set(key, e.target.value)} />}
    </Field>
  );
  const toggle = (controlId: string, on: boolean) => form.set('controlIds', on ? [...form.draft.controlIds, controlId] : form.draft.controlIds.filter((c) => c !== controlId));
  return (
    <FormDialog form={form} title={test ? <Trans>Edit test {test.testNum}</Trans> : <Trans>New test</Trans>} onClose={onClose} saveTestId="dvp-test-save">
      {input('name', <Trans>Test name</Trans>, 'dvp-test-name')}
      <div className="dvp-grid2">
        {input('testItem', <Trans>Test item</Trans>)}
        {input('testStandard', <Trans>Test standard</Trans>)}
        {input('classification', <Trans>Classification</Trans>)}
        {input('analysisProject', <Trans>Analysis project</Trans>)}
        {input('dimensionChainLevel', <Trans>Dimension chain level</Trans>)}
        {input('calculationMethod', <Trans>Calculation method</Trans>)}
        <Field label={<Trans>Test quantity</Trans>} error={form.error('testQuantity')}>
          {(id) => <TextInput id={id} type="number" min={1} data-testid="dvp-test-quantity" value={form.draft.testQuantity} onChange={(e) => form.set('testQuantity', e.target.value)} />}
        </Field>
        <Field label={<Trans>Sample quantity</Trans>} error={form.error('sampleQuantity')}>
          {(id) => <TextInput id={id} type="number" min={1} value={form.draft.sampleQuantity} onChange={(e) => form.set('sampleQuantity', e.target.value)} />}
        </Field>
        <Field label={<Trans>Test stage</Trans>} error={form.error('testStage')}>
          {(id) => <Select id={id} value={form.draft.testStage} onChange={(e) => form.set('testStage', e.target.value as DvpStage | '')} options={[{ value: '', label: t`None` }, ...options(labels.stage)]} />}
        </Field>
        <Field label={<Trans>Responsible</Trans>} error={form.error('responsibleUserId')} hint={<Trans>A member of the DFMEA’s team; told by a message.</Trans>}>
          {(id) => (
            <Autocomplete
              id={id}
              data-testid="dvp-test-responsible"
              value={form.draft.responsibleText}
              maxLength={100}
              placeholder={t`Type a name, then pick`}
              onChange={(e) => {
                form.set('responsibleText', e.target.value);
                form.set('responsibleUserId', '');
              }}
              fetchSuggestions={async (q) => {
                const people = await api.get('/api/dvp/people', { id: plan.id });
                const wanted = q.trim().toLowerCase();
                return people.filter((p) => !wanted || `${p.realName} ${p.userName}`.toLowerCase().includes(wanted)).map((p) => ({ text: p.realName || p.userName, note: p.userName, key: p.id }));
              }}
              onPick={(option) => {
                form.set('responsibleUserId', option.key ?? '');
                form.set('responsibleText', option.text);
              }}
            />
          )}
        </Field>
        <Field label={<Trans>Planned start</Trans>} error={form.error('plannedStart')}>
          {(id) => <TextInput id={id} type="date" value={form.draft.plannedStart} onChange={(e) => form.set('plannedStart', e.target.value)} />}
        </Field>
        <Field label={<Trans>Planned end</Trans>} error={form.error('plannedEnd')}>
          {(id) => <TextInput id={id} type="date" value={form.draft.plannedEnd} onChange={(e) => form.set('plannedEnd', e.target.value)} />}
        </Field>
      </div>
      <Field label={<Trans>Acceptance criteria</Trans>} error={form.error('acceptanceCriteria')}>
        {(id) => <TextArea id={id} rows={2} maxLength={2000} value={form.draft.acceptanceCriteria} onChange={(e) => form.set('acceptanceCriteria', e.target.value)} />}
      </Field>
      <Field label={<Trans>Detection controls it proves</Trans>} error={form.error('controlIds')}>
        {() => (
          <div className="dvp-check-list" data-testid="dvp-test-controls">
            {plan.controls.length === 0 ? <Trans>The DFMEA has no detection controls.</Trans> : null}
            {plan.controls.map((c) => (
              <label key={c.id}>
                <input type="checkbox" checked={form.draft.controlIds.includes(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} />
                <span data-user-content>{c.description}</span>
                <span className="dvp-cause" data-user-content>
                  {c.causeText}
                </span>
              </label>
            ))}
          </div>
        )}
      </Field>
    </FormDialog>
  );
}
