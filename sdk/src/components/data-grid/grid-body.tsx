import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { MouseEvent } from 'react';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import type { Range, VirtualItem } from '@tanstack/react-virtual';
import type { RowData } from '@tanstack/react-table';
import { ROW_HEIGHT } from './grid-model';
import type { GridRow } from './grid-model';
import { GridRowView, rowDomId } from './grid-row';
import type { GridRowProps, RowShared } from './grid-row';
import type { CellPosition, EditingState, SaveError } from './use-cell-editing';

export { cellDomId, columnStyle, rowDomId } from './grid-row';

/** Brings the row at `index` of the page into the grid's view: 'auto' as little as needed, 'center' in the middle. */
export type ScrollToRow = (index: number, align?: 'auto' | 'center') => void;

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
  /** The row brought into view on request (`reveal`): marked. */
  revealedKey?: string | null;
  /** The grid's scroll area; state rather than a ref, so the virtualiser attaches once it exists. */
  scrollElement: HTMLDivElement | null;
  /** The body publishes how to bring a row into view (arrow keys, `reveal`). */
  scrollToRef: { current: ScrollToRow | null };
}

/** Props of one row: only its own slice of the selection and editing state. */
function rowProps<Row extends RowData>(props: GridBodyProps<Row>, row: GridRow<Row>, index: number, start?: number): GridRowProps<Row> {
  const { active, editing, saveError, selectedKey, revealedKey } = props;
  return {
    shared: props.shared,
    rowId: row.id,
    original: row.original,
    index,
    start,
    selected: selectedKey === undefined ? undefined : selectedKey === row.id,
    revealed: revealedKey === row.id,
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
    scrollToRef.current = (index, align = 'auto') => document.getElementById(rowDomId(idPrefix, index))?.scrollIntoView?.({ block: align === 'center' ? 'center' : 'nearest' });
    return () => {
      scrollToRef.current = null;
    };
  }, [idPrefix, scrollToRef]);
  return (
    <div role="rowgroup" className="fmea-grid__body" {...bodyHandlers(props)}>
      {rows.map((row, index) => (
        <GridRowView key={row.id} {...rowProps(props, row, index)} />
      ))}
    </div>
  );
}

const rowHeight = () => ROW_HEIGHT;

/** Rows rendered beyond the viewport: ahead of a scroll (its next steps), behind it, and before the viewport at rest. */
const OVERSCAN_AHEAD = 5;
const OVERSCAN_BEHIND = 1;
const OVERSCAN_AT_REST = 3;

/**
 * How many rows the window holds, always the same (fewer only when the page has fewer): the rows a
 * viewport this high can cut into, the overscan ahead and behind, rounded up to an even number.
 */
export function windowLength(viewportHeight: number): number {
  const length = Math.ceil(viewportHeight / ROW_HEIGHT) + 1 + OVERSCAN_AHEAD + OVERSCAN_BEHIND;
  return length + (length % 2);
}

/**
 * The rows of the window in the order their elements keep. Each row element is a slot (its React key):
 * row `index` goes into slot `index % slots`, so a row keeps its element while it stays in the window,
 * and a row that enters takes the element of the one that left (the window's length is the number of
 * slots): React updates its texts and attributes instead of removing one row and building another (no
 * new elements, no style recalculation of a new subtree, no layout of new boxes). With an even number
 * of slots an element always shows rows of one parity (its striped background class stays). While the
 * grid scrolls (or a cell is edited) the slots keep their order in the DOM, so no element is moved (a
 * moved element holding the editor would lose its focus); once it rests they are sorted by row index, so
 * the DOM, and what assistive technology reads, is in row order again.
 */
export function windowSlots<T extends { index: number }>(
  items: readonly T[],
  previous: { slots: number; order: readonly number[] },
  keepOrder: boolean,
  slots: number,
): { slots: number; order: number[]; placed: (T | undefined)[] } {
  const placed: (T | undefined)[] = new Array<T | undefined>(slots).fill(undefined);
  for (const item of items) placed[item.index % slots] = item;
  let order: number[];
  if (keepOrder && slots === previous.slots) {
    order = [...previous.order];
  } else {
    order = Array.from({ length: slots }, (_, slot) => slot);
    const rank = (slot: number) => placed[slot]?.index ?? Number.MAX_SAFE_INTEGER;
    order.sort((a, b) => rank(a) - rank(b) || a - b);
  }
  return { slots, order, placed };
}

/** Only a window of fixed-height rows is in the DOM (long pages, e.g. 20,000 local rows). */
export function VirtualRows<Row extends RowData>(props: GridBodyProps<Row>) {
  const { rows, scrollElement, scrollToRef, height, editing } = props;
  // a new getItemKey makes virtual-core re-measure every row: keep it stable per row model
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  // read by the range extractor while a render asks for the window
  const direction = useRef<'forward' | 'backward' | null>(null);
  /** The window's length; it only grows (a taller grid), as a new length moves every row to another slot. */
  const slots = useRef(windowLength(height));
  // a window of a fixed length, more of it ahead of a scroll than behind: a wheel step (~3 rows a frame)
  // finds its rows already there, and a row that enters always takes the element of one that left
  const rangeExtractor = useCallback((range: Range) => {
    const length = Math.min(range.count, slots.current);
    const before = direction.current === 'backward' ? OVERSCAN_AHEAD : direction.current === 'forward' ? OVERSCAN_BEHIND : OVERSCAN_AT_REST;
    const start = Math.max(0, Math.min(range.startIndex - before, range.count - length));
    const end = Math.min(range.count - 1, Math.max(start + length - 1, range.endIndex));
    return defaultRangeExtractor({ ...range, startIndex: start, endIndex: end, overscan: 0 });
  }, []);
  const virtualizer = useVirtualizer({
    initialRect: { width: 0, height },
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: rowHeight,
    getItemKey,
    rangeExtractor,
    // re-render after the scroll event rather than synchronously inside it (recycled rows keep it cheap)
    useFlushSync: false,
    // the sticky header takes one row of the viewport: a row is fully visible only 36 px above the bottom
    scrollPaddingEnd: ROW_HEIGHT,
  });
  direction.current = virtualizer.scrollDirection;
  slots.current = Math.max(slots.current, windowLength(virtualizer.scrollRect?.height ?? height));
  useEffect(() => {
    scrollToRef.current = (index, align = 'auto') => virtualizer.scrollToIndex(index, { align });
    return () => {
      scrollToRef.current = null;
    };
  }, [virtualizer, scrollToRef]);
  // the slot order as last committed
  const committed = useRef<{ slots: number; order: readonly number[] }>({ slots: 0, order: [] });
  const items = virtualizer.getVirtualItems();
  const placement = windowSlots<VirtualItem>(items, committed.current, virtualizer.isScrolling || editing !== null, Math.max(slots.current, items.length));
  useLayoutEffect(() => {
    committed.current = { slots: placement.slots, order: placement.order };
  });
  return (
    <div
      role="rowgroup"
      className="fmea-grid__body fmea-grid__body--virtual"
      style={{ height: virtualizer.getTotalSize() }}
      {...bodyHandlers(props)}
    >
      {placement.order.map((slot) => {
        const item = placement.placed[slot];
        const row = item && rows[item.index];
        if (!item || !row) return null;
        return <GridRowView key={slot} {...rowProps(props, row, item.index, item.start)} />;
      })}
    </div>
  );
}
