import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Field, type FormErrors, NO_ERRORS, notify, PageHeader, PasswordPolicyHint, readServerError, TextInput, useDirty } from '@fmea/workbench/sdk';
import '../personal.css';

const EMPTY = { oldPassword: '', newPassword: '', confirmPassword: '' };
type Form = typeof EMPTY;
const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;

/**
 * Change password (spec 000 §2.5, §5). The server enforces the policy shown
 * in the hint; the form checks only what needs no policy: filled in,
 * confirmation equal, new differs from old. The session stays signed in.
 */
export default function ChangePasswordPage() {
  const { t } = useLingui();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  useDirty(FIELDS.some((k) => form[k] !== ''));

  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  function validate(): Record<string, string> {
    const found: Record<string, string> = {};
    if (!form.oldPassword) found.oldPassword = t`Enter your current password`;
    if (!form.newPassword) found.newPassword = t`Enter a new password`;
    else if (/\s/.test(form.newPassword)) found.newPassword = t`The password must not contain spaces`;
    else if (form.newPassword === form.oldPassword) found.newPassword = t`The new password must differ from the old one`;
    if (form.confirmPassword !== form.newPassword) found.confirmPassword = t`The two passwords do not match`;
    return found;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const fields = validate();
    if (Object.keys(fields).length) return setErrors({ message: null, fields });
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      await api.post('/api/user/resetPwd', form);
      setForm(EMPTY);
      notify('success', t`Password changed. Use the new password next time you sign in.`);
    } catch (error) {
      setErrors(readServerError(error, FIELDS));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page" data-testid="change-password-page">
      <PageHeader title={t`Change password`} />
      <form className="personal-form" onSubmit={(e) => void submit(e)} aria-label={t`Change password`} noValidate>
        <Field label={t`Current password`} error={errors.fields.oldPassword} required>
          {(id) => <TextInput id={id} name="oldPassword" type="password" autoComplete="current-password" value={form.oldPassword} onChange={set('oldPassword')} />}
        </Field>
        <Field label={t`New password`} error={errors.fields.newPassword} hint={<PasswordPolicyHint />} required>
          {(id) => <TextInput id={id} name="newPassword" type="password" autoComplete="new-password" value={form.newPassword} onChange={set('newPassword')} />}
        </Field>
        <Field label={t`Confirm the new password`} error={errors.fields.confirmPassword} required>
          {(id) => <TextInput id={id} name="confirmPassword" type="password" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} />}
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
