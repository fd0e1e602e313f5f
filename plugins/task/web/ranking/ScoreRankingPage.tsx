import { Trans } from '@lingui/react/macro';
import { PageHeader, ScoreRanking } from '@fmea/sdk';

/** The user score ranking report of the task area (route task_scoreRanking; docs/domain/user-scores.md). */
export default function ScoreRankingPage() {
  return (
    <div className="page">
      <PageHeader title={<Trans>Score ranking</Trans>} />
      <ScoreRanking />
    </div>
  );
}
