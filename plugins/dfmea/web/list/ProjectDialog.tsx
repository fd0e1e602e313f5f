import { Trans, useLingui } from '@lingui/react/macro';
import { api, ApiError, Button, Field, FormDialog, Select, TextInput, useForm, useLoad } from '@fmea/workbench/sdk';
import { MEMBER_ROLES, type DictItem, type ProjectView } from '../types.ts';
import { draftOf, saveBody, type HeaderDraft } from './header-draft.ts';
import { useDictLabel } from './dict-label.ts';
import { useDict, useUsers } from './lookups.ts';
import { useRoleLabel } from './roles.ts';

export { draftOf, saveBody, type HeaderDraft } from './header-draft.ts';

/** The header fields of spec 001 §3 with the team (roles 0–5, exactly one responsible); `error` names a field's problem (`responsible`, `members` for the team). */
export function HeaderFields({ draft, onChange, disabled, error = () => undefined }: { draft: HeaderDraft; onChange: (draft: HeaderDraft) => void; disabled?: boolean; error?: (field: string) => string | undefined }) {
  const { t } = useLingui();
  const stages = useDict('projectStage');
  const customers = useDict('customer');
  const grades = useDict('secrecyGrade');
  const users = useUsers();
  const roleLabel = useRoleLabel();
  const set = (patch: Partial<HeaderDraft>) => onChange({ ...draft, ...patch });
  const label = useDictLabel();
  const options = (items: DictItem[], current: string) => dictOptions(items, label, current);
  const userOptions = users.map((u) => ({ value: u.id, label: u.realName ? `${u.realName} (${u.userName})` : u.userName }));
  const responsible = draft.members.find((m) => m.userRole === 0)?.userId ?? '';
  const setResponsible = (userId: string) =>
    set({ members: [{ userId, userRole: 0 }, ...draft.members.filter((m) => m.userId !== userId && m.userRole !== 0)] });
  return (
    <div className="dfmea-form">
      <Field label={t`Project name`} required error={error('name')}>
        {(id) => <TextInput id={id} data-testid="dfmea-name" value={draft.name} maxLength={200} disabled={disabled} onChange={(e) => set({ name: e.target.value })} />}
      </Field>
      <Field label={t`Responsible person`} required error={error('responsible')}>
        {(id) => <Select id={id} data-testid="dfmea-responsible" value={responsible} disabled={disabled} onChange={(e) => setResponsible(e.target.value)} options={[{ value: '', label: '—' }, ...userOptions]} />}
      </Field>
      <Field label={t`Stage`} error={error('stage')}>{(id) => <Select id={id} data-testid="dfmea-stage" value={draft.stage} disabled={disabled} onChange={(e) => set({ stage: e.target.value })} options={options(stages, draft.stage)} />}</Field>
      <Field label={t`SOP date`} error={error('sopDate')}>{(id) => <TextInput id={id} data-testid="dfmea-sopDate" type="date" value={draft.sopDate} disabled={disabled} onChange={(e) => set({ sopDate: e.target.value })} />}</Field>
      <Field label={t`Version label`} error={error('versionLabel')}>
        {(id) => <TextInput id={id} data-testid="dfmea-versionLabel" value={draft.versionLabel} maxLength={20} disabled={disabled} onChange={(e) => set({ versionLabel: e.target.value })} />}
      </Field>
      <Field label={t`Customer`} error={error('customer')}>
        {(id) => <Select id={id} data-testid="dfmea-customer" value={draft.customer} disabled={disabled} onChange={(e) => set({ customer: e.target.value })} options={options(customers, draft.customer)} />}
      </Field>
      <Field label={t`Confidentiality`} error={error('confidentiality')}>
        {(id) => <Select id={id} data-testid="dfmea-confidentiality" value={draft.confidentiality} disabled={disabled} onChange={(e) => set({ confidentiality: e.target.value })} options={options(grades, draft.confidentiality)} />}
      </Field>
      <fieldset className="dfmea-team" disabled={disabled}>
        <legend>
          <Trans>Team members</Trans>
        </legend>
        {draft.members.map((m, index) =>
          m.userRole === 0 ? null : (
            <div key={index} className="dfmea-team-row">
              <Select
                aria-label={t`Member`}
                value={m.userId}
                onChange={(e) => set({ members: draft.members.map((x, i) => (i === index ? { ...x, userId: e.target.value } : x)) })}
                options={[{ value: '', label: '—' }, ...userOptions]}
              />
              <Select
                aria-label={t`Role`}
                data-testid="dfmea-member-role"
                value={String(m.userRole)}
                onChange={(e) => set({ members: draft.members.map((x, i) => (i === index ? { ...x, userRole: Number(e.target.value) } : x)) })}
                options={MEMBER_ROLES.filter((r) => r !== 0).map((r) => ({ value: String(r), label: roleLabel(r) }))}
              />
              <Button kind="link" onClick={() => set({ members: draft.members.filter((_, i) => i !== index) })}>
                <Trans>Remove</Trans>
              </Button>
            </div>
          ),
        )}
        <Button onClick={() => set({ members: [...draft.members, { userId: '', userRole: 1 }] })}>
          <Trans>Add member</Trans>
        </Button>
        {error('members') ? (
          <div className="field-message" role="alert">
            {error('members')}
          </div>
        ) : null}
      </fieldset>
    </div>
  );
}

