import { Trans } from '@lingui/react/macro';
import { PageHeader, ScoreHistoryGrid, UserScoreCard } from '@fmea/sdk';
import '../personal.css';

/** My scores (docs/domain/user-scores.md): my contribution and activity scores, grade, the way to the next grade, and what earned each point. */
export default function MyScoresPage() {
  return (
    <div className="page" data-testid="my-scores">
      <PageHeader title={<Trans>My scores</Trans>} />
      <UserScoreCard />
      <h3>
        <Trans>Score history</Trans>
      </h3>
      <ScoreHistoryGrid />
    </div>
  );
}
