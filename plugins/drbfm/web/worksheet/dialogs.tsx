import { useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, Select, TextArea, TextInput, useForm } from '@fmea/sdk';
import { useDrbfmLabels, type Drbfm } from './model.ts';

type Saved = (view: Drbfm) => void;
interface DialogProps {
  readonly view: Drbfm;
  readonly onClose: () => void;
  readonly onSaved: Saved;
}
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The change under review: what changes, why, before and after (POST /api/drbfm/saveChange at its version). */
export function ChangeDialog({ view, onClose, onSaved }: DialogProps) {
  const { t } = useLingui();
  const c = view.change;
  const form = useForm({
    initial: { changePoint: c.changePoint, changeReason: c.changeReason ?? '', beforeChange: c.beforeChange ?? '', afterChange: c.afterChange ?? '' },
    validate: (d) => ({ fields: { changePoint: !d.changePoint.trim() && t`Say what changes.` } }),
    save: (d) => api.post('/api/drbfm/saveChange', { projectId: view.projectId, version: c.version, changePoint: d.changePoint.trim(), changeReason: orNull(d.changeReason), beforeChange: orNull(d.beforeChange), afterChange: orNull(d.afterChange) }),
    onSaved,
  });
  const { draft, set } = form;
  return (
    <FormDialog form={form} title={t`Change under review`} width={620} onClose={onClose} saveTestId="drbfm-change-save">
      <Field label={t`Change point`} required error={form.error('changePoint')}>
        {(id) => <TextArea id={id} data-testid="drbfm-change-point-edit" maxLength={500} value={draft.changePoint} onChange={(e) => set('changePoint', e.target.value)} />}
      </Field>
      <Field label={t`Reason for the change`} error={form.error('changeReason')}>
        {(id) => <TextInput id={id} maxLength={200} value={draft.changeReason} onChange={(e) => set('changeReason', e.target.value)} />}
      </Field>
      <Field label={t`Before the change`} error={form.error('beforeChange')}>
        {(id) => <TextInput id={id} data-testid="drbfm-before" maxLength={200} value={draft.beforeChange} onChange={(e) => set('beforeChange', e.target.value)} />}
      </Field>
      <Field label={t`After the change`} error={form.error('afterChange')}>
        {(id) => <TextInput id={id} data-testid="drbfm-after" maxLength={200} value={draft.afterChange} onChange={(e) => set('afterChange', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}

/** A changed part entered by name, with its functions and what changes on it. */
export function PartDialog({ view, onClose, onSaved }: DialogProps) {
  const { t } = useLingui();
  const form = useForm({
    initial: { name: '', functions: '', changeNote: '' },
    validate: (d) => ({ fields: { name: !d.name.trim() && t`Name the part.` } }),
    save: (d) => api.post('/api/drbfm/savePart', { projectId: view.projectId, partKind: 'text', name: d.name.trim(), functions: orNull(d.functions), changeNote: orNull(d.changeNote) }),
    onSaved,
  });
  const { draft, set } = form;
  return (
    <FormDialog form={form} title={t`Add a changed part`} submitLabel={t`Add`} onClose={onClose} saveTestId="drbfm-part-save">
      <Field label={t`Part`} required error={form.error('name')}>
        {(id) => <TextInput id={id} data-testid="drbfm-part-name" maxLength={200} value={draft.name} onChange={(e) => set('name', e.target.value)} />}
      </Field>
      <Field label={t`Functions`} error={form.error('functions')}>
        {(id) => <TextArea id={id} maxLength={200} value={draft.functions} onChange={(e) => set('functions', e.target.value)} />}
      </Field>
      <Field label={t`What changes on it`} error={form.error('changeNote')}>
        {(id) => <TextInput id={id} maxLength={200} value={draft.changeNote} onChange={(e) => set('changeNote', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}

/** A concern on a changed part: what the change could break, its influence and the cause it suggests, raised by a team member. */
export function ConcernDialog({ view, onClose, onSaved, me }: DialogProps & { me: string | null }) {
  const { t } = useLingui();
  const labels = useDrbfmLabels();
  const first = view.parts[0];
  const form = useForm({
    initial: { partId: first?.id ?? '', partFunction: '', concern: '', influence: '', cause: '', importance: '', raisedById: view.team.some((m) => m.userId === me) ? (me ?? '') : '' },
    validate: (d) => ({ fields: { partId: !d.partId && t`Choose the part.`, concern: !d.concern.trim() && t`Say what could go wrong.` } }),
    save: (d) =>
      api.post('/api/drbfm/saveConcern', {
        projectId: view.projectId,
        partId: d.partId,
        partFunction: orNull(d.partFunction),
        concern: d.concern.trim(),
        influence: orNull(d.influence),
        cause: orNull(d.cause),
        importance: (d.importance || null) as 'high' | 'medium' | 'low' | null,
        ...(d.raisedById ? { raisedById: d.raisedById } : {}),
      }),
    onSaved,
  });
  const { draft, set } = form;
  const part = view.parts.find((p) => p.id === draft.partId);
  const functions = (part?.functions ?? '').split('\n').map((f) => f.trim()).filter(Boolean);
  return (
    <FormDialog form={form} title={t`Add a concern`} submitLabel={t`Add`} width={620} onClose={onClose} saveTestId="drbfm-concern-save">
      <Field label={t`Part`} required error={form.error('partId')}>
        {(id) => <Select id={id} data-testid="drbfm-concern-part" value={draft.partId} onChange={(e) => set('partId', e.target.value)} options={view.parts.map((p) => ({ value: p.id, label: p.code ? `${p.code} ${p.name}` : p.name }))} />}
      </Field>
      <Field label={t`Function`} error={form.error('partFunction')} hint={functions.length ? t`The part’s functions: ${functions.join('; ')}` : undefined}>
        {(id) => <TextInput id={id} data-testid="drbfm-concern-function" maxLength={200} value={draft.partFunction} onChange={(e) => set('partFunction', e.target.value)} />}
      </Field>
      <Field label={t`Concern`} required error={form.error('concern')}>
        {(id) => <TextArea id={id} data-testid="drbfm-concern-text" maxLength={200} value={draft.concern} onChange={(e) => set('concern', e.target.value)} />}
      </Field>
      <Field label={t`Influence on other parts`} error={form.error('influence')}>
        {(id) => <TextInput id={id} data-testid="drbfm-concern-influence" maxLength={200} value={draft.influence} onChange={(e) => set('influence', e.target.value)} />}
      </Field>
      <Field label={t`Cause / failure mode it suggests`} error={form.error('cause')}>
        {(id) => <TextInput id={id} data-testid="drbfm-concern-cause" maxLength={200} value={draft.cause} onChange={(e) => set('cause', e.target.value)} />}
      </Field>
      <Field label={t`Importance`} error={form.error('importance')}>
        {(id) => <Select id={id} value={draft.importance} onChange={(e) => set('importance', e.target.value)} options={[{ value: '', label: '—' }, ...Object.entries(labels.importance).map(([value, label]) => ({ value, label }))]} />}
      </Field>
      <Field label={t`Raised by`} error={form.error('raisedById')}>
        {(id) => <Select id={id} value={draft.raisedById} onChange={(e) => set('raisedById', e.target.value)} options={[{ value: '', label: t`Me` }, ...view.team.map((m) => ({ value: m.userId, label: m.name }))]} />}
      </Field>
    </FormDialog>
  );
}

/** A design or evaluation action on a concern, with its responsible team member and due date. */
export function ActionDialog({ view, onClose, onSaved, concernId }: DialogProps & { concernId?: string }) {
  const { t } = useLingui();
  const labels = useDrbfmLabels();
  const form = useForm({
    initial: { concernId: concernId ?? view.concerns[0]?.id ?? '', kind: 'design', description: '', responsibleUserId: '', targetDate: '' },
    validate: (d) => ({ fields: { concernId: !d.concernId && t`Choose the concern.`, description: !d.description.trim() && t`Say what is done.` } }),
    save: (d) =>
      api.post('/api/drbfm/saveAction', {
        projectId: view.projectId,
        concernId: d.concernId,
        kind: d.kind as 'design' | 'evaluation',
        description: d.description.trim(),
        responsibleUserId: d.responsibleUserId || null,
        targetDate: d.targetDate || null,
      }),
    onSaved,
  });
  const { draft, set } = form;
  return (
    <FormDialog form={form} title={t`Add an action`} submitLabel={t`Add`} width={620} onClose={onClose} saveTestId="drbfm-action-save">
      <Field label={t`Concern`} required error={form.error('concernId')}>
        {(id) => <Select id={id} data-testid="drbfm-action-concern" value={draft.concernId} onChange={(e) => set('concernId', e.target.value)} options={view.concerns.map((c) => ({ value: c.id, label: c.concern }))} />}
      </Field>
      <Field label={t`Kind`} required error={form.error('kind')}>
        {(id) => <Select id={id} data-testid="drbfm-action-kind" value={draft.kind} onChange={(e) => set('kind', e.target.value)} options={Object.entries(labels.actionKind).map(([value, label]) => ({ value, label }))} />}
      </Field>
      <Field label={t`Action`} required error={form.error('description')}>
        {(id) => <TextInput id={id} data-testid="drbfm-action-description" maxLength={200} value={draft.description} onChange={(e) => set('description', e.target.value)} />}
      </Field>
      <Field label={t`Responsible`} error={form.error('responsibleUserId')}>
        {(id) => <Select id={id} data-testid="drbfm-action-responsible" value={draft.responsibleUserId} onChange={(e) => set('responsibleUserId', e.target.value)} options={[{ value: '', label: '—' }, ...view.team.map((m) => ({ value: m.userId, label: m.name }))]} />}
      </Field>
      <Field label={t`Due date`} error={form.error('targetDate')}>
        {(id) => <TextInput id={id} data-testid="drbfm-action-due" type="date" value={draft.targetDate} onChange={(e) => set('targetDate', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}

/** A review meeting's record: date, participants, minutes and decisions. */
export function MeetingDialog({ view, onClose, onSaved }: DialogProps) {
  const { t } = useLingui();
  const form = useForm({
    initial: { meetingDate: new Date().toISOString().slice(0, 10), participants: view.team.map((m) => m.name).join(', '), minutes: '', decisions: '' },
    validate: (d) => ({ fields: { meetingDate: !d.meetingDate && t`Enter the date.`, participants: !d.participants.trim() && t`Name who took part.` } }),
    save: (d) => api.post('/api/drbfm/saveMeeting', { projectId: view.projectId, meetingDate: d.meetingDate, participants: d.participants.trim(), minutes: orNull(d.minutes), decisions: orNull(d.decisions) }),
    onSaved,
  });
  const { draft, set } = form;
  return (
    <FormDialog form={form} title={t`Record a review meeting`} submitLabel={t`Add`} width={620} onClose={onClose} saveTestId="drbfm-meeting-save">
      <Field label={t`Meeting date`} required error={form.error('meetingDate')}>
        {(id) => <TextInput id={id} type="date" value={draft.meetingDate} onChange={(e) => set('meetingDate', e.target.value)} />}
      </Field>
      <Field label={t`Participants`} required error={form.error('participants')}>
        {(id) => <TextInput id={id} maxLength={200} value={draft.participants} onChange={(e) => set('participants', e.target.value)} />}
      </Field>
      <Field label={t`Minutes`} error={form.error('minutes')}>
        {(id) => <TextArea id={id} data-testid="drbfm-meeting-minutes" maxLength={2000} value={draft.minutes} onChange={(e) => set('minutes', e.target.value)} />}
      </Field>
      <Field label={t`Decisions`} error={form.error('decisions')}>
        {(id) => <TextArea id={id} maxLength={200} value={draft.decisions} onChange={(e) => set('decisions', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
