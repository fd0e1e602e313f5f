import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { useTable } from '@tanstack/react-table';
import type { ColumnSizingState, PaginationState, RowData, SortingState, Updater } from '@tanstack/react-table';
import { ColumnMenu } from './column-menu';
import { PlainRows, VirtualRows } from './grid-body';
import type { GridBodyProps, ScrollToRow } from './grid-body';
import { cellDomId, columnStyle } from './grid-row';
import type { EditorActions, RowShared } from './grid-row';
import { GridHeader } from './grid-header';
import type { ResizeActions } from './grid-header';
import { revealClipped } from './reveal-clipped';
import {
  AUTO_VIRTUALIZE_ABOVE,
  buildColumns,
  DEFAULT_PAGE_SIZES,
  defaultCanEdit,
  gridFeatures,
  initialVisibility,
  MARKER_WIDTH,
} from './grid-model';
import { GridPager } from './grid-pager';
import { MarkerLegend } from './marker-legend';
import { useCellEditing } from './use-cell-editing';
import { clampWidth, gridIdOf, useColumnWidths } from './use-column-widths';
import { useServerRows } from './use-server-rows';
import type { DataGridColumn, DataGridProps, DataGridQuery, DataGridRowMarker } from './types';
import './data-grid.css';

const NO_ROWS: never[] = [];

/**
 * The one data grid of the product: server paging (page 1, limit 10) or local rows, whitelisted
 * sorting, column visibility, row markers, cell editing and virtualised long pages.
 * All user-visible text comes from the caller (`labels`, `emptyText`, headers).
 */
