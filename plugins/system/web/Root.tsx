import { Trans } from '@lingui/react/macro';
import type { WorkAreaProps } from '@fmea/workbench/sdk';

/** Placeholder root; the pages land with their own commit. */
export default function SystemRoot({ microRoute }: WorkAreaProps) {
  return (
    <div className="page" data-testid="system-root" data-page={microRoute}>
      <Trans>Loading…</Trans>
    </div>
  );
}
