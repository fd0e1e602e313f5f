import { useEffect, useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react/macro';
import { ForbiddenPage, NotFoundPage } from '../pages/ErrorPages.tsx';
import { HomePage } from '../pages/HomePage.tsx';
import { clearSession, connectRealtime, useBeforeUnloadGuard } from '@fmea/sdk/host';
import { loadUser, session, ui, useAppInfo } from '@fmea/sdk';
import { MainShell } from '../shell/MainShell.tsx';
import { AreaHost, rememberedPage } from '../shell/AreaHost.tsx';
import { resolveRoute } from './resolve-route.ts';

/** Everything behind sign-in: lock flag, user info and routers, route permission, title, scroll. */
export function Guarded() {
  const { i18n } = useLingui();
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
  const resolved = user ? resolveRoute(location, user as never, search, { rememberedPage }) : undefined;
  useEffect(() => {
    if (!resolved) return;
    if (resolved.kind === 'redirect') return;
    const page = resolved.kind === 'area' || resolved.kind === 'shell' ? resolved.title[i18n.locale === 'en-US' ? 'en-US' : 'zh-CN'] : resolved.kind === 'forbidden' ? '403' : '404';
    document.title = `${page} - ${appInfo.name}`;
  });

  if (uiSnap.lockFlag === '1') return <Redirect to="/locking" />;
  if (failed) return <Redirect to="/" />;
  if (!user || !resolved) return <div className="page-loading" aria-busy="true" />;
  if (resolved.kind === 'redirect') return <Redirect to={resolved.to} replace />;
  const content =
    resolved.kind === 'shell' ? (
      <HomePage user={user as never} />
    ) : resolved.kind === 'area' ? (
      <AreaHost plugin={resolved.plugin} page={resolved.page} user={user as never} />
    ) : resolved.kind === 'forbidden' ? (
      <ForbiddenPage />
    ) : (
      <NotFoundPage />
    );
  return <MainShell user={user as never}>{content}</MainShell>;
}
