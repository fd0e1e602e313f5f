import { useCallback, useEffect } from 'react';
import type { MouseEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { RowData } from '@tanstack/react-table';
import { ROW_HEIGHT } from './grid-model';
import type { GridRow } from './grid-model';
import { GridRowView, rowDomId } from './grid-row';
import type { GridRowProps, RowShared } from './grid-row';
import type { CellPosition, EditingState, SaveError } from './use-cell-editing';

export { cellDomId, columnStyle, rowDomId } from './grid-row';

export interface GridBodyProps<Row extends RowData> {
  /** Scroll area height (virtualised), used before the first measurement. */
  height: number;
  rows: GridRow<Row>[];
  shared: RowShared<Row>;
  active: CellPosition | null;
  editing: EditingState | null;
  saveError: SaveError | null;
  onCellClick: (position: CellPosition) => void;
  onCellDoubleClick: (position: CellPosition) => void;
  onRowClick?: (row: Row) => void;
  selectedKey?: string | null;
  /** The grid's scroll area; state rather than a ref, so the virtualiser attaches once it exists. */
  scrollElement: HTMLDivElement | null;
  /** The body publishes how to bring a row into view (arrow keys). */
  scrollToRef: { current: ((index: number) => void) | null };
}

/** Props of one row: only its own slice of the selection and editing state. */
function rowProps<Row extends RowData>(props: GridBodyProps<Row>, row: GridRow<Row>, index: number, start?: number): GridRowProps<Row> & { key: string } {
  const { active, editing, saveError, selectedKey } = props;
  return {
    key: row.id,
    shared: props.shared,
    rowId: row.id,
    original: row.original,
    index,
    start,
    selected: selectedKey === undefined ? undefined : selectedKey === row.id,
    activeColumnId: active?.rowId === row.id ? active.columnId : null,
    edit: editing?.rowId === row.id ? editing : null,
    errorColumnId: saveError?.rowId === row.id ? saveError.columnId : null,
  };
}

/** One click handler for the whole body: cell first, then the row, as nested handlers would. */
function bodyHandlers<Row extends RowData>(props: GridBodyProps<Row>) {
  const { rows, onCellClick, onCellDoubleClick, onRowClick } = props;
  const locate = (event: MouseEvent<HTMLElement>) => {
    const target = event.target as Element;
    const rowElement = target.closest?.('[role="row"][data-row-key]');
    if (!rowElement || !event.currentTarget.contains(rowElement)) return null;
    const rowId = rowElement.getAttribute('data-row-key') ?? '';
    const cellElement = target.closest('[role="gridcell"][data-column-id]');
    const columnId = cellElement && rowElement.contains(cellElement) ? cellElement.getAttribute('data-column-id') : null;
    return { target, rowId, columnId };
  };
  const onClick = (event: MouseEvent<HTMLElement>) => {
    const hit = locate(event);
    if (!hit) return;
    if (hit.columnId !== null) onCellClick({ rowId: hit.rowId, columnId: hit.columnId });
    if (!onRowClick || hit.target.closest('.fmea-grid__editor')) return;
    const row = rows.find((r) => r.id === hit.rowId);
    if (row) onRowClick(row.original);
  };
  const onDoubleClick = (event: MouseEvent<HTMLElement>) => {
    const hit = locate(event);
    if (hit?.columnId != null) onCellDoubleClick({ rowId: hit.rowId, columnId: hit.columnId });
  };
  return { onClick, onDoubleClick };
}

/** All rows of the page in normal flow (short pages). */
export function PlainRows<Row extends RowData>(props: GridBodyProps<Row>) {
  const { rows, shared, scrollToRef } = props;
  const { idPrefix } = shared;
  useEffect(() => {
    scrollToRef.current = (index) => document.getElementById(rowDomId(idPrefix, index))?.scrollIntoView?.({ block: 'nearest' });
    return () => {
      scrollToRef.current = null;
    };
  }, [idPrefix, scrollToRef]);
  return (
    <div role="rowgroup" className="fmea-grid__body" {...bodyHandlers(props)}>
      {rows.map((row, index) => {
        const { key, ...rest } = rowProps(props, row, index);
        return <GridRowView key={key} {...rest} />;
      })}
    </div>
  );
}

const rowHeight = () => ROW_HEIGHT;

/** Only a window of fixed-height rows is in the DOM (long pages, e.g. 20,000 local rows). */
export function VirtualRows<Row extends RowData>(props: GridBodyProps<Row>) {
  const { rows, scrollElement, scrollToRef, height } = props;
  // a new getItemKey makes virtual-core re-measure every row: keep it stable per row model
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const virtualizer = useVirtualizer({
    initialRect: { width: 0, height },
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: rowHeight,
    getItemKey,
    // a small margin for wheel steps; fast jumps re-render the whole window anyway
    overscan: 5,
    // re-render after the scroll event rather than synchronously inside it (memoised rows keep it cheap)
    useFlushSync: false,
    // the sticky header takes one row of the viewport: a row is fully visible only 36 px above the bottom
    scrollPaddingEnd: ROW_HEIGHT,
  });
  useEffect(() => {
    scrollToRef.current = (index) => virtualizer.scrollToIndex(index, { align: 'auto' });
    return () => {
      scrollToRef.current = null;
    };
  }, [virtualizer, scrollToRef]);
  return (
    <div
      role="rowgroup"
      className="fmea-grid__body fmea-grid__body--virtual"
      style={{ height: virtualizer.getTotalSize() }}
      {...bodyHandlers(props)}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        const { key, ...rest } = rowProps(props, row, item.index, item.start);
        return <GridRowView key={key} {...rest} />;
      })}
    </div>
  );
}
