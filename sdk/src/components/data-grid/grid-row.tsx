import { memo, useLayoutEffect, useRef } from 'react';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { CellEditor } from './cell-editor';
import { cellText, displayText, MARKER_WIDTH } from './grid-model';
import { forgetRevealed } from './reveal-clipped';
import type { EditingState } from './use-cell-editing';
import type { DataGridColumn, DataGridRowMarker } from './types';

/**
 * A column's box: until the user sets widths, columns share the grid's width in proportion to their
 * default widths (`grow` = size); once set, each keeps its width and only the last one fills the rest.
 */
export const columnStyle = (size: number, grow: number = size): CSSProperties => ({ flex: `${grow} 0 ${size}px`, minWidth: 0 });
export const MARKER_STYLE: CSSProperties = { flex: `0 0 ${MARKER_WIDTH}px` };
export const rowDomId = (idPrefix: string, index: number) => `${idPrefix}-r${index}`;
export const cellDomId = (idPrefix: string, index: number, columnIndex: number) => `${idPrefix}-r${index}-c${columnIndex}`;

/** Stable editor callbacks: they call the latest editing controller. */
export interface EditorActions {
  setDraft: (draft: string) => void;
  commit: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/**
 * What every row shares; memoised by the grid so that it changes only with the columns,
 * the caller's callbacks or the optimistic values, never while scrolling.
 */
export interface RowShared<Row> {
  columns: DataGridColumn<Row>[]; // visible, in display order
  styles: CSSProperties[]; // per visible column, reused by every row
  idPrefix: string;
  rowMarker?: (row: Row) => DataGridRowMarker | undefined;
  noPermission: string;
  canEditRow: (row: Row) => boolean; // false without onCellChange
  overrideFor: (rowId: string, columnId: string) => string | undefined;
  editor: EditorActions;
}

/** Per-row props are primitives (or stable objects), so memo skips rows that did not change. */
export interface GridRowProps<Row> {
  shared: RowShared<Row>;
  rowId: string;
  original: Row;
  index: number;
  /** translateY of a virtual row; undefined in normal flow. */
  start?: number;
  selected?: boolean;
  /** Brought into view on request (`reveal`): marked until another row is. */
  revealed?: boolean;
  activeColumnId: string | null;
  /** The open editor when it is in this row. */
  edit: EditingState | null;
  errorColumnId: string | null;
}

/** A custom cell renders as its own component, as TanStack's FlexRender did (hooks stay isolated). */
function CustomCell<Row>({ render, row }: { render: (row: Row) => ReactNode; row: Row }) {
  return render(row);
}

function GridRowInner<Row>(props: GridRowProps<Row>) {
  const { shared, rowId, original, index, start, selected, revealed, activeColumnId, edit, errorColumnId } = props;
  const { columns, styles, idPrefix, rowMarker } = shared;
  const element = useRef<HTMLDivElement>(null);
  // a virtual row element shows the rows that scroll by: what it revealed of the last one goes
  useLayoutEffect(() => {
    if (element.current) forgetRevealed(element.current);
  }, [rowId]);
  const marker = rowMarker?.(original);
  const rowEditable = shared.canEditRow(original);
  let className = 'fmea-grid__row';
  if (selected) className += ' is-selected';
  if (revealed) className += ' is-revealed';
  if (index % 2) className += ' is-odd';
  // the editor's error or hint hangs below the row: this row paints over the next one
  if (edit) className += ' is-editing';
  const noPermission = marker === 'noPermission' ? shared.noPermission : undefined;
  return (
    <div
      ref={element}
      role="row"
      id={rowDomId(idPrefix, index)}
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={className}
      data-row-key={rowId}
      data-marker={marker}
      data-revealed={revealed ? 'true' : undefined}
      style={start === undefined ? undefined : { transform: `translateY(${start}px)` }}
    >
      {rowMarker ? (
        <div role="gridcell" className="fmea-grid__marker" data-marker={marker} title={noPermission} aria-label={noPermission} style={MARKER_STYLE} />
      ) : null}
      {columns.map((column, columnIndex) => {
        const isActive = activeColumnId === column.id;
        const cellEdit = edit?.columnId === column.id ? edit : null;
        const editable = rowEditable && !!column.editable;
        let cellClass = 'fmea-grid__cell';
        if (isActive) cellClass += ' is-active';
        if (cellEdit) cellClass += ' is-editing';
        if (editable) cellClass += ' is-editable';
        if (errorColumnId === column.id) cellClass += ' has-error';
        // only the cells aria-activedescendant or the editor's error can point at need an id
        const id = isActive || cellEdit ? cellDomId(idPrefix, index, columnIndex) : undefined;
        let content: ReactNode;
        let title: string | undefined;
        if (cellEdit && column.editable) {
          content = (
            <CellEditor
              editable={column.editable}
              value={cellEdit.draft}
              error={cellEdit.error}
              hint={column.editable.hint?.(original)}
              label={typeof column.header === 'string' ? column.header : undefined}
              typed={cellEdit.typed}
              errorId={`${id}-error`}
              onChange={shared.editor.setDraft}
              onCommit={shared.editor.commit}
              onKeyDown={shared.editor.onKeyDown}
            />
          );
        } else {
          const override = shared.overrideFor(rowId, column.id);
          if (override === undefined && column.cell) {
            // in a box of its own, so that a clipped text ends in an ellipsis; keyed by the row, as a virtual row element
            // shows the rows that scroll by: a custom cell's state (and a tooltip revealed on its box) stays with its row
            content = (
              <span key={rowId} className="fmea-grid__cell-text">
                <CustomCell render={column.cell} row={original} />
              </span>
            );
          } else {
            const text = displayText(column, override ?? cellText(original, column));
            // long FMEA texts are clipped by the column width: the whole text shows on hover
            if (text.length > 8) title = text;
            // a plain text is the cell's only content: the cell itself clips it with an ellipsis (one element less per cell)
            cellClass += ' is-text';
            content = text;
          }
        }
        return (
          <div
            key={column.id}
            role="gridcell"
            id={id}
            className={cellClass}
            data-column-id={column.id}
            aria-colindex={columnIndex + (rowMarker ? 2 : 1)}
            aria-selected={isActive}
            aria-readonly={editable ? undefined : true}
            style={styles[columnIndex]}
            title={title}
          >
            {content}
          </div>
        );
      })}
    </div>
  );
}

/** One body row; clicks are handled by the body (event delegation), so the row holds no closures. */
export const GridRowView = memo(GridRowInner) as typeof GridRowInner;
