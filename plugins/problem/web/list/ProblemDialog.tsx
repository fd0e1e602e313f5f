import { Trans, useLingui } from '@lingui/react/macro';
import { api, CustomFieldInputs, customFieldServerFields, Field, FormDialog, notify, Select, TextArea, TextInput, useCustomFields, useForm, type ApiData } from '@fmea/sdk';
import { personOption, usePeople } from '../people.ts';
import { useSourceLabel, useTypeLabel, type ProblemSource, type ProblemType } from '../labels.ts';

type Problem = ApiData<'/api/problem/get'>;

const TYPES: ProblemType[] = ['designProblem', 'produceProblem', 'equipmentProblem'];
const SOURCES: ProblemSource[] = ['customerComplaint', 'field', 'production', 'incomingInspection', 'audit', 'test', 'other'];

type Draft = {
  brief: string;
  description: string;
  type: ProblemType | '';
  source: ProblemSource | '';
  happenedAt: string;
  location: string;
  frequency: string;
  processingEquipment: string;
  unqualifiedBatch: string;
  partNumber: string;
  supplier: string;
  customerName: string;
  responsibleId: string;
  plannedCompletion: string;
  /** Custom field values by system name (System › Customisation forms). */
  customFields: Record<string, string>;
};

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');
const text = (s: string) => (s.trim() ? s.trim() : null);

/**
 * A new problem or its header fields (spec 001 §3 "Problem"): brief, description, type, source, when and
 * where it happened, how often, the processing equipment, the unqualified batch and part number, the
 * supplier, the customer (a customer problem), the responsible person and the planned completion.
 * The number (RS…) is given by the server.
 */
