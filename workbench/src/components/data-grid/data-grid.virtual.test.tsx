// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DataGrid } from './index';
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
});
