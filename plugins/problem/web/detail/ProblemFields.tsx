import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { formatDate, type ApiData } from '@fmea/sdk';
import { useSourceLabel, useTypeLabel } from '../labels.ts';

type Problem = ApiData<'/api/problem/get'>;

/** The problem's header fields (spec 001 §3 "Problem"), read-only; Edit changes them. Shared with the printable report. */
export function ProblemFields({ problem }: { problem: Problem }) {
  const typeLabel = useTypeLabel();
  const sourceLabel = useSourceLabel();
  const item = (label: ReactNode, value: string | null | undefined, testId?: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-user-content data-testid={testId} title={value ?? undefined}>
        {value || '—'}
      </dd>
    </div>
  );
  return (
    <dl className="problem-fields" data-testid="problem-fields">
      {item(<Trans>Type</Trans>, typeLabel(problem.type))}
      {item(<Trans>Source</Trans>, sourceLabel(problem.source))}
      {item(<Trans>Happened on</Trans>, formatDate(problem.happenedAt))}
      {item(<Trans>Location</Trans>, problem.location)}
      {item(<Trans>Frequency</Trans>, problem.frequency)}
      {item(<Trans>Processing equipment</Trans>, problem.processingEquipment)}
      {item(<Trans>Unqualified batch</Trans>, problem.unqualifiedBatch)}
      {item(<Trans>Part number</Trans>, problem.partNumber)}
      {item(<Trans>Supplier</Trans>, problem.supplier)}
      {item(<Trans>Responsible person</Trans>, problem.responsibleName, 'problem-responsible-name')}
      {item(<Trans>Planned completion</Trans>, formatDate(problem.plannedCompletion))}
      {item(<Trans>Actual completion</Trans>, formatDate(problem.actualCompletion))}
      {problem.releasedByName ? item(<Trans>Released by</Trans>, `${problem.releasedByName} ${formatDate(problem.releasedAt)}`) : null}
      {problem.description ? (
        <div className="problem-fields-wide">
          <dt>
            <Trans>Description</Trans>
          </dt>
          <dd data-user-content>{problem.description}</dd>
        </div>
      ) : null}
    </dl>
  );
}
