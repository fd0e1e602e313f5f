import { useCallback, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  api,
  Button,
  confirm,
  DataGrid,
  formatDate,
  notify,
  notifyError,
  PageHeader,
  Select,
  TextInput,
  useGridLabels,
  useGuardedNavigate,
  CustomFieldFilter,
  customListQuery,
  NO_CUSTOM_FILTER,
  useCustomFieldColumns,
  useCustomFields,
  usePermission,
  type ApiData,
  type CustomFilter,
  type DataGridColumn,
  type DataGridQuery,
} from '@fmea/sdk';
import { ImportDialog } from './ImportDialog.tsx';
import { ProblemDialog } from './ProblemDialog.tsx';
import { useStatusLabel, useTypeLabel, type ProblemStatus, type ProblemType } from '../labels.ts';
import '../problem.css';

type Row = ApiData<'/api/problem/list'>['items'][number];

const customValuesOf = (row: Row) => row.customFields;

const STATUSES: ProblemStatus[] = ['open', 'underReview', 'released', 'closed'];
const TYPES: ProblemType[] = ['designProblem', 'produceProblem', 'equipmentProblem'];

/**
 * The problems (8D), internal or the customer's (the same list with the customer flag, granted on its
 * own route): number, brief, type, status, the step it is at, the responsible person and the dates; a
 * search and filters; a new problem and delete as the user's buttons allow. The server checks again and
 * its refusal ("insufficient authority to open, modify or delete a problem") is shown as it says it.
 */
