import { useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, confirmLeave, Dialog, Field, Select, session, TextInput, useDirty } from '@fmea/workbench/sdk';
import { CheckList } from '../../common/CheckList.tsx';
import { FormError } from '../../common/FormError.tsx';
import { localName } from '../../common/format.ts';
import { loadDepartments } from '../../common/lookups.ts';
import { NO_ERRORS, readServerError, type FormErrors } from '../../common/server-errors.ts';
import type { AdminUser, Department, Role, Site } from '../../common/types.ts';
import { useAdminScope } from '../../common/use-user.ts';

interface Draft {
  userName: string;
  realName: string;
  jobNumber: string;
  mobile: string;
  email: string;
  siteId: string;
  departmentId: string;
  roleIdList: string[];
  validityDate: string;
}

const FIELDS = ['userName', 'realName', 'jobNumber', 'mobile', 'email', 'siteId', 'departmentId', 'roleIdList', 'validityDate'] as const;

function draftOf(user: AdminUser | null, defaultSiteId: string): Draft {
  return {
    userName: user?.userName ?? '',
    realName: user?.realName ?? '',
    jobNumber: user?.jobNumber ?? '',
    mobile: user?.mobile ?? '',
    email: user?.email ?? '',
    siteId: user?.siteId ?? defaultSiteId,
    departmentId: user?.departmentId ?? '',
    roleIdList: user?.roleIdList ?? [],
    validityDate: user?.validityDate?.slice(0, 10) ?? '',
  };
}

export interface SavedUser {
  user: AdminUser;
  initialPassword?: string;
}

/** Create (user null) or edit a user; the server's problems show under their fields and the form. */
/** Roles below the giver's rank (super administrators: any); the server checks the same (docs/domain/administration.md). */
function assignable(rank: 'super' | 'site' | 'none', role: Role): boolean {
  if (rank === 'super') return true;
  return rank === 'site' && role.name !== 'admin' && (role.roleType === '2' || role.roleType === '3');
}

export function UserDialog({ user, sites, roles, onClose, onSaved }: { user: AdminUser | null; sites: Site[]; roles: Role[]; onClose: () => void; onSaved: (saved: SavedUser) => void }) {
  const { t, i18n } = useLingui();
  const scope = useAdminScope();
  // a new user joins the administrator's current site unless another is chosen
  const [initial] = useState(() => draftOf(user, sites.find((s) => s.id === session.user?.siteId)?.id ?? sites[0]?.id ?? ''));
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [departments, setDepartments] = useState<Department[]>([]);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useDirty(dirty);
  const close = async () => {
    if (await confirmLeave()) onClose();
  };

  useEffect(() => {
    let alive = true;
    if (!draft.siteId) setDepartments([]);
    else void loadDepartments(draft.siteId).then((list) => alive && setDepartments(list));
    return () => {
      alive = false;
    };
  }, [draft.siteId]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value, ...(key === 'siteId' ? { departmentId: '' } : {}) }));
    setErrors((e) => ({ ...e, fields: { ...e.fields, [key]: '' } }));
  };

  async function checkName() {
    const userName = draft.userName.trim();
    if (!userName || userName === user?.userName) return;
    try {
      const { available } = await api.post<{ available: boolean }>('/api/user/checkUserName', { userName, id: user?.id });
      if (!available) setErrors((e) => ({ ...e, fields: { ...e.fields, userName: t`This user name is already taken` } }));
    } catch {
      // the save will say it
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const saved = await api.post<SavedUser>('/api/user/saveUser', {
        ...(user ? { id: user.id } : {}),
        userName: draft.userName.trim(),
        realName: draft.realName.trim(),
        jobNumber: draft.jobNumber.trim(),
        mobile: draft.mobile.trim(),
        email: draft.email.trim(),
        siteId: draft.siteId || null,
        departmentId: draft.departmentId || null,
        roleIdList: draft.roleIdList,
        validityDate: draft.validityDate ? `${draft.validityDate}T23:59:59.999Z` : null,
      });
      onSaved(saved);
    } catch (error) {
      setErrors(readServerError(error, FIELDS));
    } finally {
      setBusy(false);
    }
  }

  const text = (key: 'userName' | 'realName' | 'jobNumber' | 'mobile' | 'email', label: string, props: { type?: string; maxLength: number; required?: boolean }) => (
    <Field label={label} error={errors.fields[key]} required={props.required}>
      {(id) => (
        <TextInput
          id={id}
          name={key}
          type={props.type ?? 'text'}
          maxLength={props.maxLength}
          value={draft[key]}
          onChange={(e) => set(key, e.target.value)}
          onBlur={key === 'userName' ? () => void checkName() : undefined}
        />
      )}
    </Field>
  );

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && void close()}
      title={user ? t`Edit user ${user.userName}` : t`New user`}
      width={640}
      actions={
        <>
          <Button onClick={() => void close()}>
            <Trans>Cancel</Trans>
          </Button>
          <Button kind="primary" type="submit" form="sys-user-form" disabled={busy}>
            <Trans>Save</Trans>
          </Button>
        </>
      }
    >
      <form noValidate id="sys-user-form" className="sys-form-grid" onSubmit={(e) => void submit(e)} aria-label={t`User`}>
        {text('userName', t`User name`, { maxLength: 50, required: true })}
        {text('realName', t`Real name`, { maxLength: 50 })}
        {text('jobNumber', t`Job number`, { maxLength: 20 })}
        {text('mobile', t`Mobile`, { type: 'tel', maxLength: 20 })}
        {text('email', t`E-mail`, { type: 'email', maxLength: 200 })}
        <Field label={t`Validity date`} error={errors.fields.validityDate} hint={t`Empty: valid without end`}>
          {(id) => <TextInput id={id} name="validityDate" type="date" value={draft.validityDate} onChange={(e) => set('validityDate', e.target.value)} />}
        </Field>
        <Field label={t`Site`} error={errors.fields.siteId}>
          {(id) => (
            <Select
              id={id}
              name="siteId"
              value={draft.siteId}
              onChange={(e) => set('siteId', e.target.value)}
              options={[{ value: '', label: t`(none)` }, ...sites.map((s) => ({ value: s.id, label: localName(i18n.locale, s.siteName, s.siteNameEn) }))]}
            />
          )}
        </Field>
        <Field label={t`Department`} error={errors.fields.departmentId}>
          {(id) => (
            <Select
              id={id}
              name="departmentId"
              value={draft.departmentId}
              onChange={(e) => set('departmentId', e.target.value)}
              options={[{ value: '', label: t`(none)` }, ...departments.map((d) => ({ value: d.id, label: d.number ? `${d.number} ${d.name}` : d.name }))]}
            />
          )}
        </Field>
        <div className="sys-span-2">
          <Field label={t`Roles`} error={errors.fields.roleIdList}>
            {(id) => (
              <CheckList
                id={id}
                value={draft.roleIdList}
                onChange={(v) => set('roleIdList', v)}
                options={roles.filter((r) => assignable(scope.rank, r)).map((r) => ({ value: r.id, label: localName(i18n.locale, r.name, r.nameEn) }))}
              />
            )}
          </Field>
        </div>
      </form>
      {!user ? (
        <p className="muted">
          <Trans>A password is generated when the user is created and shown once.</Trans>
        </p>
      ) : null}
      <FormError message={errors.message} />
    </Dialog>
  );
}
