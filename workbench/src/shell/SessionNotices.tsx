import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type UserInfo } from '@fmea/sdk';
import { FLASH_KEY, logout } from '@fmea/sdk/host';

const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
/** How often the idle clock is looked at: the sign-out comes at most this late. */
const CHECK_MS = 30_000;

/**
 * Idle auto-logout (spec 000 §5, §9): after the policy's minutes without a key, click or scroll the
 * workbench signs out and the login page says why. The server ends the idle session on its own rule
 * as well (session.ts), so a closed laptop is signed out there too; this only makes it visible.
 */
export function useIdleSignOut(minutes: number) {
  const { t } = useLingui();
  useEffect(() => {
    if (minutes <= 0) return;
    let last = Date.now();
    const seen = () => void (last = Date.now());
    for (const name of ACTIVITY) window.addEventListener(name, seen, { passive: true });
    const timer = setInterval(() => {
      if (Date.now() - last < minutes * 60_000) return;
      clearInterval(timer);
      void logout().finally(() => {
        try {
          sessionStorage.setItem(FLASH_KEY, t`You were signed out after ${minutes} minutes without activity.`);
        } catch {
          // no storage: the login page just shows no reason
        }
        window.location.assign('/');
      });
    }, CHECK_MS);
    return () => {
      clearInterval(timer);
      for (const name of ACTIVITY) window.removeEventListener(name, seen);
    };
  }, [minutes, t]);
}

/** The password-expiry warning (spec 000 §9): within the policy's warning days, until dismissed for this page load. */
export function PasswordExpiryBanner({ user, onChange }: { user: UserInfo; onChange?: () => void }) {
  const [dismissed, setDismissed] = useState(false);
  const state = user.passwordState;
  if (dismissed || state.state !== 'expiring' || state.daysLeft === null) return null;
  const days = state.daysLeft;
  return (
    <div className="alert alert-warning shell-banner" role="status" data-testid="password-expiry">
      <span>
        {days <= 0 ? <Trans>Your password expires today.</Trans> : <Trans>Your password expires in {days} days.</Trans>}{' '}
        {onChange ? (
          <button type="button" className="btn btn-link" onClick={onChange}>
            <Trans>Change it now</Trans>
          </button>
        ) : null}
      </span>
      <button type="button" className="btn btn-link" onClick={() => setDismissed(true)}>
        <Trans>Dismiss</Trans>
      </button>
    </div>
  );
}
