// @vitest-environment happy-dom
import { useCallback, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '../../i18n/index.ts';
import { DataGrid, type DataGridQuery } from '../data-grid/index.ts';
import { labels } from '../data-grid/test-helpers.tsx';
import { useCustomFieldColumns, type CustomFieldDef } from './custom-fields.tsx';
import { CustomFieldFilter, customListQuery, NO_CUSTOM_FILTER, type CustomFilter } from './custom-field-filter.tsx';

beforeAll(() => {
  i18n.load('en-US', {});
  i18n.activate('en-US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const def = (over: Partial<CustomFieldDef>): CustomFieldDef => ({
  id: 'f-1', entity: 'fmeaProject', systemName: 'budget', sort: 1, fieldType: 'number', dictType: null, required: false, shown: true, placeholder: null, alias: '预算', aliasEn: 'Budget', version: 1, ...over,
});
const FIELDS = [def({}), def({ id: 'f-2', systemName: 'plant', sort: 2, fieldType: 'text', alias: '工厂', aliasEn: 'Plant' })];

interface Row {
  id: string;
  customFields: Record<string, string>;
}
const valuesOf = (row: Row) => row.customFields;

/** A list page as the FMEA, problem, task and catalog lists wire it: the grid's query and the toolbar's filter go to the server. */
function ListPage({ sent }: { sent: unknown[] }) {
  const [filter, setFilter] = useState<CustomFilter>(NO_CUSTOM_FILTER);
  const columns = useCustomFieldColumns<Row>(FIELDS, valuesOf);
  const fetchPage = useCallback(
    async ({ page, limit, sort }: DataGridQuery) => {
      sent.push({ page, limit, ...customListQuery(filter, FIELDS, sort) });
      return { items: [{ id: 'r1', customFields: { budget: '9', plant: 'Body shop' } }], total: 1 };
    },
    [filter, sent],
  );
  return (
    <DataGrid<Row>
      columns={[{ id: 'id', header: 'Id', accessor: 'id', sortable: true }, ...columns]}
      rowKey={(r) => r.id}
      fetchPage={fetchPage}
      queryKey={JSON.stringify(filter)}
      emptyText="None"
      labels={labels}
      toolbar={<CustomFieldFilter fields={FIELDS} value={filter} onChange={setFilter} />}
    />
  );
}

describe('custom field columns and filter of a server-paged list', () => {
  it('sort on the server by the custom column as by the grid’s own, and filter a number by a range applied on Enter', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ meta: { success: true, code: 200, message: '' }, data: [] }), { headers: { 'content-type': 'application/json' } })));
    const sent: unknown[] = [];
    render(
      <I18nProvider i18n={i18n}>
        <ListPage sent={sent} />
      </I18nProvider>,
    );
    await screen.findByText('Body shop');
    const header = screen.getByRole('columnheader', { name: /Budget/ });
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: 1, limit: 10, customSort: { field: 'budget', order: 'asc' } }));
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(sent.at(-1)).toEqual({ page: 1, limit: 10, customSort: { field: 'budget', order: 'desc' } }));

    fireEvent.change(screen.getByLabelText('Custom field'), { target: { value: 'budget' } });
    const from = screen.getByLabelText('Budget from');
    fireEvent.change(from, { target: { value: '10' } });
    const asked = sent.length;
    fireEvent.keyDown(from, { key: 'Enter' });
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ page: 1, customFilters: { budget: { from: '10' } } }));
    expect(sent.length).toBe(asked + 1);

    // a text field filters by what it contains; clearing drops the filter
    fireEvent.change(screen.getByLabelText('Custom field'), { target: { value: 'plant' } });
    const contains = screen.getByLabelText('Plant contains');
    fireEvent.change(contains, { target: { value: 'shop' } });
    fireEvent.blur(contains);
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ customFilters: { plant: 'shop' } }));
    fireEvent.click(screen.getByText('Clear'));
    await waitFor(() => expect(sent.at(-1)).not.toHaveProperty('customFilters'));
  });

  it('sends only custom column ids as a custom sort, and leaves blank filters out', () => {
    expect(customListQuery(NO_CUSTOM_FILTER, FIELDS, { id: 'name', desc: true })).toEqual({});
    expect(customListQuery({ ...NO_CUSTOM_FILTER, field: 'budget', from: ' ', to: '20' }, FIELDS)).toEqual({ customFilters: { budget: { to: '20' } } });
    expect(customListQuery({ ...NO_CUSTOM_FILTER, field: 'gone', value: 'x' }, FIELDS)).toEqual({});
  });
});
