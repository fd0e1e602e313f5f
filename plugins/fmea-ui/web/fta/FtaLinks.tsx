import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { api, can, onChangeNotice, onPosted, useUser } from '@fmea/sdk';
import { NO_FTA_LINKS, summarizeProjectLinks, type ProjectFtaSummary } from './fta-links.ts';
import { FtaLinksPanel } from './FtaLinksPanel.tsx';
import './fta.css';

/**
 * The project's links to fault trees on the FMEA side (docs/domain/fta.md, "The FMEA side in the workbench"):
 * read once per project from GET /api/fta/projectLinks, again after any FMEA write in this page (a rating
 * changed may ask review: the server finds it on read) and when another member changes the project. Only for
 * users holding the FTA route: others see nothing of it (and the server refuses them).
 */
export interface ProjectFtaLinks {
  readonly enabled: boolean;
  readonly summary: ProjectFtaSummary;
  readonly reload: () => void;
  /** Opens the side panel of an item's trees and cut sets. */
  readonly open: (failure: { id: string; description: string }) => void;
}

const DISABLED: ProjectFtaLinks = { enabled: false, summary: NO_FTA_LINKS, reload: () => undefined, open: () => undefined };
const Context = createContext<ProjectFtaLinks>(DISABLED);

/** Debounce of the reload after writes: a burst of saves (a control list, a cascade) reads once. */
const AFTER_WRITE_MS = 300;

export function useProjectFtaLinks(projectId: string | null): ProjectFtaLinks & { panel: { id: string; description: string } | null; closePanel: () => void } {
  const enabled = can(useUser(), 'fta_index') && projectId !== null;
  const [summary, setSummary] = useState<ProjectFtaSummary>(NO_FTA_LINKS);
  const [panel, setPanel] = useState<{ id: string; description: string } | null>(null);
  const reload = useCallback(() => {
    if (!enabled || !projectId) return;
    api.get('/api/fta/projectLinks', { projectId }).then(
      (links) => setSummary(summarizeProjectLinks(links)),
      // the badge and markers are an addition to the FMEA: a failed read leaves them as they were
      () => undefined,
    );
  }, [enabled, projectId]);
  useEffect(reload, [reload]);
  useEffect(() => {
    if (!enabled) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(reload, AFTER_WRITE_MS);
    };
    const stopPosted = onPosted((path) => (path.startsWith('/api/fmea/') || path.startsWith('/api/fta/') ? later() : undefined));
    const stopNotice = onChangeNotice('fmeaChanged', (data) => (data.projectId === projectId ? later() : undefined));
    return () => {
      clearTimeout(timer);
      stopPosted();
      stopNotice();
    };
  }, [enabled, projectId, reload]);
  return { enabled, summary, reload, open: setPanel, panel, closePanel: () => setPanel(null) };
}

/** Gives the steps the project's links, and holds the side panel they open. */
export function FtaLinksScope({ links, children }: { links: ReturnType<typeof useProjectFtaLinks>; children: ReactNode }) {
  const { panel, closePanel, ...value } = links;
  return (
    <Context.Provider value={value}>
      {children}
      {panel ? <FtaLinksPanel failure={panel} onClose={closePanel} /> : null}
    </Context.Provider>
  );
}

export const useFtaLinks = () => useContext(Context);

/** The header's badge: how many of the project's FMEA items linked to fault trees need review (nothing without links). */
export function FtaReviewBadge({ links, onOpen }: { links: ProjectFtaLinks; onOpen?: () => void }) {
  const { trees, reviewItems } = links.summary;
  if (!links.enabled || trees === 0) return null;
  const text = reviewItems > 0 ? plural(reviewItems, { one: 'FTA: # item to review', other: 'FTA: # items to review' }) : plural(trees, { one: 'FTA: # fault tree', other: 'FTA: # fault trees' });
  const title =
    reviewItems > 0
      ? plural(reviewItems, { one: '# FMEA item linked to a fault tree changed on one side and needs review', other: '# FMEA items linked to fault trees changed on one side and need review' })
      : plural(trees, { one: 'This FMEA’s items are linked to # fault tree; none needs review', other: 'This FMEA’s items are linked to # fault trees; none needs review' });
  return (
    <button type="button" className={reviewItems > 0 ? 'dfmea-badge fta-badge fta-badge-review' : 'dfmea-badge fta-badge'} data-testid="fta-review-badge" data-review={reviewItems} title={title} aria-label={title} onClick={onOpen}>
      {text}
    </button>
  );
}

/** A cause's marker in the risk grid: it belongs to a fault tree (flagged when a link asks review); opens its trees and cut sets. */
export function FtaMarker({ failure }: { failure: { id: string; description: string } | null | undefined }) {
  const { t } = useLingui();
  const links = useFtaLinks();
  const mine = failure ? links.summary.byFailure.get(failure.id) : undefined;
  if (!links.enabled || !failure || !mine) return null;
  const n = mine.trees;
  const label = mine.reviewNeeded ? plural(n, { one: 'In # fault tree, review needed: its cut sets and review', other: 'In # fault trees, review needed: their cut sets and review' }) : plural(n, { one: 'In # fault tree: its cut sets', other: 'In # fault trees: their cut sets' });
  return (
    <button
      type="button"
      className={mine.reviewNeeded ? 'fta-marker fta-marker-review' : 'fta-marker'}
      data-testid={`fta-marker-${failure.id}`}
      data-review={mine.reviewNeeded ? '1' : '0'}
      title={label}
      aria-label={label}
      onClick={(e) => {
        e.stopPropagation();
        links.open(failure);
      }}
    >
      {t`FT`}
      {mine.reviewNeeded ? <span aria-hidden="true"> !</span> : null}
    </button>
  );
}
