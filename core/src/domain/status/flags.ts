import { defineMachine } from './machine.ts';

/** Screen lock flag (spec 000 §4, §9): '0' unlocked, '1' locked. */
export const LOCK_FLAG = { unlocked: '0', locked: '1' } as const;

/** Locking twice or unlocking an open screen is refused: the guard relies on the flag being exact. */
export const lockMachine = defineMachine({
  name: 'lock',
  states: ['0', '1'],
  transitions: { '0': { lock: '1' }, '1': { unlock: '0' } },
});

/** isEditBaseInfo (spec 000 §4, 001 §4): '1' while editing, '2' after navigation or save. */
export const EDIT_FLAG = { editing: '1', notEditing: '2' } as const;

/**
 * Every event is accepted from both values (idempotent), so the UI may fire
 * them without first reading the flag; only unknown values are refused.
 * `leave` is fired after the user confirmed the prompt.
 */
export const editFlagMachine = defineMachine({
  name: 'edit_flag',
  states: ['1', '2'],
  transitions: {
    '1': { start_editing: '1', leave: '2', save: '2' },
    '2': { start_editing: '1', leave: '2', save: '2' },
  },
});

/** Leaving must ask "There is data being edited, are you sure to jump?" only while the flag is '1'. */
export function mustConfirmLeave(editFlag: string | null | undefined): boolean {
  return editFlag === EDIT_FLAG.editing;
}