/**
 * A dictionary's items as select options, named in the user's language. A
 * stored code no item has any more (or a value stored before codes were
 * checked) stays selectable as itself, so opening and saving keeps it.
 */
export function dictOptions(items: readonly DictItem[], label: (item: DictItem) => string, current = ''): { value: string; label: string }[] {
  const options = [{ value: '', label: '—' }, ...items.map((i) => ({ value: i.code, label: label(i) }))];
  return current && !items.some((i) => i.code === current) ? [...options, { value: current, label: current }] : options;
}

/** What is wrong with a draft, by field: a name, exactly one responsible, a user in every team row. */
export function useDraftProblems(): (draft: HeaderDraft) => { name?: string; responsible?: string; members?: string } {
  const { t } = useLingui();
  return (draft) => ({
    ...(!draft.name.trim() && { name: t`Enter a project name.` }),
    ...(draft.members.filter((m) => m.userRole === 0 && m.userId).length !== 1 && { responsible: t`Choose exactly one responsible person.` }),
    ...(draft.members.some((m) => m.userRole !== 0 && !m.userId) && { members: t`Choose a user for every team member.` }),
  });
}

/** The one problem with a draft, or null: a name and exactly one responsible. */
export function useDraftProblem(): (draft: HeaderDraft) => string | null {
  const problems = useDraftProblems();
  return (draft) => Object.values(problems(draft)).find(Boolean) ?? null;
}

type ProjectDraft = HeaderDraft & { serialNum: string };

/** Create (project null) or edit a project header; a new project may get a typed number where the numbering rule allows it. */
export function ProjectDialog({ project, myId, onClose, onSaved }: { project: ProjectView | null; myId: string | undefined; onClose: () => void; onSaved: (p: ProjectView) => void }) {
  const { t } = useLingui();
  const problems = useDraftProblems();
  const preview = useLoad(() => (project ? Promise.resolve(null) : api.get('/api/project/numberPreview', { projectType: 'dfmea' })), [project?.id]);
  const form = useForm<ProjectDraft, ProjectView>({
    initial: () => ({ ...draftOf(project, myId), serialNum: '' }),
    validate: (draft) => ({ fields: problems(draft) }),
    save: ({ serialNum, ...draft }) => api.post('/api/project/save', { ...saveBody(draft, project), ...(!project && serialNum.trim() && { serialNum: serialNum.trim() }) }),
    onSaved,
    serverFields: { projectMembers: 'members' },
    // "number already exists" is a conflict without field issues: it belongs under the number
    onFailed: (error) => (error instanceof ApiError && error.messageKey === 'numbering.manual_duplicate' ? { message: null, fields: { serialNum: error.message } } : undefined),
  });
  // only what changed, so the problems of the other fields stay shown; the responsible person is part of the team
  const change = (next: HeaderDraft) => {
    const patch = Object.fromEntries(Object.entries(next).filter(([key, value]) => value !== form.draft[key as keyof HeaderDraft]));
    form.change(patch);
    if ('members' in patch) form.setError('responsible', null);
  };
  const next = preview.data;
  return (
    <FormDialog form={form} title={project ? t`Edit project` : t`New DFMEA project`} width={640} saveTestId="dfmea-save" onClose={onClose}>
      {next?.allowManual ? (
        <Field label={t`Project number`} error={form.error('serialNum')} hint={t`Leave empty for the next number, ${next.number}`}>
          {(id) => <TextInput id={id} data-testid="dfmea-serialNum" value={form.draft.serialNum} maxLength={50} placeholder={next.number} onChange={(e) => form.set('serialNum', e.target.value)} />}
        </Field>
      ) : next ? (
        <p className="muted" data-testid="dfmea-next-number">
          <Trans>The project will be numbered {next.number}.</Trans>
        </p>
      ) : null}
      <HeaderFields draft={form.draft} onChange={change} error={form.error} />
    </FormDialog>
  );
}
