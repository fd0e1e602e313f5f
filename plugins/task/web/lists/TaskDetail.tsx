import { Trans, useLingui } from '@lingui/react/macro';
import { plannedDatesShown } from '@fmea/core/domain';
import { api, Drawer, EmptyState, formatDate, formatDateTime, useLoad, useTaskLogWords } from '@fmea/sdk';
import { useTaskLabels } from '../shared/labels.ts';
import { TaskActions } from './TaskActions.tsx';

/** One task: its fields (spec 001 §3 Task), its transitions, and its log (who did what, when). */
export function TaskDetail({ taskId, onClose, onChanged }: { taskId: string; onClose: () => void; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const words = useTaskLabels();
  const task = useLoad(() => api.get('/api/task/get', { id: taskId }), [taskId]);
  const row = task.data;
  // the log is kept per program and per FMEA (who did what, when): this task's entries of it
  const scope = row?.programId ? { programId: row.programId } : row?.projectId ? { projectId: row.projectId } : null;
  const log = useLoad(async () => (scope ? (await api.get('/api/task/log', { ...scope, limit: 200 })).items.filter((e) => e.taskId === taskId) : []), [taskId, scope?.programId, scope?.projectId, row?.version]);
  const word = useTaskLogWords();
  const field = (label: string, value: string | null | undefined, testId?: string) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId} data-user-content>
        {value || '—'}
      </dd>
    </div>
  );
  const planned = row && plannedDatesShown(row.taskType, row.taskObject);
  return (
    <Drawer title={row ? `${row.taskNum} ${row.taskName}` : <Trans>Task</Trans>} width={560} testId="task-detail" onClose={onClose}>
      {task.error ? <EmptyState title={<Trans>This task could not be opened</Trans>}>{task.error}</EmptyState> : null}
      {row ? (
        <>
          <dl className="task-fields">
            {field(t`Status`, words.status(row.taskStatus), 'task-detail-status')}
            {field(t`Type`, [words.type(row.taskType), words.label(row.taskLabel)].filter(Boolean).join(' · '))}
            {field(t`Source`, words.source(row.taskSource) || words.projectSource(row.projectTaskSource))}
            {field(t`Program`, row.programNum ? `${row.programNum} ${row.programName ?? ''}` : null)}
            {field(t`Stage`, row.programStageName)}
            {field(t`FMEA`, row.fmeaNum ? `${row.fmeaNum} ${row.fmeaName ?? ''}` : null)}
            {field(t`Node`, row.nodeName)}
            {field(t`Launched by`, row.taskOwnerName)}
            {field(t`Handler`, row.handlerName)}
            {field(t`Department`, row.depName)}
            {field(t`Launched`, formatDate(row.taskLaunchDate))}
            {field(t`Planned start`, planned ? formatDate(row.taskStartDate) : '—')}
            {field(t`Planned end`, planned ? formatDate(row.taskEndDate) : '—')}
            {field(t`Completed`, formatDate(row.taskCompleteDate))}
            {field(t`Hours`, row.hoursStr)}
          </dl>
          {row.taskDesc ? (
            <p className="task-desc" data-user-content>
              {row.taskDesc}
            </p>
          ) : null}
          <div className="task-detail-actions">
            <TaskActions
              row={row}
              onDone={() => {
                task.reload();
                onChanged();
              }}
            />
          </div>
        </>
      ) : null}
      <h3 className="task-log-title">
        <Trans>Log</Trans>
      </h3>
      {log.data && log.data.length ? (
        <table className="task-log" data-testid="task-log">
          <thead>
            <tr>
              <th>
                <Trans>When</Trans>
              </th>
              <th>
                <Trans>Who</Trans>
              </th>
              <th>
                <Trans>What</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {log.data.map((entry) => (
              <tr key={entry.id}>
                <td>{formatDateTime(entry.at, i18n.locale)}</td>
                <td>{entry.actorName}</td>
                <td data-user-content>{[word(entry.action), entry.note].filter(Boolean).join(': ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">
          <Trans>Nothing recorded yet.</Trans>
        </p>
      )}
    </Drawer>
  );
}
