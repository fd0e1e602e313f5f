// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { DataGrid } from './index';
import type { DataGridColumn } from './index';
import { buildParts, labels, partColumns } from './test-helpers';
import type { Part } from './test-helpers';

afterEach(cleanup);

const rowKey = (p: Part) => p.id;
// hidden: true because the open (modal) menu hides the rest of the page from the accessibility tree
const headerNames = () => screen.getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent);

async function openColumnMenu() {
  const trigger = screen.getByRole('button', { name: 'Columns' });
  await act(async () => {
    fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
  });
  return screen.findByRole('menu');
}

describe('DataGrid columns', () => {
  it('lets a long English header wrap after a slash, never inside a word, with its text unchanged', () => {
    const columns: DataGridColumn<Part>[] = partColumns.map((c) => (c.id === 'name' ? { ...c, header: 'Product/Process Specification/Tolerance' } : c));
    render(<DataGrid columns={columns} rowKey={rowKey} rows={buildParts(1)} emptyText="-" labels={labels} />);
    const header = document.querySelector('[role="columnheader"][data-column-id="name"]')!;
    expect(header.querySelectorAll('wbr')).toHaveLength(2);
    expect(header.querySelector('.fmea-grid__header-text')!.textContent).toBe('Product/Process Specification/Tolerance');
  });

  it('shows the whole text of a clipped cell on hover', () => {
    const rows = buildParts(2).map((p, i) => (i === 0 ? { ...p, name: 'Winding insulation breaks down at high temperature' } : p));
    render(<DataGrid columns={partColumns} rowKey={rowKey} rows={rows} emptyText="-" labels={labels} />);
    const cell = (key: string) => document.querySelector(`[data-row-key="${key}"] [data-column-id="name"]`)!;
    expect(cell('p1').getAttribute('title')).toBe('Winding insulation breaks down at high temperature');
    expect(cell('p2').getAttribute('title')).toBeNull(); // short texts need no tooltip
  });

  it('starts with hidden columns hidden and lets the user show and hide columns from the menu', async () => {
    const columns: DataGridColumn<Part>[] = partColumns.map((c) => (c.id === 'owner' ? { ...c, hidden: true } : c));
    render(<DataGrid columns={columns} rowKey={rowKey} rows={buildParts(3)} emptyText="-" labels={labels} />);
    expect(headerNames()).toEqual(['Name', 'Quantity', 'Status']);

    const menu = await openColumnMenu();
    const owner = within(menu).getByRole('menuitemcheckbox', { name: /Owner/ });
    expect(owner.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(owner);
    expect(headerNames()).toEqual(['Name', 'Quantity', 'Owner', 'Status']);
    expect(screen.getAllByRole('row', { hidden: true })[1]?.querySelector('[data-column-id="owner"]')?.textContent).toBe('ann');

    // the menu stays open for several toggles
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitemcheckbox', { name: /Quantity/ }));
    expect(headerNames()).toEqual(['Name', 'Owner', 'Status']);
    expect(screen.getByRole('grid', { hidden: true }).querySelector('[data-column-id="qty"]')).toBeNull();
  });

  it('keeps the last visible column', async () => {
    const columns = partColumns.slice(0, 2);
    render(<DataGrid columns={columns} rowKey={rowKey} rows={buildParts(1)} emptyText="-" labels={labels} />);
    const menu = await openColumnMenu();
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: /Name/ }));
    expect(headerNames()).toEqual(['Quantity']);
    const quantity = within(screen.getByRole('menu')).getByRole('menuitemcheckbox', { name: /Quantity/ });
    expect(quantity.getAttribute('aria-disabled')).toBe('true');
  });

  it('sorts local rows on the client', () => {
    render(<DataGrid columns={partColumns} rowKey={rowKey} rows={buildParts(5)} emptyText="-" labels={labels} />);
    const sortButton = within(screen.getByRole('columnheader', { name: /Quantity/ })).getByRole('button');
    fireEvent.click(sortButton);
    fireEvent.click(sortButton);
    const keys = screen.getAllByRole('row').slice(1).map((r) => r.getAttribute('data-row-key'));
    expect(keys).toEqual(['p5', 'p4', 'p3', 'p2', 'p1']);
    expect(screen.getByText('5 items')).toBeTruthy();
    expect(screen.queryByLabelText('Next page')).toBeNull();
  });

  it('pages local rows on the client when asked to', () => {
    render(<DataGrid columns={partColumns} rowKey={rowKey} rows={buildParts(25)} pageLocalRows emptyText="-" labels={labels} />);
    expect(screen.getAllByRole('row').slice(1)).toHaveLength(10);
    fireEvent.click(screen.getByLabelText('Last page'));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(screen.getAllByRole('row').slice(1).map((r) => r.getAttribute('data-row-key'))).toEqual(['p21', 'p22', 'p23', 'p24', 'p25']);
  });
});

