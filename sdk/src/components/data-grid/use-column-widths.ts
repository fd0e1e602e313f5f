import { createContext, useCallback, useContext, useRef, useState } from 'react';
import type { ColumnSizingState } from '@tanstack/react-table';

/**
 * Where grids remember the column widths a user set: the shell gives the
 * signed-in user's id as the scope. Without a provider, widths last as long
 * as the grid is on screen.
 */
export const DataGridStorage = createContext<{ scope: string } | null>(null);

/** localStorage keys of remembered widths; logout keeps them (layout, not data: see docs/decisions). */
export const WIDTHS_PREFIX = 'fmea.grid.widths:';
export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 2000;

export const clampWidth = (width: number) => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));

/** A short, stable name for a grid from its column ids (djb2): the same kind of grid shares its widths. */
export function gridIdOf(columnIds: readonly string[]): string {
  let h = 5381;
  for (const c of columnIds.join(',')) h = ((h << 5) + h + c.charCodeAt(0)) >>> 0;
  return h.toString(36);
}

export const widthsKey = (scope: string, gridId: string) => `${WIDTHS_PREFIX}${scope}:${gridId}`;

function read(key: string | null): ColumnSizingState {
  if (!key) return {};
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    if (!stored || typeof stored !== 'object') return {};
    const out: ColumnSizingState = {};
    for (const [id, width] of Object.entries(stored)) if (typeof width === 'number' && Number.isFinite(width)) out[id] = clampWidth(width);
    return out;
  } catch {
    return {}; // unreadable or storage disabled: the default widths
  }
}

function write(key: string | null, sizing: ColumnSizingState): void {
  if (!key) return;
  try {
    if (Object.keys(sizing).length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(sizing));
  } catch {
    // storage full or disabled: the widths still hold for this grid
  }
}

/**
 * The widths the user set in a grid, remembered per user and grid. Until the
 * first resize, columns share the grid's width in proportion to their
 * default widths; after it, every width is the user's (`fixed`).
 */
export function useColumnWidths(gridId: string) {
  const storage = useContext(DataGridStorage);
  const key = storage ? widthsKey(storage.scope, gridId) : null;
  const [state, setState] = useState(() => ({ key, sizing: read(key) }));
  // another user or grid: read its widths (adjusted while rendering, before anything shows the old ones)
  let current = state;
  if (state.key !== key) {
    current = { key, sizing: read(key) };
    setState(current);
  }
  const latest = useRef(current);
  latest.current = current;

  /** Sets the widths; an updater sees the latest ones, also between two renders of a fast drag. */
  const setSizing = useCallback((next: ColumnSizingState | ((previous: ColumnSizingState) => ColumnSizingState)) => {
    const value = { key: latest.current.key, sizing: typeof next === 'function' ? next(latest.current.sizing) : next };
    latest.current = value;
    setState(value);
  }, []);
  /** Stores the widths as they are now (after a drag or a key press on a handle). */
  const remember = useCallback(() => write(latest.current.key, latest.current.sizing), []);
  const reset = useCallback(() => {
    setSizing({});
    write(latest.current.key, {});
  }, [setSizing]);

  return { sizing: current.sizing, fixed: Object.keys(current.sizing).length > 0, setSizing, remember, reset };
}

export type ColumnWidths = ReturnType<typeof useColumnWidths>;
