export { DataGrid } from './data-grid';
export { DataGridStorage, WIDTHS_PREFIX } from './use-column-widths';
export type {
  DataGridColumn,
  DataGridEditable,
  DataGridLabels,
  DataGridPage,
  DataGridProps,
  DataGridQuery,
  DataGridReveal,
  DataGridRowMarker,
  DataGridSort,
} from './types';
