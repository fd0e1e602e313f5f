import { useCallback, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DvpPlanState } from '@fmea/core/domain';
import { api, Button, DataGrid, formatDateTime, PageHeader, Select, TextInput, useGridLabels, useGuardedNavigate, usePermission, type ApiData, type AreaPageProps, type DataGridColumn, type DataGridQuery } from '@fmea/sdk';
import { options, useDvpLabels } from './labels.ts';
import { NewPlanDialog } from './NewPlanDialog.tsx';
import './dvp.css';

type Row = ApiData<'/api/dvp/list'>['items'][number];
interface Filters {
  search: string;
  status: DvpPlanState | '';
}
const NO_FILTERS: Filters = { search: '', status: '' };

/**
 * The DVP&R plans of the DFMEAs the caller may open (area dvp): number, name, DFMEA, status, tests and the coverage
 * of the DFMEA's detection controls, filtered by text (plan or DFMEA number or name) and status; a new plan for a
 * DFMEA as the user's buttons allow (the server checks again). A row opens the plan.
 */
export default function DvpListPage({ basePath }: AreaPageProps) {
  const { t, i18n } = useLingui();
  const labels = useDvpLabels();
  const gridLabels = useGridLabels();
  const allowed = usePermission('dvp_index');
  const navigate = useGuardedNavigate();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [creating, setCreating] = useState(false);
  const open = (key: string) => void navigate(`${basePath}/dvpDetails?id=${encodeURIComponent(key)}`);

  const fetchPage = useCallback(
    async ({ page, limit }: DataGridQuery) => {
      const data = await api.post('/api/dvp/list', { page, limit, ...(filters.search ? { search: filters.search } : {}), ...(filters.status ? { status: filters.status } : {}) });
      return { items: data.items, total: data.total };
    },
    [filters],
  );

  const columns: DataGridColumn<Row>[] = [
    { id: 'dvpNum', header: t`DVP number`, accessor: 'dvpNum', width: 150, hideable: false },
    { id: 'name', header: t`Plan`, hideable: false, cell: (row) => <span data-user-content>{row.name}</span> },
    { id: 'project', header: t`DFMEA`, cell: (row) => <span data-user-content>{`${row.projectNum} ${row.projectName}`}</span> },
    { id: 'status', header: t`Status`, width: 110, cell: (row) => <span className={`dvp-badge dvp-status-${row.status}`}>{labels.status[row.status]}</span> },
    { id: 'tests', header: t`Tests`, width: 80, accessor: 'tests' },
    { id: 'coverage', header: t`Controls tested`, width: 130, cell: (row) => `${row.coverage.tested} / ${row.coverage.controls}` },
    { id: 'unqualified', header: t`Unqualified`, width: 110, cell: (row) => (row.coverage.unqualified ? <span className="dvp-badge dvp-result-unqualified">{row.coverage.unqualified}</span> : '0') },
    { id: 'updateTime', header: t`Updated`, width: 150, hidden: true, cell: (row) => formatDateTime(row.updateTime, i18n.locale) },
  ];

  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    setFilters({ ...draft, search: draft.search.trim() });
  };

  return (
    <div className="page dvp-list" data-testid="dvp-list">
      <PageHeader
        title={<Trans>DVP&R plans</Trans>}
        actions={
          allowed('add') ? (
            <Button kind="primary" data-testid="dvp-new" onClick={() => setCreating(true)}>
              <Trans>New DVP&R plan</Trans>
            </Button>
          ) : null
        }
      />
      <form className="dvp-filters" role="search" onSubmit={apply}>
        <TextInput aria-label={t`Search by plan or DFMEA`} placeholder={t`Plan or DFMEA number or name`} value={draft.search} maxLength={200} onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value }))} />
        <Select
          aria-label={t`Status`}
          value={draft.status}
          onChange={(e) => {
            const next = { ...draft, status: e.target.value as DvpPlanState | '' };
            setDraft(next);
            setFilters({ ...next, search: next.search.trim() });
          }}
          options={[{ value: '', label: t`Every status` }, ...options(labels.status)]}
        />
        <Button type="submit">
          <Trans>Search</Trans>
        </Button>
      </form>
      <DataGrid<Row>
        aria-label={t`DVP&R plans`}
        columns={columns}
        rowKey={(row) => row.id}
        fetchPage={fetchPage}
        queryKey={JSON.stringify(filters)}
        onRowClick={(row) => open(row.dvpNum)}
        emptyText={filters === NO_FILTERS ? t`No DVP&R plans yet.` : t`No plan matches the filters.`}
        labels={gridLabels}
      />
      {creating ? <NewPlanDialog onClose={() => setCreating(false)} onSaved={(saved) => open(saved.dvpNum)} /> : null}
    </div>
  );
}
