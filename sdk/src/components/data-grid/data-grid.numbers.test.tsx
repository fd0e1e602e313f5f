// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DataGrid } from './index';
import type { DataGridColumn, DataGridEditable } from './index';
import { buildParts, labels } from './test-helpers';
import type { Part } from './test-helpers';

afterEach(cleanup);

/** A grid whose quantity column is a number column with the given editor options (a rating-like one by default). */
function renderGrid(editable: Partial<DataGridEditable<Part>> = {}) {
  const onCellChange = vi.fn<(row: Part, columnId: string, value: string) => Promise<void>>(async () => {});
  const columns: DataGridColumn<Part>[] = [
    { id: 'name', header: 'Name', accessor: 'name' },
    { id: 'qty', header: 'Quantity', accessor: 'qty', editable: { type: 'number', ...editable } },
  ];
  render(<DataGrid columns={columns} rowKey={(p) => p.id} rows={buildParts(3)} onCellChange={onCellChange} emptyText="-" labels={labels} />);
  return { onCellChange };
}

const cell = (rowKey: string, columnId: string) => document.querySelector<HTMLElement>(`[data-row-key="${rowKey}"] [data-column-id="${columnId}"]`)!;
const editor = () => screen.getByRole('textbox', { name: 'Quantity' }) as HTMLInputElement;
const grid = () => screen.getByRole('grid');

async function type(value: string, key = 'Enter') {
  fireEvent.change(editor(), { target: { value } });
  await act(async () => {
    fireEvent.keyDown(editor(), { key });
  });
}

describe('DataGrid number cells', () => {
  it('edits in a text box with a numeric keyboard, so what was typed is what gets checked', () => {
    renderGrid();
    fireEvent.doubleClick(cell('p1', 'qty'));
    // a number box would report '' for "abc", and '' means "clear"
    expect(editor().type).toBe('text');
    expect(editor().inputMode).toBe('numeric');
    expect(editor().value).toBe('10');
  });

  it('refuses text that is no number with the message, keeps it on screen and saves nothing', async () => {
    const { onCellChange } = renderGrid();
    fireEvent.doubleClick(cell('p1', 'qty'));
    await type('abc');
    expect(screen.getByRole('alert').textContent).toBe('Enter a number');
    expect(editor().value).toBe('abc');
    expect(editor().getAttribute('aria-invalid')).toBe('true');
    await act(async () => {
      fireEvent.blur(editor());
    });
    expect(onCellChange).not.toHaveBeenCalled();
    // Escape leaves the stored value as it was
    fireEvent.keyDown(editor(), { key: 'Escape' });
    expect(cell('p1', 'qty').textContent).toBe('10');
    expect(onCellChange).not.toHaveBeenCalled();
  });

  it('hands the caller’s check the number as typed: out of range is refused with the caller’s message', async () => {
    const { onCellChange } = renderGrid({ validate: (v) => (v === '' || (Number(v) >= 1 && Number(v) <= 10) ? null : 'A rating is a whole number from 1 to 10.') });
    fireEvent.doubleClick(cell('p1', 'qty'));
    await type('11');
    expect(screen.getByRole('alert').textContent).toBe('A rating is a whole number from 1 to 10.');
    await type('1e1');
    expect(screen.getByRole('alert').textContent).toBe('Enter a number');
    expect(onCellChange).not.toHaveBeenCalled();
  });

  it('saves full-width digits and padded numbers as plain numbers, and an empty cell as a clear', async () => {
    const { onCellChange } = renderGrid();
    fireEvent.doubleClick(cell('p1', 'qty'));
    await type(' ７ ');
    expect(onCellChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'p1' }), 'qty', '7');
    fireEvent.doubleClick(cell('p2', 'qty'));
    await type('');
    expect(onCellChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'p2' }), 'qty', '');
    expect(cell('p2', 'qty').textContent).toBe('');
  });

  it('shows the column’s hint for the row under the open editor, until an error takes its place', async () => {
    renderGrid({ hint: (p) => (p.id === 'p2' ? 'Applies to 4 rows' : null) });
    fireEvent.doubleClick(cell('p1', 'qty'));
    expect(screen.queryByTestId('grid-editor-hint')).toBeNull();
    fireEvent.keyDown(editor(), { key: 'Escape' });

    fireEvent.doubleClick(cell('p2', 'qty'));
    const hint = screen.getByTestId('grid-editor-hint');
    expect(hint.textContent).toBe('Applies to 4 rows');
    expect(editor().getAttribute('aria-describedby')).toBe(hint.id);
    await type('x');
    expect(screen.queryByTestId('grid-editor-hint')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Enter a number');
    fireEvent.change(editor(), { target: { value: '3' } });
    expect(screen.getByTestId('grid-editor-hint').textContent).toBe('Applies to 4 rows');
  });

  it('asks before saving when the column wants it; "no" keeps the stored value without a message', async () => {
    let answer = false;
    const confirm = vi.fn(async () => answer);
    const { onCellChange } = renderGrid({ confirm });
    fireEvent.doubleClick(cell('p1', 'qty'));
    await type('');
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1' }), '');
    expect(onCellChange).not.toHaveBeenCalled();
    expect(cell('p1', 'qty').textContent).toBe('10');
    expect(screen.queryByRole('alert')).toBeNull();

    answer = true;
    fireEvent.doubleClick(cell('p1', 'qty'));
    await type('');
    expect(onCellChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'p1' }), 'qty', '');
    expect(cell('p1', 'qty').textContent).toBe('');
  });

  it('asks before the Delete key clears a cell as well', async () => {
    let answer = false;
    const confirm = vi.fn(async () => answer);
    const { onCellChange } = renderGrid({ confirm });
    fireEvent.click(cell('p3', 'qty'));
    await act(async () => {
      fireEvent.keyDown(grid(), { key: 'Delete' });
    });
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ id: 'p3' }), '');
    expect(onCellChange).not.toHaveBeenCalled();
    expect(cell('p3', 'qty').textContent).toBe('30');

    answer = true;
    await act(async () => {
      fireEvent.keyDown(grid(), { key: 'Delete' });
    });
    expect(onCellChange).toHaveBeenCalledWith(expect.objectContaining({ id: 'p3' }), 'qty', '');
  });
});
