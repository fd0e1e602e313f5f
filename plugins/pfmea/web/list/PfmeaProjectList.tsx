import { Trans } from '@lingui/react/macro';
import { EmptyState } from '@fmea/workbench/sdk';

/** The PFMEA project list (being built). */
export default function PfmeaProjectList() {
  return (
    <div className="page" data-testid="pfmea-project-list">
      <EmptyState title={<Trans>PFMEA projects</Trans>} />
    </div>
  );
}
