// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { windowLength, windowSlots } from './grid-body';
import { DataGrid } from './index';
import type { DataGridColumn } from './index';
import { buildParts, labels, partColumns } from './test-helpers';
import type { Part } from './test-helpers';

// happy-dom does no layout: give the grid's scroll area a size, as a browser would
const VIEWPORT = { width: 800, height: 480 };
const VIRTUAL_SCROLL_END_MS = 150;
const isGrid = (el: HTMLElement) => el.getAttribute('role') === 'grid';
const stubs: [keyof HTMLElement, PropertyDescriptor | undefined][] = [];

beforeAll(() => {
  for (const [key, size] of [
    ['offsetHeight', VIEWPORT.height],
    ['clientHeight', VIEWPORT.height],
    ['offsetWidth', VIEWPORT.width],
    ['clientWidth', VIEWPORT.width],
    // content height of 20,000 rows and the header: virtual-core clamps scrollTo to it
    ['scrollHeight', 20_001 * 36],
  ] as const) {
    const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, key) ?? Object.getOwnPropertyDescriptor(Element.prototype, key);
    stubs.push([key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)]);
    Object.defineProperty(HTMLElement.prototype, key, {
      configurable: true,
      get(this: HTMLElement) {
        return isGrid(this) ? size : (original?.get?.call(this) ?? 0);
      },
    });
  }
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const height = isGrid(this) ? VIEWPORT.height : 0;
    const width = isGrid(this) ? VIEWPORT.width : 0;
    return { x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height, toJSON: () => ({}) } as DOMRect;
  });
});

afterAll(async () => {
  // the virtualiser marks a scroll as ended on a 150 ms timer (virtual-core's isScrollingResetDelay) that
  // outlives the test; without this it may fire once the test environment, window included, is gone.
  // A timer set now for longer expires later, so it runs after that one: an order, not a guess at speed.
  await new Promise((resolve) => setTimeout(resolve, VIRTUAL_SCROLL_END_MS + 1));
  for (const [key, descriptor] of stubs) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[key];
  }
  vi.restoreAllMocks();
});

afterEach(cleanup);

const bodyRows = () => screen.getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
const rowOf = (key: string) => document.querySelector<HTMLElement>(`[role="row"][data-row-key="${key}"]`);
const rowIndexes = () => bodyRows().map((r) => Number(r.getAttribute('aria-rowindex')));
/** The virtualiser's scroll ends 150 ms after the last scroll event (a timer: let it run). */
const scrollEnds = () => act(() => new Promise((resolve) => setTimeout(resolve, VIRTUAL_SCROLL_END_MS + 20)));
const scrollGrid = (grid: HTMLElement, top: number) =>
  act(async () => {
    grid.scrollTop = top;
    fireEvent.scroll(grid);
  });

describe('windowSlots', () => {
  const items = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ index: from + i }));
  const shown = (placement: ReturnType<typeof windowSlots<{ index: number }>>) => placement.order.map((slot) => placement.placed[slot]?.index);

  it('holds a window of a fixed, even length', () => {
    // 480 px: 14 rows can show, 5 ahead, 1 behind
    expect(windowLength(480)).toBe(22);
    expect(windowLength(600)).toBe(24);
  });

  it('puts row n into slot n % slots, in row order at rest', () => {
    expect(shown(windowSlots(items(0, 8), { slots: 0, order: [] }, false, 10))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, undefined]);
  });

  it('keeps the slot order while scrolling: rows that stay keep their slot, new rows take the slots of those that left', () => {
    const first = windowSlots(items(0, 9), { slots: 0, order: [] }, false, 10);
    const scrolled = windowSlots(items(3, 12), first, true, 10);
    expect(scrolled.order).toEqual(first.order);
    expect(shown(scrolled)).toEqual([10, 11, 12, 3, 4, 5, 6, 7, 8, 9]);
    // at rest the slots are sorted by row again
    expect(shown(windowSlots(items(3, 12), scrolled, false, 10))).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('sorts the slots when their number changes', () => {
    const first = windowSlots(items(0, 9), { slots: 0, order: [] }, false, 10);
    expect(shown(windowSlots(items(5, 16), first, true, 12))).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
  });
});

