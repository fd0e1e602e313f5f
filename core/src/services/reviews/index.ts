export {
  APPROVAL_TABS,
  REVIEW_DECISIONS,
  REVIEW_KINDS,
  countMyPendingApprovals,
  listMyApplications,
  listMyApprovals,
  type ApprovalListQuery,
  type ApprovalTab,
  type ReviewerDecision,
  type ReviewDecisionAction,
  type ReviewItem,
  type ReviewKind,
  type ReviewListQuery,
} from './reviews.ts';
export { reviewRecipients, type ReviewMessage } from './recipients.ts';