export function DataGrid<Row extends RowData>(props: DataGridProps<Row>) {
  const {
    columns,
    rowKey,
    fetchPage,
    rows: localRows,
    pageLocalRows = false,
    pageSize: initialPageSize = 10,
    pageSizeOptions = DEFAULT_PAGE_SIZES,
    reloadKey,
    queryKey,
    rowMarker,
    canEditRow,
    onCellChange,
    onDraftChange,
    onRowClick,
    selectedKey,
    reveal,
    virtualize,
    height = 480,
    emptyText,
    labels,
    toolbar,
    className,
    gridId,
  } = props;
  const serverMode = fetchPage !== undefined;
  const paged = serverMode || pageLocalRows;
  const idPrefix = `fmea-grid${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // children's layout effects run before this element's ref is attached: the virtualiser gets it as state
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const attachScroll = useCallback((element: HTMLDivElement | null) => {
    scrollRef.current = element;
    setScrollElement(element);
  }, []);
  const scrollToRef = useRef<ScrollToRow | null>(null);

  const [sorting, setSorting] = useState<SortingState>([]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: initialPageSize });

  // spec 001 §5: only whitelisted (sortable) column ids ever reach the server
  const sortableIds = useMemo(() => new Set(columns.filter((c) => c.sortable).map((c) => c.id)), [columns]);
  const sortEntry = sorting.find((s) => sortableIds.has(s.id));
  // a new query starts on page 1: adjusted while rendering, so the grid fetches once, with both changes
  const [seenQueryKey, setSeenQueryKey] = useState(queryKey);
  if (!Object.is(seenQueryKey, queryKey)) {
    setSeenQueryKey(queryKey);
    if (pagination.pageIndex !== 0) setPagination((p) => ({ ...p, pageIndex: 0 }));
  }
  const fetchKey = useMemo(() => ({ reloadKey, queryKey }), [reloadKey, queryKey]);
  const query: DataGridQuery = { page: pagination.pageIndex + 1, limit: pagination.pageSize };
  if (sortEntry) query.sort = { id: sortEntry.id, desc: sortEntry.desc };
  const server = useServerRows(fetchPage, query, fetchKey, labels.loadError);

  const data = serverMode ? server.items : (localRows ?? NO_ROWS);
  const tableColumns = useMemo(() => buildColumns(columns), [columns]);
  const columnsById = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const [initialColumnVisibility] = useState(() => initialVisibility(columns));
  const widths = useColumnWidths(gridId ?? gridIdOf(columns.map((c) => c.id)));

  const onSortingChange = (updater: Updater<SortingState>) => {
    setSorting(updater);
    setPagination((p) => (p.pageIndex === 0 ? p : { ...p, pageIndex: 0 }));
  };

  const table = useTable({
    features: gridFeatures,
    columns: tableColumns,
    data,
    getRowId: (row) => rowKey(row),
    initialState: { columnVisibility: initialColumnVisibility },
    state: { sorting, pagination, columnSizing: widths.sizing },
    onColumnSizingChange: (updater: Updater<ColumnSizingState>) => widths.setSizing(updater),
    onSortingChange,
    onPaginationChange: setPagination,
    manualSorting: serverMode,
    manualPagination: !paged || serverMode,
    rowCount: serverMode ? server.total : undefined,
    enableMultiSort: false,
    sortDescFirst: false,
    autoResetPageIndex: false,
  });

  // a shrunken result (deletions, smaller total) must not leave the user past the last page
  const pageCount = table.getPageCount();
  useEffect(() => {
    if (paged && !server.loading && pagination.pageIndex > 0 && pagination.pageIndex >= Math.max(1, pageCount)) {
      setPagination((p) => ({ ...p, pageIndex: Math.max(0, pageCount - 1) }));
    }
  }, [paged, server.loading, pagination.pageIndex, pageCount]);

  const rows = table.getRowModel().rows;

  // a row asked for (`reveal`): its page, then scrolled to (centred) and marked until another is asked for
  const [revealed, setRevealed] = useState<{ request: object; key: string } | null>(null);
  useEffect(() => {
    if (!reveal || revealed?.request === reveal) return;
    const all = table.getPrePaginatedRowModel().rows;
    const index = all.findIndex((r) => reveal.match(r.original));
    if (index < 0) return; // not loaded (yet): asked again when the rows change
    if (paged && !serverMode) {
      const page = Math.floor(index / pagination.pageSize);
      if (page !== pagination.pageIndex) {
        setPagination((p) => ({ ...p, pageIndex: page }));
        return;
      }
    }
    const key = all[index]!.id;
    const onPage = rows.findIndex((r) => r.id === key);
    if (onPage < 0) return;
    scrollToRef.current?.(onPage, 'center');
    // the grid itself into the page's view, once its scroll area shows the row
    scrollRef.current?.scrollIntoView?.({ block: 'nearest' });
    setRevealed({ request: reveal, key });
  }, [reveal, revealed, rows, table, paged, serverMode, pagination]);
  const revealedKey = reveal && revealed?.request === reveal ? revealed.key : null;
  const leafColumns = table.getVisibleLeafColumns();
  // memoised rows compare these by identity: keep them stable while ids and sizes are
  const leafIds = leafColumns.map((c) => c.id).join('\u0000');
  const leafSizes = leafColumns.map((c) => c.getSize()).join(',');
  const visibleColumns = useMemo(
    () => leafIds.split('\u0000').flatMap((id) => columnsById.get(id) ?? []),
    [leafIds, columnsById],
  );
  const fixedWidths = widths.fixed;
  const columnStyles = useMemo(() => {
    const sizes = leafSizes.split(',').filter(Boolean).map(Number);
    // widths the user set hold exactly; the last column takes what is left of a wider grid
    return sizes.map((size, i) => columnStyle(size, fixedWidths ? (i === sizes.length - 1 ? 1 : 0) : size));
  }, [leafSizes, fixedWidths]);
  const names = useMemo(() => new Map(columns.map((c) => [c.id, typeof c.header === 'string' ? c.header : c.id])), [columns]);
  const resize: ResizeActions = {
    begin: (columnId, headerRow) => {
      const shown: ColumnSizingState = {};
      for (const cell of headerRow.querySelectorAll<HTMLElement>('[role="columnheader"][data-column-id]')) {
        const id = cell.dataset.columnId!;
        const width = cell.getBoundingClientRect().width;
        shown[id] = clampWidth(width > 0 ? width : (table.getColumn(id)?.getSize() ?? 0));
      }
      widths.setSizing((previous) => ({ ...previous, ...shown }));
      return shown[columnId] ?? table.getColumn(columnId)?.getSize() ?? 0;
    },
    set: (columnId, width) => widths.setSizing((previous) => ({ ...previous, [columnId]: clampWidth(width) })),
    end: widths.remember,
  };
  const effectiveCanEditRow = useMemo(
    () => canEditRow ?? ((row: Row) => defaultCanEdit(rowMarker?.(row))),
    [canEditRow, rowMarker],
  );

  const editing = useCellEditing<Row>({
    rows,
    columns: visibleColumns,
    data,
    canEditRow: effectiveCanEditRow,
    onCellChange,
    onDraftChange,
    saveErrorFallback: labels.saveError,
    invalidNumber: labels.invalidNumber,
    ensureVisible: (index) => scrollToRef.current?.(index),
    focusGrid: () => scrollRef.current?.focus(),
  });

  const virtual = virtualize ?? rows.length > AUTO_VIRTUALIZE_ABOVE;
  const loading = serverMode && server.loading;
  const error = serverMode ? server.error : null;
  const total = serverMode ? server.total : (localRows?.length ?? 0);
  const columnCount = visibleColumns.length + (rowMarker ? 1 : 0);
  const gridWidth = leafColumns.reduce((sum, c) => sum + c.getSize(), rowMarker ? MARKER_WIDTH : 0);

  const active = editing.active;
  const activeRowIndex = active ? rows.findIndex((r) => r.id === active.rowId) : -1;
  const activeColumnIndex = active ? visibleColumns.findIndex((c) => c.id === active.columnId) : -1;
  const activeDescendant =
    activeRowIndex >= 0 && activeColumnIndex >= 0 ? cellDomId(idPrefix, activeRowIndex, activeColumnIndex) : undefined;

  // the editor's callbacks stay stable (memoised rows) and call this render's controller
  const editingRef = useRef(editing);
  editingRef.current = editing;
  const editor = useMemo<EditorActions>(
    () => ({
      setDraft: (draft) => editingRef.current.setDraft(draft),
      commit: () => void editingRef.current.commit(),
      onKeyDown: (event) => editingRef.current.onEditorKeyDown(event),
    }),
    [],
  );
  const { overrideFor } = editing;
  const shared = useMemo<RowShared<Row>>(
    () => ({
      columns: visibleColumns,
      styles: columnStyles,
      idPrefix,
      rowMarker,
      noPermission: labels.noPermission,
      canEditRow: (row) => !!onCellChange && effectiveCanEditRow(row),
      overrideFor,
      editor,
    }),
    [visibleColumns, columnStyles, idPrefix, rowMarker, labels.noPermission, onCellChange, effectiveCanEditRow, overrideFor, editor],
  );

  const bodyProps: GridBodyProps<Row> = {
    rows,
    shared,
    active: editing.active,
    editing: editing.editing,
    saveError: editing.saveError,
    onCellClick: editing.onCellClick,
    onCellDoubleClick: editing.onCellDoubleClick,
    onRowClick,
    selectedKey,
    revealedKey,
    scrollElement,
    scrollToRef,
    height,
  };
  const status = error ?? (!loading && rows.length === 0 ? emptyText : null);
  // the stripes the page's rows carry, for the legend under the grid
  const markers = useMemo(() => {
    const found = new Set<DataGridRowMarker>();
    if (!rowMarker || !labels.markerLegend) return found;
    for (const row of rows) {
      const marker = rowMarker(row.original);
      if (marker) found.add(marker);
    }
    return found;
  }, [rows, rowMarker, labels.markerLegend]);

  return (
    <div
      className={className ? `fmea-grid ${className}` : 'fmea-grid'}
      data-virtual={virtual ? 'true' : undefined}
      data-fixed-widths={fixedWidths ? 'true' : undefined}
      onPointerOver={revealClipped}
    >
      <div className="fmea-grid__toolbar">
        <div className="fmea-grid__toolbar-extra">{toolbar}</div>
        <ColumnMenu
          table={table}
          columnsById={columnsById}
          title={labels.columns}
          resetWidths={fixedWidths ? { label: labels.resetWidths, onSelect: widths.reset } : undefined}
        />
      </div>
      {editing.saveError ? (
        <div className="fmea-grid__save-error" role="alert">
          {editing.saveError.message}
        </div>
      ) : null}
      <div className="fmea-grid__frame">
        <div
          ref={attachScroll}
          role="grid"
          tabIndex={0}
          aria-label={props['aria-label']}
          aria-rowcount={rows.length + 1}
          aria-colcount={columnCount}
          aria-busy={loading || undefined}
          aria-activedescendant={activeDescendant}
          className="fmea-grid__scroll"
          style={{ height: virtual ? height : undefined, '--fmea-grid-width': `${gridWidth}px`} as CSSProperties}
          onKeyDown={editing.onGridKeyDown}
        >
          <GridHeader
            table={table}
            withMarker={!!rowMarker}
            markerLabel={labels.marker}
            styles={columnStyles}
            resizeLabel={labels.resizeColumn}
            resize={resize}
            names={names}
            idPrefix={idPrefix}
          />
          {status !== null ? (
            <div role="rowgroup" className="fmea-grid__body">
              <div role="row" className="fmea-grid__row fmea-grid__row--status">
                <div role="gridcell" aria-colspan={columnCount} className={error ? 'fmea-grid__status is-error' : 'fmea-grid__status'}>
                  {error ? <span role="alert">{error}</span> : emptyText}
                </div>
              </div>
            </div>
          ) : virtual ? (
            <VirtualRows {...bodyProps} />
          ) : (
            <PlainRows {...bodyProps} />
          )}
        </div>
        {loading ? (
          <div className="fmea-grid__loading" role="status">
            {labels.loading}
          </div>
        ) : null}
      </div>
      {labels.markerLegend ? <MarkerLegend present={markers} legend={labels.markerLegend} /> : null}
      <GridPager
        table={table}
        total={total}
        paged={paged}
        pageSizes={pageSizeOptions}
        labels={labels}
        onPageSize={(size) => setPagination({ pageIndex: 0, pageSize: size })}
      />
    </div>
  );
}
