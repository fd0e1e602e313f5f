import { useLingui } from '@lingui/react/macro';
import type { Grade, ScoreKind, ScoreReason } from '@fmea/core/domain';

/** The names of grades, score kinds and the reasons points are earned for, in the reader's language (docs/domain/user-scores.md). */
export function useScoreLabels() {
  const { t } = useLingui();
  const grades: Record<Grade, string> = { elementary: t`Elementary`, greenBelt: t`Green belt`, blackBelt: t`Black belt`, blackBeltMaster: t`Black belt master` };
  const kinds: Record<ScoreKind, string> = { contribution: t`Contribution score`, activity: t`Activity score` };
  const reasons: Record<ScoreReason, string> = {
    taskCompleted: t`Task completed`,
    fmeaReleased: t`FMEA released`,
    catalogReleased: t`Catalog record released`,
    reviewOpinion: t`Review opinion given`,
    reviewApproval: t`Approval given`,
    reviewRelease: t`Release signed`,
  };
  return {
    grade: (g: string) => grades[g as Grade] ?? g,
    kind: (k: string) => kinds[k as ScoreKind] ?? k,
    reason: (r: string) => reasons[r as ScoreReason] ?? r,
  };
}
