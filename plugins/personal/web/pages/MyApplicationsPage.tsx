import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState, PageHeader } from '@fmea/workbench/sdk';
import '../personal.css';

/** My applications: requests the user submitted (approval and read requests of FMEA documents). */
export default function MyApplicationsPage() {
  const { t } = useLingui();
  return (
    <div className="page" data-testid="my-applications-page">
      <PageHeader title={t`My applications`} />
      <EmptyState title={t`No applications yet`}>
        <Trans>Requests you submit, such as asking for an FMEA to be approved or for read access to a project, appear here once the FMEA work areas are installed.</Trans>
      </EmptyState>
    </div>
  );
}
