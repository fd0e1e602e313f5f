import { Trans } from '@lingui/react/macro';
import type { WorkAreaProps } from '@fmea/workbench/sdk';

/** Placeholder root; the pages land with their own commit. */
export default function PersonalRoot({ microRoute }: WorkAreaProps) {
  return (
    <div className="page" data-testid="personal-root" data-page={microRoute}>
      <Trans>Loading…</Trans>
    </div>
  );
}
