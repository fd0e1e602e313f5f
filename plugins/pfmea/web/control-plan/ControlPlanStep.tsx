import { Trans } from '@lingui/react/macro';
import type { StepProps } from '@fmea/plugin-dfmea/web/types.ts';

/** The control plan step: a placeholder its owner replaces. */
export default function ControlPlanStep(_props: StepProps) {
  return (
    <section className="dfmea-step" data-testid="pfmea-control-plan">
      <h2>
        <Trans>Control plan</Trans>
      </h2>
    </section>
  );
}
