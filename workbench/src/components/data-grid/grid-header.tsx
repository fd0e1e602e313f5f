import type { RowData } from '@tanstack/react-table';
import { columnStyle, MARKER_STYLE } from './grid-row';
import type { GridTable } from './grid-model';

interface GridHeaderProps<Row extends RowData> {
  table: GridTable<Row>;
  withMarker: boolean;
  markerLabel?: string;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** Sticky header row; sortable columns cycle asc → desc → none on click. */
export function GridHeader<Row extends RowData>({ table, withMarker, markerLabel }: GridHeaderProps<Row>) {
  return (
    <div role="rowgroup" className="fmea-grid__head">
      {table.getHeaderGroups().map((group) => (
        <div role="row" aria-rowindex={1} className="fmea-grid__row fmea-grid__row--head" key={group.id}>
          {withMarker ? (
            <div
              role="columnheader"
              className="fmea-grid__marker fmea-grid__marker--head"
              aria-label={markerLabel}
              style={MARKER_STYLE}
            />
          ) : null}
          {group.headers.map((header) => {
            const column = header.column;
            const sortable = column.getCanSort();
            const sorted = column.getIsSorted();
            return (
              <div
                role="columnheader"
                key={header.id}
                className={sortable ? 'fmea-grid__header is-sortable' : 'fmea-grid__header'}
                data-column-id={column.id}
                aria-sort={sortable ? (sorted ? ARIA_SORT[sorted] : 'none') : undefined}
                style={columnStyle(header.getSize())}
              >
                {header.isPlaceholder ? null : sortable ? (
                  <button type="button" className="fmea-grid__sort" onClick={() => column.toggleSorting(undefined, false)}>
                    <span className="fmea-grid__header-text">
                      <table.FlexRender header={header} />
                    </span>
                    <span className="fmea-grid__sort-icon" data-sort={sorted || 'none'} aria-hidden="true" />
                  </button>
                ) : (
                  <span className="fmea-grid__header-text">
                    <table.FlexRender header={header} />
                  </span>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
