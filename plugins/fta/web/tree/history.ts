import { useCallback, useState } from 'react';

/**
 * The tree page's undo and redo: every change of the editor is a whole new document, so the history is a
 * list of them. `reset` starts over from a loaded or saved tree (nothing to undo past what the server holds).
 */
export interface History<T> {
  present: T;
  past: readonly T[];
  future: readonly T[];
}

/** At most this many steps back: a tree of thousands of events is a few hundred kilobytes a step. */
export const HISTORY_LIMIT = 100;

export const historyOf = <T>(present: T): History<T> => ({ present, past: [], future: [] });

export function record<T>(h: History<T>, next: T): History<T> {
  if (next === h.present) return h;
  return { present: next, past: [...h.past, h.present].slice(-HISTORY_LIMIT), future: [] };
}

export function undo<T>(h: History<T>): History<T> {
  const previous = h.past[h.past.length - 1];
  return previous === undefined ? h : { present: previous, past: h.past.slice(0, -1), future: [h.present, ...h.future] };
}

export function redo<T>(h: History<T>): History<T> {
  const [next, ...rest] = h.future;
  return next === undefined ? h : { present: next, past: [...h.past, h.present], future: rest };
}

/** The present replaced without a step (a save answers the same tree as a new object). */
export const settle = <T>(h: History<T>, present: T): History<T> => ({ ...h, present });

export function useHistory<T>(initial: T) {
  const [history, setHistory] = useState(() => historyOf(initial));
  return {
    ...history,
    change: useCallback((next: T) => setHistory((h) => record(h, next)), []),
    undo: useCallback(() => setHistory(undo), []),
    redo: useCallback(() => setHistory(redo), []),
    reset: useCallback((present: T) => setHistory(historyOf(present)), []),
    settle: useCallback((present: T) => setHistory((h) => settle(h, present)), []),
  };
}
