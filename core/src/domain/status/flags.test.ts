import { describe, expect, it } from 'vitest';
import { InvalidTransitionError } from '../../errors.ts';
import { EDIT_FLAG, LOCK_FLAG, editFlagMachine, lockMachine, mustConfirmLeave } from './flags.ts';

describe('lock flag', () => {
  it('uses 0 for unlocked and 1 for locked', () => {
    expect(LOCK_FLAG).toEqual({ unlocked: '0', locked: '1' });
  });

  it('locks an unlocked screen and unlocks a locked one', () => {
    expect(lockMachine.next('0', 'lock')).toBe('1');
    expect(lockMachine.next('1', 'unlock')).toBe('0');
  });

  it('refuses locking a locked screen', () => {
    const run = () => lockMachine.next('1', 'lock');
    expect(run).toThrow(InvalidTransitionError);
    expect(run).toThrow(expect.objectContaining({ messageKey: 'status.lock.invalid_transition', params: { from: '1', event: 'lock' } }));
  });

  it('refuses unlocking an unlocked screen', () => {
    expect(() => lockMachine.next('0', 'unlock')).toThrow(
      expect.objectContaining({ messageKey: 'status.lock.invalid_transition' }),
    );
  });

  it('refuses an unknown flag value', () => {
    expect(() => lockMachine.next('2', 'unlock')).toThrow(expect.objectContaining({ messageKey: 'status.lock.invalid_transition' }));
  });
});

describe('edit flag isEditBaseInfo', () => {
  it('uses 1 for editing and 2 after navigation', () => {
    expect(EDIT_FLAG).toEqual({ editing: '1', notEditing: '2' });
  });

  it.each([
    ['2', 'start_editing', '1'],
    ['1', 'start_editing', '1'],
    ['1', 'leave', '2'],
    ['2', 'leave', '2'],
    ['1', 'save', '2'],
    ['2', 'save', '2'],
  ] as const)('moves %s --%s--> %s', (from, event, to) => {
    expect(editFlagMachine.next(from, event)).toBe(to);
  });

  it('refuses an unknown flag value', () => {
    expect(() => editFlagMachine.next('0', 'save')).toThrow(
      expect.objectContaining({ messageKey: 'status.edit_flag.invalid_transition', params: { from: '0', event: 'save' } }),
    );
  });
});

describe('mustConfirmLeave', () => {
  it('asks for confirmation while editing', () => {
    expect(mustConfirmLeave('1')).toBe(true);
  });

  it.each(['2', '', null, undefined, '0'])('lets the user leave with flag %j', (flag) => {
    expect(mustConfirmLeave(flag)).toBe(false);
  });
});
