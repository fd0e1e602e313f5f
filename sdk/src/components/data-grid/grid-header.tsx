import { useRef } from 'react';
import type { CSSProperties, KeyboardEvent, PointerEvent } from 'react';
import type { RowData } from '@tanstack/react-table';
import { MARKER_STYLE } from './grid-row';
import type { GridTable } from './grid-model';
import { clampWidth, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './use-column-widths';

/** What a width handle asks of the grid. */
export interface ResizeActions {
  /** Freezes every column at the width it shows and answers this column's width: the drag starts from what the user sees. */
  begin: (columnId: string, headerRow: HTMLElement) => number;
  set: (columnId: string, width: number) => void;
  /** The drag or key press is over: remember the widths. */
  end: () => void;
}

interface GridHeaderProps<Row extends RowData> {
  table: GridTable<Row>;
  withMarker: boolean;
  markerLabel?: string;
  /** Per visible column, in display order (the rows use the same). */
  styles: CSSProperties[];
  /** Accessible name of a column's width handle. */
  resizeLabel: (columnName: string) => string;
  resize: ResizeActions;
  /** Plain-text column names by id, for the handles' names. */
  names: Map<string, string>;
  /** Prefix of the header texts' ids: a header is named by its text, not by its width handle. */
  idPrefix: string;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const KEY_STEP = 16;

/** The edge of a header cell: drag it, or focus it and press ←/→ (Shift: bigger steps), to set the column's width. */
function ResizeHandle({ columnId, label, width, actions }: { columnId: string; label: string; width: number; actions: ResizeActions }) {
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);
  const headerRow = (element: HTMLElement) => element.closest<HTMLElement>('[role="row"]') ?? element;

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const element = event.currentTarget;
    drag.current = { startX: event.clientX, startWidth: actions.begin(columnId, headerRow(element)) };
    element.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start) actions.set(columnId, clampWidth(start.startWidth + event.clientX - start.startX));
  };
  const stop = () => {
    if (!drag.current) return;
    drag.current = null;
    actions.end();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!direction) return;
    // the grid's own arrow keys move the active cell: not while a handle has the focus
    event.preventDefault();
    event.stopPropagation();
    const current = actions.begin(columnId, headerRow(event.currentTarget));
    actions.set(columnId, clampWidth(current + direction * (event.shiftKey ? KEY_STEP * 4 : KEY_STEP)));
    actions.end();
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={Math.round(width)}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      tabIndex={0}
      className="fmea-grid__resizer"
      data-resize-column={columnId}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stop}
      onPointerCancel={stop}
      onLostPointerCapture={stop}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
    />
  );
}

/** Sticky header row; sortable columns cycle asc → desc → none on click; every column's right edge sets its width. */
export function GridHeader<Row extends RowData>({ table, withMarker, markerLabel, styles, resizeLabel, resize, names, idPrefix }: GridHeaderProps<Row>) {
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
          {group.headers.map((header, index) => {
            const column = header.column;
            const sortable = column.getCanSort();
            const sorted = column.getIsSorted();
            const name = names.get(column.id) ?? column.id;
            const textId = `${idPrefix}-h${index}`;
            const text = (
              <span className="fmea-grid__header-text" id={textId}>
                <table.FlexRender header={header} />
              </span>
            );
            return (
              <div
                role="columnheader"
                key={header.id}
                className={sortable ? 'fmea-grid__header is-sortable' : 'fmea-grid__header'}
                data-column-id={column.id}
                aria-labelledby={textId}
                aria-sort={sortable ? (sorted ? ARIA_SORT[sorted] : 'none') : undefined}
                style={styles[index]}
              >
                {header.isPlaceholder ? null : sortable ? (
                  <button type="button" className="fmea-grid__sort" onClick={() => column.toggleSorting(undefined, false)}>
                    {text}
                    <span className="fmea-grid__sort-icon" data-sort={sorted || 'none'} aria-hidden="true" />
                  </button>
                ) : (
                  text
                )}
                <ResizeHandle columnId={column.id} label={resizeLabel(name)} width={header.getSize()} actions={resize} />
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
