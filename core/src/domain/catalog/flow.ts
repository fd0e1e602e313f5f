import type { Issue } from '../../errors.ts';
import { KNOWLEDGE_STATUS, assertKnowledgeEditable, knowledgeMachine, type KnowledgeEvent, type KnowledgeStatus } from '../status/knowledge.ts';
import { REVIEW_OPINION_MAX_LENGTH } from '../status/approval.ts';
import { checkText } from '../validation/text.ts';

/**
 * The review flow of a catalog record (spec 001 §4), on `knowledgeMachine`:
 * 0 editing --apply--> 1 to be approved --audit--> 3 pending approval
 * --approve--> 2 released; reject from 1 or 3 → 4; the author edits a
 * rejected record (→ 0) before applying again; the applicant may withdraw
 * from 1. Editing a released record starts a new version (docs/domain/catalog.md).
 */

/** The buttons a catalog type's route must offer for the engine's operations. */
export const CATALOG_BUTTONS = ['add', 'edit', 'del', 'import', 'export', 'audit', 'approve'] as const;
export type CatalogButton = (typeof CATALOG_BUTTONS)[number];

/** The flow's operations, each the machine's event it fires. */
export const CATALOG_FLOW_EVENTS = {
  apply: 'submit',
  audit: 'review',
  approve: 'approve',
  reject: 'reject',
  withdraw: 'withdraw',
} as const satisfies Record<string, KnowledgeEvent>;

export type CatalogFlowAction = keyof typeof CATALOG_FLOW_EVENTS;

/**
 * The button an operation needs on the type's route, given the record's
 * status: applying is the author's act (edit); the audit is the reviewer's
 * (audit); approving is the approver's (approve); rejecting is the button of
 * the stage the record is in. Withdrawing is the applicant's own (none).
 */
export function catalogFlowButton(action: CatalogFlowAction, status: string): CatalogButton | null {
  switch (action) {
    case 'apply':
      return 'edit';
    case 'audit':
      return 'audit';
    case 'approve':
      return 'approve';
    case 'reject':
      return status === KNOWLEDGE_STATUS.pendingApproval ? 'approve' : 'audit';
    case 'withdraw':
      return null;
  }
}

/** The status after the operation; throws the machine's InvalidTransitionError when the record's status does not allow it. */
export function catalogFlowNext(action: CatalogFlowAction, status: string): KnowledgeStatus {
  return knowledgeMachine.next(status, CATALOG_FLOW_EVENTS[action]);
}

/**
 * What saving changes to a record does (spec 001 §4, §5): a record in
 * editing (0) is changed in place; a rejected one (4) is changed in place and
 * goes back to editing; a released one (2) stays as it is and a new version
 * is started in editing; one under approval (1, 3) is refused
 * (`status.knowledge.locked_during_approval`).
 */
export function catalogEditPlan(status: string): { mode: 'inPlace' | 'newVersion'; status: KnowledgeStatus } {
  assertKnowledgeEditable(status);
  if (status === KNOWLEDGE_STATUS.editing) return { mode: 'inPlace', status: KNOWLEDGE_STATUS.editing };
  const next = knowledgeMachine.next(status, 'edit');
  return { mode: status === KNOWLEDGE_STATUS.released ? 'newVersion' : 'inPlace', status: next };
}

/** Deleting follows the editing lock: never while under approval (spec 001 §5). */
export function assertCatalogDeletable(status: string): void {
  assertKnowledgeEditable(status);
}

export interface CatalogVersionState {
  readonly status: string;
  readonly isLatestVersion: boolean;
}

/**
 * A row that is a record's present: its latest version, or the new version
 * being prepared beside it. A released version that a later release
 * replaced is history: it stays cited by the FMEAs that took it, but it is
 * not listed, edited, deleted or cited again.
 */
export const isCurrentCatalogVersion = (row: CatalogVersionState): boolean => row.isLatestVersion || row.status !== KNOWLEDGE_STATUS.released;

/** FMEA items may cite a record's released latest version only. */
export const isQuotableCatalogVersion = (row: CatalogVersionState): boolean => row.isLatestVersion && row.status === KNOWLEDGE_STATUS.released;

/**
 * A review opinion: required for the audit and for a rejection (spec 001 §4
 * "a review opinion is required"), optional for applying and approving;
 * at most 200 characters. Issues name the field `opinion` (or `remark`).
 */
export function catalogOpinionIssues(value: unknown, { required, field = 'opinion' }: { required: boolean; field?: string }): Issue[] {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return required ? [{ messageKey: 'status.review.opinion_required', field, params: { field } }] : [];
  }
  const found = checkText(typeof value === 'string' ? value.trim() : value, { field, max: REVIEW_OPINION_MAX_LENGTH });
  return found.map((i) => (i.messageKey === 'validation.too_long' ? { messageKey: 'status.review.opinion_too_long', field, params: { field, max: REVIEW_OPINION_MAX_LENGTH } } : i));
}
