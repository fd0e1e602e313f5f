export { DataGrid } from './data-grid';
export type {
  DataGridColumn,
  DataGridEditable,
  DataGridLabels,
  DataGridPage,
  DataGridProps,
  DataGridQuery,
  DataGridRowMarker,
  DataGridSort,
} from './types';
