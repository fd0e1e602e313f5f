import { Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import { kindOf, type ProjectType } from '@fmea/core/domain';
import { api, ApiError, Button, confirm, CustomFieldInputs, customFieldServerFields, Field, FormDialog, NO_ERRORS, Select, session, TextInput, useCustomFields, useForm, useLoad, type FormErrors, type UserInfo } from '@fmea/sdk';
import { MEMBER_ROLES, type DictItem, type ProjectMember, type ProjectView } from '../types.ts';
import { useFmeaKind } from '../kind.tsx';
import { draftOf, saveBody, type HeaderDraft } from './header-draft.ts';
import { useDictLabel } from './dict-label.ts';
import { useDict, useUsers } from './lookups.ts';
import { useRoleLabel } from './roles.ts';

export { draftOf, saveBody, type HeaderDraft } from './header-draft.ts';

const RESPONSIBLE = 0;
const isResponsible = (m: ProjectMember) => m.roles.includes(RESPONSIBLE);

/**
 * The team with `userId` made responsible: the former responsible person gives
 * the role up (and leaves the team if it was their only one). A design member
 * holds one role, so the new responsible holds that alone; a process member
 * keeps their other roles beside it.
 */
export function withResponsible(members: readonly ProjectMember[], userId: string, memberKind: 'design' | 'process'): ProjectMember[] {
  const chosen = members.find((m) => m.userId === userId);
  const others = members
    .filter((m) => m.userId !== userId)
    .map((m) => ({ ...m, roles: m.roles.filter((r) => r !== RESPONSIBLE) }))
    .filter((m) => m.roles.length > 0);
  const roles = memberKind === 'process' && chosen ? [RESPONSIBLE, ...chosen.roles.filter((r) => r !== RESPONSIBLE)] : [RESPONSIBLE];
  return userId ? [{ userId, roles }, ...others] : others;
}

/**
 * The header fields of spec 001 §3 with the team (roles 0–5, exactly one
 * responsible; a design member holds one role, a process member a list of
 * them); `error` names a field's problem (`responsible`, `members` for the team).
 */
export function HeaderFields({
  draft,
  onChange,
  disabled,
  ownerOnlyLocked,
  error = () => undefined,
}: {
  draft: HeaderDraft;
  onChange: (draft: HeaderDraft) => void;
  disabled?: boolean;
  /** The team, the responsible person and the confidentiality level are the responsible person's (or an administrator's) to change: the server refuses anyone else. */
  ownerOnlyLocked?: boolean;
  error?: (field: string) => string | undefined;
}) {
  const { t } = useLingui();
  const { memberKind } = useFmeaKind();
  const stages = useDict('projectStage');
  const customers = useDict('customer');
  const grades = useDict('secrecyGrade');
  const users = useUsers();
  const roleLabel = useRoleLabel();
  const set = (patch: Partial<HeaderDraft>) => onChange({ ...draft, ...patch });
  const label = useDictLabel();
  const customFields = useCustomFields('fmeaProject');
  const options = (items: DictItem[], current: string) => dictOptions(items, label, current);
  const userOptions = users.map((u) => ({ value: u.id, label: u.realName ? `${u.realName} (${u.userName})` : u.userName }));
  const responsible = draft.members.find(isResponsible)?.userId ?? '';
  const setResponsible = (userId: string) => set({ members: withResponsible(draft.members, userId, memberKind) });
  const setMember = (index: number, patch: Partial<ProjectMember>) => set({ members: draft.members.map((x, i) => (i === index ? { ...x, ...patch } : x)) });
  const toggleRole = (index: number, role: number, on: boolean) => {
    const roles = draft.members[index]!.roles.filter((r) => r !== role);
    setMember(index, { roles: on ? [...roles, role].sort((a, b) => a - b) : roles });
  };
  // the responsible person is chosen above; their row shows only where a process member holds further roles
  const shownInTeam = (m: ProjectMember) => !isResponsible(m) || (memberKind === 'process' && m.roles.length > 1);
  return (
    <div className="dfmea-form">
      <Field label={t`Project name`} required error={error('name')}>
        {(id) => <TextInput id={id} data-testid="dfmea-name" value={draft.name} maxLength={200} disabled={disabled} onChange={(e) => set({ name: e.target.value })} />}
      </Field>
      <Field label={t`Responsible person`} required error={error('responsible')}>
        {(id) => <Select id={id} data-testid="dfmea-responsible" value={responsible} disabled={disabled || ownerOnlyLocked} onChange={(e) => setResponsible(e.target.value)} options={[{ value: '', label: '—' }, ...userOptions]} />}
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
        {(id) => <Select id={id} data-testid="dfmea-confidentiality" value={draft.confidentiality} disabled={disabled || ownerOnlyLocked} onChange={(e) => set({ confidentiality: e.target.value })} options={options(grades, draft.confidentiality)} />}
      </Field>
      <CustomFieldInputs fields={customFields} values={draft.customFields} onChange={(values) => set({ customFields: values })} error={error} disabled={disabled} />
      <fieldset className="dfmea-team" disabled={disabled || ownerOnlyLocked} data-testid="dfmea-team">
        <legend>
          <Trans>Team members</Trans>
        </legend>
        {ownerOnlyLocked && !disabled ? (
          <p className="field-hint" data-testid="dfmea-team-owner-only">
            <Trans>Only the responsible person or an administrator may change the team, the responsible person and the confidentiality level.</Trans>
          </p>
        ) : null}
        {draft.members.map((m, index) =>
          !shownInTeam(m) ? null : (
            <div key={index} className="dfmea-team-row">
              <Select
                aria-label={t`Member`}
                value={m.userId}
                disabled={isResponsible(m)}
                onChange={(e) => setMember(index, { userId: e.target.value })}
                options={[{ value: '', label: '—' }, ...userOptions]}
              />
              {memberKind === 'process' ? (
                <span className="dfmea-member-roles" role="group" aria-label={t`Roles`} data-testid="dfmea-member-roles">
                  {MEMBER_ROLES.filter((r) => r !== RESPONSIBLE).map((r) => (
                    <label key={r} className="dfmea-member-role">
                      <input type="checkbox" checked={m.roles.includes(r)} onChange={(e) => toggleRole(index, r, e.target.checked)} /> {roleLabel(r)}
                    </label>
                  ))}
                </span>
              ) : (
                <Select
                  aria-label={t`Role`}
                  data-testid="dfmea-member-role"
                  value={String(m.roles[0] ?? 1)}
                  onChange={(e) => setMember(index, { roles: [Number(e.target.value)] })}
                  options={MEMBER_ROLES.filter((r) => r !== RESPONSIBLE).map((r) => ({ value: String(r), label: roleLabel(r) }))}
                />
              )}
              <Button kind="link" onClick={() => set({ members: isResponsible(m) ? draft.members.map((x, i) => (i === index ? { ...x, roles: [RESPONSIBLE] } : x)) : draft.members.filter((_, i) => i !== index) })}>
                <Trans>Remove</Trans>
              </Button>
            </div>
          ),
        )}
        <Button onClick={() => set({ members: [...draft.members, { userId: '', roles: [1] }] })}>
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
    ...(draft.members.filter((m) => isResponsible(m) && m.userId).length !== 1 && { responsible: t`Choose exactly one responsible person.` }),
    ...(draft.members.some((m) => !isResponsible(m) && !m.userId) && { members: t`Choose a user for every team member.` }),
    ...(draft.members.some((m) => m.roles.length === 0) && { members: t`Choose at least one role for every team member.` }),
  });
}

