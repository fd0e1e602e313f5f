import { useEffect, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react/macro';
import { ForbiddenPage, NotFoundPage } from '../pages/ErrorPages.tsx';
import { HomePage } from '../pages/HomePage.tsx';
import { connectRealtime } from '../realtime/client.ts';
import { useAppInfo } from '../shell/app-info.ts';
import { useBeforeUnloadGuard } from '../shell/edit-guard.ts';
import { MainShell } from '../shell/MainShell.tsx';
import { PluginHost } from '../shell/PluginHost.tsx';
import { clearSession, loadUser, session } from '../stores/session.ts';
import { ui } from '../stores/ui.ts';
import { resolveRoute } from './resolve-route.ts';

/** Everything behind sign-in: lock flag, user info and routers, route permission, title, scroll. */
export function Guarded() {
  const { t, i18n } = useLingui();
  const [location] = useLocation();
  const search = useSearch();
  const snap = useSnapshot(session);
  const uiSnap = useSnapshot(ui);
  const appInfo = useAppInfo();
  const [failed, setFailed] = useState(false);
  useBeforeUnloadGuard();

  useEffect(() => {
    if (uiSnap.lockFlag === '1') return;
    loadUser().catch(() => {
      clearSession();
      setFailed(true);
    });
  }, [uiSnap.lockFlag]);

  useEffect(() => connectRealtime(), []);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  const user = snap.user;
  const resolved = user ? resolveRoute(location, user as never, search) : undefined;
  useEffect(() => {
    if (!resolved) return;
    const page = resolved.kind === 'plugin' ? resolved.title[i18n.locale === 'en-US' ? 'en-US' : 'zh-CN'] : resolved.kind === 'home' ? t`Home` : resolved.kind === 'forbidden' ? '403' : '404';
    document.title = `${page} - ${appInfo.name}`;
  });

  if (uiSnap.lockFlag === '1') return <Redirect to="/locking" />;
  if (failed) return <Redirect to="/" />;
  if (!user || !resolved) return <div className="page-loading" aria-busy="true" />;
  if (resolved.kind === 'redirect') return <Redirect to={resolved.to} replace />;
  const content =
    resolved.kind === 'home' ? (
      <HomePage user={user as never} />
    ) : resolved.kind === 'plugin' ? (
      <PluginHost plugin={resolved.plugin} microRoute={resolved.microRoute} />
    ) : resolved.kind === 'forbidden' ? (
      <ForbiddenPage />
    ) : (
      <NotFoundPage />
    );
  return <MainShell user={user as never}>{content}</MainShell>;
}
