import { useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { ftaTreePath } from '@fmea/core/domain';
import { api, currentLocale, Drawer, EmptyState, formatDateTime, useLoad } from '@fmea/sdk';
import { cutSetEvents, formatProbability, type FailureFtaLink } from './fta-links.ts';

/**
 * The side panel of one FMEA item's fault trees (GET /api/fta/failureLinks): each tree (its number and name,
 * opening the tree page), the item's event and probability there, the minimal cut sets it is in with their
 * order and probability, and a review mark saying what changed, who changed it and when.
 */
export function FtaLinksPanel({ failure, onClose }: { failure: { id: string; description: string }; onClose: () => void }) {
  const { t } = useLingui();
  const loaded = useLoad(() => api.get('/api/fta/failureLinks', { failureId: failure.id }), [failure.id]);
  return (
    <Drawer
      title={
        <Trans>
          Fault trees: <span data-user-content>{failure.description}</span>
        </Trans>
      }
      width={460}
      className="fta-links-panel"
      testId="fta-links-panel"
      onClose={onClose}
    >
          {loaded.error ? <div className="alert alert-error">{loaded.error}</div> : null}
          {loaded.data ? (
            loaded.data.links.length === 0 ? (
              <EmptyState title={t`This item is in no fault tree now.`} />
            ) : (
              loaded.data.links.map((link) => <TreeLink key={link.id} link={link} onNavigate={onClose} />)
            )
          ) : loaded.error ? null : (
            <div className="page-loading" aria-busy="true" />
          )}
    </Drawer>
  );
}

function TreeLink({ link, onNavigate }: { link: FailureFtaLink; onNavigate: () => void }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const href = ftaTreePath(link.ftaNum);
  const event = link.eventName;
  return (
    <section className="fta-tree-link" data-testid={`fta-tree-${link.ftaNum}`}>
      <h3>
        <a
          href={href}
          data-testid="fta-tree-open"
          onClick={(e) => {
            if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
            e.preventDefault();
            onNavigate();
            navigate(href);
          }}
        >
          {link.ftaNum}
        </a>{' '}
        <span data-user-content>{link.treeName}</span>
      </h3>
      {link.reviewNeeded ? <ReviewMark link={link} /> : null}
      <dl className="fta-link-facts">
        <dt>
          <Trans>Tree event</Trans>
        </dt>
        <dd>{event}</dd>
        <dt>
          <Trans>Probability</Trans>
        </dt>
        <dd data-testid="fta-event-probability">{formatProbability(link.probability)}</dd>
        <dt>
          <Trans>Fussell-Vesely importance</Trans>
        </dt>
        <dd>{formatProbability(link.fussellVesely)}</dd>
        <dt>
          <Trans>Top event probability</Trans>
        </dt>
        <dd>{formatProbability(link.topProbability)}</dd>
      </dl>
      {link.eventKind === 'top' ? (
        <p className="fta-note">
          <Trans>The top event of this tree: its cut sets are all of the tree’s (open the tree to read them).</Trans>
        </p>
      ) : link.eventKind !== 'basic' ? (
        <p className="fta-note">
          <Trans>Linked to a gate of the tree: cut sets are listed for causes (basic events).</Trans>
        </p>
      ) : link.cutSets.length === 0 ? (
        <p className="fta-note">
          <Trans>No minimal cut set could be listed for this tree now (open the tree to analyse it).</Trans>
        </p>
      ) : (
        <table className="fta-cut-sets" data-testid="fta-cut-sets" aria-label={t`Minimal cut sets holding ${event}`}>
          <thead>
            <tr>
              <th>
                <Trans>Minimal cut set</Trans>
              </th>
              <th>
                <Trans>Order</Trans>
              </th>
              <th>
                <Trans>Probability</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {link.cutSets.map((set) => (
              <tr key={set.events.join(' ')} data-testid="fta-cut-set">
                <td>
                  {cutSetEvents(set, link.eventLabels, link.eventName).map((e, i) => (
                    <span key={e.name}>
                      {i > 0 ? <span className="fta-and"> · </span> : null}
                      <span className={e.own ? 'fta-event fta-event-own' : 'fta-event'} title={e.name} data-user-content>
                        {e.text}
                      </span>
                    </span>
                  ))}
                </td>
                <td>{set.order}</td>
                <td>{formatProbability(set.probability)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {link.eventKind === 'basic' && !link.complete && link.cutSets.length > 0 ? (
        <p className="fta-note">
          <Trans>Only the cut sets listed first are shown; the tree has more.</Trans>
        </p>
      ) : null}
    </section>
  );
}

/** What changed on which side, who changed it and when. */
function ReviewMark({ link }: { link: FailureFtaLink }) {
  const { t } = useLingui();
  const locale = currentLocale();
  const line = (note: FailureFtaLink['reviewNotes'][number]) => {
    const by = note.by ?? '';
    const at = formatDateTime(note.at, locale);
    if (note.reason === 'fmeaDeleted') return t`The FMEA item was deleted.`;
    if (note.reason === 'fmeaChanged') return by ? t`Changed in the FMEA by ${by} at ${at}.` : t`Changed in the FMEA at ${at}.`;
    return by ? t`The tree was changed by ${by} at ${at}.` : t`The tree was changed at ${at}.`;
  };
  return (
    <div className="alert alert-warning fta-review" role="status" data-testid="fta-review-mark">
      <strong>
        <Trans>Review needed:</Trans>
      </strong>{' '}
      {link.reviewNotes.map((note) => (
        <span key={note.reason} data-reason={note.reason}>
          {line(note)}{' '}
        </span>
      ))}
      <Trans>Whoever holds the tree’s edit button marks it reviewed on the tree page.</Trans>
    </div>
  );
}
