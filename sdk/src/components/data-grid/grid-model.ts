import {
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
} from '@tanstack/react-table';
import type { ReactTable, Row as TableRow, RowData } from '@tanstack/react-table';
import type { DataGridColumn, DataGridRowMarker } from './types';
import { breakAfterSlashes } from './header-text.tsx';

/** Fixed row height of the grid (spec 000 §9), also the header height. */
export const ROW_HEIGHT = 36;
export const MARKER_WIDTH = 6;
export const DEFAULT_COLUMN_WIDTH = 150;
export const DEFAULT_PAGE_SIZES = [10, 20, 50, 100];
/** Pages with more rows than this are virtualised unless `virtualize` says otherwise. */
export const AUTO_VIRTUALIZE_ABOVE = 100;

/**
 * The one feature set of the grid, stable at module scope. Server mode sets
 * manualSorting/manualPagination; local rows use the client sorted/paginated models.
 */
export const gridFeatures = tableFeatures({
  columnVisibilityFeature,
  columnSizingFeature,
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, datetime: sortFn_datetime, basic: sortFn_basic },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

export type GridFeatures = typeof gridFeatures;
export type GridTable<Row extends RowData> = ReactTable<GridFeatures, Row>;
export type GridRow<Row extends RowData> = TableRow<GridFeatures, Row>;

/** Raw value of a cell as the accessor gives it. */
export function cellValue<Row>(row: Row, column: DataGridColumn<Row>): unknown {
  const { accessor } = column;
  if (accessor === undefined) return undefined;
  return typeof accessor === 'function' ? accessor(row) : row[accessor];
}

/** The cell value as the editor sees it ('' for null/undefined). */
export function cellText<Row>(row: Row, column: DataGridColumn<Row>): string {
  const value = cellValue(row, column);
  return value === null || value === undefined ? '' : String(value);
}

/** Read-mode text of a plain value: select columns show the option label. */
export function displayText<Row>(column: DataGridColumn<Row>, text: string): string {
  const option = column.editable?.options?.find((o) => o.value === text);
  return option ? option.label : text;
}

/** Turns the grid's column contract into TanStack column definitions. */
export function buildColumns<Row extends RowData>(columns: DataGridColumn<Row>[]) {
  const helper = createColumnHelper<GridFeatures, Row>();
  return helper.columns(
    columns.map((column) =>
      helper.accessor((row: Row) => cellValue(row, column), {
        id: column.id,
        header: () => breakAfterSlashes(column.header),
        cell: (ctx) => (column.cell ? column.cell(ctx.row.original) : displayText(column, cellText(ctx.row.original, column))),
        enableSorting: column.sortable === true,
        enableHiding: column.hideable !== false,
        size: column.width ?? DEFAULT_COLUMN_WIDTH,
        minSize: 40,
      }),
    ),
  );
}

export function initialVisibility<Row>(columns: DataGridColumn<Row>[]): Record<string, boolean> {
  return Object.fromEntries(columns.filter((c) => c.hidden).map((c) => [c.id, false]));
}

/** Default edit rule: rows marked as another user's or without permission are read-only (spec 000 §6). */
export function defaultCanEdit(marker: DataGridRowMarker | undefined): boolean {
  return marker !== 'myreadable' && marker !== 'noPermission';
}

/** Full-width digits, sign and point (a Chinese input method's) as plain ones, outer spaces dropped. */
export function normalizeNumber(text: string): string {
  return text
    .trim()
    .replace(/[\uff10-\uff19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xff10 + 48))
    .replace(/\uff0e|\u3002/g, '.')
    .replace(/\uff0d/g, '-')
    .replace(/\uff0b/g, '+');
}

/** True when a number cell's (normalised) text is neither empty ("clear") nor a plain decimal number. */
export function numberProblem(text: string): boolean {
  return text !== '' && !/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text);
}

export const cellKey = (rowId: string, columnId: string) => `${rowId}\u0000${columnId}`;
