import { Trans, useLingui } from '@lingui/react/macro';
import { formatDate } from '@fmea/sdk';
import { blockerOf } from './step-order.ts';
import { useStepStateLabel, useStepTitle, type StepCode, type StepState } from '../labels.ts';

export interface StepSummary {
  step: StepCode;
  state: StepState;
  ownerName: string | null;
  dueAt: string | null;
  finishedAt: string | null;
}

/**
 * The 8D's disciplines as a stepper, D0 to D8 with 7A and 7B stacked in one column (they run side by
 * side): each shows its state, owner and date (finished, or due), and a step that cannot start yet says
 * which earlier step it waits for. Choosing a step opens its panel below.
 */
export function Stepper({ steps, current, onChoose }: { steps: readonly StepSummary[]; current: StepCode; onChoose: (step: StepCode) => void }) {
  const { t } = useLingui();
  const title = useStepTitle();
  const stateLabel = useStepStateLabel();
  const states = Object.fromEntries(steps.map((s) => [s.step, s.state])) as Record<StepCode, StepState>;
  const item = (s: StepSummary) => {
    const blocker = s.state === 'notStarted' ? blockerOf(states, s.step) : null;
    const due = formatDate(s.dueAt);
    const date = s.finishedAt ? formatDate(s.finishedAt) : due ? t`due ${due}` : null;
    const code = s.step;
    return (
      <button
        type="button"
        key={s.step}
        className={`step btn-wrap step-${s.state}${blocker ? ' step-blocked' : ''}${current === s.step ? ' step-current' : ''}`}
        aria-current={current === s.step ? 'step' : undefined}
        data-testid={`step-${s.step}`}
        data-state={s.state}
        data-blocked={blocker ? true : undefined}
        title={blocker ? t`${code} waits for ${blocker}: unfinished earlier steps block it` : undefined}
        onClick={() => onChoose(s.step)}
      >
        <span className="step-code">
          <span className="step-dot" aria-hidden="true">
            {s.state === 'done' ? '✓' : blocker ? '🔒︎' : ''}
          </span>
          {s.step}
        </span>
        <span className="step-title">{title(s.step)}</span>
        <span className="step-state">{blocker ? t`Waits for ${blocker}` : stateLabel(s.state)}</span>
        <span className="step-owner" data-user-content>
          {s.ownerName ?? <span className="muted">{t`No owner`}</span>}
        </span>
        {date ? <span className="step-date">{date}</span> : null}
      </button>
    );
  };
  const pair = steps.filter((s) => s.step === 'D7A' || s.step === 'D7B');
  return (
    <nav className="stepper" aria-label={t`8D steps`} data-testid="stepper">
      <ol>
        {steps.map((s) =>
          s.step === 'D7B' ? null : s.step === 'D7A' ? (
            <li key="D7" className="step-pair">
              {pair.map(item)}
            </li>
          ) : (
            <li key={s.step}>{item(s)}</li>
          ),
        )}
      </ol>
      <p className="muted stepper-note">
        <Trans>A step starts when every earlier step is done; 7A and 7B run side by side and D8 waits for both.</Trans>
      </p>
    </nav>
  );
}
