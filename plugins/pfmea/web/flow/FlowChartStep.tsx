import { Trans } from '@lingui/react/macro';
import type { StepProps } from '@fmea/plugin-dfmea/web/types.ts';

/** The process flow chart step: a placeholder its owner replaces. */
export default function FlowChartStep(_props: StepProps) {
  return (
    <section className="dfmea-step" data-testid="pfmea-flow">
      <h2>
        <Trans>Process flow chart</Trans>
      </h2>
    </section>
  );
}
