import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'wouter';
import { useLingui } from '@lingui/react/macro';
import { can, PageLinks, session, type WorkAreaProps } from '@fmea/workbench/sdk';
import './personal.css';

/** One chunk per page: the plugin's own chunk holds only this menu (spec 000 §2.5). */
const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  userInfo: lazy(() => import('./pages/UserInfoPage.tsx')),
  resetPwd: lazy(() => import('./pages/ChangePasswordPage.tsx')),
  myApply: lazy(() => import('./pages/MyApplicationsPage.tsx')),
  myAudit: lazy(() => import('./pages/MyApprovalsPage.tsx')),
  myCollection: lazy(() => import('./pages/MyFavouritesPage.tsx')),
  myNotice: lazy(() => import('./pages/MyNoticesPage.tsx')),
  myTask: lazy(() => import('./pages/MyTasksPage.tsx')),
  myMessage: lazy(() => import('./pages/MyMessagesPage.tsx')),
};

/** The landing page of the personal centre when no page is named. */
export const FIRST_PAGE = 'userInfo';

/** Personal centre: a left sub-menu of its pages, and the chosen page. */
export default function PersonalRoot({ microRoute, basePath, manifest }: WorkAreaProps) {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const lang = i18n.locale === 'en-US' ? 'en-US' : 'zh-CN';
  // every signed-in user has these routes (core ALWAYS_PERMITTED_ROUTES); filter anyway so a role can never see more
  const pages = manifest.pages.filter((p) => PAGES[p.microRoute] && can(session.user, p.routeName));

  useEffect(() => {
    if (microRoute === '') navigate(`${basePath}/${FIRST_PAGE}`, { replace: true });
  }, [microRoute, basePath, navigate]);

  const Page = PAGES[microRoute];
  return (
    <div className="personal-area" data-testid="personal-root" data-page={microRoute}>
      <nav className="personal-menu" aria-label={manifest.title[lang]}>
        <div className="personal-menu-title">{manifest.title[lang]}</div>
        <PageLinks basePath={basePath} pages={pages} current={microRoute} />
      </nav>
      <section className="personal-content">
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>{Page ? <Page key={microRoute} /> : null}</Suspense>
      </section>
    </div>
  );
}
