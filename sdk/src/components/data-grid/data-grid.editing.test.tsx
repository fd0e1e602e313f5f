// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DataGrid } from './index';
import type { DataGridProps } from './index';
import { buildParts, deferred, labels, partColumns } from './test-helpers';
import type { Part } from './test-helpers';

afterEach(cleanup);

function renderGrid(props: Partial<DataGridProps<Part>> = {}) {
  const onCellChange = vi.fn<(row: Part, columnId: string, value: string) => Promise<void>>(async () => {});
  const view = render(
    <DataGrid
      columns={partColumns}
      rowKey={(p) => p.id}
      rows={buildParts(3)}
      onCellChange={onCellChange}
      emptyText="-"
      labels={labels}
      {...props}
    />,
  );
  return { onCellChange, ...view };
}

const cell = (rowKey: string, columnId: string) => {
  const found = document.querySelector<HTMLElement>(`[data-row-key="${rowKey}"] [data-column-id="${columnId}"]`);
  if (!found) throw new Error(`no cell ${rowKey}/${columnId}`);
  return found;
};
const editor = () => screen.getByRole('textbox') as HTMLInputElement;
const grid = () => screen.getByRole('grid');

describe('DataGrid cell editing (spec 000 §4)', () => {
  it('selects on the first click, edits on the second and saves on blur', async () => {
    const { onCellChange } = renderGrid();
    fireEvent.click(cell('p2', 'name'));
    expect(cell('p2', 'name').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('textbox')).toBeNull();

    fireEvent.click(cell('p2', 'name'));
    expect(editor().value).toBe('Part 2');
    fireEvent.change(editor(), { target: { value: 'Bracket' } });
    await act(async () => {
      fireEvent.blur(editor());
    });
    expect(onCellChange).toHaveBeenCalledTimes(1);
    expect(onCellChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'p2' }), 'name', 'Bracket');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(cell('p2', 'name').textContent).toBe('Bracket');
  });

  it('starts editing on double-click and saves with Enter', async () => {
    const { onCellChange } = renderGrid();
    fireEvent.doubleClick(cell('p1', 'qty'));
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect(input.value).toBe('10');
    fireEvent.change(input, { target: { value: '42' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onCellChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1' }), 'qty', '42');
    expect(cell('p1', 'qty').textContent).toBe('42');
  });

  it('saves the open editor when another cell is clicked, and selects that cell', async () => {
    const { onCellChange } = renderGrid();
    fireEvent.doubleClick(cell('p1', 'name'));
    fireEvent.change(editor(), { target: { value: 'Housing' } });
    await act(async () => {
      fireEvent.click(cell('p3', 'owner'));
    });
    expect(onCellChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1' }), 'name', 'Housing');
    expect(cell('p3', 'owner').getAttribute('aria-selected')).toBe('true');
  });

  it('cancels with Escape and keeps the old value', () => {
    const { onCellChange } = renderGrid();
    fireEvent.doubleClick(cell('p1', 'name'));
    fireEvent.change(editor(), { target: { value: 'Typo' } });
    fireEvent.keyDown(editor(), { key: 'Escape' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(cell('p1', 'name').textContent).toBe('Part 1');
    expect(onCellChange).not.toHaveBeenCalled();
  });

  it('does not save an unchanged value', async () => {
    const { onCellChange } = renderGrid();
    fireEvent.doubleClick(cell('p1', 'name'));
    await act(async () => {
      fireEvent.blur(editor());
    });
    expect(onCellChange).not.toHaveBeenCalled();
  });

  it('clears a selected editable cell with Delete', async () => {
    const { onCellChange } = renderGrid();
    fireEvent.click(cell('p3', 'name'));
    await act(async () => {
      fireEvent.keyDown(grid(), { key: 'Delete' });
    });
    expect(onCellChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'p3' }), 'name', '');
    expect(cell('p3', 'name').textContent).toBe('');
  });

  it('restores the old value and shows the error when the save is rejected', async () => {
    const save = deferred<void>();
    const { onCellChange } = renderGrid();
    onCellChange.mockImplementation(() => save.promise);
    fireEvent.doubleClick(cell('p2', 'name'));
    fireEvent.change(editor(), { target: { value: 'Clamp' } });
    fireEvent.blur(editor());
    // optimistic while the save runs
    expect(cell('p2', 'name').textContent).toBe('Clamp');
    await act(async () => {
      save.reject(new Error('Not the current approver'));
    });
    expect(cell('p2', 'name').textContent).toBe('Part 2');
    expect(screen.getByRole('alert').textContent).toBe('Not the current approver');
    expect(cell('p2', 'name').classList.contains('has-error')).toBe(true);
  });

  it('keeps validation errors in the editor without saving', async () => {
    const { onCellChange } = renderGrid();
    fireEvent.doubleClick(cell('p1', 'qty'));
    const input = screen.getByRole('textbox') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1.5' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(screen.getByRole('alert').textContent).toBe('Quantity must be a whole number');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(onCellChange).not.toHaveBeenCalled();
    // clicking another cell does not leave the invalid editor either
    await act(async () => {
      fireEvent.click(cell('p2', 'name'));
    });
    expect(screen.getByRole('textbox')).toBe(input);
    fireEvent.change(input, { target: { value: '15' } });
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {
      fireEvent.blur(input);
    });
    expect(onCellChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1' }), 'qty', '15');
  });

  it('edits select columns with the column options', async () => {
    const { onCellChange } = renderGrid();
    fireEvent.doubleClick(cell('p1', 'status'));
    const select = screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;
    expect(select.value).toBe('open');
    fireEvent.change(select, { target: { value: 'closed' } });
    await act(async () => {
      fireEvent.keyDown(select, { key: 'Enter' });
    });
    expect(onCellChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1' }), 'status', 'closed');
    expect(cell('p1', 'status').textContent).toBe('Closed');
  });

  it('never edits a column without an editor', () => {
    const { onCellChange } = renderGrid();
    fireEvent.click(cell('p1', 'owner'));
    fireEvent.click(cell('p1', 'owner'));
    fireEvent.doubleClick(cell('p1', 'owner'));
    fireEvent.keyDown(grid(), { key: 'Delete' });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(cell('p1', 'owner').getAttribute('aria-readonly')).toBe('true');
    expect(onCellChange).not.toHaveBeenCalled();
  });

  it("does not edit another user's row or a row without permission", () => {
    const { onCellChange } = renderGrid({
      rowMarker: (p) => (p.id === 'p1' ? 'mycompiled' : p.id === 'p2' ? 'myreadable' : 'noPermission'),
    });
    fireEvent.doubleClick(cell('p2', 'name'));
    fireEvent.doubleClick(cell('p3', 'name'));
    expect(screen.queryByRole('textbox')).toBeNull();
    fireEvent.doubleClick(cell('p1', 'name'));
    expect(editor().value).toBe('Part 1');
    expect(onCellChange).not.toHaveBeenCalled();
  });

  it('edits a selected cell by typing into it: the typed character starts the value (issue 20)', async () => {
    const onDraftChange = vi.fn<(row: Part, columnId: string, draft: string | null) => void>();
    const { onCellChange } = renderGrid({ onDraftChange });
    fireEvent.click(cell('p2', 'qty'));
    const typed = fireEvent.keyDown(grid(), { key: '7' });
    // the key went into the editor's draft: the browser does not type it a second time
    expect(typed).toBe(false);
    const input = editor();
    expect(input.value).toBe('7');
    // nothing selected: the next key is added after the typed one
    expect([input.selectionStart, input.selectionEnd]).toEqual([1, 1]);
    expect(onDraftChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'p2' }), 'qty', '7');
    fireEvent.change(input, { target: { value: '75' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    expect(onCellChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'p2' }), 'qty', '75');
    expect(cell('p2', 'qty').textContent).toBe('75');
  });

  it('starts an empty editor with Backspace; typing leaves read-only cells, selects and shortcuts alone', () => {
    renderGrid();
    fireEvent.click(cell('p1', 'name'));
    fireEvent.keyDown(grid(), { key: 'Backspace' });
    expect(editor().value).toBe('');
    fireEvent.keyDown(editor(), { key: 'Escape' });
    expect(cell('p1', 'name').textContent).toBe('Part 1');

    fireEvent.click(cell('p1', 'owner'));
    fireEvent.keyDown(grid(), { key: 'x' });
    fireEvent.click(cell('p1', 'status'));
    fireEvent.keyDown(grid(), { key: 'c' });
    fireEvent.click(cell('p1', 'name'));
    fireEvent.keyDown(grid(), { key: 'c', ctrlKey: true });
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();
  });

  it('moves the selection with the arrow keys and edits with Enter', () => {
    renderGrid();
    fireEvent.keyDown(grid(), { key: 'ArrowDown' });
    expect(cell('p1', 'name').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(grid(), { key: 'ArrowRight' });
    fireEvent.keyDown(grid(), { key: 'ArrowDown' });
    fireEvent.keyDown(grid(), { key: 'ArrowDown' });
    fireEvent.keyDown(grid(), { key: 'ArrowDown' });
    expect(cell('p3', 'qty').getAttribute('aria-selected')).toBe('true');
    expect(grid().getAttribute('aria-activedescendant')).toBe(cell('p3', 'qty').id);
    fireEvent.keyDown(grid(), { key: 'ArrowLeft' });
    fireEvent.keyDown(grid(), { key: 'ArrowUp' });
    expect(cell('p2', 'name').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(grid(), { key: 'Enter' });
    expect(editor().value).toBe('Part 2');
  });

  it('returns to the saved value when the caller reloads the data', async () => {
    const rows = buildParts(2);
    const { rerender } = renderGrid({ rows });
    fireEvent.doubleClick(cell('p1', 'name'));
    fireEvent.change(editor(), { target: { value: 'Shaft' } });
    await act(async () => {
      fireEvent.blur(editor());
    });
    const reloaded = rows.map((p) => (p.id === 'p1' ? { ...p, name: 'Shaft (saved)' } : p));
    rerender(<DataGrid columns={partColumns} rowKey={(p) => p.id} rows={reloaded} emptyText="-" labels={labels} />);
    await waitFor(() => expect(cell('p1', 'name').textContent).toBe('Shaft (saved)'));
  });
  it('reports the draft while typing and null when the editor closes', async () => {
    const onDraftChange = vi.fn<(row: Part, columnId: string, draft: string | null) => void>();
    renderGrid({ onDraftChange });
    fireEvent.doubleClick(cell('p1', 'qty'));
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '7' } });
    expect(onDraftChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'p1' }), 'qty', '7');
    fireEvent.keyDown(screen.getByRole('textbox'), { key: 'Escape' });
    expect(onDraftChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'p1' }), 'qty', null);

    fireEvent.doubleClick(cell('p2', 'name'));
    fireEvent.change(editor(), { target: { value: 'Gear' } });
    await act(async () => {
      fireEvent.blur(editor());
    });
    expect(onDraftChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'p2' }), 'name', null);
  });
});
