import { useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { projectLink, type DvpPlanState } from '@fmea/core/domain';
import { api, Button, confirm, DataGrid, EmptyState, formatDate, notify, notifyError, PageHeader, Select, useGridLabels, useGuardedNavigate, useLoad, usePermission, type ApiData, type AreaPageProps, type DataGridColumn } from '@fmea/sdk';
import { ImportDialog } from './ImportDialog.tsx';
import { options, useDvpLabels } from './labels.ts';
import { ResultDialog } from './ResultDialog.tsx';
import { TestDialog } from './TestDialog.tsx';
import './dvp.css';

type Plan = ApiData<'/api/dvp/get'>;
type Test = Plan['testRows'][number];

/**
 * One DVP&R plan (dvpDetails?id=, by id or DP number; &test= marks a test, as messages and My tasks link): its
 * header and the coverage of the DFMEA's detection controls, the tests grid (the spec's DVP fields, the form's
 * columns, result, the controls each proves), and what the caller may do: generate tests from the DFMEA, add and
 * edit tests, record results with their report, export and import the DVP&R workbook. Every write answers the plan
 * as it now is, which the page shows.
 */
export default function DvpDetailsPage({ basePath }: AreaPageProps) {
  const { t, i18n } = useLingui();
  const labels = useDvpLabels();
  const gridLabels = useGridLabels();
  const allowed = usePermission('dvp_index');
  const navigate = useGuardedNavigate();
  const query = new URLSearchParams(useSearch());
  const id = query.get('id') ?? '';
  const focus = query.get('test');
  const loaded = useLoad(() => (id ? api.get('/api/dvp/get', { id }) : Promise.resolve(null)), [id]);
  const [plan, setPlan] = useState<Plan | null>(null);
  const [editing, setEditing] = useState<Test | 'new' | null>(null);
  const [resulting, setResulting] = useState<Test | null>(null);
  const [importing, setImporting] = useState(false);
  useEffect(() => setPlan(loaded.data ?? null), [loaded.data]);
  const reveal = useMemo(() => (focus ? { match: (row: Test) => row.id === focus } : undefined), [focus]);

  if (!id || (loaded.error && !plan)) return <EmptyState title={loaded.error ?? t`No DVP&R plan chosen.`} />;
  if (!plan) return <p>{t`Loading…`}</p>;
  const may = (button: 'add' | 'edit' | 'del' | 'import' | 'export') => plan.canEdit && allowed(button);
  const controlOf = new Map(plan.controls.map((c) => [c.id, c]));

  const run = async (work: () => Promise<Plan>, done?: string) => {
    try {
      setPlan(await work());
      if (done) notify('success', done);
    } catch (error) {
      notifyError(error);
    }
  };
  const generate = () =>
    run(async () => {
      const { created, plan: next } = await api.post('/api/dvp/generate', { id: plan.id });
      notify('success', created ? t`${created} tests generated from the DFMEA` : t`Every detection control already has a test`);
      return next;
    });
  const remove = async (test: Test) => {
    const num = test.testNum;
    if (!(await confirm({ title: t`Delete test`, message: t`Delete test ${num}?`, danger: true }))) return;
    await run(() => api.post('/api/dvp/test/delete', { id: plan.id, testId: test.id, version: test.version }), t`Test ${num} deleted`);
  };
  const setStatus = (status: DvpPlanState) => run(() => api.post('/api/dvp/edit', { id: plan.id, version: plan.version, status }));
  const exportPlan = async () => {
    try {
      await api.download('/api/dvp/exportData', `DVP-${plan.dvpNum}.xlsx`, { id: plan.id });
    } catch (error) {
      notifyError(error);
    }
  };

  const columns: DataGridColumn<Test>[] = [
    { id: 'testNum', header: t`Test number`, accessor: 'testNum', width: 140, hideable: false },
    { id: 'name', header: t`Test name`, hideable: false, width: 170, cell: (row) => <span data-user-content>{row.name}</span> },
    { id: 'testItem', header: t`Test item`, width: 160, hidden: true, cell: (row) => <span data-user-content>{row.testItem ?? ''}</span> },
    { id: 'analysisProject', header: t`Analysis project`, width: 150, hidden: true, cell: (row) => <span data-user-content>{row.analysisProject ?? ''}</span> },
    { id: 'testStandard', header: t`Test standard`, width: 120, cell: (row) => <span data-user-content>{row.testStandard ?? ''}</span> },
    { id: 'testQuantity', header: t`Test quantity`, width: 80, cell: (row) => row.testQuantity ?? '' },
    { id: 'testStage', header: t`Stage`, width: 60, cell: (row) => row.testStage ?? '' },
    { id: 'acceptanceCriteria', header: t`Acceptance criteria`, width: 180, hidden: true, cell: (row) => <span data-user-content>{row.acceptanceCriteria ?? ''}</span> },
    { id: 'classification', header: t`Classification`, width: 110, hidden: true, cell: (row) => <span data-user-content>{row.classification ?? ''}</span> },
    { id: 'dimensionChainLevel', header: t`Dimension chain level`, width: 110, hidden: true, cell: (row) => <span data-user-content>{row.dimensionChainLevel ?? ''}</span> },
    { id: 'calculationMethod', header: t`Calculation method`, width: 120, hidden: true, cell: (row) => <span data-user-content>{row.calculationMethod ?? ''}</span> },
    { id: 'responsible', header: t`Responsible`, width: 110, cell: (row) => <span data-user-content>{row.responsibleName ?? ''}</span> },
    { id: 'planned', header: t`Planned dates`, width: 150, cell: (row) => [formatDate(row.plannedStart), formatDate(row.plannedEnd)].filter(Boolean).join(' – ') },
    { id: 'actual', header: t`Actual dates`, width: 160, hidden: true, cell: (row) => [formatDate(row.actualStart), formatDate(row.actualEnd)].filter(Boolean).join(' – ') },
    { id: 'sampleQuantity', header: t`Samples`, width: 80, hidden: true, cell: (row) => row.sampleQuantity ?? '' },
    {
      id: 'result',
      header: t`Result`,
      width: 120,
      cell: (row) => (
        <span className={`dvp-badge dvp-result-${row.result ?? 'planned'}`} data-testid="dvp-test-result" title={row.resultNote ?? undefined}>
          {row.result ? labels.result[row.result] : t`Not yet tested`}
        </span>
      ),
    },
    {
      id: 'controls',
      header: t`Detection controls`,
      width: 180,
      cell: (row) => (
        <ul className="dvp-controls">
          {row.controlIds.map((c) => (
            <li key={c} title={controlOf.get(c)?.causeText}>
              {/* the control in its DFMEA: the risk analysis, where the test's status stands beside it */}
              <Button kind="link" data-testid="dvp-test-control" onClick={() => void navigate(projectLink(plan.projectType, plan.projectId, { step: 'risk' }))}>
                <span data-user-content>{controlOf.get(c)?.description ?? ''}</span>
              </Button>
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: 'report',
      header: t`Report`,
      width: 120,
      hidden: true,
      cell: (row) =>
        row.report ? (
          <Button kind="link" onClick={() => void api.download('/api/fileOperate/downloadFile', row.report!.name, { fileName: row.report!.fileId }).catch(notifyError)}>
            <span data-user-content>{row.report.name}</span>
          </Button>
        ) : null,
    },
    {
      id: 'actions',
      header: t`Actions`,
      width: 150,
      hideable: false,
      cell: (row) => (
        <span className="dvp-row-actions">
          {may('edit') ? (
            <Button kind="link" data-testid="dvp-test-enter-result" onClick={() => setResulting(row)}>
              <Trans>Result</Trans>
            </Button>
          ) : null}
          {may('edit') ? (
            <Button kind="link" data-testid="dvp-test-edit" onClick={() => setEditing(row)}>
              <Trans>Edit</Trans>
            </Button>
          ) : null}
          {may('del') ? (
            <Button kind="link" onClick={() => void remove(row)}>
              <Trans>Delete</Trans>
            </Button>
          ) : null}
        </span>
      ),
    },
  ];
  const c = plan.coverage;

  return (
    <div className="page dvp-details" data-testid="dvp-details">
      <PageHeader
        title={
          <span className="dvp-head">
            <span data-testid="dvp-number">{plan.dvpNum}</span>
            <span className="dvp-head-name" data-user-content>
              {plan.name}
            </span>
            <span className={`dvp-badge dvp-status-${plan.status}`} data-testid="dvp-status">
              {labels.status[plan.status]}
            </span>
          </span>
        }
        actions={
          <>
            <Button onClick={() => void navigate(basePath)}>
              <Trans>All plans</Trans>
            </Button>
            <Button data-testid="dvp-open-dfmea" onClick={() => void navigate(projectLink(plan.projectType, plan.projectId, { step: 'risk' }))}>
              <Trans>Open DFMEA</Trans>
            </Button>
            {may('add') ? (
              <Button kind="primary" data-testid="dvp-generate" onClick={() => void generate()}>
                <Trans>Generate from DFMEA</Trans>
              </Button>
            ) : null}
            {may('add') ? (
              <Button data-testid="dvp-test-new" onClick={() => setEditing('new')}>
                <Trans>New test</Trans>
              </Button>
            ) : null}
            {allowed('export') ? (
              <Button data-testid="dvp-export" onClick={() => void exportPlan()}>
                <Trans>Export</Trans>
              </Button>
            ) : null}
            {may('import') ? (
              <Button data-testid="dvp-import" onClick={() => setImporting(true)}>
                <Trans>Import</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      <dl className="dvp-summary" data-testid="dvp-summary">
        <div>
          <dt>
            <Trans>DFMEA</Trans>
          </dt>
          <dd data-user-content>{`${plan.projectNum} ${plan.projectName}`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Detection controls tested</Trans>
          </dt>
          <dd data-testid="dvp-coverage">{`${c.tested} / ${c.controls}`}</dd>
        </div>
        <div>
          <dt>{labels.result.qualified}</dt>
          <dd>{c.qualified}</dd>
        </div>
        <div>
          <dt>{labels.result.unqualified}</dt>
          <dd className={c.unqualified ? 'dvp-result-unqualified' : undefined}>{c.unqualified}</dd>
        </div>
        <div>
          <dt>
            <Trans>Waiting for a result</Trans>
          </dt>
          <dd>{c.open}</dd>
        </div>
        <div>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd>
            {may('edit') ? (
              <Select aria-label={t`Plan status`} value={plan.status} onChange={(e) => void setStatus(e.target.value as DvpPlanState)} options={options(labels.status)} />
            ) : (
              labels.status[plan.status]
            )}
          </dd>
        </div>
      </dl>
      <DataGrid<Test>
        aria-label={t`DVP tests`}
        columns={columns}
        rowKey={(row) => row.id}
        rows={plan.testRows}
        pageSize={50}
        reveal={reveal}
        emptyText={t`No tests yet: generate them from the DFMEA’s detection controls, or add one.`}
        labels={gridLabels}
      />
      {editing ? <TestDialog plan={plan} test={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} onSaved={(saved) => (setPlan(saved), setEditing(null))} /> : null}
      {resulting ? <ResultDialog plan={plan} test={resulting} onClose={() => setResulting(null)} onSaved={(saved) => (setPlan(saved), setResulting(null))} /> : null}
      {importing ? (
        <ImportDialog
          planId={plan.id}
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            void api.get('/api/dvp/get', { id: plan.id }).then(setPlan, notifyError);
          }}
        />
      ) : null}
    </div>
  );
}
