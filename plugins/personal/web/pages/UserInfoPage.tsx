import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Field, loadUser, localName, notify, PageHeader, personName, TextArea, TextInput, useForm, useUser, type ApiData, type Form, type UserInfo } from '@fmea/sdk';
import { AvatarPanel } from './AvatarPanel.tsx';
import '../personal.css';

/** What a user may change on themselves, as the form holds it. */
interface Profile {
  realName: string;
  realNameEn: string;
  mobile: string;
  email: string;
  signature: string;
}
/** What the server answers: the user as saved. */
type Saved = ApiData<'/api/user/updateBasicInfo'>;
const FIELDS = ['realName', 'realNameEn', 'mobile', 'email', 'signature'] as const;
/** The server's limits (api users/fields.ts): real name 50, mobile 20, e-mail and signature 200. */
const MAX = { realName: 50, realNameEn: 50, mobile: 20, email: 200, signature: 200 } as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function profileOf(user: Partial<Record<keyof Profile, string | null>> | null): Profile {
  return { realName: user?.realName ?? '', realNameEn: user?.realNameEn ?? '', mobile: user?.mobile ?? '', email: user?.email ?? '', signature: user?.signature ?? '' };
}

/** Personal info (spec 000 §2.5): profile fields, avatar and signature. */
export default function UserInfoPage() {
  const { t, i18n } = useLingui();
  const user = useUser();
  // user info carries the profile fields; the form starts from what the server last confirmed
  const form: Form<Profile, Saved> = useForm<Profile, Saved>({
    initial: () => profileOf(user as never),
    validate: (f) => {
      const found: Record<string, string> = {};
      for (const key of FIELDS) {
        const max = MAX[key];
        if (f[key].trim().length > max) found[key] = t`At most ${max} characters`;
      }
      if (f.email.trim() && !EMAIL.test(f.email.trim())) found.email = t`Enter a valid e-mail address`;
      return { fields: found };
    },
    // only what changed
    save: (f) => api.post('/api/user/updateBasicInfo', Object.fromEntries(FIELDS.filter((k) => f[k] !== form.initial[k]).map((k) => [k, f[k].trim()]))),
    onSaved: (answer) => {
      form.reset(profileOf(answer));
      notify('success', t`Personal info saved`);
      void loadUser(true);
    },
  });
  const { draft, error, errors, busy, dirty } = form;

  if (!user) return null;
  const displayName = personName(i18n.locale, user);
  const siteName = i18n.locale === 'en-US' && user.siteNameEn ? user.siteNameEn : user.siteName;

  const set = (key: keyof Profile) => (e: { target: { value: string } }) => form.set(key, e.target.value);

  return (
    <div className="page" data-testid="user-info-page">
      <PageHeader title={t`Personal info`} />
      <div className="personal-columns">
        <form className="personal-form" onSubmit={(e) => void form.submit(e)} aria-label={t`Personal info`} noValidate>
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
            <dd>{localName(i18n.locale, user.departmentName, (user as UserInfo).departmentNameEn) || '—'}</dd>
            <dt>
              <Trans>Roles</Trans>
            </dt>
            <dd>{(i18n.locale === 'en-US' ? ((user as UserInfo).roleNamesEn ?? (user as UserInfo).roleNames) : (user as UserInfo).roleNames).join(', ') || '—'}</dd>
          </dl>
          <Field label={t`Real name`} error={error('realName')}>
            {(id) => <TextInput id={id} name="realName" autoComplete="name" maxLength={MAX.realName} value={draft.realName} onChange={set('realName')} />}
          </Field>
          <Field label={t`Name in English`} error={error('realNameEn')} hint={t`Shown to English readers; empty: your real name.`}>
            {(id) => <TextInput id={id} name="realNameEn" maxLength={MAX.realNameEn} value={draft.realNameEn} onChange={set('realNameEn')} />}
          </Field>
          <Field label={t`Mobile`} error={error('mobile')}>
            {(id) => <TextInput id={id} name="mobile" type="tel" autoComplete="tel" maxLength={MAX.mobile} value={draft.mobile} onChange={set('mobile')} />}
          </Field>
          <Field label={t`E-mail`} error={error('email')}>
            {(id) => <TextInput id={id} name="email" type="email" autoComplete="email" maxLength={MAX.email} value={draft.email} onChange={set('email')} />}
          </Field>
          <Field label={t`Signature`} error={error('signature')} hint={t`Shown with your approvals and comments.`}>
            {(id) => <TextArea id={id} name="signature" maxLength={MAX.signature} value={draft.signature} onChange={set('signature')} />}
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
            <Button disabled={busy || !dirty} onClick={() => form.reset()}>
              <Trans>Reset</Trans>
            </Button>
          </div>
        </form>
        <AvatarPanel avatar={user.avatar} displayName={displayName} onChanged={() => void loadUser(true)} />
      </div>
    </div>
  );
}
