import { useEffect, useState, type FormEvent } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Field, loadUser, personName, session, TextInput, ui } from '@fmea/sdk';
import { logout, unlock } from '@fmea/sdk/host';

/** Lock screen: the user unlocks with their own password (checked by the server). */
export function LockingPage() {
  const { t, i18n } = useLingui();
  const [, navigate] = useLocation();
  const snap = useSnapshot(session);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    // after a reload on the lock screen the user's name is fetched again; a dead session goes to login
    loadUser().catch(() => undefined);
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      const { correct } = await api.post('/api/user/checkOldPwd', { oldPassword: password });
      if (!correct) return setError(t`Password wrong, please try again`);
      navigate(unlock());
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }

  if (ui.lockFlag !== '1') return <Redirect to="/main/homeIndex" />;
  return (
    <div className="locking-page" data-testid="locking-page">
      <form className="login-card" onSubmit={submit} aria-label={t`Unlock`}>
        <h2>
          <Trans>Screen locked</Trans>
        </h2>
        <p>{snap.user ? personName(i18n.locale, snap.user) : null}</p>
        <Field label={t`Password`}>{(id) => <TextInput id={id} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}</Field>
        {error ? (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        ) : null}
        <Button kind="primary" type="submit" className="btn btn-primary btn-block">
          <Trans>Unlock</Trans>
        </Button>
        <Button
          kind="link"
          onClick={async () => {
            unlock();
            await logout();
            navigate('/');
          }}
        >
          <Trans>Sign in as someone else</Trans>
        </Button>
      </form>
    </div>
  );
}