export function ProblemDialog({ customer, problem, onClose, onSaved }: { customer: boolean; problem?: Problem; onClose: () => void; onSaved: (p: Problem) => void }) {
  const { t } = useLingui();
  const typeLabel = useTypeLabel();
  const sourceLabel = useSourceLabel();
  const people = usePeople();
  const customFields = useCustomFields('problem');
  const form = useForm<Draft, Problem>({
    initial: {
      brief: problem?.brief ?? '',
      description: problem?.description ?? '',
      type: problem?.type ?? '',
      source: problem?.source ?? (customer ? 'customerComplaint' : ''),
      happenedAt: day(problem?.happenedAt),
      location: problem?.location ?? '',
      frequency: problem?.frequency ?? '',
      processingEquipment: problem?.processingEquipment ?? '',
      unqualifiedBatch: problem?.unqualifiedBatch ?? '',
      partNumber: problem?.partNumber ?? '',
      supplier: problem?.supplier ?? '',
      customerName: problem?.customerName ?? '',
      responsibleId: problem?.responsibleId ?? '',
      plannedCompletion: day(problem?.plannedCompletion),
      customFields: { ...(problem?.customFields ?? {}) },
    },
    serverFields: customFieldServerFields(customFields),
    validate: (d) => ({
      fields: {
        brief: !d.brief.trim() && t`Brief: say in a few words what the problem is.`,
        type: !d.type && t`Type: choose the kind of problem.`,
        source: !d.source && t`Source: choose where the problem was found.`,
        customerName: customer && !d.customerName.trim() && t`Customer: name the customer who reported the problem.`,
      },
    }),
    save: (d) => {
      const fields = {
        brief: d.brief.trim(),
        description: text(d.description),
        type: d.type as ProblemType,
        source: d.source as ProblemSource,
        happenedAt: d.happenedAt || null,
        location: text(d.location),
        frequency: text(d.frequency),
        processingEquipment: text(d.processingEquipment),
        unqualifiedBatch: text(d.unqualifiedBatch),
        partNumber: text(d.partNumber),
        supplier: text(d.supplier),
        customerName: text(d.customerName),
        responsibleId: d.responsibleId || null,
        plannedCompletion: d.plannedCompletion || null,
        customFields: d.customFields,
      };
      return problem ? api.post('/api/problem/update', { id: problem.id, version: problem.version, ...fields }) : api.post('/api/problem/create', { ...fields, customerProblem: customer });
    },
    onSaved: (saved) => {
      const num = saved.problemNum;
      notify('success', problem ? t`Problem ${num} saved` : t`Problem ${num} created`);
      onSaved(saved);
    },
  });
  const input = (key: Exclude<keyof Draft, 'customFields'>, max = 200, testId?: string) => (id: string) => (
    <TextInput id={id} data-testid={testId} value={form.draft[key]} maxLength={max} onChange={(e) => form.set(key, e.target.value)} />
  );
  return (
    <FormDialog form={form} title={problem ? <Trans>Edit problem</Trans> : customer ? <Trans>New customer problem</Trans> : <Trans>New problem</Trans>} onClose={onClose} saveTestId="problem-save" width={760}>
      <div className="problem-form-grid">
        <div className="problem-form-wide">
          <Field label={<Trans>Brief</Trans>} error={form.error('brief')} required>
            {input('brief', 200, 'problem-brief')}
          </Field>
        </div>
        <div className="problem-form-wide">
          <Field label={<Trans>Description</Trans>} error={form.error('description')}>
            {(id) => <TextArea id={id} data-testid="problem-description" value={form.draft.description} maxLength={2000} onChange={(e) => form.set('description', e.target.value)} />}
          </Field>
        </div>
        <Field label={<Trans>Type</Trans>} error={form.error('type')} required>
          {(id) => (
            <Select id={id} data-testid="problem-type" value={form.draft.type} onChange={(e) => form.set('type', e.target.value as ProblemType)} options={[{ value: '', label: t`Choose…` }, ...TYPES.map((v) => ({ value: v, label: typeLabel(v) }))]} />
          )}
        </Field>
        <Field label={<Trans>Source</Trans>} error={form.error('source')} required>
          {(id) => (
            <Select id={id} data-testid="problem-source" value={form.draft.source} onChange={(e) => form.set('source', e.target.value as ProblemSource)} options={[{ value: '', label: t`Choose…` }, ...SOURCES.map((v) => ({ value: v, label: sourceLabel(v) }))]} />
          )}
        </Field>
        {customer ? (
          <Field label={<Trans>Customer</Trans>} error={form.error('customerName')} required>
            {input('customerName', 200, 'problem-customer')}
          </Field>
        ) : null}
        <Field label={<Trans>Happened on</Trans>} error={form.error('happenedAt')}>
          {(id) => <TextInput id={id} type="date" data-testid="problem-happened" value={form.draft.happenedAt} onChange={(e) => form.set('happenedAt', e.target.value)} />}
        </Field>
        <Field label={<Trans>Location</Trans>} error={form.error('location')}>
          {input('location')}
        </Field>
        <Field label={<Trans>Frequency</Trans>} error={form.error('frequency')}>
          {input('frequency')}
        </Field>
        <Field label={<Trans>Processing equipment</Trans>} error={form.error('processingEquipment')}>
          {input('processingEquipment')}
        </Field>
        <Field label={<Trans>Unqualified batch</Trans>} error={form.error('unqualifiedBatch')}>
          {input('unqualifiedBatch')}
        </Field>
        <Field label={<Trans>Part number</Trans>} error={form.error('partNumber')}>
          {input('partNumber', 200, 'problem-part')}
        </Field>
        <Field label={<Trans>Supplier</Trans>} error={form.error('supplier')}>
          {input('supplier')}
        </Field>
        <Field label={<Trans>Responsible person</Trans>} error={form.error('responsibleId')}>
          {(id) => <Select id={id} data-testid="problem-responsible" value={form.draft.responsibleId} onChange={(e) => form.set('responsibleId', e.target.value)} options={[{ value: '', label: t`Choose…` }, ...people.map(personOption)]} />}
        </Field>
        <Field label={<Trans>Planned completion</Trans>} error={form.error('plannedCompletion')}>
          {(id) => <TextInput id={id} type="date" value={form.draft.plannedCompletion} onChange={(e) => form.set('plannedCompletion', e.target.value)} />}
        </Field>
        <CustomFieldInputs fields={customFields} values={form.draft.customFields} onChange={(values) => form.set('customFields', values)} error={form.error} />
      </div>
    </FormDialog>
  );
}
