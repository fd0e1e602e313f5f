import { InvalidInputError, InvalidTransitionError, NotAllowedError } from '../../errors.ts';
import { REVIEW_OPINION_MAX_LENGTH, type ReleaseCondition } from './approval.ts';

/**
 * The review and release path of an FMEA project, any type (spec 001 §4, §5;
 * docs/domain/fmea-review.md): a reducer over the review state, with the spec's
 * four named review roles, conclusions, approval and a release step governed
 * by the release condition (docs/decisions/review-engines.md).
 */
export const FMEA_REVIEW_STATUSES = ['draft', 'in_preparation', 'under_review', 'approved', 'released', 'rejected', 'revoked'] as const;
export type FmeaReviewStatus = (typeof FMEA_REVIEW_STATUSES)[number];

/** Statuses in which the analysis may be edited; every other one locks it. */
export const FMEA_EDITABLE_STATUSES = ['draft', 'in_preparation', 'rejected', 'revoked'] as const satisfies readonly FmeaReviewStatus[];

export const isFmeaReviewStatus = (value: string): value is FmeaReviewStatus => (FMEA_REVIEW_STATUSES as readonly string[]).includes(value);

/** Professional reviewer, quality reviewer, technical director, verification countersigner: each must be named. */
export const FMEA_REVIEW_ROLES = ['professional', 'quality', 'technical', 'countersign'] as const;
export type FmeaReviewRole = (typeof FMEA_REVIEW_ROLES)[number];
/** The roles that give an opinion before approval. */
export const FMEA_OPINION_ROLES = ['professional', 'quality'] as const satisfies readonly FmeaReviewRole[];
/** The technical director approves. */
export const FMEA_APPROVER_ROLE = 'technical' satisfies FmeaReviewRole;
/** Who releases after approval; the release condition says whether one of them or all must. */
export const FMEA_RELEASE_ROLES = ['technical', 'countersign'] as const satisfies readonly FmeaReviewRole[];

/** Review conclusions (spec 001 §4): conform, incompatible, partial match. */
export const FMEA_REVIEW_CONCLUSIONS = ['conform', 'incompatible', 'partial'] as const;
export type FmeaReviewConclusion = (typeof FMEA_REVIEW_CONCLUSIONS)[number];

export type FmeaReviewAssignees = Readonly<Record<FmeaReviewRole, string>>;

export interface FmeaReviewOpinion {
  readonly role: FmeaReviewRole;
  readonly userId: string;
  readonly conclusion: FmeaReviewConclusion;
  readonly text: string;
  readonly at: Date;
}

export interface FmeaReviewState {
  readonly status: FmeaReviewStatus;
  /** 0 before the first submission; each submission or re-review opens the next. */
  readonly round: number;
  readonly releaseCondition: ReleaseCondition;
  /** The current round's named reviewers; null before the first submission. */
  readonly assignees: FmeaReviewAssignees | null;
  /** Opinions of the current round. */
  readonly opinions: readonly FmeaReviewOpinion[];
  readonly approvedBy: string | null;
  /** Who released in the current publication (cleared by revoke, re-review). */
  readonly releasedBy: readonly string[];
}

export type FmeaReviewEvent =
  /** A write to the analysis: moves a draft, rejected or revoked project into preparation. */
  | { readonly type: 'edit' }
  | { readonly type: 'submit'; readonly assignees: Partial<Record<FmeaReviewRole, string | null>>; readonly releaseCondition: ReleaseCondition }
  /** `role` may be left out when the user holds exactly one opinion role still open. */
  | { readonly type: 'opinion'; readonly userId: string; readonly role?: FmeaReviewRole; readonly conclusion: FmeaReviewConclusion; readonly text: string }
  | { readonly type: 'approve'; readonly userId: string }
  /** "Reject and submit to dismissor": back to the author with the opinion. */
  | { readonly type: 'reject'; readonly userId: string; readonly text: string }
  | { readonly type: 'release'; readonly userId: string }
  /** "Repeal publication". */
  | { readonly type: 'revoke' }
  | { readonly type: 'republish' }
  | { readonly type: 'rereview'; readonly assignees?: Partial<Record<FmeaReviewRole, string | null>> };

