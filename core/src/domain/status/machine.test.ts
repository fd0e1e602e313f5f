import { describe, expect, it } from 'vitest';
import { InvalidTransitionError } from '../../errors.ts';
import { atCodes, byCode, defineMachine, stateByCode } from './machine.ts';

const door = defineMachine({
  name: 'door',
  states: ['open', 'closed', 'locked', 'broken'],
  transitions: {
    open: { close: 'closed' },
    closed: { open: 'open', lock: 'locked' },
    locked: { unlock: 'closed' },
  },
  refusals: { locked: { open: 'status.door.locked' }, broken: 'status.door.broken' },
});

describe('defineMachine', () => {
  it('moves along a defined transition', () => {
    expect(door.next('closed', 'lock')).toBe('locked');
    expect(door.can('closed', 'lock')).toBe(true);
  });

  it('refuses an undefined transition with the default key and from/event parameters', () => {
    const run = () => door.next('open', 'lock');
    expect(run).toThrow(InvalidTransitionError);
    expect(run).toThrow(
      expect.objectContaining({
        code: 'invalid_transition',
        messageKey: 'status.door.invalid_transition',
        params: { from: 'open', event: 'lock' },
      }),
    );
    expect(door.can('open', 'lock')).toBe(false);
  });

  it('refuses with a specific key for one event of a state', () => {
    expect(() => door.next('locked', 'open')).toThrow(expect.objectContaining({ messageKey: 'status.door.locked' }));
    expect(() => door.next('locked', 'close')).toThrow(
      expect.objectContaining({ messageKey: 'status.door.invalid_transition' }),
    );
  });

  it('refuses with a specific key for every event of a state', () => {
    for (const event of door.allEvents) {
      expect(() => door.next('broken', event)).toThrow(expect.objectContaining({ messageKey: 'status.door.broken' }));
    }
  });

  it('refuses an unknown state with the default key', () => {
    expect(() => door.next('ajar', 'close')).toThrow(
      expect.objectContaining({ messageKey: 'status.door.invalid_transition', params: { from: 'ajar', event: 'close' } }),
    );
    expect(door.can('ajar', 'close')).toBe(false);
    expect(door.events('ajar')).toEqual([]);
  });

  it('is not fooled by inherited property names', () => {
    expect(door.can('constructor', 'close')).toBe(false);
    expect(door.can('open', 'toString')).toBe(false);
    expect(door.can('__proto__', 'close')).toBe(false);
    expect(door.events('constructor')).toEqual([]);
  });

  it('lists the events of a state in definition order', () => {
    expect(door.events('closed')).toEqual(['open', 'lock']);
    expect(door.events('broken')).toEqual([]);
  });

  it('lists every event and every message key once', () => {
    expect(door.allEvents).toEqual(['close', 'open', 'lock', 'unlock']);
    expect(door.messageKeys).toEqual(['status.door.invalid_transition', 'status.door.locked', 'status.door.broken']);
  });

  it('recognises its states', () => {
    expect(door.isState('locked')).toBe(true);
    expect(door.isState('ajar')).toBe(false);
  });

  it('rejects a definition whose transition leads to an unknown state', () => {
    expect(() =>
      defineMachine({ name: 'bad', states: ['a'], transitions: { a: { go: 'b' as 'a' } } }),
    ).toThrow('bad: a --go--> unknown state b');
  });

  it('rejects a definition with transitions from an unknown state', () => {
    expect(() =>
      defineMachine({ name: 'bad', states: ['a'], transitions: { b: { go: 'a' } } as unknown as { a: { go: 'a' } } }),
    ).toThrow('bad: transition from unknown state b');
  });

  it('types events, so a misspelt event does not compile', () => {
    // @ts-expect-error 'opne' is not an event of the door
    expect(() => door.next('closed', 'opne')).toThrow(InvalidTransitionError);
  });
});

describe('atCodes', () => {
  const DOOR_CODES = { open: '0', closed: '1', locked: '2', broken: '9' } as const;
  const doorAtCodes = defineMachine(
    atCodes(
      {
        name: 'door',
        states: ['open', 'closed', 'locked', 'broken'],
        transitions: { open: { close: 'closed' }, closed: { open: 'open', lock: 'locked' }, locked: { unlock: 'closed' } },
        refusals: { locked: { open: 'status.door.locked' }, broken: 'status.door.broken' },
      },
      DOOR_CODES,
    ),
  );

  it('restates the states, the moves and their targets at the codes', () => {
    expect(doorAtCodes.states).toEqual(['0', '1', '2', '9']);
    expect(doorAtCodes.next('1', 'lock')).toBe('2');
    expect(doorAtCodes.next('2', 'unlock')).toBe('1');
    expect(doorAtCodes.events('1')).toEqual(['open', 'lock']);
    expect(doorAtCodes.allEvents).toEqual(door.allEvents);
  });

  it('keeps the refusals, naming the code it was given', () => {
    expect(() => doorAtCodes.next('2', 'open')).toThrow(expect.objectContaining({ messageKey: 'status.door.locked', params: { from: '2', event: 'open' } }));
    expect(() => doorAtCodes.next('9', 'close')).toThrow(expect.objectContaining({ messageKey: 'status.door.broken', params: { from: '9', event: 'close' } }));
    expect(() => doorAtCodes.next('0', 'lock')).toThrow(expect.objectContaining({ messageKey: 'status.door.invalid_transition', params: { from: '0', event: 'lock' } }));
    expect(doorAtCodes.messageKeys).toEqual(door.messageKeys);
  });

  it('answers a state name as an unknown code', () => {
    expect(doorAtCodes.isState('closed')).toBe(false);
    expect(doorAtCodes.can('closed', 'lock')).toBe(false);
  });

  it('moves exactly as the flow by name, for every state and event', () => {
    for (const state of door.states) {
      for (const event of door.allEvents) {
        const byName = door.can(state, event) ? DOOR_CODES[door.next(state, event)] : 'refused';
        expect(doorAtCodes.can(DOOR_CODES[state], event) ? doorAtCodes.next(DOOR_CODES[state], event) : 'refused', `${state} --${event}-->`).toBe(byName);
      }
    }
  });

  it('refuses two states sharing a code', () => {
    expect(() => atCodes({ name: 'bad', states: ['a', 'b'], transitions: { a: { go: 'b' } } }, { a: '1', b: '1' })).toThrow('bad: two states share a code');
  });
});

describe('byCode', () => {
  it('restates a table by state name at the codes', () => {
    expect(byCode({ open: 'status.door.open', closed: 'status.door.closed' }, { open: '0', closed: '1' })).toEqual({ '0': 'status.door.open', '1': 'status.door.closed' });
  });
});

describe('stateByCode', () => {
  const nameOf = stateByCode({ open: '0', closed: '1' });

  it('names the state of a code', () => {
    expect(nameOf('0')).toBe('open');
    expect(nameOf('1')).toBe('closed');
  });

  it('answers undefined for a code the table does not hold, or a name', () => {
    expect(nameOf('2')).toBeUndefined();
    expect(nameOf('open')).toBeUndefined();
    expect(nameOf('constructor')).toBeUndefined();
  });
});
