import { InvalidTransitionError } from '../../errors.ts';
import { atCodes, byCode, defineMachine, stateByCode } from './machine.ts';

/** The states of a knowledge record (spec 001 §4), by name: what the flow is written in. */
export const KNOWLEDGE_STATES = ['editing', 'toBeApproved', 'released', 'pendingApproval', 'rejected'] as const;
export type KnowledgeState = (typeof KNOWLEDGE_STATES)[number];

/** The spec's code of each state: what the database stores and the API answers. */
export const KNOWLEDGE_STATUS = {
  editing: '0',
  toBeApproved: '1',
  released: '2',
  pendingApproval: '3',
  rejected: '4',
} as const satisfies Record<KnowledgeState, string>;

/** A knowledge status as stored: the spec's code. */
export type KnowledgeStatus = (typeof KNOWLEDGE_STATUS)[KnowledgeState];

const KNOWLEDGE_STATE_KEYS = {
  editing: 'status.knowledge.state.editing',
  toBeApproved: 'status.knowledge.state.to_be_approved',
  released: 'status.knowledge.state.released',
  pendingApproval: 'status.knowledge.state.pending_approval',
  rejected: 'status.knowledge.state.rejected',
} as const satisfies Record<KnowledgeState, string>;

/** The message key naming each status, by its code. */
export const KNOWLEDGE_STATUS_KEYS = byCode(KNOWLEDGE_STATE_KEYS, KNOWLEDGE_STATUS);

const LOCKED = 'status.knowledge.locked_during_approval';

/**
 * Spec 001 §4 names the states and one rule (edit before re-applying); the
 * moves are our reading, see docs/domain/status-flows.md. `edit` from
 * released starts a new version in editing.
 */
const KNOWLEDGE_FLOW = {
  name: 'knowledge',
  states: KNOWLEDGE_STATES,
  transitions: {
    editing: { submit: 'toBeApproved' },
    toBeApproved: { review: 'pendingApproval', reject: 'rejected', withdraw: 'editing' },
    released: { edit: 'editing' },
    pendingApproval: { approve: 'released', reject: 'rejected' },
    rejected: { edit: 'editing' },
  },
  refusals: {
    toBeApproved: { edit: LOCKED },
    pendingApproval: { edit: LOCKED },
    rejected: { submit: 'status.knowledge.edit_before_resubmit' },
  },
} as const;

/** The flow by state name. */
export const knowledgeFlow = defineMachine(KNOWLEDGE_FLOW);

/** The same flow at the spec's codes, for a status read from a row or a request (a refusal's `from` is the code). */
export const knowledgeMachine = defineMachine(atCodes(KNOWLEDGE_FLOW, KNOWLEDGE_STATUS));

/** The state a stored code names, or undefined for a code the spec does not define. */
export const knowledgeStateOf = stateByCode(KNOWLEDGE_STATUS);

export type KnowledgeEvent = (typeof knowledgeMachine.allEvents)[number];

/** No editing or deleting while a record is under approval (spec 001 §5); unknown codes are refused too. */
export function assertKnowledgeEditable(status: string): void {
  const state = knowledgeStateOf(status);
  if (state === 'toBeApproved' || state === 'pendingApproval') throw new InvalidTransitionError(LOCKED, { from: status, event: 'edit' });
  if (state === undefined) throw new InvalidTransitionError('status.knowledge.invalid_transition', { from: status, event: 'edit' });
}
