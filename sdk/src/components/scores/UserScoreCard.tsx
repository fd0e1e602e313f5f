import { Trans, useLingui } from '@lingui/react/macro';
import { api } from '../../api/typed-client.ts';
import { useLoad } from '../../api/use-load.ts';
import { FormError } from '../form/form-dialog.tsx';
import { GradeTag } from './GradeTag.tsx';
import { useScoreLabels } from './labels.ts';
import './scores.css';

/** How far a score is towards what the next grade asks, as a bar with the figures. */
function Progress({ label, value, target }: { label: string; value: number; target: number }) {
  const share = target <= 0 ? 100 : Math.min(100, Math.round((value / target) * 100));
  return (
    <div className="score-progress">
      <span>{label}</span>
      <span className="score-progress-bar" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={target} aria-valuenow={Math.min(value, target)}>
        <span style={{ width: `${share}%` }} />
      </span>
      <span className="score-progress-figures">
        {value} / {target}
      </span>
    </div>
  );
}

/** A user's contribution and activity scores, grade, and the way to the next grade; the caller's own without `userId`. */
export function UserScoreCard({ userId }: { userId?: string }) {
  const { t } = useLingui();
  const names = useScoreLabels();
  const score = useLoad(() => api.get('/api/score/summary', userId ? { userId } : {}), [userId]);
  if (score.error) return <FormError message={score.error} />;
  const s = score.data;
  if (!s) return <div className="page-loading" aria-busy="true" />;
  return (
    <section className="score-card" aria-label={t`Scores and grade`} data-testid="score-card">
      <dl className="score-figures">
        <div>
          <dt>{names.kind('contribution')}</dt>
          <dd data-testid="score-contribution">{s.contributionScore}</dd>
        </div>
        <div>
          <dt>{names.kind('activity')}</dt>
          <dd data-testid="score-activity">{s.activityScore}</dd>
        </div>
        <div>
          <dt>
            <Trans>Grade</Trans>
          </dt>
          <dd>
            <GradeTag grade={s.grade} />
          </dd>
        </div>
      </dl>
      {s.nextGrade ? (
        <div className="score-next">
          <p>
            <Trans>Next grade:</Trans> <GradeTag grade={s.nextGrade.grade} />
          </p>
          <Progress label={names.kind('contribution')} value={s.contributionScore} target={s.nextGrade.contribution} />
          <Progress label={names.kind('activity')} value={s.activityScore} target={s.nextGrade.activity} />
        </div>
      ) : (
        <p className="score-next">
          <Trans>The highest grade is reached.</Trans>
        </p>
      )}
    </section>
  );
}
