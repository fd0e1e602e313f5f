import { describe, expect, it } from 'vitest';
import { InvalidTransitionError } from '../../errors.ts';
import { KNOWLEDGE_STATES, KNOWLEDGE_STATUS, KNOWLEDGE_STATUS_KEYS, assertKnowledgeEditable, knowledgeFlow, knowledgeMachine, knowledgeStateOf } from './knowledge.ts';

const INVALID = 'status.knowledge.invalid_transition';
const LOCKED = 'status.knowledge.locked_during_approval';
const EDIT_FIRST = 'status.knowledge.edit_before_resubmit';

/** Golden table: every state × every event → next state or refusal key. */
const GOLDEN = {
  '0': { submit: '1', review: INVALID, approve: INVALID, reject: INVALID, edit: INVALID, withdraw: INVALID },
  '1': { submit: INVALID, review: '3', approve: INVALID, reject: '4', edit: LOCKED, withdraw: '0' },
  '2': { submit: INVALID, review: INVALID, approve: INVALID, reject: INVALID, edit: '0', withdraw: INVALID },
  '3': { submit: INVALID, review: INVALID, approve: '2', reject: '4', edit: LOCKED, withdraw: INVALID },
  '4': { submit: EDIT_FIRST, review: INVALID, approve: INVALID, reject: INVALID, edit: '0', withdraw: INVALID },
} as const;

const outcome = (state: string, event: (typeof knowledgeMachine.allEvents)[number]) => {
  try {
    return knowledgeMachine.next(state, event);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidTransitionError);
    return (error as InvalidTransitionError).messageKey;
  }
};

describe('knowledge record status', () => {
  it('uses the spec codes 0–4', () => {
    expect(KNOWLEDGE_STATUS).toEqual({ editing: '0', toBeApproved: '1', released: '2', pendingApproval: '3', rejected: '4' });
    expect(knowledgeMachine.states).toEqual(['0', '1', '2', '3', '4']);
    expect(Object.keys(KNOWLEDGE_STATUS_KEYS)).toEqual(['0', '1', '2', '3', '4']);
  });

  it('knows exactly the events of the golden table', () => {
    expect([...knowledgeMachine.allEvents].sort()).toEqual(Object.keys(GOLDEN['0']).sort());
  });

  for (const [state, row] of Object.entries(GOLDEN)) {
    for (const [event, expected] of Object.entries(row)) {
      const verb = expected.startsWith('status.') ? `refuses ${event} from ${state} with ${expected}` : `moves ${state} --${event}--> ${expected}`;
      it(verb, () => {
        expect(outcome(state, event as (typeof knowledgeMachine.allEvents)[number])).toBe(expected);
      });
    }
  }

  it('makes a rejected item be edited before it is submitted again', () => {
    expect(() => knowledgeMachine.next('4', 'submit')).toThrow(
      expect.objectContaining({ messageKey: EDIT_FIRST, params: { from: '4', event: 'submit' } }),
    );
    expect(knowledgeMachine.next(knowledgeMachine.next('4', 'edit'), 'submit')).toBe('1');
  });

  it('runs the full path from editing to released', () => {
    const path = (['submit', 'review', 'approve'] as const).reduce<string>((s, e) => knowledgeMachine.next(s, e), '0');
    expect(path).toBe('2');
  });

  it('lists the events offered in each state', () => {
    expect(knowledgeMachine.events('1')).toEqual(['review', 'reject', 'withdraw']);
    expect(knowledgeMachine.events('2')).toEqual(['edit']);
  });
});

describe('assertKnowledgeEditable', () => {
  it.each(['0', '2', '4'])('allows editing or deleting a record in status %s', (status) => {
    expect(() => assertKnowledgeEditable(status)).not.toThrow();
  });

  it.each(['1', '3'])('refuses editing or deleting a record under approval (status %s)', (status) => {
    const run = () => assertKnowledgeEditable(status);
    expect(run).toThrow(InvalidTransitionError);
    expect(run).toThrow(expect.objectContaining({ messageKey: LOCKED, params: { from: status, event: 'edit' } }));
  });

  it('refuses an unknown status', () => {
    expect(() => assertKnowledgeEditable('9')).toThrow(expect.objectContaining({ messageKey: INVALID }));
  });
});

describe('knowledge states by name', () => {
  it('names every code once, in code order', () => {
    expect(KNOWLEDGE_STATES.map((state) => KNOWLEDGE_STATUS[state])).toEqual(knowledgeMachine.states);
    expect(knowledgeMachine.states.map(knowledgeStateOf)).toEqual([...KNOWLEDGE_STATES]);
    expect(knowledgeStateOf('5')).toBeUndefined();
    expect(knowledgeStateOf('released')).toBeUndefined();
  });

  it('keys each status message by its code', () => {
    expect(KNOWLEDGE_STATUS_KEYS[KNOWLEDGE_STATUS.pendingApproval]).toBe('status.knowledge.state.pending_approval');
    expect(KNOWLEDGE_STATUS_KEYS[KNOWLEDGE_STATUS.released]).toBe('status.knowledge.state.released');
  });

  it('moves by name as the machine moves at the codes', () => {
    expect(knowledgeFlow.next('pendingApproval', 'approve')).toBe('released');
    expect(() => knowledgeFlow.next('rejected', 'submit')).toThrow(expect.objectContaining({ messageKey: EDIT_FIRST, params: { from: 'rejected', event: 'submit' } }));
    for (const state of KNOWLEDGE_STATES) {
      expect(knowledgeMachine.events(KNOWLEDGE_STATUS[state]), state).toEqual(knowledgeFlow.events(state));
      for (const event of knowledgeFlow.events(state)) expect(knowledgeMachine.next(KNOWLEDGE_STATUS[state], event)).toBe(KNOWLEDGE_STATUS[knowledgeFlow.next(state, event)]);
    }
  });
});
