import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState, PageHeader } from '@fmea/workbench/sdk';
import '../personal.css';

/** My approvals: DFMEA/PFMEA audits and read approvals waiting for the user. */
export default function MyApprovalsPage() {
  const { t } = useLingui();
  return (
    <div className="page" data-testid="my-approvals-page">
      <PageHeader title={t`My approvals`} />
      <EmptyState title={t`Nothing to approve`}>
        <Trans>DFMEA and PFMEA reviews and read requests that wait for your decision appear here once the FMEA work areas are installed.</Trans>
      </EmptyState>
    </div>
  );
}