export type FmeaReviewEventType = FmeaReviewEvent['type'];
export const FMEA_REVIEW_EVENTS = ['edit', 'submit', 'opinion', 'approve', 'reject', 'release', 'revoke', 'republish', 'rereview'] as const satisfies readonly FmeaReviewEventType[];

export const FMEA_REVIEW_STATUS_KEYS = {
  draft: 'status.fmea_review.state.draft',
  in_preparation: 'status.fmea_review.state.in_preparation',
  under_review: 'status.fmea_review.state.under_review',
  approved: 'status.fmea_review.state.approved',
  released: 'status.fmea_review.state.released',
  rejected: 'status.fmea_review.state.rejected',
  revoked: 'status.fmea_review.state.revoked',
} as const satisfies Record<FmeaReviewStatus, string>;

export const FMEA_REVIEW_ROLE_KEYS = {
  professional: 'status.fmea_review.role.professional',
  quality: 'status.fmea_review.role.quality',
  technical: 'status.fmea_review.role.technical',
  countersign: 'status.fmea_review.role.countersign',
} as const satisfies Record<FmeaReviewRole, string>;

export const FMEA_REVIEW_CONCLUSION_KEYS = {
  conform: 'status.fmea_review.conclusion.conform',
  incompatible: 'status.fmea_review.conclusion.incompatible',
  partial: 'status.fmea_review.conclusion.partial',
} as const satisfies Record<FmeaReviewConclusion, string>;

export const FMEA_REVIEW_REFUSAL_KEYS = [
  'status.fmea_review.invalid_transition',
  'status.fmea_review.under_review',
  'status.fmea_review.revoke_before_editing',
  'status.fmea_review.reviewer_required',
  'status.fmea_review.not_current_approver',
  'status.fmea_review.not_current_reviewer',
  'status.fmea_review.role_ambiguous',
  'status.fmea_review.opinion_given',
  'status.fmea_review.opinions_missing',
  'status.fmea_review.opinion_incompatible',
  'status.fmea_review.conclusion_invalid',
  'status.fmea_review.opinion_required',
  'status.fmea_review.opinion_too_long',
  'status.fmea_review.already_released',
] as const;
export type FmeaReviewRefusalKey = (typeof FMEA_REVIEW_REFUSAL_KEYS)[number];

export const initialFmeaReview = (releaseCondition: ReleaseCondition = 'one'): FmeaReviewState => ({
  status: 'draft',
  round: 0,
  releaseCondition,
  assignees: null,
  opinions: [],
  approvedBy: null,
  releasedBy: [],
});

export const isFmeaEditable = (status: FmeaReviewStatus): boolean => (FMEA_EDITABLE_STATUSES as readonly string[]).includes(status);

const invalid = (state: FmeaReviewState, event: string) =>
  new InvalidTransitionError('status.fmea_review.invalid_transition' satisfies FmeaReviewRefusalKey, { from: state.status, event });

/** Why the analysis cannot be edited in this status, or null when it can. */
export function editRefusalKey(status: FmeaReviewStatus): FmeaReviewRefusalKey | null {
  if (status === 'under_review' || status === 'approved') return 'status.fmea_review.under_review';
  if (status === 'released') return 'status.fmea_review.revoke_before_editing';
  return null;
}

/** Refuses an edit of a locked project (under review, approved, released). */
export function assertFmeaEditable(status: FmeaReviewStatus): void {
  const key = editRefusalKey(status);
  if (key) throw new InvalidTransitionError(key, { from: status, event: 'edit' });
}

/** Every role named, by an id; the same person may hold several roles (a small team). */
export function namedAssignees(input: Partial<Record<FmeaReviewRole, string | null>>): FmeaReviewAssignees {
  const missing = FMEA_REVIEW_ROLES.filter((role) => !input[role]?.trim());
  if (missing.length > 0) {
    // one issue per role, on its field: the reader sees each role by its label (field.<role>), never its code
    const issues = missing.map((role) => ({ messageKey: 'validation.required', field: `assignees.${role}`, params: { field: `assignees.${role}` } }));
    throw new InvalidInputError('status.fmea_review.reviewer_required' satisfies FmeaReviewRefusalKey, { roles: missing.join(', ') }, issues);
  }
  return Object.fromEntries(FMEA_REVIEW_ROLES.map((role) => [role, input[role]!.trim()])) as unknown as FmeaReviewAssignees;
}

