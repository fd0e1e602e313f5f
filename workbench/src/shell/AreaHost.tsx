import { Component, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PageDefinition } from '@fmea/core/domain';
import { type AreaPageProps, EmptyState, ui, type UserInfo, type WorkAreaPlugin } from '@fmea/sdk';
import { registerCatalog } from '@fmea/sdk/host';
import { navPages } from './areas.ts';
import { PageLinks } from './PageLinks.tsx';

/** Spec 000 §8/§9: a code chunk that does not arrive within 120 s fails with ChunkLoadError. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(readonly chunk: string, cause?: unknown) {
    super(`ChunkLoadError: ${chunk}`);
    this.name = 'ChunkLoadError';
    this.cause = cause;
  }
}

type PageComponent = ComponentType<AreaPageProps>;
const cache = new Map<string, Promise<PageComponent>>();

/** Loads a page's chunk together with its plugin's catalogs, once; a failure is forgotten so a retry loads again. */
export function loadPage(plugin: WorkAreaPlugin, microRoute: string, timeoutMs = CHUNK_TIMEOUT_MS): Promise<PageComponent> {
  const key = `${plugin.area.id}/${microRoute}`;
  let pending = cache.get(key);
  if (!pending) {
    const loader = plugin.pages[microRoute];
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new ChunkLoadError(key)), timeoutMs));
    pending = Promise.race([Promise.all([loader ? loader() : Promise.reject(new Error(`no loader for ${key}`)), registerCatalog(plugin.catalogs)]).then(([module]) => module.default), timeout]).catch((error: unknown) => {
      cache.delete(key);
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(key, error);
    });
    cache.set(key, pending);
  }
  return pending;
}

/** Spec 000 §2.4: the page an area remembers for the session. */
export const lastPageKey = (areaId: string) => `fmea.${areaId}.lastPage`;

export function rememberedPage(areaId: string): string | null {
  try {
    return sessionStorage.getItem(lastPageKey(areaId));
  } catch {
    return null;
  }
}

function rememberPage(areaId: string, microRoute: string): void {
  try {
    sessionStorage.setItem(lastPageKey(areaId), microRoute);
  } catch {
    // storage full or disabled: the area then lands on its first page
  }
}

function ChunkErrorPage({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="error-page" data-testid="chunk-error">
      <h1>
        <Trans>This part of the workbench could not be loaded</Trans>
      </h1>
      <p>
        <Trans>The network may be slow or the server was updated. Reload to try again.</Trans>
      </p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        <Trans>Reload</Trans>
      </button>
    </div>
  );
}

class PageErrorBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <ChunkErrorPage onRetry={this.props.onRetry} /> : this.props.children;
  }
}

/** Loads one page of a plugin (its chunk and catalogs) and renders it. */
function HostedPage({ plugin, microRoute }: { plugin: WorkAreaPlugin; microRoute: string }) {
  const [Page, setPage] = useState<{ key: string; component: PageComponent } | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const key = `${plugin.area.id}/${microRoute}`;

  useEffect(() => {
    let alive = true;
    ui.navigating = true;
    setFailed(false);
    loadPage(plugin, microRoute)
      .then((component) => alive && setPage({ key, component }))
      .catch(() => alive && setFailed(true))
      .finally(() => {
        ui.navigating = false;
      });
    return () => {
      alive = false;
    };
  }, [plugin, microRoute, key, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  if (failed) return <ChunkErrorPage onRetry={retry} />;
  if (!Page || Page.key !== key) return <div className="page page-loading" aria-busy="true" />;
  const Component = Page.component;
  return (
    <PageErrorBoundary key={key} onRetry={retry}>
      {/* pages may load parts of themselves lazily */}
      <Suspense fallback={<div className="page page-loading" aria-busy="true" />}>
        <Component area={plugin.area} basePath={plugin.area.basePath} microRoute={microRoute} />
      </Suspense>
    </PageErrorBoundary>
  );
}

/**
 * The one host of every work area: the area's navigation (a sub-navigation or
 * a side menu, as its definition says), the page, or an empty state when none
 * of the area's pages is open to the user. The guard (resolveRoute) has
 * already decided landing, 403 and 404.
 */
export function AreaHost({ plugin, page, user }: { plugin: WorkAreaPlugin; page: PageDefinition | undefined; user: UserInfo }) {
  const { i18n } = useLingui();
  const { area } = plugin;
  const title = area.title[i18n.locale === 'en-US' ? 'en-US' : 'zh-CN'];
  const microRoute = page?.microRoute ?? '';
  const pages = navPages(area, user);

  useEffect(() => {
    if (area.rememberLastPage && page?.listed) rememberPage(area.id, page.microRoute);
  }, [area, page]);

  const content = page ? (
    <HostedPage plugin={plugin} microRoute={page.microRoute} />
  ) : (
    <div className="page">
      <EmptyState title={<Trans>No page of {title} is open to you</Trans>}>
        <Trans>Ask an administrator to grant your role a page of this area.</Trans>
      </EmptyState>
    </div>
  );

  if (area.layout === 'subNav') {
    return (
      <div className="area area-subnav" data-testid={`${area.id}-root`} data-page={microRoute}>
        <nav className="sub-nav area-subnav-links" aria-label={title}>
          <PageLinks area={area} pages={pages} current={microRoute} />
        </nav>
        {content}
      </div>
    );
  }
  if (area.layout === 'sideMenu') {
    return (
      <div className="area area-side" data-testid={`${area.id}-root`} data-page={microRoute}>
        <nav className="area-side-menu" aria-label={title}>
          <div className="area-side-menu-title">{title}</div>
          <PageLinks area={area} pages={pages} current={microRoute} />
        </nav>
        <section className="area-content">{content}</section>
      </div>
    );
  }
  return (
    <div className="area" data-testid={`${area.id}-root`} data-page={microRoute}>
      {content}
    </div>
  );
}
