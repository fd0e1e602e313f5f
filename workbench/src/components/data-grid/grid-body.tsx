import { useCallback, useEffect } from 'react';
import type { CSSProperties, MouseEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { RowData } from '@tanstack/react-table';
import { CellEditor } from './cell-editor';
import { displayText, MARKER_WIDTH, ROW_HEIGHT } from './grid-model';
import type { GridRow, GridTable } from './grid-model';
import type { CellEditing } from './use-cell-editing';
import type { DataGridColumn, DataGridLabels, DataGridRowMarker } from './types';

export interface GridBodyProps<Row extends RowData> {
  /** Scroll area height (virtualised), used before the first measurement. */
  height: number;
  table: GridTable<Row>;
  rows: GridRow<Row>[];
  columnsById: Map<string, DataGridColumn<Row>>;
  editing: CellEditing<Row>;
  labels: DataGridLabels;
  idPrefix: string;
  rowMarker?: (row: Row) => DataGridRowMarker | undefined;
  onRowClick?: (row: Row) => void;
  selectedKey?: string | null;
  /** The grid's scroll area; state rather than a ref, so the virtualiser attaches once it exists. */
  scrollElement: HTMLDivElement | null;
  /** The body publishes how to bring a row into view (arrow keys). */
  scrollToRef: { current: ((index: number) => void) | null };
}

export const columnStyle = (size: number): CSSProperties => ({ flex: `${size} 0 ${size}px`, minWidth: 0 });
export const rowDomId = (idPrefix: string, index: number) => `${idPrefix}-r${index}`;
export const cellDomId = (idPrefix: string, index: number, columnIndex: number) => `${idPrefix}-r${index}-c${columnIndex}`;

/** All rows of the page in normal flow (short pages). */
export function PlainRows<Row extends RowData>(props: GridBodyProps<Row>) {
  const { rows, idPrefix, scrollToRef } = props;
  useEffect(() => {
    scrollToRef.current = (index) => document.getElementById(rowDomId(idPrefix, index))?.scrollIntoView?.({ block: 'nearest' });
    return () => {
      scrollToRef.current = null;
    };
  }, [idPrefix, scrollToRef]);
  return (
    <div role="rowgroup" className="fmea-grid__body">
      {rows.map((row, index) => (
        <GridRowView key={row.id} {...props} row={row} index={index} />
      ))}
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
    overscan: 10,
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
    <div role="rowgroup" className="fmea-grid__body fmea-grid__body--virtual" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        return row ? (
          <GridRowView
            key={row.id}
            {...props}
            row={row}
            index={item.index}
            style={{ transform: `translateY(${item.start}px)` }}
          />
        ) : null;
      })}
    </div>
  );
}

interface GridRowViewProps<Row extends RowData> extends GridBodyProps<Row> {
  row: GridRow<Row>;
  index: number;
  style?: CSSProperties;
}

function GridRowView<Row extends RowData>(props: GridRowViewProps<Row>) {
  const { table, row, index, style, idPrefix, rowMarker, onRowClick, selectedKey, labels, editing, columnsById } = props;
  const marker = rowMarker?.(row.original);
  const selected = selectedKey === undefined ? undefined : selectedKey === row.id;
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest?.('.fmea-grid__editor')) return;
    onRowClick?.(row.original);
  };
  const className = ['fmea-grid__row', selected ? 'is-selected' : '', index % 2 ? 'is-odd' : ''].filter(Boolean).join(' ');
  return (
    <div
      role="row"
      id={rowDomId(idPrefix, index)}
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={className}
      data-row-key={row.id}
      data-marker={marker}
      style={style}
      onClick={onClick}
    >
      {rowMarker ? (
        <div
          role="gridcell"
          className="fmea-grid__marker"
          data-marker={marker}
          title={marker === 'noPermission' ? labels.noPermission : undefined}
          aria-label={marker === 'noPermission' ? labels.noPermission : undefined}
          style={{ flex: `0 0 ${MARKER_WIDTH}px` }}
        />
      ) : null}
      {row.getVisibleCells().map((cell, columnIndex) => {
        const column = columnsById.get(cell.column.id);
        if (!column) return null;
        const position = { rowId: row.id, columnId: column.id };
        const isActive = editing.active?.rowId === row.id && editing.active.columnId === column.id;
        const edit = editing.editing?.rowId === row.id && editing.editing.columnId === column.id ? editing.editing : null;
        const failed = editing.saveError?.rowId === row.id && editing.saveError.columnId === column.id;
        const override = editing.overrideFor(row.id, column.id);
        const editable = editing.canEdit(row.original, column);
        const cellClass = [
          'fmea-grid__cell',
          isActive ? 'is-active' : '',
          edit ? 'is-editing' : '',
          editable ? 'is-editable' : '',
          failed ? 'has-error' : '',
        ]
          .filter(Boolean)
          .join(' ');
        const id = cellDomId(idPrefix, index, columnIndex);
        return (
          <div
            key={cell.id}
            role="gridcell"
            id={id}
            className={cellClass}
            data-column-id={column.id}
            aria-colindex={columnIndex + (rowMarker ? 2 : 1)}
            aria-selected={isActive}
            aria-readonly={editable ? undefined : true}
            style={columnStyle(cell.column.getSize())}
            onClick={() => editing.onCellClick(position)}
            onDoubleClick={() => editing.onCellDoubleClick(position)}
          >
            {edit && column.editable ? (
              <CellEditor
                editable={column.editable}
                value={edit.draft}
                error={edit.error}
                label={typeof column.header === 'string' ? column.header : undefined}
                errorId={`${id}-error`}
                onChange={editing.setDraft}
                onCommit={() => void editing.commit()}
                onKeyDown={editing.onEditorKeyDown}
              />
            ) : override !== undefined ? (
              displayText(column, override)
            ) : (
              <table.FlexRender cell={cell} />
            )}
          </div>
        );
      })}
    </div>
  );
}
