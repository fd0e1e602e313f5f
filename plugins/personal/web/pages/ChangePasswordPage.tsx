import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Field, notify, PageHeader, PasswordPolicyHint, TextInput, useForm } from '@fmea/sdk';
import '../personal.css';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };
type Form = typeof EMPTY;

/**
 * Change password (spec 000 §2.5, §5). The server enforces the policy shown
 * in the hint; the form checks only what needs no policy: filled in,
 * confirmation equal, new differs from old. The session stays signed in.
 */
export default function ChangePasswordPage() {
  const { t } = useLingui();
  const form = useForm({
    initial: EMPTY,
    validate: (f) => ({
      fields: {
        oldPassword: !f.oldPassword && t`Enter your current password`,
        newPassword: !f.newPassword
          ? t`Enter a new password`
          : /\s/.test(f.newPassword)
            ? t`The password must not contain spaces`
            : f.newPassword === f.oldPassword && t`The new password must differ from the old one`,
        confirmPassword: f.confirmPassword !== f.newPassword && t`The two passwords do not match`,
      },
    }),
    save: (f) => api.post('/api/user/resetPwd', f),
    onSaved: () => {
      form.reset(EMPTY);
      notify('success', t`Password changed. Use the new password next time you sign in.`);
    },
  });
  const { draft, error, errors, busy } = form;
  const set = (key: keyof Form) => (e: { target: { value: string } }) => form.set(key, e.target.value);

  return (
    <div className="page" data-testid="change-password-page">
      <PageHeader title={t`Change password`} />
      <form className="personal-form" onSubmit={(e) => void form.submit(e)} aria-label={t`Change password`} noValidate>
        <Field label={t`Current password`} error={error('oldPassword')} required>
          {(id) => <TextInput id={id} name="oldPassword" type="password" autoComplete="current-password" value={draft.oldPassword} onChange={set('oldPassword')} />}
        </Field>
        <Field label={t`New password`} error={error('newPassword')} hint={<PasswordPolicyHint />} required>
          {(id) => <TextInput id={id} name="newPassword" type="password" autoComplete="new-password" value={draft.newPassword} onChange={set('newPassword')} />}
        </Field>
        <Field label={t`Confirm the new password`} error={error('confirmPassword')} required>
          {(id) => <TextInput id={id} name="confirmPassword" type="password" autoComplete="new-password" value={draft.confirmPassword} onChange={set('confirmPassword')} />}
        </Field>
        {errors.message ? (
          <div className="alert alert-error" role="alert" data-testid="password-error">
            {errors.message}
          </div>
        ) : null}
        <div className="form-actions">
          <Button kind="primary" type="submit" disabled={busy} data-testid="change-password">
            <Trans>Change password</Trans>
          </Button>
        </div>
      </form>
    </div>
  );
}