function cleanText(text: string): string {
  const clean = text.trim();
  if (clean === '') throw new InvalidInputError('status.fmea_review.opinion_required' satisfies FmeaReviewRefusalKey);
  if ([...clean].length > REVIEW_OPINION_MAX_LENGTH) {
    throw new InvalidInputError('status.fmea_review.opinion_too_long' satisfies FmeaReviewRefusalKey, { max: REVIEW_OPINION_MAX_LENGTH });
  }
  return clean;
}

/** The opinion roles still waiting for their opinion in this round. */
export function pendingOpinionRoles(state: FmeaReviewState): FmeaReviewRole[] {
  if (state.status !== 'under_review') return [];
  const given = new Set(state.opinions.map((o) => o.role));
  return FMEA_OPINION_ROLES.filter((role) => !given.has(role));
}

/** An opinion found the FMEA incompatible: it cannot be approved over (the approver rejects it back instead); the workbench disables Approve with the reason. */
export const blocksApproval = (opinions: readonly { readonly conclusion: string }[]): boolean => opinions.some((o) => o.conclusion === 'incompatible');

/** The distinct users who release; with 'all' every one of them must. */
export function releasers(state: FmeaReviewState): string[] {
  return state.assignees ? [...new Set(FMEA_RELEASE_ROLES.map((role) => state.assignees![role]))] : [];
}

/** Who the project waits for now (user ids): reviewers, the approver or the releasers still to act. */
export function waitingFor(state: FmeaReviewState): string[] {
  if (!state.assignees) return [];
  if (state.status === 'under_review') {
    const pending = pendingOpinionRoles(state);
    return [...new Set(pending.length > 0 ? pending.map((r) => state.assignees![r]) : [state.assignees[FMEA_APPROVER_ROLE]])];
  }
  if (state.status === 'approved') return releasers(state).filter((u) => !state.releasedBy.includes(u));
  return [];
}

const holdsRole = (state: FmeaReviewState, userId: string) => state.assignees !== null && FMEA_REVIEW_ROLES.some((r) => state.assignees![r] === userId);

function opinion(state: FmeaReviewState, event: Extract<FmeaReviewEvent, { type: 'opinion' }>, now: Date): FmeaReviewState {
  if (state.status !== 'under_review' || !state.assignees) throw invalid(state, 'opinion');
  if (!(FMEA_REVIEW_CONCLUSIONS as readonly string[]).includes(event.conclusion)) {
    throw new InvalidInputError('status.fmea_review.conclusion_invalid' satisfies FmeaReviewRefusalKey, { value: String(event.conclusion) });
  }
  const held = FMEA_OPINION_ROLES.filter((role) => state.assignees![role] === event.userId);
  if (held.length === 0 || (event.role !== undefined && !(held as string[]).includes(event.role))) {
    throw new NotAllowedError('status.fmea_review.not_current_reviewer' satisfies FmeaReviewRefusalKey);
  }
  const open = held.filter((role) => !state.opinions.some((o) => o.role === role));
  const role = event.role ?? (open.length === 1 ? open[0] : undefined);
  if (role === undefined) {
    if (open.length === 0) throw new InvalidTransitionError('status.fmea_review.opinion_given' satisfies FmeaReviewRefusalKey, { from: state.status, event: 'opinion' });
    throw new InvalidInputError('status.fmea_review.role_ambiguous' satisfies FmeaReviewRefusalKey, { roles: open.join(', ') });
  }
  if (state.opinions.some((o) => o.role === role)) {
    throw new InvalidTransitionError('status.fmea_review.opinion_given' satisfies FmeaReviewRefusalKey, { from: state.status, event: 'opinion' });
  }
  const text = cleanText(event.text);
  return { ...state, opinions: [...state.opinions, { role, userId: event.userId, conclusion: event.conclusion, text, at: now }] };
}

