import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState, PageHeader } from '@fmea/workbench/sdk';
import '../personal.css';

/** My tasks: work that FMEA projects assign to the user. */
export default function MyTasksPage() {
  const { t } = useLingui();
  return (
    <div className="page" data-testid="my-tasks-page">
      <PageHeader title={t`My tasks`} />
      <EmptyState title={t`No tasks yet`}>
        <Trans>Tasks appear here when FMEA projects assign work to you.</Trans>
      </EmptyState>
    </div>
  );
}
