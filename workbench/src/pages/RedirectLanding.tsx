import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { api, session } from '@fmea/sdk';
import { startSession } from '@fmea/sdk/host';
import { HOSTED, hostedAreas } from '../plugins/registry.ts';
import { redirectLink } from '../shell/areas.ts';

/**
 * /loginRedirect, /wechatLoginRedirect, /emailRedirect: the query's type picks the target. Back from single
 * sign-on (sso=1) the session cookie is set and the landing fetches its token (docs/domain/sso.md); a visitor
 * not signed in goes to the login with the type, which single sign-on carries through the provider and back.
 */
export function RedirectLanding() {
  const search = useSearch();
  const [, navigate] = useLocation();
  useEffect(() => {
    const query = new URLSearchParams(search);
    const type = query.get('type');
    // the areas claim the types they open (their `redirectTypes`), the rest of the query kept; types of areas not built yet go home
    const target = redirectLink(search, hostedAreas(HOSTED));
    if (session.token) return navigate(target, { replace: true });
    const toLogin = () => navigate(type && /^[A-Za-z]{1,20}$/.test(type) ? `/?type=${type}` : '/', { replace: true });
    if (query.get('sso') !== '1') return toLogin();
    api.post('/api/sso/token').then(({ token }) => {
      startSession(token);
      navigate(target, { replace: true });
    }, toLogin);
  }, [search, navigate]);
  return (
    <div className="page-loading">
      <Trans>Redirecting…</Trans>
    </div>
  );
}

/** /blank forces a reload of the page the user came from. */
export function BlankPage() {
  const [, navigate] = useLocation();
  useEffect(() => {
    const back = new URLSearchParams(window.location.search).get('redirect') ?? '/main/homeIndex';
    navigate(back.startsWith('/') ? back : '/main/homeIndex', { replace: true });
  }, [navigate]);
  return null;
}
