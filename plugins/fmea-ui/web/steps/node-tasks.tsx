import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { taskMachine, type TaskEvent } from '@fmea/core/domain';
import { api, Button, notify, notifyError, onChangeNotice, type ApiData } from '@fmea/sdk';

export type NodeTask = ApiData<'/api/task/nodeTasks'>[number];

/**
 * The tasks pointing at nodes of a project (the spec's pptSerial / projectProcedureSerial), by node, kept
 * live: a task progress event (realtime `taskProgress`, sent when a task on this project changes status or
 * progress) updates the task in place, so the mind map shows the work as it happens. Read again when the
 * project's structure is read again (`revision`).
 */
export function useNodeTasks(projectId: string, revision: unknown) {
  const [tasks, setTasks] = useState<NodeTask[]>([]);
  const load = useCallback(() => {
    api.get('/api/task/nodeTasks', { projectId }).then(setTasks, () => setTasks([]));
  }, [projectId]);
  useEffect(load, [load, revision]);
  useEffect(
    () =>
      onChangeNotice('taskProgress', (data) => {
        if (data.projectId !== projectId) return;
        const taskId = String(data.taskId ?? '');
        setTasks((current) => {
          if (!current.some((task) => task.id === taskId)) {
            // a task new to this project: read the list again
            load();
            return current;
          }
          return current.map((task) =>
            task.id === taskId
              ? { ...task, taskStatus: String(data.taskStatus ?? task.taskStatus) as NodeTask['taskStatus'], progress: Number(data.progress ?? task.progress), version: Number(data.version ?? task.version) }
              : task,
          );
        });
      }),
    [projectId, load],
  );
  const byNode = useMemo(() => {
    const map = new Map<string, NodeTask[]>();
    for (const task of tasks) if (task.nodeId) map.set(task.nodeId, [...(map.get(task.nodeId) ?? []), task]);
    return map;
  }, [tasks]);
  return { byNode, reload: load };
}

function useStatusWord() {
  const { t } = useLingui();
  const words: Record<string, string> = { '0': t`Not started`, '1': t`In progress`, '2': t`In review`, '3': t`Completed`, '4': t`Pending`, '5': t`Cancelled`, '6': t`Rejected`, '7': t`Withdrawn` };
  return (code: string) => words[code] ?? code;
}

/** Under a node's box in the mind map: each task on the node, its number, status and progress. */
export function NodeTaskBadges({ tasks }: { tasks: readonly NodeTask[] | undefined }) {
  const status = useStatusWord();
  if (!tasks?.length) return null;
  return (
    <div className="dfmea-node-tasks">
      {tasks.map((task) => (
        <span key={task.id} className={`dfmea-node-task status-${task.taskStatus}`} data-testid="node-task" data-task={task.taskNum} title={task.name}>
          <span className="dfmea-node-task-bar" style={{ width: `${task.progress}%` }} />
          <span className="dfmea-node-task-text">
            {task.taskNum} · {status(task.taskStatus)} · {task.progress}%
          </span>
        </span>
      ))}
    </div>
  );
}

/**
 * The selected node's tasks with what the user may do to them (start, submit, complete, …; the server
 * says which in `actions` and checks again): a task is worked where its node is analysed.
 */
export function NodeTaskPanel({ tasks, onChanged }: { tasks: readonly NodeTask[] | undefined; onChanged: () => void }) {
  const { t } = useLingui();
  const status = useStatusWord();
  if (!tasks?.length) return null;
  const word: Partial<Record<TaskEvent, string>> = { start: t`Start`, submit: t`Submit for review`, complete: t`Complete`, approve: t`Approve`, reject: t`Reject`, resume: t`Resume`, rework: t`Rework`, restart: t`Restart` };
  const run = async (task: NodeTask, event: TaskEvent) => {
    try {
      await api.post('/api/task/transition', { id: task.id, version: task.version, event });
      const num = task.taskNum;
      notify('success', t`Task ${num}: ${status(taskMachine.next(task.taskStatus, event))}`);
    } catch (error) {
      notifyError(error);
    }
    onChanged();
  };
  return (
    <div className="dfmea-node-task-panel" data-testid="node-task-panel" aria-label={t`Tasks on this node`}>
      {tasks.map((task) => (
        <div key={task.id} className="dfmea-node-task-row">
          <span data-user-content>
            {task.taskNum} {task.name}
          </span>
          <span>
            {status(task.taskStatus)} · {task.progress}%
          </span>
          {taskMachine
            .events(task.taskStatus)
            .filter((e) => task.actions.includes(e) && word[e])
            .map((event) => (
              <Button key={event} kind="link" data-testid={`node-task-${event}`} onClick={() => void run(task, event)}>
                {word[event]}
              </Button>
            ))}
        </div>
      ))}
    </div>
  );
}
