import { Trans } from '@lingui/react/macro';
import { EmptyState } from '@fmea/workbench/sdk';

/** One PFMEA project (being built). */
export default function PfmeaProjectPage() {
  return (
    <div className="page" data-testid="pfmea-project">
      <EmptyState title={<Trans>PFMEA project</Trans>} />
    </div>
  );
}
