import { useCallback, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, DataGrid, formatDateTime, PageHeader, Select, TextInput, useGridLabels, useLoad, useGuardedNavigate, usePermission, type ApiData, type AreaPageProps, type DataGridColumn, type DataGridQuery } from '@fmea/sdk';
import { fixed, useSpcLabels } from '../labels.ts';
import { StudyDialog } from './StudyDialog.tsx';
import '../spc.css';

type Row = ApiData<'/api/spc/list'>['items'][number];

/**
 * The SPC studies (area spc) of the PFMEA projects the user may open, of one PFMEA or all, searched by
 * number, characteristic or PFMEA: number, characteristic, PFMEA, chart, specification limits and whether
 * phase-I limits are frozen; a new study as the add button allows (the
 * server checks again). A row opens the study.
 */
export default function StudyListPage({ basePath }: AreaPageProps) {
  const { t, i18n } = useLingui();
  const labels = useSpcLabels();
  const gridLabels = useGridLabels();
  const allowed = usePermission('spc_index');
  const navigate = useGuardedNavigate();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [projectId, setProjectId] = useState('');
  const projects = useLoad(() => api.post('/api/project/list', { tab: 'all', projectType: 'pfmea', page: 1, limit: 100 }), []);
  const [creating, setCreating] = useState(false);
  const open = (key: string) => void navigate(`${basePath}/spcStudy?id=${encodeURIComponent(key)}`);

  const fetchPage = useCallback(
    async ({ page, limit }: DataGridQuery) => {
      const data = await api.post('/api/spc/list', { page, limit, ...(search ? { search } : {}), ...(projectId ? { projectId } : {}) });
      return { items: data.items, total: data.total };
    },
    [search, projectId],
  );

  const columns: DataGridColumn<Row>[] = [
    { id: 'studyNum', header: t`Study`, accessor: 'studyNum', width: 130, hideable: false },
    { id: 'name', header: t`Characteristic`, hideable: false, cell: (row) => <span data-user-content>{row.name}</span> },
    { id: 'project', header: t`PFMEA`, width: 220, cell: (row) => <span data-user-content>{`${row.projectSerial} ${row.projectName}`}</span> },
    { id: 'chart', header: t`Chart`, width: 200, cell: (row) => labels.chart[row.chart] },
    { id: 'limits', header: t`LSL / target / USL`, width: 170, cell: (row) => `${fixed(row.lsl, 4)} / ${fixed(row.target, 4)} / ${fixed(row.usl, 4)}` },
    { id: 'frozen', header: t`Limits`, width: 110, cell: (row) => (row.frozen ? t`Frozen` : t`Following the data`) },
    { id: 'updateTime', header: t`Updated`, width: 150, cell: (row) => formatDateTime(row.updateTime, i18n.locale) },
  ];

  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    setSearch(draft.trim());
  };

  return (
    <div className="page spc-list" data-testid="spc-list">
      <PageHeader
        title={<Trans>SPC studies</Trans>}
        actions={
          allowed('add') ? (
            <Button kind="primary" data-testid="spc-new" onClick={() => setCreating(true)}>
              <Trans>New study</Trans>
            </Button>
          ) : null
        }
      />
      <form className="spc-filters" role="search" onSubmit={apply}>
        <Select
          aria-label={t`PFMEA`}
          data-testid="spc-filter-project"
          value={projectId}
          onChange={(e) => setProjectId(e.target.value)}
          options={[{ value: '', label: t`Every PFMEA` }, ...(projects.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.serialNum} ${p.name}` }))]}
        />
        <TextInput aria-label={t`Search studies`} placeholder={t`Study, characteristic or PFMEA`} value={draft} maxLength={200} onChange={(e) => setDraft(e.target.value)} />
        <Button type="submit">
          <Trans>Search</Trans>
        </Button>
      </form>
      <DataGrid<Row>
        aria-label={t`SPC studies`}
        columns={columns}
        rowKey={(row) => row.id}
        fetchPage={fetchPage}
        queryKey={`${projectId}|${search}`}
        onRowClick={(row) => open(row.studyNum)}
        emptyText={search || projectId ? t`No study matches the search.` : t`No SPC studies yet: open one from a control-plan characteristic.`}
        labels={gridLabels}
      />
      {creating ? <StudyDialog onClose={() => setCreating(false)} onSaved={(saved) => open(saved.studyNum)} /> : null}
    </div>
  );
}
