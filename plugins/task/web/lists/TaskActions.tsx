import { useLingui } from '@lingui/react/macro';
import { projectLink, projectPagePath, taskMachine, type TaskEvent } from '@fmea/core/domain';
import { api, type ApiData, Button, confirm, notify, notifyError, useGuardedNavigate } from '@fmea/sdk';

/**
 * Where a task's work is done: its FMEA opened at its node (every kind's project page takes a node id as
 * `serialNum`, as its deep link's pptSerial / pppSerial: the structure step starts there), or at the project.
 */
export const taskWorkLink = (projectType: string, projectId: string, nodeId: string | null | undefined) =>
  nodeId ? `${projectPagePath(projectType)}?serialNum=${encodeURIComponent(nodeId)}&rightType=structure` : projectLink(projectType, projectId, { step: 'structure' });

export type TaskRow = ApiData<'/api/task/list'>['items'][number];

/**
 * A task's transitions as buttons (start, submit for review, complete, approve, reject, withdraw, cancel, …):
 * those its status allows and the server says the user may take (`actions`); the server checks again.
 * A task on an FMEA opens it at its node, where the work is done.
 */
export function TaskActions({ row, onDone }: { row: Pick<TaskRow, 'id' | 'taskNum' | 'taskStatus' | 'version' | 'actions' | 'projectId' | 'projectType' | 'nodeId'>; onDone: () => void }) {
  const { t } = useLingui();
  const navigate = useGuardedNavigate();
  const word: Record<TaskEvent, string> = {
    start: t`Start`,
    submit: t`Submit for review`,
    complete: t`Complete`,
    approve: t`Approve`,
    reject: t`Reject`,
    withdraw: t`Withdraw`,
    cancel: t`Cancel task`,
    hold: t`Put on hold`,
    resume: t`Resume`,
    rework: t`Rework`,
    restart: t`Restart`,
  };
  const events = taskMachine.events(row.taskStatus).filter((e) => row.actions.includes(e));
  const run = async (event: TaskEvent) => {
    const num = row.taskNum;
    if (event === 'cancel' && !(await confirm({ title: t`Cancel task`, message: t`Cancel task ${num}? A cancelled task cannot be restarted.`, danger: true }))) return;
    try {
      await api.post('/api/task/transition', { id: row.id, version: row.version, event });
      const done = word[event];
      notify('success', t`${num}: ${done}`);
      onDone();
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <span className="task-actions" onClick={(e) => e.stopPropagation()}>
      {row.projectId && row.projectType ? (
        <Button kind="link" data-testid="task-open-fmea" onClick={() => void navigate(taskWorkLink(row.projectType!, row.projectId!, row.nodeId))}>
          {t`Open FMEA`}
        </Button>
      ) : null}
      {events.map((event) => (
        <Button key={event} kind="link" data-testid={`task-${event}`} onClick={() => void run(event)}>
          {word[event]}
        </Button>
      ))}
    </span>
  );
}
