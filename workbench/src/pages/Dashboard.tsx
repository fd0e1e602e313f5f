import { useEffect, useState, type ReactNode } from 'react';
import { dashboardBlocks, type IndicatorTag } from '@fmea/core/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, type ApiData, Button, EmptyState, formatDate, localName, useGuardedNavigate } from '@fmea/sdk';
import type { IndicatorPath } from './indicators.ts';

export type Indicator = ApiData<'/api/dashboard/indicators'>[number];
type Answer = ApiData<IndicatorPath>;

/** A card of the home page: its title, a link to the place listing everything, and its content. */
export function Card({ title, testId, link, children }: { title: ReactNode; testId: string; link?: { label: ReactNode; onClick: () => void }; children: ReactNode }) {
  return (
    <section className="card" data-testid={testId}>
      <h3 className="card-head">
        <span>{title}</span>
        {link ? (
          <Button kind="link" onClick={link.onClick}>
            {link.label}
          </Button>
        ) : null}
      </h3>
      {children}
    </section>
  );
}

/** Reads once; null while reading, undefined when refused or failed. */
export function useOnce<T>(read: () => Promise<T>): T | null | undefined {
  const [value, setValue] = useState<T | null | undefined>(null);
  useEffect(() => {
    let live = true;
    read().then(
      (v) => live && setValue(v),
      () => live && setValue(undefined),
    );
    return () => {
      live = false;
    };
    // read once: the card shows what was there when the page opened
  }, []);
  return value;
}

/** How many rows a card shows: a figure card shows its figure and the first three. */
const ROWS = { count: 3, list: 5 } as const;

/** One indicator's card: its figure or rows from its route, each row opening the place to act on it. */
function IndicatorCard({ indicator }: { indicator: Indicator }) {
  const { t, i18n } = useLingui();
  const go = useGuardedNavigate();
  const answer = useOnce<Answer>(() => api.get(indicator.route as IndicatorPath, { limit: ROWS[indicator.kind] }));
  const title = localName(i18n.locale, indicator.title['zh-CN'], indicator.title['en-US']);
  const tagWord: Record<IndicatorTag, string> = {
    opinion: t`Give your review opinion`,
    approve: t`Approve`,
    release: t`Release`,
    catalogReview: t`Catalog review`,
    readApplication: t`Read application`,
    problemReport: t`8D report`,
    overdue: t`Overdue`,
  };
  const more = answer?.more;
  return (
    <Card title={answer && indicator.kind === 'list' ? `${title} (${answer.total})` : title} testId={`indicator-${indicator.id}`} link={more ? { label: <Trans>All</Trans>, onClick: () => void go(more) } : undefined}>
      {answer === null ? (
        <div className="page-loading" aria-busy="true" />
      ) : answer === undefined ? (
        <p className="alert alert-error" data-testid="indicator-error">
          <Trans>This indicator could not be read. Reload the page to try again.</Trans>
        </p>
      ) : (
        <>
          {indicator.kind === 'count' ? (
            <p className="indicator-figure" data-testid="indicator-figure">
              {answer.total}
            </p>
          ) : null}
          {answer.items.length ? (
            <ul className="indicator-rows">
              {answer.items.map((item) => (
                <li key={item.id}>
                  <Button kind="link" className="btn btn-link home-card-link" title={[item.label, item.text].filter(Boolean).join(' · ')} onClick={() => void go(item.route)}>
                    {item.label ? `${item.label} · ` : ''}
                    <span data-user-content>{item.text}</span>
                  </Button>
                  <small className={item.tag === 'overdue' ? 'indicator-note indicator-overdue' : 'indicator-note muted'}>
                    {[item.tag ? tagWord[item.tag] : null, item.date ? formatDate(item.date) : null].filter(Boolean).join(' · ')}
                  </small>
                </li>
              ))}
            </ul>
          ) : indicator.kind === 'list' ? (
            <EmptyState title={t`Nothing here`} />
          ) : null}
        </>
      )}
    </Card>
  );
}

/**
 * The dashboard (docs/domain/dashboard.md): the caller's indicators in the administrator's order, those
 * sharing a sort value side by side in one block. `render` gives the shell's own indicator (the home
 * area's recent projects, gathered from the areas' recent lists) its card; every other is read from its route.
 */
export function Dashboard({ render }: { render: (indicator: Indicator) => ReactNode | undefined }) {
  const { t } = useLingui();
  const indicators = useOnce(() => api.get('/api/dashboard/indicators'));
  if (indicators === null) return <div className="page-loading" aria-busy="true" />;
  if (indicators === undefined)
    return (
      <p className="alert alert-error" data-testid="dashboard-error">
        <Trans>The dashboard could not be read. Reload the page to try again.</Trans>
      </p>
    );
  if (indicators.length === 0) return <EmptyState title={t`No indicators are turned on`} />;
  return (
    <div className="dashboard" data-testid="home-dashboard">
      {dashboardBlocks(indicators).map((block) => (
        <div key={block[0]!.id} className="dashboard-block" style={{ gridColumn: `span ${block.length}` }} data-block={block.map((i) => i.id).join(' ')}>
          {block.map((indicator) => (
            <div key={indicator.id} className="dashboard-cell">
              {render(indicator) ?? <IndicatorCard indicator={indicator} />}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
