import { Trans, useLingui } from '@lingui/react/macro';
import { Button, DataGrid, useGridLabels, type ApiData, type DataGridColumn } from '@fmea/sdk';
import { useLinkLabels } from './labels.ts';

type Link = ApiData<'/api/fta/links'>[number];

/**
 * The tree's events tied to FMEA items (a generated tree's top event to its failure effect, gates to
 * failure modes, basic events to causes): the item as it reads now, and a "review needed" mark when one
 * side changed since the link was made or last reviewed. Marking reviewed takes the mark away; a row
 * marks its event in the diagram.
 */
export function LinksPanel({ links, canReview, onReview, onShow, onOpen }: { links: readonly Link[]; canReview: boolean; onReview: (ids: string[]) => void; onShow: (eventName: string) => void; onOpen: (link: Link) => void }) {
  const { t } = useLingui();
  const labels = useGridLabels();
  const words = useLinkLabels();
  const pending = links.filter((l) => l.reviewNeeded);
  const columns: DataGridColumn<Link>[] = [
    { id: 'eventName', header: t`Tree event`, width: 120, hideable: false, cell: (row) => <span data-user-content>{row.eventName}</span> },
    { id: 'failureKind', header: t`FMEA item`, width: 110, cell: (row) => words.kind(row.failureKind) },
    {
      id: 'failureDescription',
      header: t`Description`,
      cell: (row) =>
        row.failureDescription === null ? (
          <em>{t`Deleted`}</em>
        ) : (
          // a long description shortens with an ellipsis inside its column; the title gives it whole
          <Button kind="link" className="fta-link-text" data-user-content title={`${row.failureDescription}\n${t`Open the FMEA project`}`} onClick={(e) => (e.stopPropagation(), onOpen(row))}>
            {row.failureDescription}
          </Button>
        ),
    },
    {
      id: 'review',
      header: t`Review`,
      width: 240,
      cell: (row) =>
        row.reviewNeeded ? (
          <span className="fta-review-needed" data-testid="fta-review-needed">
            {t`Review needed`}: {row.reviewReasons.map(words.reason).join('; ')}
          </span>
        ) : (
          <span className="muted">{t`Up to date`}</span>
        ),
    },
    {
      id: 'actions',
      header: t`Actions`,
      width: 120,
      hideable: false,
      cell: (row) =>
        row.reviewNeeded && canReview ? (
          <Button kind="link" onClick={(e) => (e.stopPropagation(), onReview([row.id]))}>
            <Trans>Mark reviewed</Trans>
          </Button>
        ) : null,
    },
  ];
  return (
    <section className="fta-links" aria-label={t`Links to the FMEA`} data-testid="fta-links">
      <div className="fta-section-head">
        <h3>
          <Trans>Links to the FMEA</Trans>
        </h3>
        {pending.length > 1 && canReview ? (
          <Button onClick={() => onReview(pending.map((l) => l.id))}>
            <Trans>Mark all reviewed</Trans>
          </Button>
        ) : null}
      </div>
      {links.length === 0 ? (
        <p className="fta-note" data-testid="fta-links-none">
          <Trans>No event of this tree is linked to an FMEA item. Trees generated from a DFMEA keep such links.</Trans>
        </p>
      ) : (
        <DataGrid<Link>
          aria-label={t`Links to the FMEA`}
          columns={columns}
          rows={[...links]}
          pageLocalRows
          rowKey={(row) => row.id}
          onRowClick={(row) => onShow(row.eventName)}
          emptyText=""
          labels={labels}
        />
      )}
    </section>
  );
}
