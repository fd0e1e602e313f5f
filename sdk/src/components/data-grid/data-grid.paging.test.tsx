// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DataGrid } from './index';
import type { DataGridQuery } from './index';
import { buildParts, deferred, fakeServer, labels, partColumns } from './test-helpers';
import type { Part } from './test-helpers';

afterEach(cleanup);

const rowKey = (p: Part) => p.id;

function renderServerGrid(fetchPage = vi.fn(fakeServer(buildParts(95))), extra: { reloadKey?: unknown } = {}) {
  const view = render(
    <DataGrid columns={partColumns} rowKey={rowKey} fetchPage={fetchPage} emptyText="Nothing here" labels={labels} aria-label="Parts" {...extra} />,
  );
  return { fetchPage, ...view };
}

const bodyRows = () => screen.getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
/** The first page has arrived: until then the pager's buttons are there but disabled, and a click on them does nothing. */
const firstPage = (label: string) => screen.findByText(label);
const lastQuery = (fetchPage: { mock: { calls: unknown[][] } }) => fetchPage.mock.calls.at(-1)?.[0] as DataGridQuery;

describe('DataGrid server paging', () => {
  it('asks for page 1 with limit 10 on mount and shows the page and the total', async () => {
    const { fetchPage } = renderServerGrid();
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage).toHaveBeenCalledWith({ page: 1, limit: 10 });
    await waitFor(() => expect(bodyRows()).toHaveLength(10));
    expect(screen.getByText('95 items')).toBeTruthy();
    expect(screen.getByText('Page 1 of 10')).toBeTruthy();
    expect(bodyRows()[0]?.getAttribute('data-row-key')).toBe('p1');
  });

  it('shows the loading state until the page arrives', async () => {
    const pending = deferred<{ items: Part[]; total: number }>();
    renderServerGrid(vi.fn(() => pending.promise));
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.getByRole('grid').getAttribute('aria-busy')).toBe('true');
    pending.resolve({ items: buildParts(2), total: 2 });
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(bodyRows()).toHaveLength(2);
  });

  it('moves through pages with next, last, previous and first', async () => {
    const { fetchPage } = renderServerGrid();
    await screen.findByText('Page 1 of 10');
    expect((screen.getByLabelText('Previous page') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('Next page'));
    await screen.findByText('Page 2 of 10');
    expect(lastQuery(fetchPage)).toEqual({ page: 2, limit: 10 });
    await waitFor(() => expect(bodyRows()[0]?.getAttribute('data-row-key')).toBe('p11'));

    fireEvent.click(screen.getByLabelText('Last page'));
    await screen.findByText('Page 10 of 10');
    expect(lastQuery(fetchPage)).toEqual({ page: 10, limit: 10 });
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect((screen.getByLabelText('Next page') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('Previous page'));
    await screen.findByText('Page 9 of 10');
    expect(lastQuery(fetchPage)).toEqual({ page: 9, limit: 10 });

    fireEvent.click(screen.getByLabelText('First page'));
    await screen.findByText('Page 1 of 10');
    expect(lastQuery(fetchPage)).toEqual({ page: 1, limit: 10 });
  });

  it('changes the page size from the select and goes back to page 1', async () => {
    const { fetchPage } = renderServerGrid();
    await firstPage('Page 1 of 10');
    fireEvent.click(screen.getByLabelText('Next page'));
    await screen.findByText('Page 2 of 10');
    const select = screen.getByLabelText('Page size') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['10 / page', '20 / page', '50 / page', '100 / page']);
    fireEvent.change(select, { target: { value: '20' } });
    await screen.findByText('Page 1 of 5');
    expect(lastQuery(fetchPage)).toEqual({ page: 1, limit: 20 });
    await waitFor(() => expect(bodyRows()).toHaveLength(20));
  });

  it('sorts by a sortable column asc, then desc, then not at all, from page 1', async () => {
    const { fetchPage } = renderServerGrid();
    await firstPage('Page 1 of 10');
    fireEvent.click(screen.getByLabelText('Next page'));
    await screen.findByText('Page 2 of 10');
    const header = screen.getByRole('columnheader', { name: /Quantity/ });
    expect(header.getAttribute('aria-sort')).toBe('none');

    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastQuery(fetchPage)).toEqual({ page: 1, limit: 10, sort: { id: 'qty', desc: false } }));
    expect(header.getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastQuery(fetchPage)).toEqual({ page: 1, limit: 10, sort: { id: 'qty', desc: true } }));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(bodyRows()[0]?.getAttribute('data-row-key')).toBe('p95'));

    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastQuery(fetchPage)).toEqual({ page: 1, limit: 10 }));
    expect(header.getAttribute('aria-sort')).toBe('none');
  });

  it('never sends a column that is not on the sort whitelist', async () => {
    const { fetchPage } = renderServerGrid();
    await screen.findByText('Page 1 of 10');
    const owner = screen.getByRole('columnheader', { name: 'Owner' });
    expect(owner.getAttribute('aria-sort')).toBeNull();
    expect(within(owner).queryByRole('button')).toBeNull();
    fireEvent.click(owner);
    fireEvent.click(within(owner).getByText('Owner'));
    await new Promise((r) => setTimeout(r, 20));
    expect(fetchPage).toHaveBeenCalledTimes(1);
    expect(fetchPage.mock.calls.every(([query]) => query.sort === undefined)).toBe(true);
  });

  it("shows a failed load's message inside the grid", async () => {
    renderServerGrid(vi.fn(() => Promise.reject(new Error('Query failed'))));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Query failed');
    expect(within(screen.getByRole('grid')).getByText('Query failed')).toBeTruthy();
  });

  it('falls back to the load-error label when the failure has no message', async () => {
    renderServerGrid(vi.fn(() => Promise.reject('boom')));
    expect((await screen.findByRole('alert')).textContent).toBe('Load failed');
  });

  it('shows the empty text when the server has no rows', async () => {
    renderServerGrid(vi.fn(fakeServer([])));
    expect(await screen.findByText('Nothing here')).toBeTruthy();
    expect(screen.getByText('0 items')).toBeTruthy();
  });

  it('fetches the same page again when reloadKey changes', async () => {
    const fetchPage = vi.fn(fakeServer(buildParts(95)));
    const { rerender } = renderServerGrid(fetchPage, { reloadKey: 1 });
    await firstPage('Page 1 of 10');
    fireEvent.click(screen.getByLabelText('Next page'));
    await screen.findByText('Page 2 of 10');
    expect(fetchPage).toHaveBeenCalledTimes(2);
    rerender(
      <DataGrid columns={partColumns} rowKey={rowKey} fetchPage={fetchPage} emptyText="Nothing here" labels={labels} reloadKey={2} />,
    );
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(3));
    expect(lastQuery(fetchPage)).toEqual({ page: 2, limit: 10 });
  });

  it('goes back to page 1, fetching once, when queryKey changes', async () => {
    const fetchPage = vi.fn(fakeServer(buildParts(95)));
    const { rerender } = render(
      <DataGrid columns={partColumns} rowKey={rowKey} fetchPage={fetchPage} emptyText="Nothing here" labels={labels} queryKey="tab=all" />,
    );
    await firstPage('Page 1 of 10');
    fireEvent.click(screen.getByLabelText('Next page'));
    await screen.findByText('Page 2 of 10');
    expect(fetchPage).toHaveBeenCalledTimes(2);
    rerender(<DataGrid columns={partColumns} rowKey={rowKey} fetchPage={fetchPage} emptyText="Nothing here" labels={labels} queryKey="tab=mine" />);
    await screen.findByText('Page 1 of 10');
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(lastQuery(fetchPage)).toEqual({ page: 1, limit: 10 });
  });

  it('steps back to the last page when the total shrinks below the current page', async () => {
    let all = buildParts(25);
    const fetchPage = vi.fn((q: DataGridQuery) => fakeServer(all)(q));
    const { rerender } = renderServerGrid(fetchPage, { reloadKey: 1 });
    await firstPage('Page 1 of 3');
    fireEvent.click(screen.getByLabelText('Last page'));
    await screen.findByText('Page 3 of 3');
    all = buildParts(12);
    rerender(
      <DataGrid columns={partColumns} rowKey={rowKey} fetchPage={fetchPage} emptyText="Nothing here" labels={labels} reloadKey={2} />,
    );
    await screen.findByText('Page 2 of 2');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
  });
});