/** The one problem with a draft, or null: a name and exactly one responsible. */
export function useDraftProblem(): (draft: HeaderDraft) => string | null {
  const problems = useDraftProblems();
  return (draft) => Object.values(problems(draft)).find(Boolean) ?? null;
}

type ProjectDraft = HeaderDraft & { serialNum: string; template: string; projectType: ProjectType };

/** The user stopped at a confirmation: nothing was sent, nothing is shown as wrong. */
class Stopped extends Error {}

/**
 * A new project from a template: made by the template service (its analysis,
 * and its header for a basic FMEA), then given the dialog's name, team and the
 * header fields filled in. A creator who named another owner stays as
 * counsellor, as the server does for a new project (spec 000 §6).
 */
async function createFromTemplate(draft: HeaderDraft, template: string, serialNum: string, myId: string | undefined, kind: ReturnType<typeof useFmeaKind>): Promise<ProjectView> {
  const made = await api.post('/api/fmeaTemplate/createProject', { template, name: draft.name.trim(), ...(serialNum.trim() && { serialNum: serialNum.trim() }) });
  const body = saveBody(draft, made, kind);
  const filled = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
  const owner = draft.members.find(isResponsible)?.userId;
  const counsellor = kind.memberKind === 'process' ? { userId: myId ?? '', roles: [2] } : { userId: myId ?? '', userRole: 2 };
  const members = myId && owner !== myId ? [...body.projectMembers.filter((m) => m.userId !== myId), counsellor] : body.projectMembers;
  return api.post('/api/project/save', { ...filled, id: made.id, version: made.version, projectType: kind.projectType, name: body.name, projectMembers: members });
}

