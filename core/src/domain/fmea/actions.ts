import { InvalidInputError, type Issue } from '../../errors.ts';
import { defineMachine } from '../status/index.ts';
import { dateIssues, fieldIssue, oneOfIssues, optionalText, ratingIssues, requiredText } from './fields.ts';
import type { FmeaMessageKey } from './messages.ts';
import { msrKindIssues } from './msr.ts';
import { ALL_CONTROL_KINDS, type FailureKind } from './vocabulary.ts';

/**
 * Optimisation action status (AIAG & VDA 2019, step 6): open, decision
 * pending, implementation pending, completed, not implemented. The two
 * "pending" states are optional in the handbook, so an open action may be
 * decided or completed directly. Completed and not implemented end the flow;
 * `reopen` takes either back to open when a decision is revisited.
 */
export const ACTION_STATUSES = ['open', 'decisionPending', 'implementationPending', 'completed', 'notImplemented'] as const;
export type ActionStatus = (typeof ACTION_STATUSES)[number];

export const ACTION_STATUS_LABEL_KEYS = {
  open: 'fmea.action_status.open',
  decisionPending: 'fmea.action_status.decision_pending',
  implementationPending: 'fmea.action_status.implementation_pending',
  completed: 'fmea.action_status.completed',
  notImplemented: 'fmea.action_status.not_implemented',
} as const satisfies Record<ActionStatus, string>;

const REFUSED: FmeaMessageKey = 'fmea.action_transition_invalid';

export const actionMachine = defineMachine({
  name: 'fmea_action',
  states: ACTION_STATUSES,
  transitions: {
    open: { propose: 'decisionPending', decide: 'implementationPending', complete: 'completed', reject: 'notImplemented' },
    decisionPending: { decide: 'implementationPending', complete: 'completed', reject: 'notImplemented', withdraw: 'open' },
    implementationPending: { complete: 'completed', reject: 'notImplemented', reconsider: 'decisionPending' },
    completed: { reopen: 'open' },
    notImplemented: { reopen: 'open' },
  },
  // Every refusal carries the engine's own key (the machine's default key is never used).
  refusals: { open: REFUSED, decisionPending: REFUSED, implementationPending: REFUSED, completed: REFUSED, notImplemented: REFUSED },
});

export type ActionEvent = (typeof actionMachine.allEvents)[number];

/** Statuses that still need work: the grid's "open actions" filter. */
export const UNFINISHED_ACTION_STATUSES: readonly ActionStatus[] = ['open', 'decisionPending', 'implementationPending'];

export interface ActionFields {
  readonly kind?: unknown;
  readonly description?: unknown;
  readonly targetDate?: unknown;
  readonly actionTaken?: unknown;
  readonly evidence?: unknown;
  readonly completionDate?: unknown;
  readonly raSeverity?: unknown;
  readonly raOccurrence?: unknown;
  readonly raDetection?: unknown;
}

/**
 * An action's own fields: kind, description, dates, texts, and the re-rating
 * 1–10 where given. A monitoring or response action (FMEA-MSR optimisation,
 * its re-rating S after the system response, F and M in the S, O and D places)
 * only where the project's kind has the MSR steps (`msr`; not checked when not
 * given: the service checks it once it knows the project).
 */
export function actionIssues(fields: ActionFields, { partial = false, msr }: { partial?: boolean; msr?: boolean } = {}): Issue[] {
  const has = (key: keyof ActionFields) => !partial || fields[key] !== undefined;
  const kindIssues = has('kind') ? oneOfIssues(fields.kind, ALL_CONTROL_KINDS, 'kind') : [];
  return [
    ...(kindIssues.length > 0 ? kindIssues : (msr === undefined ? [] : msrKindIssues(fields.kind, msr))),
    ...(has('description') ? requiredText(fields.description, 'description') : []),
    ...optionalText(fields.actionTaken, 'actionTaken'),
    ...optionalText(fields.evidence, 'evidence'),
    ...dateIssues(fields.targetDate, 'targetDate'),
    ...dateIssues(fields.completionDate, 'completionDate'),
    ...ratingIssues(fields.raSeverity, 'raSeverity'),
    ...ratingIssues(fields.raOccurrence, 'raOccurrence'),
    ...ratingIssues(fields.raDetection, 'raDetection'),
  ];
}

/** Actions, like controls, belong to a failure cause (FC). */
export function actionCauseIssues(causeKind: FailureKind): Issue[] {
  return causeKind === 'FC' ? [] : [fieldIssue('fmea.cause_required', 'causeId', { kind: causeKind })];
}

export interface ActionState {
  readonly status: ActionStatus;
  readonly actionTaken: string | null;
  readonly completionDate: string | null;
}

/**
 * The next state of an action after an event. Completing needs the action
 * taken and the completion date (given now or already on the action);
 * reopening clears the completion date, since an open action is not complete.
 */
export function applyActionEvent(current: ActionState, event: ActionEvent, patch: Partial<Omit<ActionState, 'status'>> = {}): ActionState {
  const status = actionMachine.next(current.status, event);
  const next: ActionState = {
    status,
    actionTaken: patch.actionTaken !== undefined ? patch.actionTaken : current.actionTaken,
    completionDate: patch.completionDate !== undefined ? patch.completionDate : current.completionDate,
  };
  if (status === 'completed') {
    const issues = completionIssues(next);
    if (issues.length > 0) throw new InvalidInputError('fmea.action_completion_incomplete' satisfies FmeaMessageKey, {}, issues);
  }
  if (event === 'reopen') return { ...next, completionDate: null };
  return next;
}

/** What a completed action must carry: the action taken and a valid completion date. Empty for other statuses. */
export function completionIssues(state: ActionState): Issue[] {
  if (state.status !== 'completed') return [];
  const issues: Issue[] = [];
  if (!state.actionTaken || state.actionTaken.trim() === '') issues.push(fieldIssue('fmea.completion_needs_field', 'actionTaken'));
  if (!state.completionDate) issues.push(fieldIssue('fmea.completion_needs_field', 'completionDate'));
  issues.push(...dateIssues(state.completionDate, 'completionDate'));
  return issues;
}

/** What the residual-risk rule reads from an action, in the row's action order. */
export interface RerateSource {
  readonly status: ActionStatus;
  readonly raSeverity: number | null;
  readonly raOccurrence: number | null;
  readonly raDetection: number | null;
}

export interface ResidualRatings {
  readonly raseverity: number | null;
  readonly raoccurrence: number | null;
  readonly radet: number | null;
}

/**
 * Re-rated S/O/D of a chain after its actions (spec 001 §3 raseverity,
 * raoccurrence, radet). Each rating comes from the last action (in the order
 * given) that re-rates it; actions not implemented do not count. A rating no
 * action touches keeps the current value (a detection action leaves O as it
 * is). Without any re-rating the chain has no residual ratings: null.
 */
export function residualRatings(
  current: { readonly severity: number | null; readonly occurrence: number | null; readonly detection: number | null },
  actions: readonly RerateSource[],
): ResidualRatings | null {
  let s: number | null = null;
  let o: number | null = null;
  let d: number | null = null;
  for (const action of actions) {
    if (action.status === 'notImplemented') continue;
    if (action.raSeverity !== null) s = action.raSeverity;
    if (action.raOccurrence !== null) o = action.raOccurrence;
    if (action.raDetection !== null) d = action.raDetection;
  }
  if (s === null && o === null && d === null) return null;
  return { raseverity: s ?? current.severity, raoccurrence: o ?? current.occurrence, radet: d ?? current.detection };
}
