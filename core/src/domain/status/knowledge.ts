import { InvalidTransitionError } from '../../errors.ts';
import { defineMachine } from './machine.ts';

/** Knowledge record status (spec 001 §4), stored as a string code. */
export const KNOWLEDGE_STATUS = {
  editing: '0',
  toBeApproved: '1',
  released: '2',
  pendingApproval: '3',
  rejected: '4',
} as const;

export type KnowledgeStatus = (typeof KNOWLEDGE_STATUS)[keyof typeof KNOWLEDGE_STATUS];

export const KNOWLEDGE_STATUS_KEYS = {
  '0': 'status.knowledge.state.editing',
  '1': 'status.knowledge.state.to_be_approved',
  '2': 'status.knowledge.state.released',
  '3': 'status.knowledge.state.pending_approval',
  '4': 'status.knowledge.state.rejected',
} as const satisfies Record<KnowledgeStatus, string>;

const LOCKED = 'status.knowledge.locked_during_approval';

/**
 * Spec 001 §4 names the states and one rule (edit before re-applying); the
 * moves are our reading, see docs/domain/status-flows.md. `edit` from
 * released starts a new version in editing.
 */
export const knowledgeMachine = defineMachine({
  name: 'knowledge',
  states: ['0', '1', '2', '3', '4'],
  transitions: {
    '0': { submit: '1' },
    '1': { review: '3', reject: '4', withdraw: '0' },
    '2': { edit: '0' },
    '3': { approve: '2', reject: '4' },
    '4': { edit: '0' },
  },
  refusals: {
    '1': { edit: LOCKED },
    '3': { edit: LOCKED },
    '4': { submit: 'status.knowledge.edit_before_resubmit' },
  },
});

export type KnowledgeEvent = (typeof knowledgeMachine.allEvents)[number];

const UNDER_APPROVAL: readonly string[] = [KNOWLEDGE_STATUS.toBeApproved, KNOWLEDGE_STATUS.pendingApproval];

/** No editing or deleting while a record is under approval (spec 001 §5); unknown codes are refused too. */
export function assertKnowledgeEditable(status: string): void {
  if (UNDER_APPROVAL.includes(status)) throw new InvalidTransitionError(LOCKED, { from: status, event: 'edit' });
  if (!knowledgeMachine.isState(status)) {
    throw new InvalidTransitionError('status.knowledge.invalid_transition', { from: status, event: 'edit' });
  }
}
