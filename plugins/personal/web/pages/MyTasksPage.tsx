import { useCallback, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { api, Button, DataGrid, formatDate, formatDateTime, PageHeader, Select, useGridLabels, useGuardedNavigate, type ApiData, type DataGridColumn, type DataGridQuery } from '@fmea/sdk';
import '../personal.css';

type Task = ApiData<'/api/task/myTasks'>['items'][number];

/** The status filter (spec 001 §4: the search offers 0, 1, 3, 5); '' all, 'open' the three still to do. */
type Filter = '' | 'open' | '0' | '1' | '3' | '5';
const FILTER_QUERY: Record<Filter, string | undefined> = { '': undefined, open: '0,1,4', '0': '0', '1': '1', '3': '3', '5': '5' };

/**
 * My tasks (spec 000 §2.5; 001 §3 Task): the optimisation actions the user is
 * responsible for and the review steps waiting for them, in every FMEA
 * project (docs/domain/fmea-communication.md). Each row opens its view: an
 * action the project's optimisation step with the action's thread, a review
 * step the project's review panel.
 */
export default function MyTasksPage() {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const navigate = useGuardedNavigate();
  const [filter, setFilter] = useState<Filter>('open');

  const fetchPage = useCallback(({ page, limit }: DataGridQuery) => {
    const taskStatus = FILTER_QUERY[filter];
    return api.get('/api/task/myTasks', { page, limit, ...(taskStatus ? { taskStatus } : {}) });
  }, [filter]);

  const columns = useMemo<DataGridColumn<Task>[]>(() => {
    const statusLabel: Record<string, string> = {
      '0': t`Not started`,
      '1': t`In progress`,
      '2': t`In review`,
      '3': t`Completed`,
      '4': t`Pending`,
      '5': t`Cancelled`,
      '6': t`Rejected`,
      '7': t`Withdrawn`,
    };
    const typeLabel: Record<string, string> = { '1': t`Compile`, '2': t`Review`, '3': t`Update`, '4': t`Quick DR`, '5': t`Full DR`, '6': t`Optimisation`, '8D': t`8D step` };
    const roleLabel: Record<string, string> = { professional: t`Professional reviewer`, quality: t`Quality reviewer`, technical: t`Technical director`, countersign: t`Verification countersigner` };
    const describe = (task: Task) =>
      task.taskSource === 'review'
        ? `${task.reviewStep === 'opinion' ? t`Give your review opinion` : task.reviewStep === 'approve' ? t`Approve the review` : t`Release`} (${task.reviewRoles.map((r) => roleLabel[r] ?? r).join(', ')})`
        : task.taskSource === 'ewo'
          ? task.reviewStep === 'approve'
            ? t`Approve publishing: ${task.taskDesc}`
            : t`Follow up: ${task.taskDesc}`
          : task.taskDesc;
    return [
      { id: 'taskType', header: t`Task type`, width: 100, accessor: (task) => typeLabel[task.taskType] ?? task.taskType },
      {
        id: 'taskDesc',
        header: t`Task`,
        width: 280,
        hideable: false,
        cell: (task) => (
          <Button kind="link" data-testid="task-open" onClick={() => void navigate(task.route)}>
            <span data-user-content>{describe(task)}</span>
          </Button>
        ),
      },
      { id: 'fmeaNum', header: t`FMEA number`, width: 150, accessor: (task) => task.fmeaNum ?? task.taskNum ?? '' },
      { id: 'fmeaName', header: t`FMEA name`, width: 180, accessor: (task) => task.fmeaName ?? '' },
      { id: 'nodeName', header: t`Node`, width: 140, accessor: (task) => task.nodeName ?? '' },
      { id: 'taskLaunchDate', header: t`Assigned`, width: 150, accessor: (task) => formatDateTime(task.taskLaunchDate, i18n.locale) },
      // spec 001 §9: the server answers a planned end only where it shows (optimisation actions; program tasks of types 1, 3, 6 on an FMEA); otherwise a dash
      { id: 'taskEndDate', header: t`Planned end`, width: 110, accessor: (task) => (task.taskEndDate ? formatDate(task.taskEndDate) : '—') },
      { id: 'taskCompleteDate', header: t`Completed on`, width: 110, accessor: (task) => formatDate(task.taskCompleteDate), hidden: true },
      { id: 'taskStatus', header: t`Status`, width: 110, accessor: (task) => statusLabel[task.taskStatus] ?? task.taskStatus },
    ];
    // navigate is stable for the page's life
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n.locale]);

  const options: { value: Filter; label: string }[] = [
    { value: 'open', label: t`To do` },
    { value: '', label: t`All` },
    { value: '0', label: t`Not started` },
    { value: '1', label: t`In progress` },
    { value: '3', label: t`Completed` },
    { value: '5', label: t`Cancelled` },
  ];

  return (
    <div className="page" data-testid="my-tasks-page">
      <PageHeader title={t`My tasks`} />
      <DataGrid<Task>
        aria-label={t`My tasks`}
        columns={columns}
        rowKey={(task) => task.id}
        fetchPage={fetchPage}
        queryKey={JSON.stringify([filter, i18n.locale])}
        labels={labels}
        emptyText={t`No tasks. Optimisation actions you are responsible for and review steps waiting for you appear here.`}
        toolbar={
          <label style={{ display: 'flex', gap: 6, alignItems: 'center', whiteSpace: 'nowrap' }}>
            {t`Status`}
            <Select value={filter} data-testid="task-status-filter" onChange={(e) => setFilter(e.target.value as Filter)} options={options} />
          </label>
        }
      />
    </div>
  );
}
