import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Field, type FormErrors, loadUser, NO_ERRORS, notify, PageHeader, readServerError, TextArea, TextInput, useDirty, type UserInfo, useUser } from '@fmea/workbench/sdk';
import { AvatarPanel } from './AvatarPanel.tsx';
import '../personal.css';

/** What a user may change on themselves (POST /api/user/updateBasicInfo). */
interface Profile {
  realName: string;
  mobile: string;
  email: string;
  signature: string;
}
const FIELDS = ['realName', 'mobile', 'email', 'signature'] as const;
/** The server's limits (api users/fields.ts): real name 50, mobile 20, e-mail and signature 200. */
const MAX = { realName: 50, mobile: 20, email: 200, signature: 200 } as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function profileOf(user: Partial<Record<keyof Profile, string | null>> | null): Profile {
  return { realName: user?.realName ?? '', mobile: user?.mobile ?? '', email: user?.email ?? '', signature: user?.signature ?? '' };
}

/** Personal info (spec 000 §2.5): profile fields, avatar and signature. */
export default function UserInfoPage() {
  const { t, i18n } = useLingui();
  const user = useUser();
  // user info carries the profile fields; `saved` is what the server last confirmed
  const [saved, setSaved] = useState<Profile>(() => profileOf(user as never));
  const [form, setForm] = useState<Profile>(saved);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const dirty = FIELDS.some((k) => form[k] !== saved[k]);
  useDirty(dirty);

  if (!user) return null;
  const displayName = user.realName || user.userName;
  const siteName = i18n.locale === 'en-US' && user.siteNameEn ? user.siteNameEn : user.siteName;

  const set = (key: keyof Profile) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  function validate(): Record<string, string> {
    const found: Record<string, string> = {};
    for (const key of FIELDS) {
      const max = MAX[key];
      if (form[key].trim().length > max) found[key] = t`At most ${max} characters`;
    }
    if (form.email.trim() && !EMAIL.test(form.email.trim())) found.email = t`Enter a valid e-mail address`;
    return found;
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const fields = validate();
    if (Object.keys(fields).length) return setErrors({ message: null, fields });
    const changes = Object.fromEntries(FIELDS.filter((k) => form[k] !== saved[k]).map((k) => [k, form[k].trim()]));
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const answer = await api.post<Profile & { signature: string | null }>('/api/user/updateBasicInfo', changes);
      const next = profileOf(answer);
      setSaved(next);
      setForm(next);
      notify('success', t`Personal info saved`);
      await loadUser(true);
    } catch (error) {
      setErrors(readServerError(error, FIELDS));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page" data-testid="user-info-page">
      <PageHeader title={t`Personal info`} />
      <div className="personal-columns">
        <form className="personal-form" onSubmit={(e) => void save(e)} aria-label={t`Personal info`} noValidate>
          <dl className="personal-facts">
            <dt>
              <Trans>Account</Trans>
            </dt>
            <dd data-testid="user-name">{user.userName}</dd>
            <dt>
              <Trans>Site</Trans>
            </dt>
            <dd>{siteName || '—'}</dd>
            <dt>
              <Trans>Department</Trans>
            </dt>
            <dd>{user.departmentName || '—'}</dd>
            <dt>
              <Trans>Roles</Trans>
            </dt>
            <dd>{(i18n.locale === 'en-US' ? ((user as UserInfo).roleNamesEn ?? (user as UserInfo).roleNames) : (user as UserInfo).roleNames).join(', ') || '—'}</dd>
          </dl>
          <Field label={t`Real name`} error={errors.fields.realName}>
            {(id) => <TextInput id={id} name="realName" autoComplete="name" maxLength={MAX.realName} value={form.realName} onChange={set('realName')} />}
          </Field>
          <Field label={t`Mobile`} error={errors.fields.mobile}>
            {(id) => <TextInput id={id} name="mobile" type="tel" autoComplete="tel" maxLength={MAX.mobile} value={form.mobile} onChange={set('mobile')} />}
          </Field>
          <Field label={t`E-mail`} error={errors.fields.email}>
            {(id) => <TextInput id={id} name="email" type="email" autoComplete="email" maxLength={MAX.email} value={form.email} onChange={set('email')} />}
          </Field>
          <Field label={t`Signature`} error={errors.fields.signature} hint={t`Shown with your approvals and comments.`}>
            {(id) => <TextArea id={id} name="signature" maxLength={MAX.signature} value={form.signature} onChange={set('signature')} />}
          </Field>
          {errors.message ? (
            <div className="alert alert-error" role="alert">
              {errors.message}
            </div>
          ) : null}
          <div className="form-actions">
            <Button kind="primary" type="submit" disabled={busy || !dirty} data-testid="save-profile">
              <Trans>Save</Trans>
            </Button>
            <Button disabled={busy || !dirty} onClick={() => (setForm(saved), setErrors(NO_ERRORS))}>
              <Trans>Reset</Trans>
            </Button>
          </div>
        </form>
        <AvatarPanel avatar={user.avatar} displayName={displayName} onChanged={() => void loadUser(true)} />
      </div>
    </div>
  );
}
