// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DataGrid, DataGridStorage, WIDTHS_PREFIX } from './index';
import type { DataGridProps } from './index';
import { buildParts, labels, partColumns } from './test-helpers';
import type { Part } from './test-helpers';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

function renderGrid(scope: string | null, props: Partial<DataGridProps<Part>> = {}) {
  const grid = <DataGrid columns={partColumns} rowKey={(p) => p.id} rows={buildParts(2)} emptyText="-" labels={labels} gridId="parts" {...props} />;
  return render(scope ? <DataGridStorage.Provider value={{ scope }}>{grid}</DataGridStorage.Provider> : grid);
}

const handle = (name: string) => screen.getByRole('separator', { name: `Width of ${name}`, hidden: true });
const header = (id: string) => document.querySelector<HTMLElement>(`[role="columnheader"][data-column-id="${id}"]`)!;
const bodyCell = (id: string) => document.querySelector<HTMLElement>(`[data-row-key="p1"] [data-column-id="${id}"]`)!;
const stored = (scope: string) => JSON.parse(localStorage.getItem(`${WIDTHS_PREFIX}${scope}:parts`) ?? 'null') as Record<string, number> | null;

function drag(element: HTMLElement, from: number, to: number) {
  fireEvent.pointerDown(element, { button: 0, pointerId: 1, clientX: from });
  fireEvent.pointerMove(element, { pointerId: 1, clientX: (from + to) / 2 });
  fireEvent.pointerMove(element, { pointerId: 1, clientX: to });
  fireEvent.pointerUp(element, { pointerId: 1, clientX: to });
}

describe('DataGrid column widths', () => {
  it('starts with columns sharing the width in proportion to their default widths', () => {
    renderGrid('u1');
    expect(header('name').style.flex).toBe('150 0 150px');
    expect(bodyCell('name').style.flex).toBe('150 0 150px');
    expect(stored('u1')).toBeNull();
  });

  it('sets a column’s width by dragging its header edge, for the header and every row, and remembers it for the user', () => {
    const { unmount } = renderGrid('u1');
    drag(handle('Name'), 100, 190);
    // the dragged column is 90 px wider; the others keep the width they showed; only the last one fills the rest
    expect(header('name').style.flex).toBe('0 0 240px');
    expect(bodyCell('name').style.flex).toBe('0 0 240px');
    expect(header('qty').style.flex).toBe('0 0 150px');
    expect(header('status').style.flex).toBe('1 0 150px');
    expect(handle('Name').getAttribute('aria-valuenow')).toBe('240');
    expect(stored('u1')).toEqual({ name: 240, qty: 150, owner: 150, status: 150 });
    unmount();

    // the same user finds the width again; another user has the defaults
    const again = renderGrid('u1');
    expect(header('name').style.flex).toBe('0 0 240px');
    again.unmount();
    renderGrid('u2');
    expect(header('name').style.flex).toBe('150 0 150px');
  });

  it('widens and narrows the column with the arrow keys on its focused handle, never below the minimum', () => {
    renderGrid('u1');
    const name = handle('Name');
    expect(name.tabIndex).toBe(0);
    fireEvent.keyDown(name, { key: 'ArrowRight' });
    expect(header('name').style.flex).toBe('0 0 166px');
    fireEvent.keyDown(name, { key: 'ArrowLeft', shiftKey: true });
    expect(header('name').style.flex).toBe('0 0 102px');
    for (let i = 0; i < 10; i++) fireEvent.keyDown(name, { key: 'ArrowLeft' });
    expect(header('name').style.flex).toBe('0 0 40px');
    expect(stored('u1')?.name).toBe(40);
    // the arrows stayed with the handle: no cell was selected
    expect(document.querySelector('[role="gridcell"][aria-selected="true"]')).toBeNull();
  });

  it('does not sort when the edge of a sortable header is dragged', () => {
    renderGrid('u1');
    drag(handle('Name'), 100, 120);
    fireEvent.click(handle('Name'));
    expect(header('name').getAttribute('aria-sort')).toBe('none');
  });

  it('names every header by its text, not by its width handle', () => {
    renderGrid(null);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBe(header('name'));
    expect(screen.getByRole('button', { name: 'Name' })).toBeTruthy();
  });

  it('keeps widths for the time on screen without a storage scope', () => {
    renderGrid(null);
    drag(handle('Quantity'), 0, -50);
    expect(header('qty').style.flex).toBe('0 0 100px');
    expect(Object.keys(localStorage).filter((k) => k.startsWith(WIDTHS_PREFIX))).toEqual([]);
  });

  it('goes back to the default widths from the column menu and forgets the stored ones', async () => {
    renderGrid('u1');
    drag(handle('Name'), 100, 200);
    expect(stored('u1')).not.toBeNull();
    await act(async () => {
      fireEvent.pointerDown(screen.getByRole('button', { name: 'Columns' }), { button: 0, ctrlKey: false, pointerType: 'mouse' });
    });
    const menu = await screen.findByRole('menu');
    await act(async () => {
      fireEvent.click(within(menu).getByRole('menuitem', { name: /Default widths/ }));
    });
    expect(header('name').style.flex).toBe('150 0 150px');
    expect(stored('u1')).toBeNull();
  });

  it('ignores stored widths that are no numbers and clamps the rest', () => {
    localStorage.setItem(`${WIDTHS_PREFIX}u1:parts`, JSON.stringify({ name: 'wide', qty: 5, owner: 99999 }));
    renderGrid('u1');
    expect(header('name').style.flex).toBe('0 0 150px');
    expect(header('qty').style.flex).toBe('0 0 40px');
    expect(header('owner').style.flex).toBe('0 0 2000px');
  });
});
