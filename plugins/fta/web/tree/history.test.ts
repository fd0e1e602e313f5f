import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, historyOf, record, redo, undo } from './history.ts';

describe('undo and redo', () => {
  it('steps back and forward through the changes, and a new change drops what was undone', () => {
    let h = record(record(historyOf('a'), 'b'), 'c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    h = record(h, 'x');
    expect(h).toEqual({ present: 'x', past: ['a', 'b'], future: [] });
    expect(redo(h)).toBe(h);
  });

  it('keeps the last hundred steps', () => {
    let h = historyOf(0);
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) h = record(h, i);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(20);
  });
});
