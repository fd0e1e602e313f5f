import type { RowData } from '@tanstack/react-table';
import type { GridTable } from './grid-model';
import type { DataGridLabels } from './types';

interface GridPagerProps<Row extends RowData> {
  table: GridTable<Row>;
  total: number;
  paged: boolean;
  pageSizes: number[];
  labels: DataGridLabels;
  onPageSize: (size: number) => void;
}

/** Total count, first/previous/next/last and the page size (spec 000 §9: page 1, limit 10). */
export function GridPager<Row extends RowData>({ table, total, paged, pageSizes, labels, onPageSize }: GridPagerProps<Row>) {
  const { pageIndex, pageSize } = table.state.pagination;
  const pageCount = Math.max(1, table.getPageCount());
  const sizes = pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b);
  return (
    <div className="fmea-grid__pager">
      <span className="fmea-grid__total" data-testid="data-grid-total">
        {labels.total(total)}
      </span>
      {paged ? (
        <div className="fmea-grid__pages">
          <button type="button" aria-label={labels.firstPage} title={labels.firstPage} disabled={!table.getCanPreviousPage()} onClick={() => table.firstPage()}>
            «
          </button>
          <button type="button" aria-label={labels.previousPage} title={labels.previousPage} disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
            ‹
          </button>
          <span className="fmea-grid__page" aria-live="polite" data-testid="data-grid-page">
            {labels.pageOf ? labels.pageOf(pageIndex + 1, pageCount) : `${pageIndex + 1} / ${pageCount}`}
          </span>
          <button type="button" aria-label={labels.nextPage} title={labels.nextPage} disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
            ›
          </button>
          <button type="button" aria-label={labels.lastPage} title={labels.lastPage} disabled={!table.getCanNextPage()} onClick={() => table.lastPage()}>
            »
          </button>
          <select
            className="fmea-grid__page-size"
            aria-label={labels.pageSize}
            value={pageSize}
            onChange={(e) => onPageSize(Number(e.target.value))}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {labels.pageSizeOption ? labels.pageSizeOption(size) : size}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </div>
  );
}
