import { describe, expect, it } from 'vitest';
import { InvalidTransitionError } from '../../errors.ts';
import { TASK_STATES, TASK_STATUS, TASK_STATUS_FILTER, TASK_STATUS_KEYS, taskFlow, taskMachine, taskStateOf, type TaskEvent } from './task.ts';

const X = 'status.task.invalid_transition';
const T = 'status.task.terminal';
const EVENTS = ['start', 'submit', 'approve', 'reject', 'rework', 'hold', 'resume', 'cancel', 'withdraw', 'restart', 'complete'] as const;

/** Golden table, columns in EVENTS order. */
const GOLDEN: Record<string, readonly string[]> = {
  //    start submit approve reject rework hold resume cancel withdraw restart complete
  '0': ['1', X, X, X, X, X, X, '5', X, X, X],
  '1': [X, '2', X, X, X, '4', X, '5', X, X, '3'],
  '2': [X, X, '3', '6', X, X, X, X, '7', X, X],
  '3': [T, T, T, T, T, T, T, T, T, T, T],
  '4': [X, X, X, X, X, X, '1', '5', X, X, X],
  '5': [T, T, T, T, T, T, T, T, T, T, T],
  '6': [X, X, X, X, '1', X, X, '5', X, X, X],
  '7': [X, X, X, X, X, X, X, '5', X, '1', X],
};

const outcome = (state: string, event: TaskEvent) => {
  try {
    return taskMachine.next(state, event);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidTransitionError);
    return (error as InvalidTransitionError).messageKey;
  }
};

describe('task status', () => {
  it('uses the spec codes 0–7', () => {
    expect(Object.values(TASK_STATUS)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect(taskMachine.states).toEqual(Object.values(TASK_STATUS));
    expect(Object.keys(TASK_STATUS_KEYS)).toEqual(taskMachine.states);
  });

  it('offers only 0, 1, 3 and 5 in the search filter', () => {
    expect(TASK_STATUS_FILTER).toEqual(['0', '1', '3', '5']);
  });

  it('knows exactly the events of the golden table', () => {
    expect([...taskMachine.allEvents].sort()).toEqual([...EVENTS].sort());
  });

  for (const [state, row] of Object.entries(GOLDEN)) {
    EVENTS.forEach((event, i) => {
      const expected = row[i]!;
      const name = expected.startsWith('status.')
        ? `refuses ${event} from ${state} with ${expected}`
        : `moves ${state} --${event}--> ${expected}`;
      it(name, () => {
        expect(outcome(state, event)).toBe(expected);
      });
    });
  }

  it.each(['3', '5'])('offers no event once the task is %s', (status) => {
    expect(taskMachine.events(status)).toEqual([]);
  });

  it('goes round the rejection loop and completes', () => {
    const events: TaskEvent[] = ['start', 'submit', 'reject', 'rework', 'submit', 'approve'];
    expect(events.reduce<string>((s, e) => taskMachine.next(s, e), '0')).toBe('3');
  });

  it('restarts a withdrawn task and puts it on hold', () => {
    const events: TaskEvent[] = ['start', 'submit', 'withdraw', 'restart', 'hold', 'resume'];
    expect(events.reduce<string>((s, e) => taskMachine.next(s, e), '0')).toBe('1');
  });
});

describe('task states by name', () => {
  it('names every code once, in code order', () => {
    expect(TASK_STATES.map((state) => TASK_STATUS[state])).toEqual(taskMachine.states);
    expect(taskMachine.states.map(taskStateOf)).toEqual([...TASK_STATES]);
    expect(taskStateOf('8')).toBeUndefined();
    expect(taskStateOf('inReview')).toBeUndefined();
  });

  it('keys each status message by its code', () => {
    expect(TASK_STATUS_KEYS[TASK_STATUS.inReview]).toBe('status.task.state.in_review');
    expect(TASK_STATUS_KEYS[TASK_STATUS.withdrawn]).toBe('status.task.state.withdrawn');
  });

  it('moves by name as the machine moves at the codes', () => {
    expect(taskFlow.next('inProgress', 'submit')).toBe('inReview');
    expect(taskFlow.next('inReview', 'withdraw')).toBe('withdrawn');
    expect(() => taskFlow.next('completed', 'start')).toThrow(expect.objectContaining({ messageKey: T }));
    for (const state of TASK_STATES) {
      expect(taskMachine.events(TASK_STATUS[state]), state).toEqual(taskFlow.events(state));
      for (const event of taskFlow.events(state)) expect(taskMachine.next(TASK_STATUS[state], event)).toBe(TASK_STATUS[taskFlow.next(state, event)]);
    }
  });
});
