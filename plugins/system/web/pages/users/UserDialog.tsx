import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, CheckList, Field, FormDialog, localName, Select, session, TextInput, useForm, type ApiData } from '@fmea/sdk';
import { loadDepartments } from '../../common/lookups.ts';
import type { AdminUser, Department, Role, Site } from '../../common/types.ts';
import { useAdminScope } from '../../common/admin-scope.ts';

interface Draft {
  userName: string;
  realName: string;
  realNameEn: string;
  jobNumber: string;
  mobile: string;
  email: string;
  siteId: string;
  departmentId: string;
  roleIdList: string[];
  validityDate: string;
}

function draftOf(user: AdminUser | null, defaultSiteId: string): Draft {
  return {
    userName: user?.userName ?? '',
    realName: user?.realName ?? '',
    realNameEn: user?.realNameEn ?? '',
    jobNumber: user?.jobNumber ?? '',
    mobile: user?.mobile ?? '',
    email: user?.email ?? '',
    siteId: user?.siteId ?? defaultSiteId,
    departmentId: user?.departmentId ?? '',
    roleIdList: user?.roleIdList ?? [],
    validityDate: user?.validityDate?.slice(0, 10) ?? '',
  };
}

/** The saved user, and the generated password of a new one (shown once). */
export type SavedUser = ApiData<'/api/user/saveUser'>;

/** Roles below the giver's rank (super administrators: any); the server checks the same (docs/domain/administration.md). */
function assignable(rank: 'super' | 'site' | 'none', role: Role): boolean {
  if (rank === 'super') return true;
  return rank === 'site' && role.name !== 'admin' && (role.roleType === '2' || role.roleType === '3');
}

/** Create (user null) or edit a user; the server's problems show under their fields and the form. */

export function UserDialog({ user, sites, roles, onClose, onSaved }: { user: AdminUser | null; sites: Site[]; roles: Role[]; onClose: () => void; onSaved: (saved: SavedUser) => void }) {
  const { t, i18n } = useLingui();
  const scope = useAdminScope();
  const form = useForm({
    // a new user joins the administrator's current site unless another is chosen
    initial: () => draftOf(user, sites.find((s) => s.id === session.user?.siteId)?.id ?? sites[0]?.id ?? ''),
    save: (d) =>
      api.post('/api/user/saveUser', {
        ...(user ? { id: user.id } : {}),
        userName: d.userName.trim(),
        realName: d.realName.trim(),
        realNameEn: d.realNameEn.trim(),
        jobNumber: d.jobNumber.trim(),
        mobile: d.mobile.trim(),
        email: d.email.trim(),
        siteId: d.siteId || null,
        departmentId: d.departmentId || null,
        roleIdList: d.roleIdList,
        validityDate: d.validityDate ? `${d.validityDate}T23:59:59.999Z` : null,
      }),
    onSaved,
  });
  const { draft, set, error } = form;
  const [departments, setDepartments] = useState<Department[]>([]);

  useEffect(() => {
    let alive = true;
    if (!draft.siteId) setDepartments([]);
    else void loadDepartments(draft.siteId).then((list) => alive && setDepartments(list));
    return () => {
      alive = false;
    };
  }, [draft.siteId]);

  async function checkName() {
    const userName = draft.userName.trim();
    if (!userName || userName === user?.userName) return;
    try {
      const { available } = await api.post('/api/user/checkUserName', { userName, id: user?.id });
      if (!available) form.setError('userName', t`This user name is already taken`);
    } catch {
      // the save will say it
    }
  }

  const text = (key: 'userName' | 'realName' | 'realNameEn' | 'jobNumber' | 'mobile' | 'email', label: string, props: { type?: string; maxLength: number; required?: boolean }) => (
    <Field label={label} error={error(key)} required={props.required}>
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
    <FormDialog
      form={form}
      title={user ? t`Edit user ${user.userName}` : t`New user`}
      width={640}
      formId="sys-user-form"
      formLabel={t`User`}
      className="sys-form-grid"
      onClose={onClose}
      footer={
        !user ? (
          <p className="muted">
            <Trans>A password is generated when the user is created and shown once.</Trans>
          </p>
        ) : null
      }
    >
      {text('userName', t`User name`, { maxLength: 50, required: true })}
      {text('realName', t`Real name`, { maxLength: 50 })}
      {text('realNameEn', t`Name in English`, { maxLength: 50 })}
      {text('jobNumber', t`Job number`, { maxLength: 20 })}
      {text('mobile', t`Mobile`, { type: 'tel', maxLength: 20 })}
      {text('email', t`E-mail`, { type: 'email', maxLength: 200 })}
      <Field label={t`Validity date`} error={error('validityDate')} hint={t`Empty: valid without end`}>
        {(id) => <TextInput id={id} name="validityDate" type="date" value={draft.validityDate} onChange={(e) => set('validityDate', e.target.value)} />}
      </Field>
      <Field label={t`Site`} error={error('siteId')}>
        {(id) => (
          <Select
            id={id}
            name="siteId"
            value={draft.siteId}
            // a department belongs to one site: changing the site clears it
            onChange={(e) => form.change({ siteId: e.target.value, departmentId: '' })}
            options={[{ value: '', label: t`(none)` }, ...sites.map((s) => ({ value: s.id, label: localName(i18n.locale, s.siteName, s.siteNameEn) }))]}
          />
        )}
      </Field>
      <Field label={t`Department`} error={error('departmentId')}>
        {(id) => (
          <Select
            id={id}
            name="departmentId"
            value={draft.departmentId}
            onChange={(e) => set('departmentId', e.target.value)}
            options={[{ value: '', label: t`(none)` }, ...departments.map((d) => ({ value: d.id, label: [d.number, localName(i18n.locale, d.name, d.nameEn)].filter(Boolean).join(' ') }))]}
          />
        )}
      </Field>
      <div className="sys-span-2">
        <Field label={t`Roles`} error={error('roleIdList')}>
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
    </FormDialog>
  );
}