/** Create (project null) or edit a project header; a new project may get a typed number where the numbering rule allows it. */
export function ProjectDialog({
  project,
  myId,
  projectType: listType,
  onClose,
  onSaved,
}: {
  project: ProjectView | null;
  myId: string | undefined;
  /** The type a new project starts as (the list's type: a DFMEA list may show family FMEAs); the kind's type when left out. */
  projectType?: ProjectType;
  onClose: () => void;
  onSaved: (p: ProjectView) => void;
}) {
  const { t, i18n } = useLingui();
  const kind = useFmeaKind();
  const problems = useDraftProblems();
  const user = useSnapshot(session).user as UserInfo | null;
  const preview = useLoad(() => (project ? Promise.resolve(null) : api.get('/api/project/numberPreview', { projectType: kind.projectType })), [project?.id, kind.projectType]);
  const templates = useLoad(() => (project ? Promise.resolve([]) : api.get('/api/fmeaTemplate/list', { side: kindOf(kind.projectType).side })), [project?.id, kind.projectType]);
  const customFields = useCustomFields('fmeaProject');
  const form = useForm<ProjectDraft, ProjectView>({
    initial: () => ({ ...draftOf(project, myId), serialNum: '', template: '', projectType: listType ?? kind.projectType }),
    validate: ({ template: _template, projectType: _type, ...draft }) => ({ fields: problems(draft) }),
    save: async ({ serialNum, template, projectType, ...draft }) => {
      // spec 000 §6: a creator who names another owner loses maintenance rights after creation; they confirm it first
      const owner = draft.members.find(isResponsible)?.userId;
      const handOver = !project && !user?.isAdmin && owner !== myId;
      if (handOver && !(await confirm({ title: t`Another owner`, message: t`You are not the responsible person you chose: after creation you can no longer maintain this project. Create it anyway?`, danger: true }))) {
        throw new Stopped();
      }
      if (!project && template) return createFromTemplate(draft, template, serialNum, myId, kind);
      return api.post('/api/project/save', {
        ...saveBody(draft, project, kind),
        ...(!project && { projectType }),
        ...(!project && serialNum.trim() && { serialNum: serialNum.trim() }),
        ...(handOver && { confirmHandOver: true }),
      });
    },
    onSaved,
    serverFields: { projectMembers: 'members', ...customFieldServerFields(customFields) },
    // "number already exists" is a conflict without field issues: it belongs under the number
    onFailed: (error): FormErrors | undefined =>
      error instanceof Stopped
        ? NO_ERRORS
        : error instanceof ApiError && error.messageKey === 'numbering.manual_duplicate'
          ? { message: null, fields: { serialNum: error.message } }
          : undefined,
  });
  // only what changed, so the problems of the other fields stay shown; the responsible person is part of the team
  const change = (next: HeaderDraft) => {
    const patch = Object.fromEntries(Object.entries(next).filter(([key, value]) => value !== form.draft[key as keyof HeaderDraft]));
    form.change(patch);
    if ('members' in patch) form.setError('responsible', null);
  };
  const next = preview.data;
  return (
    <FormDialog form={form} title={project ? t`Edit project` : (kind.texts?.newProject ?? t`New DFMEA project`)} width={640} saveTestId="dfmea-save" onClose={onClose}>
      {next?.allowManual ? (
        <Field label={t`Project number`} error={form.error('serialNum')} hint={t`Leave empty for the next number, ${next.number}`}>
          {(id) => <TextInput id={id} data-testid="dfmea-serialNum" value={form.draft.serialNum} maxLength={50} placeholder={next.number} onChange={(e) => form.set('serialNum', e.target.value)} />}
        </Field>
      ) : next ? (
        <p className="muted" data-testid="dfmea-next-number">
          <Trans>The project will be numbered {next.number}.</Trans>
        </p>
      ) : null}
      {!project && kind.listTypes.length > 1 ? (
        <Field label={t`Project type`} hint={kindOf(form.draft.projectType).singleItem ? t`A family FMEA holds exactly one item; its variants inherit from it.` : undefined}>
          {(id) => (
            <Select
              id={id}
              data-testid="dfmea-project-type"
              value={form.draft.projectType}
              disabled={Boolean(form.draft.template)}
              onChange={(e) => form.set('projectType', kind.listTypes.find((o) => o.type === e.target.value)?.type ?? kind.projectType)}
              options={kind.listTypes.map((o) => ({ value: o.type, label: i18n._(o.label) }))}
            />
          )}
        </Field>
      ) : null}
      {!project && (templates.data?.length ?? 0) > 0 ? (
        <Field label={t`Start from`} hint={t`A template gives the new project its structure and analysis.`}>
          {(id) => (
            <Select
              id={id}
              data-testid="dfmea-from-template"
              value={form.draft.template}
              onChange={(e) => form.set('template', e.target.value)}
              options={[{ value: '', label: t`An empty project` }, ...(templates.data ?? []).map((x) => ({ value: x.id, label: `${x.serialNum} ${x.name}` }))]}
            />
          )}
        </Field>
      ) : null}
      <HeaderFields draft={form.draft} onChange={change} error={form.error} ownerOnlyLocked={project !== null && !user?.isAdmin && !(project.myRoles ?? []).includes(0)} />
    </FormDialog>
  );
}