describe('DataGrid rows', () => {
  const marker = (p: Part) => (p.id === 'p1' ? 'mycompiled' : p.id === 'p2' ? 'myreadable' : p.id === 'p3' ? 'noPermission' : undefined);

  it('marks own, readable and forbidden rows (spec 000 §6)', () => {
    render(<DataGrid columns={partColumns} rowKey={rowKey} rows={buildParts(4)} rowMarker={marker} emptyText="-" labels={labels} />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-marker'))).toEqual(['mycompiled', 'myreadable', 'noPermission', null]);
    const forbidden = rows[2]?.querySelector('.fmea-grid__marker');
    expect(forbidden?.getAttribute('title')).toBe('No permission');
    expect(rows[0]?.querySelector('.fmea-grid__marker')?.getAttribute('title')).toBeNull();
    expect(screen.getAllByRole('columnheader')[0]?.getAttribute('aria-label')).toBe('Ownership');
  });

  it('explains the stripes its rows carry in a legend under the grid (issue 20)', () => {
    const legend = { mycompiled: 'Yours: editable', myreadable: 'Another user’s: read only', noPermission: 'No permission' };
    const { rerender } = render(<DataGrid columns={partColumns} rowKey={rowKey} rows={buildParts(4)} rowMarker={marker} emptyText="-" labels={{ ...labels, markerLegend: legend }} />);
    const entries = () => [...screen.getByTestId('grid-marker-legend').querySelectorAll('li')].map((li) => [li.getAttribute('data-marker'), li.textContent]);
    expect(entries()).toEqual([
      ['mycompiled', 'Yours: editable'],
      ['myreadable', 'Another user’s: read only'],
      ['noPermission', 'No permission'],
    ]);
    // only the stripes on screen are explained; rows without a stripe need no legend
    rerender(<DataGrid columns={partColumns} rowKey={rowKey} rows={buildParts(1)} rowMarker={marker} emptyText="-" labels={{ ...labels, markerLegend: legend }} />);
    expect(entries()).toEqual([['mycompiled', 'Yours: editable']]);
    rerender(<DataGrid columns={partColumns} rowKey={rowKey} rows={buildParts(4, 4)} rowMarker={marker} emptyText="-" labels={{ ...labels, markerLegend: legend }} />);
    expect(screen.queryByTestId('grid-marker-legend')).toBeNull();
  });

  it('reports row clicks and shows the selected row', () => {
    const onRowClick = vi.fn();
    render(
      <DataGrid columns={partColumns} rowKey={rowKey} rows={buildParts(3)} selectedKey="p2" onRowClick={onRowClick} emptyText="-" labels={labels} />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
    fireEvent.click(within(rows[2]!).getByText('Part 3'));
    expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ id: 'p3' }));
  });

  it('renders custom cells and select labels', () => {
    const columns: DataGridColumn<Part>[] = [
      { id: 'name', header: 'Name', cell: (p) => <strong>{p.name.toUpperCase()}</strong> },
      partColumns[3]!,
    ];
    render(<DataGrid columns={columns} rowKey={rowKey} rows={buildParts(2)} emptyText="-" labels={labels} />);
    expect(screen.getByText('PART 1').tagName).toBe('STRONG');
    expect(screen.getByText('Open')).toBeTruthy();
    expect(screen.getByText('Closed')).toBeTruthy();
  });
});
