import { useLingui } from '@lingui/react/macro';
import type { FailureKind, FtaReviewReason, FtaStatus } from '@fmea/core/domain';

/** A tree's status in the reader's language. */
export function useStatusLabel(): (status: FtaStatus) => string {
  const { t } = useLingui();
  const names: Record<FtaStatus, string> = { draft: t`Draft`, underReview: t`Under review`, released: t`Released` };
  return (status) => names[status];
}

/** An FMEA item's kind and a link's review reason, as the link table names them. */
export function useLinkLabels() {
  const { t } = useLingui();
  const kinds: Record<FailureKind, string> = { FE: t`Failure effect`, FM: t`Failure mode`, FC: t`Failure cause` };
  const reasons: Record<FtaReviewReason, string> = {
    treeChanged: t`The tree event changed`,
    fmeaChanged: t`The FMEA item changed`,
    fmeaDeleted: t`The FMEA item was deleted`,
  };
  return { kind: (k: FailureKind) => kinds[k], reason: (r: FtaReviewReason) => reasons[r] };
}
