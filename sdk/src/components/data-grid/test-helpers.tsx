import type { DataGridColumn, DataGridLabels, DataGridPage, DataGridQuery } from './types';

/** Plain-English labels standing in for the caller's translations. */
export const labels: DataGridLabels = {
  total: (n) => `${n} items`,
  pageOf: (page, count) => `Page ${page} of ${count}`,
  pageSize: 'Page size',
  pageSizeOption: (n) => `${n} / page`,
  firstPage: 'First page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  lastPage: 'Last page',
  columns: 'Columns',
  loading: 'Loading…',
  noPermission: 'No permission',
  saveError: 'Save failed',
  loadError: 'Load failed',
  marker: 'Ownership',
  invalidNumber: 'Enter a number',
  resizeColumn: (name) => `Width of ${name}`,
  resetWidths: 'Default widths',
};

export interface Part {
  id: string;
  name: string;
  qty: number;
  owner: string;
  status: string;
}

export function buildParts(count: number, start = 1): Part[] {
  return Array.from({ length: count }, (_, i) => {
    const n = start + i;
    return { id: `p${n}`, name: `Part ${n}`, qty: n * 10, owner: n % 3 === 0 ? 'bob' : 'ann', status: n % 2 ? 'open' : 'closed' };
  });
}

export const partColumns: DataGridColumn<Part>[] = [
  { id: 'name', header: 'Name', accessor: 'name', sortable: true, editable: { type: 'text' } },
  {
    id: 'qty',
    header: 'Quantity',
    accessor: 'qty',
    sortable: true,
    editable: { type: 'number', validate: (v) => (/^\d+$/.test(v) ? null : 'Quantity must be a whole number') },
  },
  { id: 'owner', header: 'Owner', accessor: 'owner' },
  {
    id: 'status',
    header: 'Status',
    accessor: 'status',
    editable: { type: 'select', options: [{ value: 'open', label: 'Open' }, { value: 'closed', label: 'Closed' }] },
  },
];

/** A fake server over `all` parts that pages and sorts like the API does. */
export function fakeServer(all: Part[]) {
  return async ({ page, limit, sort }: DataGridQuery): Promise<DataGridPage<Part>> => {
    const sorted = [...all];
    if (sort) {
      const key = sort.id as keyof Part;
      sorted.sort((a, b) => (a[key] < b[key] ? -1 : a[key] > b[key] ? 1 : 0) * (sort.desc ? -1 : 1));
    }
    return { items: sorted.slice((page - 1) * limit, page * limit), total: all.length };
  };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
