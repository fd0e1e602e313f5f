import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { HOSTED, hostedAreas } from '../plugins/registry.ts';
import { redirectLink } from '../shell/areas.ts';

/** /loginRedirect, /wechatLoginRedirect, /emailRedirect: single sign-on is not configured here, so a signed-in user is sent on and others to the login. */
export function RedirectLanding() {
  const search = useSearch();
  const [, navigate] = useLocation();
  useEffect(() => {
    // the areas claim the types they open (their `redirectTypes`), the rest of the query kept; types of areas not built yet go home
    navigate(redirectLink(search, hostedAreas(HOSTED)), { replace: true });
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