describe('DataGrid virtualisation', () => {
  const many = buildParts(20_000);

  it('renders only a window of 36 px rows for 20,000 local rows', () => {
    render(<DataGrid columns={partColumns} rowKey={(p: Part) => p.id} rows={many} emptyText="-" labels={labels} />);
    const rows = bodyRows();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]?.getAttribute('data-row-key')).toBe('p1');
    expect(rows[0]?.getAttribute('aria-rowindex')).toBe('2');
    const body = rows[0]?.parentElement;
    expect(body?.style.height).toBe(`${20_000 * 36}px`);
    expect(rows[1]?.style.transform).toBe('translateY(36px)');
    expect(screen.getByRole('grid').style.height).toBe('480px');
    expect(screen.getByText('20000 items')).toBeTruthy();
  });

  it('moves the window when the grid scrolls', async () => {
    render(<DataGrid columns={partColumns} rowKey={(p: Part) => p.id} rows={many} emptyText="-" labels={labels} />);
    const grid = screen.getByRole('grid');
    await act(async () => {
      grid.scrollTop = 36 * 10_000;
      fireEvent.scroll(grid);
    });
    const keys = bodyRows().map((r) => r.getAttribute('data-row-key'));
    expect(keys).toContain('p10001');
    expect(keys).not.toContain('p1');
    expect(bodyRows().length).toBeLessThan(60);
  });

  it('shows a row entering the window in the element of a row that left, and puts the DOM in row order once scrolling ends', async () => {
    render(<DataGrid columns={partColumns} rowKey={(p: Part) => p.id} rows={many} emptyText="-" labels={labels} />);
    const grid = screen.getByRole('grid');
    const elements = new Set(bodyRows());
    expect(elements.size).toBe(windowLength(VIEWPORT.height));
    const p10 = rowOf('p10');
    expect(p10).toBeTruthy();
    await scrollGrid(grid, 36 * 6);
    // no element was added or removed: the rows that stayed kept theirs, the new ones reuse the others
    const after = bodyRows();
    expect(after).toHaveLength(elements.size);
    expect(after.every((row) => elements.has(row))).toBe(true);
    expect(rowOf('p10')).toBe(p10);
    expect(rowOf('p5')).toBeNull();
    const scrolling = rowIndexes();
    expect(scrolling).not.toEqual([...scrolling].sort((a, b) => a - b));
    await scrollEnds();
    const resting = rowIndexes();
    expect(resting).toEqual([...resting].sort((a, b) => a - b));
    expect(rowOf('p10')?.style.transform).toBe(`translateY(${9 * 36}px)`);
    expect(rowOf('p20')?.querySelector('[data-column-id="name"]')?.textContent).toBe('Part 20');
  });

  it('keeps a custom cell\'s state with its row when the row element shows another row', async () => {
    function Counter({ part }: { part: Part }) {
      const [clicks, setClicks] = useState(0);
      return (
        <button type="button" onClick={() => setClicks((n) => n + 1)}>
          {part.name}: {clicks}
        </button>
      );
    }
    const columns: DataGridColumn<Part>[] = [...partColumns, { id: 'counter', header: 'Counter', cell: (p) => <Counter part={p} /> }];
    render(<DataGrid columns={columns} rowKey={(p: Part) => p.id} rows={many} emptyText="-" labels={labels} />);
    const grid = screen.getByRole('grid');
    fireEvent.click(screen.getByRole('button', { name: 'Part 3: 0' }));
    expect(screen.getByRole('button', { name: 'Part 3: 1' })).toBeTruthy();
    const element = rowOf('p3');
    await scrollGrid(grid, 36 * 1000);
    await scrollEnds();
    const reused = [...bodyRows()].find((row) => row === element);
    expect(reused?.getAttribute('data-row-key')).not.toBe('p3');
    expect(reused?.textContent).toMatch(/Part \d+: 0/);
  });

  it('drops a tooltip revealed on a clipped cell when its row element shows another row', async () => {
    render(<DataGrid columns={partColumns} rowKey={(p: Part) => p.id} rows={many} emptyText="-" labels={labels} />);
    const grid = screen.getByRole('grid');
    const cell = rowOf('p2')!.querySelector<HTMLElement>('[data-column-id="owner"]')!;
    // happy-dom does no layout: this cell is narrower than its text
    Object.defineProperty(cell, 'scrollWidth', { configurable: true, value: 60 });
    Object.defineProperty(cell, 'clientWidth', { configurable: true, value: 20 });
    fireEvent.pointerOver(cell);
    expect(cell.title).toBe('ann');
    await scrollGrid(grid, 36 * 1000);
    await scrollEnds();
    const row = cell.closest('[role="row"]');
    expect(row?.getAttribute('data-row-key')).not.toBe('p2');
    expect(cell.isConnected).toBe(true);
    expect(cell.hasAttribute('title')).toBe(false);
    // a long text's own tooltip comes from the grid, as before
    const name = row!.querySelector<HTMLElement>('[data-column-id="name"]')!;
    expect(name.title).toBe(name.textContent);
  });

  it('is not virtualised for short pages unless asked', () => {
    const { unmount } = render(
      <DataGrid columns={partColumns} rowKey={(p: Part) => p.id} rows={buildParts(100)} emptyText="-" labels={labels} />,
    );
    expect(bodyRows()).toHaveLength(100);
    expect(screen.getByRole('grid').style.height).toBe('');
    unmount();
    render(
      <DataGrid columns={partColumns} rowKey={(p: Part) => p.id} rows={buildParts(100)} virtualize height={360} emptyText="-" labels={labels} />,
    );
    expect(bodyRows().length).toBeLessThan(100);
    expect(screen.getByRole('grid').style.height).toBe('360px');
  });

  it('keeps the keyboard selection in view by scrolling to it', async () => {
    render(<DataGrid columns={partColumns} rowKey={(p: Part) => p.id} rows={many} emptyText="-" labels={labels} />);
    const grid = screen.getByRole('grid');
    const scrollTo = vi.fn((options?: ScrollToOptions | number) => {
      if (typeof options === 'object' && options.top !== undefined) {
        grid.scrollTop = options.top;
        grid.dispatchEvent(new Event('scroll'));
      }
    });
    grid.scrollTo = scrollTo as typeof grid.scrollTo;
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    for (let i = 0; i < 30; i++) fireEvent.keyDown(grid, { key: 'ArrowDown' });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(scrollTo).toHaveBeenCalled();
    const cell = document.querySelector('[data-row-key="p31"] [data-column-id="name"]');
    expect(cell?.getAttribute('aria-selected')).toBe('true');
  });

  it('scrolls to and marks a row asked for far outside the rendered window (issue 20)', async () => {
    const reveal = { match: (p: Part) => p.id === 'p15000' };
    const { rerender } = render(<DataGrid columns={partColumns} rowKey={(p: Part) => p.id} rows={[]} reveal={reveal} emptyText="-" labels={labels} />);
    const grid = screen.getByRole('grid');
    grid.scrollTo = ((options?: ScrollToOptions | number) => {
      if (typeof options === 'object' && options.top !== undefined) {
        grid.scrollTop = options.top;
        grid.dispatchEvent(new Event('scroll'));
      }
    }) as typeof grid.scrollTo;
    expect(rowOf('p15000')).toBeNull();
    // the rows arrive after the request: the grid waits for them
    rerender(<DataGrid columns={partColumns} rowKey={(p: Part) => p.id} rows={many} reveal={reveal} emptyText="-" labels={labels} />);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    const row = rowOf('p15000');
    expect(row?.getAttribute('data-revealed')).toBe('true');
    expect(row?.classList.contains('is-revealed')).toBe(true);
    // centred: rows before and after it are rendered too
    expect(rowOf('p14995')).toBeTruthy();
    expect(rowOf('p15005')).toBeTruthy();
    expect(document.querySelectorAll('[data-revealed]')).toHaveLength(1);
  });

  it('turns local paged rows to the page of the row asked for', () => {
    render(<DataGrid columns={partColumns} rowKey={(p: Part) => p.id} rows={buildParts(60)} pageLocalRows pageSize={10} reveal={{ match: (p: Part) => p.id === 'p47' }} emptyText="-" labels={labels} />);
    expect(screen.getByText('Page 5 of 6')).toBeTruthy();
    expect(rowOf('p47')?.getAttribute('data-revealed')).toBe('true');
  });
});