export function ProblemList({ customer, detailPath }: { customer: boolean; detailPath: string }) {
  const { t } = useLingui();
  const labels = useGridLabels();
  const statusLabel = useStatusLabel();
  const typeLabel = useTypeLabel();
  const allowed = usePermission(customer ? 'fawProblem_index' : 'problem_index');
  const navigate = useGuardedNavigate();
  const [searchText, setSearchText] = useState('');
  const [filter, setFilter] = useState<{ search: string; status: ProblemStatus | ''; type: ProblemType | ''; mine: boolean }>({ search: '', status: '', type: '', mine: false });
  const [customFilter, setCustomFilter] = useState<CustomFilter>(NO_CUSTOM_FILTER);
  const customFields = useCustomFields('problem');
  const [reloadKey, setReloadKey] = useState(0);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const open = (id: string) => void navigate(`${detailPath}?id=${encodeURIComponent(id)}`);

  const fetchPage = useCallback(
    async ({ page, limit, sort }: DataGridQuery) => {
      const data = await api.post('/api/problem/list', {
        ...customListQuery(customFilter, customFields, sort),
        page,
        limit,
        kind: customer ? 'customer' : 'internal',
        ...(filter.search ? { search: filter.search } : {}),
        ...(filter.status ? { status: [filter.status] } : {}),
        ...(filter.type ? { type: filter.type } : {}),
        ...(filter.mine ? { mine: true } : {}),
      });
      return { items: data.items, total: data.total };
    },
    [filter, customer, customFilter, customFields],
  );

  const remove = async (row: Row) => {
    const num = row.problemNum;
    if (!(await confirm({ title: t`Delete problem`, message: t`Delete problem ${num}? Its 8D (team, analysis, actions) goes with it.`, danger: true }))) return;
    try {
      await api.post('/api/problem/delete', { id: row.id, version: row.version });
      notify('success', t`Problem ${num} deleted`);
      setReloadKey((k) => k + 1);
    } catch (error) {
      notifyError(error);
    }
  };

  // the problem's custom fields: shown ones as columns, the others offered in the column menu
  const customColumns = useCustomFieldColumns<Row>(customFields, customValuesOf);
  const columns: DataGridColumn<Row>[] = [
    { id: 'problemNum', header: t`Number`, accessor: 'problemNum', width: 140, hideable: false },
    { id: 'brief', header: t`Brief`, hideable: false, cell: (row) => <span data-user-content>{row.brief}</span> },
    ...(customer ? [{ id: 'customerName', header: t`Customer`, width: 130, cell: (row: Row) => <span data-user-content>{row.customerName ?? ''}</span> }] : []),
    { id: 'type', header: t`Type`, width: 120, cell: (row) => typeLabel(row.type) },
    { id: 'status', header: t`Status`, width: 100, cell: (row) => <span className={`problem-state problem-state-${row.status}`}>{statusLabel(row.status)}</span> },
    { id: 'responsibleName', header: t`Responsible`, width: 110, cell: (row) => <span data-user-content>{row.responsibleName ?? ''}</span> },
    { id: 'happenedAt', header: t`Happened`, width: 110, cell: (row) => (row.happenedAt ? formatDate(row.happenedAt) : '') },
    { id: 'plannedCompletion', header: t`Planned completion`, width: 130, cell: (row) => (row.plannedCompletion ? formatDate(row.plannedCompletion) : '') },
    ...customColumns,
    {
      id: 'actions',
      header: t`Actions`,
      width: 130,
      hideable: false,
      cell: (row) => (
        <span className="problem-row-actions" onClick={(e) => e.stopPropagation()}>
          <Button kind="link" data-testid="problem-open" onClick={() => open(row.id)}>
            <Trans>Open</Trans>
          </Button>
          {allowed('del') ? (
            <Button kind="link" data-testid="problem-delete" onClick={() => void remove(row)}>
              <Trans>Delete</Trans>
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setFilter((f) => ({ ...f, search: searchText.trim() }));
  };
  const filtered = Boolean(filter.search || filter.status || filter.type || filter.mine || customFilter.field);

  return (
    <div className="page problem-list" data-testid={customer ? 'customer-problem-list' : 'problem-list'}>
      <PageHeader
        title={customer ? <Trans>Customer problems</Trans> : <Trans>Problems (8D)</Trans>}
        actions={
          <>
            {allowed('add') ? (
              <Button kind="primary" data-testid="problem-new" onClick={() => setCreating(true)}>
                {customer ? <Trans>New customer problem</Trans> : <Trans>New problem</Trans>}
              </Button>
            ) : null}
            {allowed('import') ? (
              <Button data-testid="problem-import" onClick={() => setImporting(true)}>
                <Trans>Import</Trans>
              </Button>
            ) : null}
            {allowed('export') ? (
              <Button
                data-testid="problem-export-list"
                onClick={() =>
                  void api
                    .download('/api/problem/exportData', customer ? 'customer-problems.xlsx' : 'problems.xlsx', {
                      kind: customer ? 'customer' : 'internal',
                      ...(filter.search ? { search: filter.search } : {}),
                      ...(filter.status ? { status: filter.status } : {}),
                      ...(filter.type ? { type: filter.type } : {}),
                    })
                    .catch(notifyError)
                }
              >
                <Trans>Export</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      <form className="problem-filters" role="search" onSubmit={submitSearch}>
        <TextInput aria-label={t`Search by number, brief, part number or supplier`} placeholder={t`Number, brief, part number or supplier`} value={searchText} maxLength={200} onChange={(e) => setSearchText(e.target.value)} />
        <Select
          aria-label={t`Status`}
          data-testid="problem-filter-status"
          value={filter.status}
          onChange={(e) => setFilter((f) => ({ ...f, status: e.target.value as ProblemStatus | '' }))}
          options={[{ value: '', label: t`All statuses` }, ...STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))]}
        />
        <Select
          aria-label={t`Type`}
          value={filter.type}
          onChange={(e) => setFilter((f) => ({ ...f, type: e.target.value as ProblemType | '' }))}
          options={[{ value: '', label: t`All types` }, ...TYPES.map((s) => ({ value: s, label: typeLabel(s) }))]}
        />
        <label className="problem-mine" title={t`Problems you created, are responsible for or work on as a team member`}>
          <input type="checkbox" data-testid="problem-filter-mine" checked={filter.mine} onChange={(e) => setFilter((f) => ({ ...f, mine: e.target.checked }))} />
          <Trans>Mine only</Trans>
        </label>
        <CustomFieldFilter fields={customFields} value={customFilter} onChange={setCustomFilter} />
        <Button type="submit">
          <Trans>Search</Trans>
        </Button>
      </form>
      <DataGrid<Row>
        aria-label={customer ? t`Customer problems` : t`Problems`}
        columns={columns}
        rowKey={(row) => row.id}
        fetchPage={fetchPage}
        queryKey={JSON.stringify([filter, customFilter])}
        reloadKey={reloadKey}
        onRowClick={(row) => open(row.id)}
        emptyText={filtered ? t`No problem matches the search.` : customer ? t`No customer problems yet.` : t`No problems yet. A new problem starts its 8D at D0.`}
        labels={labels}
      />
      {importing ? (
        <ImportDialog
          customer={customer}
          onClose={() => setImporting(false)}
          onImported={() => setReloadKey((k) => k + 1)}
        />
      ) : null}
      {creating ? <ProblemDialog customer={customer} onClose={() => setCreating(false)} onSaved={(p) => open(p.id)} /> : null}
    </div>
  );
}
