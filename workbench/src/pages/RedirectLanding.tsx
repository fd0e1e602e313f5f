import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Trans } from '@lingui/react/macro';

/** Spec 000 §2.2 item 7: the query `type` picks the target; anything else goes home. */
export function redirectTarget(type: string | null): string {
  switch (type) {
    case 'message':
      return '/systemInfo/ownspaceIndex/myMessage';
    case 'dfmea':
      return '/main/dfmea';
    case 'pfmea':
      return '/main/pfmea';
    case 'dvp':
      return '/main/dvpIndex/dvpDetails';
    case 'taskTodo':
      return '/main/taskIndex/todoList';
    default:
      return '/main/homeIndex';
  }
}

/** /loginRedirect, /wechatLoginRedirect, /emailRedirect: single sign-on is not configured here, so a signed-in user is sent on and others to the login. */
export function RedirectLanding() {
  const search = useSearch();
  const [, navigate] = useLocation();
  useEffect(() => {
    navigate(redirectTarget(new URLSearchParams(search).get('type')), { replace: true });
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