function approve(state: FmeaReviewState, userId: string): FmeaReviewState {
  if (state.status !== 'under_review' || !state.assignees) throw invalid(state, 'approve');
  if (state.assignees[FMEA_APPROVER_ROLE] !== userId) throw new NotAllowedError('status.fmea_review.not_current_approver' satisfies FmeaReviewRefusalKey);
  const pending = pendingOpinionRoles(state);
  if (pending.length > 0) throw new InvalidTransitionError('status.fmea_review.opinions_missing' satisfies FmeaReviewRefusalKey, { from: state.status, event: 'approve', roles: pending.join(', ') });
  // An incompatible opinion cannot be approved over: the approver sends the project back instead.
  if (blocksApproval(state.opinions)) {
    throw new InvalidTransitionError('status.fmea_review.opinion_incompatible' satisfies FmeaReviewRefusalKey, { from: state.status, event: 'approve' });
  }
  return { ...state, status: 'approved', approvedBy: userId };
}

function reject(state: FmeaReviewState, event: Extract<FmeaReviewEvent, { type: 'reject' }>): FmeaReviewState {
  if (state.status !== 'under_review' && state.status !== 'approved') throw invalid(state, 'reject');
  // Under review any named reviewer may send it back; once approved only a releaser may.
  const allowed = state.status === 'under_review' ? holdsRole(state, event.userId) : releasers(state).includes(event.userId);
  if (!allowed) throw new NotAllowedError('status.fmea_review.not_current_approver' satisfies FmeaReviewRefusalKey);
  cleanText(event.text);
  return { ...state, status: 'rejected', approvedBy: null, releasedBy: [] };
}

function release(state: FmeaReviewState, userId: string): FmeaReviewState {
  if (state.status !== 'approved') throw invalid(state, 'release');
  const who = releasers(state);
  if (!who.includes(userId)) throw new NotAllowedError('status.fmea_review.not_current_approver' satisfies FmeaReviewRefusalKey);
  if (state.releasedBy.includes(userId)) throw new InvalidTransitionError('status.fmea_review.already_released' satisfies FmeaReviewRefusalKey, { from: state.status, event: 'release' });
  const releasedBy = [...state.releasedBy, userId];
  const done = state.releaseCondition === 'one' || who.every((u) => releasedBy.includes(u));
  return { ...state, releasedBy, status: done ? 'released' : 'approved' };
}

const openRound = (state: FmeaReviewState, assignees: FmeaReviewAssignees, releaseCondition: ReleaseCondition): FmeaReviewState => ({
  status: 'under_review',
  round: state.round + 1,
  releaseCondition,
  assignees,
  opinions: [],
  approvedBy: null,
  releasedBy: [],
});

/**
 * Pure reducer over the FMEA review path. Returns the next state or throws:
 * InvalidTransitionError for an event the status does not accept (and for the
 * edit lock), NotAllowedError for someone not named for the step,
 * InvalidInputError for a missing reviewer, conclusion or opinion. Who may
 * submit, revoke, republish or re-review (the owner or an administrator) is
 * the caller's check.
 */
export function fmeaReviewReducer(state: FmeaReviewState, event: FmeaReviewEvent, now: Date): FmeaReviewState {
  switch (event.type) {
    case 'edit':
      assertFmeaEditable(state.status);
      return state.status === 'in_preparation' ? state : { ...state, status: 'in_preparation' };
    case 'submit':
      if (state.status !== 'draft' && state.status !== 'in_preparation' && state.status !== 'rejected') throw invalid(state, 'submit');
      return openRound(state, namedAssignees(event.assignees), event.releaseCondition);
    case 'opinion':
      return opinion(state, event, now);
    case 'approve':
      return approve(state, event.userId);
    case 'reject':
      return reject(state, event);
    case 'release':
      return release(state, event.userId);
    case 'revoke':
      if (state.status !== 'released') throw invalid(state, 'revoke');
      return { ...state, status: 'revoked', releasedBy: [] };
    case 'republish':
      // Only an unchanged revoked project: an edit since moved it to preparation, which needs a review.
      if (state.status !== 'revoked') throw invalid(state, 'republish');
      return { ...state, status: 'released' };
    case 'rereview': {
      if (state.status !== 'released' && state.status !== 'revoked') throw invalid(state, 'rereview');
      const assignees = namedAssignees({ ...state.assignees, ...event.assignees });
      return openRound(state, assignees, state.releaseCondition);
    }
    default:
      throw invalid(state, (event satisfies never as { type?: unknown }).type as string);
  }
}
