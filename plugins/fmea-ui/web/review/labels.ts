import { useLingui } from '@lingui/react/macro';
import type { ApiData } from '@fmea/sdk';

export type FmeaReview = ApiData<'/api/project/review/state'>;
export type ReviewStep = ApiData<'/api/project/review/history'>[number];
export type ReviewStatus = FmeaReview['status'];
export type ReviewRole = FmeaReview['assignees'][number]['role'];
export type Conclusion = FmeaReview['opinions'][number]['conclusion'];

/** The four roles in the order the spec names them. */
export const REVIEW_ROLES: readonly ReviewRole[] = ['professional', 'quality', 'technical', 'countersign'];
/** Statuses in which the analysis can be written (core's FMEA_EDITABLE_STATUSES). */
export const EDITABLE: readonly ReviewStatus[] = ['draft', 'in_preparation', 'rejected', 'revoked'];

/** The review path's words in the user's language. */
export function useReviewLabels() {
  const { t } = useLingui();
  const status: Record<ReviewStatus, string> = {
    draft: t`Draft`,
    in_preparation: t`In preparation`,
    under_review: t`Under review`,
    approved: t`Approved`,
    released: t`Released`,
    rejected: t`Rejected`,
    revoked: t`Revoked`,
  };
  const role: Record<ReviewRole, string> = {
    professional: t`Professional reviewer`,
    quality: t`Quality reviewer`,
    technical: t`Technical director`,
    countersign: t`Verification countersigner`,
  };
  const conclusion: Record<Conclusion, string> = {
    conform: t`Conform`,
    incompatible: t`Incompatible`,
    partial: t`Partial match`,
  };
  const event: Record<ReviewStep['event'], string> = {
    edit: t`Edited`,
    submit: t`Submitted`,
    opinion: t`Opinion`,
    approve: t`Approved`,
    reject: t`Rejected`,
    release: t`Released`,
    revoke: t`Revoked`,
    republish: t`Published again`,
    rereview: t`Review again`,
  };
  return { status, role, conclusion, event };
}

/** A person as lists show them: real name, else login name. */
export const personName = (p: { userName: string | null; realName: string | null; userId: string | null }) => p.realName || p.userName || p.userId || '';
