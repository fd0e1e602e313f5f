import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, ApiError, Button, Field, formatDate, type SiteChoice, TextInput, useAppInfo } from '@fmea/sdk';
import { LanguageSwitch } from '../../shell/LanguageSwitch.tsx';
import { FLASH_KEY, startSession } from '@fmea/sdk/host';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { SliderCheck } from './SliderCheck.tsx';

type Step = { kind: 'credentials' } | { kind: 'site'; sites: SiteChoice[] } | { kind: 'force' } | { kind: 'password'; changeToken: string; reason: string };

/**
 * Sign-in (routes / and /login2): account, password, slider check, then whatever the server asks for.
 * With single sign-on on, / sends the visitor to the provider (docs/domain/sso.md) unless the page has
 * something to say first (an SSO outcome, a sign-out); /login2 always keeps the password sign-in.
 */
export function LoginPage() {
  const { t, i18n } = useLingui();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const query = new URLSearchParams(search);
  const ssoOutcome = query.get('sso');
  const [sso, setSso] = useState<string | null>(null);
  const [licence, setLicence] = useState<{
    licensed: number | null;
    remaining: number | null;
    trial: { daysLeft: number; endsAt: string; state: 'active' | 'expired' | 'illegalTime' } | null;
  } | null>(null);
  const appInfo = useAppInfo();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [verified, setVerified] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [siteId, setSiteId] = useState<string | undefined>();
  const [online, setOnline] = useState<{ online: number; remaining: number | null } | null>(null);
  const [flash] = useState(() => {
    try {
      const message = sessionStorage.getItem(FLASH_KEY);
      sessionStorage.removeItem(FLASH_KEY);
      return message;
    } catch {
      return null;
    }
  });

  useEffect(() => {
    api.get('/api/site/getRemainLoginUser').then(setOnline, () => setOnline(null));
    api.get('/api/getLicenseInfo').then(setLicence, () => setLicence(null));
  }, []);

  // one flow per visit: a second start (React's strict-mode double effect) would replace the first one's cookie
  const ssoStarted = useRef<string | null>(null);
  useEffect(() => {
    if (location === '/login2' || ssoStarted.current === location) return;
    ssoStarted.current = location;
    const type = query.get('type') ?? undefined;
    api.post('/api/ssoLogin', /^[A-Za-z]{1,20}$/.test(type ?? '') ? { type } : {}).then(
      (answer) => {
        if (!answer.enabled || !answer.authorizationUrl) return;
        // straight to the provider, unless this page has an outcome or a sign-out to show: then a button
        if (!ssoOutcome && !flash && query.get('signedOut') === null) window.location.assign(answer.authorizationUrl);
        else setSso(answer.authorizationUrl);
      },
      // the provider cannot be reached: the server's message says so and names /login2
      (e) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, [location]);

  const ssoMessages: Record<string, string> = {
    notFound: t`Current user not found in the product, please contact the administrator`,
    noPermission: t`User has no permission, please contact the administrator`,
    notLoggedIn: t`Not logged in at the single sign-on provider. Sign in there, or with your password.`,
    concurrency: t`No licence is left on your site; try again later or contact the administrator`,
    trialExpired: t`The trial period has expired, please contact the administrator`,
    illegalTime: t`System time is illegal`,
    systemError: t`System error`,
  };
  const ssoMessage = ssoOutcome ? (ssoMessages[ssoOutcome] ?? ssoMessages.systemError) : null;

  async function submit(extra: { siteId?: string; forceLogin?: boolean } = {}) {
    setError(null);
    if (!userName.trim() || !password) return setError(t`Please enter the account and the password`);
    if (!verified) return setError(t`Please drag the slider to verify first`);
    setBusy(true);
    try {
      const result = await api.post('/api/login', { username: userName.trim(), password, siteId: extra.siteId ?? siteId, forceLogin: extra.forceLogin });
      if (result.flag === 1 && result.token) {
        startSession(result.token);
        navigate('/main/homeIndex');
      } else if (result.flag === 2) setStep({ kind: 'site', sites: result.sites ?? [] });
      else if (result.flag === 3) setStep({ kind: 'force' });
      else if (result.flag === 4) setStep({ kind: 'password', changeToken: result.changeToken!, reason: result.reason ?? '' });
    } catch (e) {
      setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));
      setStep({ kind: 'credentials' });
    } finally {
      setBusy(false);
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit();
  };
  const siteName = (s: SiteChoice) => (i18n.locale === 'en-US' && s.siteNameEn ? s.siteNameEn : s.siteName);

  return (
    <div className="login-page" style={appInfo.loginBackgroundUrl ? { backgroundImage: `url("${appInfo.loginBackgroundUrl}")`, backgroundSize: 'cover', backgroundPosition: 'center' } : undefined}>
      <div className="login-card">
        <div className="login-brand">
          {appInfo.sysLogoUrl ? <img src={appInfo.sysLogoUrl} alt="" className="logo" /> : <div className="logo logo-default">F</div>}
          <h1>{appInfo.name}</h1>
          <LanguageSwitch />
        </div>
        <h2>
          <Trans>Welcome to sign in</Trans>
        </h2>
        {flash ? <div className="alert alert-info">{flash}</div> : null}
        {ssoMessage ? (
          <div className="alert alert-error" role="alert" data-testid="sso-outcome">
            {ssoMessage}
          </div>
        ) : null}
        {step.kind === 'password' ? (
          <ChangePasswordForm
            changeToken={step.changeToken}
            oldPassword={password}
            reason={step.reason}
            onDone={() => {
              setPassword('');
              setVerified(false);
              setStep({ kind: 'credentials' });
              setError(null);
            }}
          />
        ) : (
          <form onSubmit={onSubmit} className="login-form" aria-label={t`Sign in`}>
            <Field label={t`Account`}>{(id) => <TextInput id={id} name="username" autoComplete="username" value={userName} onChange={(e) => setUserName(e.target.value)} />}</Field>
            <Field label={t`Password`}>
              {(id) => <TextInput id={id} name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
            </Field>
            <SliderCheck done={verified} onDone={() => setVerified(true)} />
            {step.kind === 'site' ? (
              <div className="login-choice" role="group" aria-label={t`Choose a site`}>
                <p>
                  <Trans>You belong to several sites. Choose one:</Trans>
                </p>
                {step.sites.map((s) => (
                  <Button
                    key={s.siteId}
                    kind="primary"
                    onClick={() => {
                      setSiteId(s.siteId);
                      void submit({ siteId: s.siteId });
                    }}
                  >
                    {siteName(s)}
                  </Button>
                ))}
              </div>
            ) : null}
            {step.kind === 'force' ? (
              <div className="login-choice alert alert-warning" role="alertdialog" aria-label={t`Already signed in elsewhere`}>
                <p>
                  <Trans>This account is already signed in elsewhere. Sign in here and sign the other session out?</Trans>
                </p>
                <Button kind="primary" onClick={() => void submit({ forceLogin: true })}>
                  <Trans>Sign in here</Trans>
                </Button>
                <Button onClick={() => setStep({ kind: 'credentials' })}>
                  <Trans>Cancel</Trans>
                </Button>
              </div>
            ) : null}
            {error ? (
              <div className="alert alert-error" role="alert" data-testid="login-error">
                {error}
              </div>
            ) : null}
            <Button kind="primary" type="submit" disabled={busy} className="btn btn-primary btn-block">
              <Trans>Sign in</Trans>
            </Button>
          </form>
        )}
        {sso ? (
          <div className="login-sso">
            <a className="btn btn-block" href={sso} data-testid="sso-button">
              <Trans>Sign in with single sign-on</Trans>
            </a>
          </div>
        ) : null}
        <div className="login-footer">
          {online ? (
            <span data-testid="online-count">
              {online.remaining === null ? t`Online now: ${online.online}` : t`Online now: ${online.online}, remaining logins: ${online.remaining}`}
            </span>
          ) : null}
          {licence ? (
            <span data-testid="licence-info">
              {licence.licensed === null ? t`Licences: no limit` : t`Licences: ${licence.licensed}, ${licence.remaining ?? 0} left`}
            </span>
          ) : null}
          {licence?.trial ? <TrialInfo trial={licence.trial} /> : null}
        </div>
      </div>
    </div>
  );
}

/** The trial licence on the login page (docs/domain/licences.md): the days left, or why sign-ins are refused. */
function TrialInfo({ trial }: { trial: { daysLeft: number; endsAt: string; state: 'active' | 'expired' | 'illegalTime' } }) {
  const { t } = useLingui();
  const until = formatDate(trial.endsAt);
  const { daysLeft } = trial;
  const text =
    trial.state === 'expired'
      ? t`The trial period has expired, please contact the administrator`
      : trial.state === 'illegalTime'
        ? t`System time is illegal`
        : t`Trial period: ${daysLeft} days left (until ${until})`;
  return (
    <span data-testid="trial-info" className={trial.state === 'active' ? undefined : 'login-trial-refused'}>
      {text}
    </span>
  );
}
