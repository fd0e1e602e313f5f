import type { Issue, MessageParams } from '../../errors.ts';
import { ratingIssues } from '../fmea/fields.ts';
import { checkText, TEXT_LIMIT } from '../validation/index.ts';
import { defineMachine } from '../status/index.ts';
import { PROPOSAL_CONTROL_KINDS, PROPOSAL_KINDS, PROPOSAL_STATUSES, TARGET_KIND_OF, type ProposalKind } from './vocabulary.ts';

/** Every key the loop's rules report (the catalog test reads it). */
export const LOOP_MESSAGE_KEYS = [
  'loop.value_invalid',
  'loop.target_kind',
  'loop.rating_not_raised',
  'loop.rating_required',
  'loop.control_kind_required',
  'loop.transition_invalid',
  'loop.reason_required',
] as const;
export type LoopMessageKey = (typeof LOOP_MESSAGE_KEYS)[number];

const issue = (messageKey: LoopMessageKey, field: string, params: MessageParams = {}): Issue => ({ messageKey, field, params: { field, ...params } });

/** The longest rationale or decision reason (a paragraph, as a comment's). */
export const RATIONALE_LIMIT = 2000;

export interface ProposalFields {
  readonly kind?: unknown;
  readonly description?: unknown;
  readonly rationale?: unknown;
  readonly occurrence?: unknown;
  readonly detection?: unknown;
  readonly controlKind?: unknown;
}

/** The row a proposal targets, as far as the rules care: its failure kind and current ratings. */
export interface ProposalTarget {
  readonly kind: 'FE' | 'FM' | 'FC';
  readonly occurrence: number | null;
  readonly detection: number | null;
}

/**
 * A proposal's own fields and their fit to the target row: a missing cause
 * goes under a failure mode, the other kinds on a cause; a raised rating is
 * given and above the row's current one; a control names its kind. The
 * description (the cause, control or change in a line) and the rationale
 * (what the field showed) are required.
 */
export function proposalIssues(fields: ProposalFields, target?: ProposalTarget): Issue[] {
  if (!(PROPOSAL_KINDS as readonly unknown[]).includes(fields.kind)) return [issue('loop.value_invalid', 'kind', { value: String(fields.kind) })];
  const kind = fields.kind as ProposalKind;
  const issues: Issue[] = [
    ...checkText(fields.description, { field: 'description', required: true, max: TEXT_LIMIT }),
    ...checkText(fields.rationale, { field: 'rationale', required: true, max: RATIONALE_LIMIT }),
    ...ratingIssues(fields.occurrence, 'occurrence'),
    ...ratingIssues(fields.detection, 'detection'),
  ];
  if (kind === 'addControl' && !(PROPOSAL_CONTROL_KINDS as readonly unknown[]).includes(fields.controlKind)) issues.push(issue('loop.control_kind_required', 'controlKind'));
  const raised = kind === 'raiseOccurrence' ? ('occurrence' as const) : kind === 'raiseDetection' ? ('detection' as const) : null;
  if (raised && (fields[raised] === null || fields[raised] === undefined)) issues.push(issue('loop.rating_required', raised));
  if (kind === 'rateOccurrence' && (fields.occurrence === null || fields.occurrence === undefined)) issues.push(issue('loop.rating_required', 'occurrence'));
  if (!target) return issues;
  if (target.kind !== TARGET_KIND_OF[kind]) return [...issues, issue('loop.target_kind', 'targetRowId', { expected: TARGET_KIND_OF[kind], kind: target.kind })];
  if (raised && typeof fields[raised] === 'number' && target[raised] !== null && (fields[raised] as number) <= target[raised]!) {
    issues.push(issue('loop.rating_not_raised', raised, { value: fields[raised] as number, current: target[raised]! }));
  }
  return issues;
}

/** A decision's reason: required to reject, optional to accept. */
export function decisionIssues(reason: unknown, required: boolean): Issue[] {
  return checkText(reason, { field: 'reason', required, max: RATIONALE_LIMIT });
}

/** open → accepted (it became an optimisation action) or rejected (with a reason); both final. */
export const proposalMachine = defineMachine({
  name: 'fmea_change_proposal',
  states: PROPOSAL_STATUSES,
  transitions: { open: { accept: 'accepted', reject: 'rejected' } },
  refusals: { open: 'loop.transition_invalid', accepted: 'loop.transition_invalid', rejected: 'loop.transition_invalid' },
});

/**
 * The 8D close gate (issue #24): a problem closes while proposals of its are
 * still open only with a reason, which is then recorded. Answers the issue to
 * report, or none.
 */
export function closeGateIssues(openProposals: number, reason: unknown): Issue[] {
  if (openProposals === 0) return [];
  const text = checkText(reason, { field: 'overrideReason', max: RATIONALE_LIMIT });
  if (text.length > 0) return text;
  return typeof reason === 'string' && reason.trim() !== '' ? [] : [issue('loop.reason_required', 'overrideReason', { count: openProposals })];
}
