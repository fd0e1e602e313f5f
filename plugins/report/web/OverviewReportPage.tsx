import { Trans } from '@lingui/react/macro';
import { PageHeader, type AreaPageProps } from '@fmea/sdk';
import { ReportDocument } from './ReportDocument.tsx';
import { ReportTools } from './ReportTools.tsx';
import { useReport, type OverviewKind } from './use-report.ts';
import './report.css';

/** The counts, nodes and task reports (micro routes counts, nodes, tasks): charts, tables, export and print. */
export default function OverviewReportPage({ microRoute }: AreaPageProps) {
  const kind = microRoute as OverviewKind;
  const loaded = useReport(kind, '');
  const title = kind === 'counts' ? <Trans>Counts</Trans> : kind === 'nodes' ? <Trans>Nodes</Trans> : <Trans>Task report</Trans>;
  return (
    <div className="page rpt-page" data-testid={`rpt-${kind}-page`}>
      <PageHeader title={title} actions={<ReportTools kind={kind} />} />
      {loaded.error ? (
        <p className="form-error" role="alert">
          {loaded.error}
        </p>
      ) : loaded.data ? (
        <ReportDocument loaded={loaded.data} />
      ) : (
        <p className="rpt-empty">
          <Trans>Loading…</Trans>
        </p>
      )}
    </div>
  );
}
