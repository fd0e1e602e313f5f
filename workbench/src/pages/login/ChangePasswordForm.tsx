import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Field, notify, PasswordPolicyHint, TextInput } from '@fmea/sdk';

/** The forced change after login answered "password expired" or "first login" (spec 000 §4). */
export function ChangePasswordForm({ changeToken, oldPassword, reason, onDone }: { changeToken: string; oldPassword: string; reason: string; onDone: () => void }) {
  const { t } = useLingui();
  const [next, setNext] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (next !== confirmation) return setError(t`The two passwords do not match`);
    try {
      await api.post('/api/user/resetPwd', { changeToken, oldPassword, newPassword: next, confirmPassword: confirmation });
      notify('success', t`Password changed. Please sign in with the new password.`);
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <form onSubmit={submit} className="login-form" aria-label={t`Change password`}>
      <div className="alert alert-warning">{reason === 'passwordExpired' ? t`Your password has expired. Please set a new one.` : t`Please set your own password before the first sign-in.`}</div>
      <Field label={t`New password`} hint={<PasswordPolicyHint />}>
        {(id) => <TextInput id={id} type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />}
      </Field>
      <Field label={t`Confirm the new password`}>
        {(id) => <TextInput id={id} type="password" autoComplete="new-password" value={confirmation} onChange={(e) => setConfirmation(e.target.value)} />}
      </Field>
      {error ? (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      ) : null}
      <Button kind="primary" type="submit" className="btn btn-primary btn-block">
        <Trans>Change password</Trans>
      </Button>
    </form>
  );
}
