import { Trans, useLingui } from '@lingui/react/macro';
import { api, DataGrid, Drawer, formatDateTime, useGridLabels, useTaskLogWords, type ApiData, type DataGridColumn } from '@fmea/sdk';

type Entry = ApiData<'/api/task/log'>['items'][number];

/**
 * The task log of an FMEA project (spec 001 §2 "task log"): who did what to the project's tasks, and when,
 * newest first; opened from the project's header.
 */
export function TaskLogPanel({ projectId, onClose, side }: { projectId: string; onClose: () => void; side?: 'left' | 'right' }) {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const word = useTaskLogWords();
  const columns: DataGridColumn<Entry>[] = [
    { id: 'at', header: t`When`, width: 150, cell: (e) => formatDateTime(e.at, i18n.locale) },
    { id: 'actorName', header: t`Who`, width: 110, accessor: 'actorName' },
    { id: 'task', header: t`Task`, cell: (e) => <span data-user-content>{`${e.taskNum} ${e.taskName}`}</span> },
    { id: 'action', header: t`What`, width: 150, cell: (e) => word(e.action) },
    { id: 'note', header: t`Note`, width: 160, cell: (e) => <span data-user-content>{e.note ?? ''}</span> },
  ];
  return (
    <Drawer title={<Trans>Task log</Trans>} width={760} testId="task-log-panel" side={side} onClose={onClose}>
      <DataGrid<Entry>
        aria-label={t`Task log`}
        columns={columns}
        rowKey={(e) => String(e.id)}
        fetchPage={({ page, limit }) => api.get('/api/task/log', { projectId, page, limit })}
        emptyText={t`No task of this project has been worked yet.`}
        labels={labels}
      />
    </Drawer>
  );
}
