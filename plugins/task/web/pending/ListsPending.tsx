import { Trans } from '@lingui/react/macro';
import { EmptyState } from '@fmea/sdk';

/** Stands in for the task lists until the task plugin's lists are merged (see ../../index.ts). */
export default function ListsPending() {
  return (
    <div className="page">
      <EmptyState title={<Trans>The task lists are not available yet.</Trans>} />
    </div>
  );
}
