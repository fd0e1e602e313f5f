import { Trans, useLingui } from '@lingui/react/macro';
import { Button, DataGrid, formatDateTime, useGridLabels, type ApiData, type DataGridColumn } from '@fmea/sdk';

type Release = ApiData<'/api/fta/releases'>[number];

/** A tree's releases, newest first: each the document and analysis frozen when it was approved; opening one shows it read-only. */
export function ReleasesPanel({ releases, open, onOpen }: { releases: readonly Release[]; open: number | null; onOpen: (releaseNum: number) => void }) {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const columns: DataGridColumn<Release>[] = [
    { id: 'releaseNum', header: t`Release`, width: 80, hideable: false, cell: (row) => row.releaseNum },
    { id: 'releaseTime', header: t`Released at`, width: 170, cell: (row) => formatDateTime(row.releaseTime, i18n.locale) },
    { id: 'releasedByName', header: t`Approver`, width: 120, cell: (row) => <span data-user-content>{row.releasedByName}</span> },
    { id: 'exact', header: t`Exact probability`, width: 140, cell: (row) => row.result.probability.exact.toPrecision(6) },
    { id: 'cutSetCount', header: t`Cut sets`, width: 90, cell: (row) => row.result.cutSetCount ?? '–' },
    { id: 'missionTime', header: t`Mission time (h)`, width: 120, cell: (row) => row.result.missionTime },
    { id: 'opinion', header: t`Opinion`, cell: (row) => <span data-user-content>{row.opinion}</span> },
    { id: 'revokeTime', header: t`Revoked`, width: 170, cell: (row) => (row.revokeTime ? formatDateTime(row.revokeTime, i18n.locale) : '') },
    {
      id: 'actions',
      header: t`Actions`,
      width: 100,
      hideable: false,
      cell: (row) =>
        open === row.releaseNum ? (
          <span className="muted">{t`Shown`}</span>
        ) : (
          <Button kind="link" data-testid={`fta-open-release-${row.releaseNum}`} onClick={(e) => (e.stopPropagation(), onOpen(row.releaseNum))}>
            <Trans>Open</Trans>
          </Button>
        ),
    },
  ];
  return (
    <section className="fta-releases" aria-label={t`Releases`} data-testid="fta-releases">
      <div className="fta-section-head">
        <h3>
          <Trans>Releases</Trans>
        </h3>
      </div>
      {releases.length === 0 ? (
        <p className="fta-note">
          <Trans>Not released yet. Submit the tree for review; the approval freezes it and its analysis as a release.</Trans>
        </p>
      ) : (
        <DataGrid<Release> aria-label={t`Releases`} columns={columns} rows={[...releases]} pageLocalRows rowKey={(row) => String(row.releaseNum)} emptyText="" labels={labels} />
      )}
    </section>
  );
}
