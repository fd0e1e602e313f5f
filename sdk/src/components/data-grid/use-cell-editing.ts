import { useCallback, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { cellKey, cellText, normalizeNumber, numberProblem } from './grid-model';
import type { DataGridColumn } from './types';

/** What the editing controller needs to know about one row. */
export interface EditRow<Row> {
  id: string;
  original: Row;
}

export interface CellPosition {
  rowId: string;
  columnId: string;
}

export interface EditingState extends CellPosition {
  draft: string;
  initial: string;
  error: string | null;
  /** Opened by typing into the selected cell: the editor starts with what was typed, the caret after it (nothing selected). */
  typed?: boolean;
}

export interface SaveError extends CellPosition {
  message: string;
}

interface Options<Row> {
  rows: EditRow<Row>[];
  /** Visible columns in display order. */
  columns: DataGridColumn<Row>[];
  /** The current data array: optimistic values are dropped when it changes. */
  data: readonly Row[];
  canEditRow: (row: Row) => boolean;
  onCellChange?: (row: Row, columnId: string, value: string) => void | Promise<void>;
  onDraftChange?: (row: Row, columnId: string, draft: string | null) => void;
  saveErrorFallback: string;
  /** Editor error for text in a number column that is no number. */
  invalidNumber: string;
  /** Brings a row into view (virtualised grids scroll to it). */
  ensureVisible: (rowIndex: number) => void;
  focusGrid: () => void;
}

type Overrides<Row> = { data: readonly Row[]; values: Map<string, string> };

/** A key that types a character (not a shortcut, not a key of an input method's composition). */
const typesCharacter = (event: KeyboardEvent) => event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && !event.nativeEvent.isComposing;

/**
 * Cell selection and editing (spec 000 §4): click selects, click or double-click on the selected
 * editable cell edits, Enter/blur/another cell saves, Escape cancels, Delete clears, arrows move;
 * typing into a selected text or number cell edits it starting with the typed character, and
 * Backspace starts it empty (as spreadsheets do).
 */
export function useCellEditing<Row>(options: Options<Row>) {
  // handlers are closures of this render's options; only the open editor lives in a ref as well,
  // so that blur and click in the same gesture cannot save twice
  const { rows, columns, data, canEditRow, onCellChange, onDraftChange, saveErrorFallback, invalidNumber, ensureVisible, focusGrid } = options;

  const [active, setActive] = useState<CellPosition | null>(null);
  const [editing, setEditingState] = useState<EditingState | null>(null);
  const editingRef = useRef<EditingState | null>(null);
  const draftListener = useRef(onDraftChange);
  draftListener.current = onDraftChange;
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  /** Opens, updates or closes the editor; the draft listener hears every typed value and null when the editor closes. */
  const setEditing = useCallback((next: EditingState | null) => {
    const previous = editingRef.current;
    editingRef.current = next;
    setEditingState(next);
    const listener = draftListener.current;
    const target = next ?? previous;
    if (!listener || !target || (next && previous && next.draft === previous.draft && next.rowId === previous.rowId)) return;
    const row = rowsRef.current.find((r) => r.id === target.rowId);
    if (row) listener(row.original, target.columnId, next ? next.draft : null);
  }, []);
  const [saveError, setSaveError] = useState<SaveError | null>(null);
  const [overrides, setOverrides] = useState<Overrides<Row>>({ data, values: new Map() });

  const findRow = (rowId: string) => rows.find((r) => r.id === rowId);
  const findColumn = (columnId: string) => columns.find((c) => c.id === columnId);

  /** The optimistic value of a cell while (or after) it is saved, until the data changes. */
  // stable until the values or the data change: memoised rows depend on it
  const overrideFor = useCallback(
    (rowId: string, columnId: string): string | undefined =>
      // asked for every cell a render shows: no key is built while there is nothing to find
      overrides.data === data && overrides.values.size > 0 ? overrides.values.get(cellKey(rowId, columnId)) : undefined,
    [overrides, data],
  );

  const editOverride = (rowId: string, columnId: string, value: string | undefined) =>
    setOverrides((prev) => {
      const values = new Map(prev.data === data ? prev.values : []);
      if (value === undefined) values.delete(cellKey(rowId, columnId));
      else values.set(cellKey(rowId, columnId), value);
      return { data, values };
    });

  /** Render-time check with the row and column at hand (no lookups: cheap for every cell). */
  const canEdit = (row: Row, column: DataGridColumn<Row> | undefined): boolean =>
    !!(column?.editable && onCellChange && canEditRow(row));

  const isEditable = (rowId: string, columnId: string): boolean => {
    const row = findRow(rowId);
    return !!row && canEdit(row.original, findColumn(columnId));
  };

  const currentText = (row: EditRow<Row>, column: DataGridColumn<Row>) =>
    overrideFor(row.id, column.id) ?? cellText(row.original, column);

  /** The editor's text as it is saved: a number column's text trimmed, full-width digits made plain. */
  const saved = (column: DataGridColumn<Row>, draft: string) => (column.editable?.type === 'number' ? normalizeNumber(draft) : draft);

  /** The caller's check first (its message knows the field), then the column's own (numbers): a translated message, or null. */
  const problem = (column: DataGridColumn<Row>, value: string): string | null =>
    column.editable?.validate?.(value) ?? (column.editable?.type === 'number' && numberProblem(value) ? invalidNumber : null);

  async function save(row: EditRow<Row>, column: DataGridColumn<Row>, value: string): Promise<void> {
    setSaveError(null);
    try {
      // an edit that reaches beyond the row asks first; "no" keeps the stored value, with no message
      const ask = column.editable?.confirm;
      if (ask && !(await ask(row.original, value))) return;
      editOverride(row.id, column.id, value);
      await onCellChange?.(row.original, column.id, value);
    } catch (error) {
      editOverride(row.id, column.id, undefined);
      const message = error instanceof Error && error.message ? error.message : saveErrorFallback;
      setSaveError({ rowId: row.id, columnId: column.id, message });
    }
  }

  /**
   * Closes the open editor and starts saving a changed value (the save runs on; its failure shows
   * up as `saveError`). Returns false when validation keeps the editor open.
   */
  function commit(): boolean {
    const current = editingRef.current;
    if (!current) return true;
    const row = findRow(current.rowId);
    const column = findColumn(current.columnId);
    if (!row || !column) {
      setEditing(null);
      return true;
    }
    const value = saved(column, current.draft);
    const error = problem(column, value);
    if (error) {
      setEditing({ ...current, error });
      return false;
    }
    setEditing(null);
    if (value !== current.initial) void save(row, column, value);
    return true;
  }

  function cancel() {
    setEditing(null);
    focusGrid();
  }

  /** Opens the editor on the cell's text, or on `typed` (what the user typed into the selected cell) in place of it. */
  function startEdit(position: CellPosition, typed?: string): boolean {
    if (!isEditable(position.rowId, position.columnId)) return false;
    const row = findRow(position.rowId);
    const column = findColumn(position.columnId);
    if (!row || !column) return false;
    // a select has no text to type into: typing leaves it alone
    if (typed !== undefined && column.editable?.type === 'select') return false;
    const text = currentText(row, column);
    setSaveError(null);
    setEditing(typed === undefined ? { ...position, draft: text, initial: text, error: null } : { ...position, draft: typed, initial: text, error: null, typed: true });
    return true;
  }

  function setDraft(draft: string) {
    const current = editingRef.current;
    if (current) setEditing({ ...current, draft, error: null });
  }

  function select(position: CellPosition) {
    setActive(position);
    const index = rows.findIndex((r) => r.id === position.rowId);
    if (index >= 0) ensureVisible(index);
  }

  const same = (a: CellPosition | null, b: CellPosition) => !!a && a.rowId === b.rowId && a.columnId === b.columnId;

  function onCellClick(position: CellPosition) {
    if (same(editingRef.current, position)) return;
    if (editingRef.current && !commit()) return;
    if (same(active, position)) startEdit(position);
    else select(position);
  }

  function onCellDoubleClick(position: CellPosition) {
    if (same(editingRef.current, position)) return;
    setActive(position);
    startEdit(position);
  }

  /** Delete on a selected, editable cell clears it (validated like any other value). */
  function clearCell(position: CellPosition) {
    if (!isEditable(position.rowId, position.columnId)) return;
    const row = findRow(position.rowId);
    const column = findColumn(position.columnId);
    if (!row || !column || currentText(row, column) === '') return;
    const error = problem(column, '');
    if (error) {
      setSaveError({ ...position, message: error });
      return;
    }
    void save(row, column, '');
  }

  function move(rowDelta: number, columnDelta: number) {
    const allRows = rows;
    const allColumns = columns;
    if (allRows.length === 0 || allColumns.length === 0) return;
    let rowIndex = active ? allRows.findIndex((r) => r.id === active.rowId) : -1;
    let columnIndex = active ? allColumns.findIndex((c) => c.id === active.columnId) : -1;
    if (rowIndex < 0 || columnIndex < 0) {
      rowIndex = 0;
      columnIndex = 0;
    } else {
      rowIndex = Math.min(allRows.length - 1, Math.max(0, rowIndex + rowDelta));
      columnIndex = Math.min(allColumns.length - 1, Math.max(0, columnIndex + columnDelta));
    }
    const row = allRows[rowIndex];
    const column = allColumns[columnIndex];
    if (row && column) select({ rowId: row.id, columnId: column.id });
  }

  /** Keys on the grid itself (the editor handles its own keys). */
  function onGridKeyDown(event: KeyboardEvent) {
    if (editingRef.current) return;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const delta = moves[event.key];
    if (delta) {
      event.preventDefault();
      move(delta[0], delta[1]);
    } else if (active && (event.key === 'Enter' || event.key === 'F2')) {
      event.preventDefault();
      startEdit(active);
    } else if (active && event.key === 'Delete') {
      event.preventDefault();
      clearCell(active);
    } else if (active && (event.key === 'Backspace' || typesCharacter(event))) {
      // the character goes into the editor's draft, not a second time through the input it opens
      if (startEdit(active, event.key === 'Backspace' ? '' : event.key)) event.preventDefault();
    }
  }

  /** Enter saves and Escape cancels; both give the keyboard back to the grid. */
  function onEditorKeyDown(event: KeyboardEvent) {
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      if (commit()) focusGrid();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    }
  }

  return {
    active,
    editing,
    saveError,
    overrideFor,
    canEdit,
    commit,
    cancel,
    setDraft,
    onCellClick,
    onCellDoubleClick,
    onGridKeyDown,
    onEditorKeyDown,
  };
}

export type CellEditing<Row> = ReturnType<typeof useCellEditing<Row>>;
