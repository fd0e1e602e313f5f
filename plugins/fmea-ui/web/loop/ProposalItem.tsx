import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useLoopLabels, type Proposal } from './labels.ts';

/**
 * One proposal as both sides list it: a head (what it links to: the source on the FMEA side, the FMEA on
 * the source side), its status, what it asks, on which row; then what the side adds (rationale, decision,
 * buttons) and its decision's reason.
 */
export function ProposalItem({ proposal: p, testId, head, children, trailing }: { proposal: Proposal; testId: string; head: ReactNode; children?: ReactNode; trailing?: ReactNode }) {
  const labels = useLoopLabels();
  return (
    <li className={`loop-item loop-item-${p.status}`} data-testid={testId}>
      <div className="loop-item-head">
        {head}
        <span className={`loop-status loop-status-${p.status}`} data-testid="loop-status">
          {labels.status[p.status]}
        </span>
      </div>
      <div className="loop-item-ask">
        <strong>{labels.ask(p)}</strong> — <span data-user-content>{p.description}</span>
      </div>
      <div className="muted">
        <Trans>Row</Trans>: <span data-user-content>{p.targetText}</span>
      </div>
      {children}
      {p.decisionReason ? (
        <div className="loop-item-why">
          <Trans>Reason</Trans>: <span data-user-content>{p.decisionReason}</span>
        </div>
      ) : null}
      {trailing}
    </li>
  );
}
