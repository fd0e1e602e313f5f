import type { ReactNode } from 'react';

/** Cell editor description of an editable column (spec 000 §4). */
export interface DataGridEditable<Row = never> {
  /**
   * 'number' edits in a text box with a numeric keyboard: what was typed stays visible, and text that
   * is no number is refused with `labels.invalidNumber` (a number box would hand over '' for it).
   * An empty number cell means "clear".
   */
  type: 'text' | 'number' | 'select';
  options?: { value: string; label: string }[];
  /** Returns a translated error message, or null when the value is valid. The error stays in the editor. */
  validate?: (value: string) => string | null;
  /** A translated note under the open editor (e.g. that the value applies to other rows too), or null for none. */
  hint?: (row: Row) => string | null;
  /**
   * Asked before a valid, changed value is saved (also when Delete clears a cell): resolve false and
   * the stored value stays as it was, without a message. For edits that reach beyond the row.
   */
  confirm?: (row: Row, value: string) => boolean | Promise<boolean>;
}

export interface DataGridColumn<Row> {
  id: string; // also the sort key sent to the server
  header: ReactNode; // already translated by the caller
  accessor?: keyof Row | ((row: Row) => unknown);
  cell?: (row: Row) => ReactNode; // custom render (read mode)
  /** Only whitelisted (sortable) ids are ever sent as sort (spec 001 §5). */
  sortable?: boolean;
  width?: number;
  /** Initial visibility; the user can toggle visibility from the column menu. */
  hidden?: boolean;
  /** When false the column cannot be hidden from the column menu (default true). */
  hideable?: boolean;
  editable?: DataGridEditable<Row>;
}

/** A row to bring into view: see `DataGridProps.reveal`. */
export interface DataGridReveal<Row> {
  match: (row: Row) => boolean;
}

export interface DataGridSort {
  id: string;
  desc: boolean;
}

export interface DataGridQuery {
  page: number; // 1-based
  limit: number;
  sort?: DataGridSort;
}

export interface DataGridPage<Row> {
  items: Row[];
  total: number;
}

/** Spec 000 §6: own row (red, editable), another user's row (orange), no permission (hint). */
export type DataGridRowMarker = 'mycompiled' | 'myreadable' | 'noPermission';

/** Every user-visible string of the grid; the caller translates them. */
export interface DataGridLabels {
  /** Total count, e.g. "{n} items". */
  total: (count: number) => ReactNode;
  /** Page position, e.g. "Page {page} of {pageCount}". Optional: without it only the number is shown. */
  pageOf?: (page: number, pageCount: number) => ReactNode;
  /** Accessible name of the page-size select. */
  pageSize: string;
  /** Text of one page-size option, e.g. "{n} / page". Defaults to the number. */
  pageSizeOption?: (size: number) => string;
  firstPage: string;
  previousPage: string;
  nextPage: string;
  lastPage: string;
  /** Column menu trigger text and menu title. */
  columns: string;
  loading: ReactNode;
  /** Hint (tooltip) on rows marked 'noPermission'. */
  noPermission: string;
  /** Fallback when a save fails without an Error message. */
  saveError: string;
  /** Fallback when loading fails without an Error message. */
  loadError: string;
  /** Accessible name of the row-marker column header. Optional. */
  marker?: string;
  /** What each row stripe means, shown under the grid for the stripes its rows carry. Optional: without it no legend. */
  markerLegend?: Record<DataGridRowMarker, string>;
  /** Editor error for text in a number column that is no number. */
  invalidNumber: string;
  /** Accessible name of a column's width handle, e.g. "Width of column {name}". */
  resizeColumn: (name: string) => string;
  /** Column menu entry that forgets the widths the user set. */
  resetWidths: string;
}

export interface DataGridProps<Row> {
  columns: DataGridColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Server-side row model: called on mount and whenever page, limit, sort or reloadKey change. */
  fetchPage?: (query: DataGridQuery) => Promise<DataGridPage<Row>>;
  /** Or local rows (no server paging): sorted on the client, all on one page unless `pageLocalRows`. */
  rows?: Row[];
  /** Page local rows on the client with the same pager (default false: local rows are one page). */
  pageLocalRows?: boolean;
  pageSize?: number; // default 10 (spec 000 §9)
  /** Page-size choices (default 10/20/50/100). */
  pageSizeOptions?: number[];
  reloadKey?: unknown;
  /** What the rows are filtered by (tab, search, filters): when it changes the grid reloads from page 1. */
  queryKey?: unknown;
  rowMarker?: (row: Row) => DataGridRowMarker | undefined;
  /**
   * Whether a row's editable cells may be edited. Default: every row, except rows marked
   * 'myreadable' or 'noPermission' when `rowMarker` is given.
   */
  canEditRow?: (row: Row) => boolean;
  onCellChange?: (row: Row, columnId: string, value: string) => void | Promise<void>;
  /** Hears the open editor's text as it is typed, and null when the editor closes (for live derived values). */
  onDraftChange?: (row: Row, columnId: string, draft: string | null) => void;
  onRowClick?: (row: Row) => void;
  selectedKey?: string | null;
  /**
   * Brings the first row `match` accepts into view and marks it (a finding's row, a line chosen
   * elsewhere): local paged rows turn to its page, a virtualised grid scrolls to it even when it is
   * far outside the rendered window. Each new object asks once; it waits for the row to load.
   */
  reveal?: DataGridReveal<Row> | null;
  /** Virtualise rows (auto when more than 100 rows are on the page); fixed 36 px rows. */
  virtualize?: boolean;
  height?: number; // scroll area height in px when virtualised (default 480)
  emptyText: ReactNode; // translated by the caller
  labels: DataGridLabels;
  /** Extra content for the toolbar (left of the column menu). */
  toolbar?: ReactNode;
  /**
   * Names the grid for the column widths the user sets (kept per user, see DataGridStorage).
   * Defaults to the column ids, so one kind of grid shares its widths wherever it shows.
   */
  gridId?: string;
  className?: string;
  'aria-label'?: string;
}
