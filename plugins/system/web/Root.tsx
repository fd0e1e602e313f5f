import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { can, EmptyState, PageLinks, type WorkAreaProps } from '@fmea/workbench/sdk';
import { LAST_PAGE_KEY, landingPage, type PageEntry } from './common/landing.ts';
import { useUser } from './common/use-user.ts';
import './system.css';

/** One chunk per page: the plugin's own chunk holds only this menu. */
const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  user: lazy(() => import('./pages/users/UsersPage.tsx')),
  role: lazy(() => import('./pages/roles/RolesPage.tsx')),
  site: lazy(() => import('./pages/sites/SitesPage.tsx')),
  dictionary: lazy(() => import('./pages/dictionaries/DictionariesPage.tsx')),
  notice: lazy(() => import('./pages/notices/NoticesPage.tsx')),
  log: lazy(() => import('./pages/log/OperationLogPage.tsx')),
  numbering: lazy(() => import('./pages/numbering/NumberingPage.tsx')),
  rules: lazy(() => import('./pages/rules/BusinessRulesPage.tsx')),
  security: lazy(() => import('./pages/security/SecurityPage.tsx')),
  app: lazy(() => import('./pages/app/AppManagerPage.tsx')),
};

function readLastPage(): string | null {
  try {
    return sessionStorage.getItem(LAST_PAGE_KEY);
  } catch {
    return null;
  }
}

function rememberPage(microRoute: string): void {
  try {
    sessionStorage.setItem(LAST_PAGE_KEY, microRoute);
  } catch {
    // storage full or disabled: the landing page is then the first permitted one
  }
}

/** System administration: a sub-menu of the pages this user may open, and the page itself. */
export default function SystemRoot({ microRoute, basePath, manifest }: WorkAreaProps) {
  const { i18n } = useLingui();
  const user = useUser();
  const [, navigate] = useLocation();
  const permitted = manifest.pages.filter((p) => p.microRoute !== '' && can(user, p.routeName));
  const landing = microRoute === '' ? landingPage(permitted, readLastPage()) : undefined;

  useEffect(() => {
    if (landing) navigate(`${basePath}/${landing}`, { replace: true });
  }, [landing, basePath, navigate]);

  useEffect(() => {
    if (microRoute && PAGES[microRoute]) rememberPage(microRoute);
  }, [microRoute]);

  const Page = PAGES[microRoute];

  return (
    <div className="sys-area" data-testid="system-root" data-page={microRoute}>
      <nav className="sub-nav sys-subnav" aria-label={manifest.title[i18n.locale === 'en-US' ? 'en-US' : 'zh-CN']}>
        <PageLinks basePath={basePath} pages={permitted} current={microRoute} />
      </nav>
      {permitted.length === 0 ? (
        <div className="page">
          <EmptyState title={<Trans>No administration page is open to you</Trans>}>
            <Trans>Ask an administrator to grant your role a system page.</Trans>
          </EmptyState>
        </div>
      ) : Page ? (
        <Suspense fallback={<div className="page page-loading" aria-busy="true" />}>
          <Page key={microRoute} />
        </Suspense>
      ) : (
        <div className="page page-loading" aria-busy="true" />
      )}
    </div>
  );
}
