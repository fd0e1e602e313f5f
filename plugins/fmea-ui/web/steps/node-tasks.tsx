import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { taskMachine, TASK_STATUS, type TaskEvent } from '@fmea/core/domain';
import { api, Button, notify, notifyError, onChangeNotice, useLoad, type ApiData } from '@fmea/sdk';

export type NodeProgress = ApiData<'/api/task/nodeProgress'>[number];
type NodeTask = NodeProgress['tasks'][number];

/** Completed among the tasks that count (cancelled ones do not), in whole percent: the server's rule, kept live here. */
export function percentOf(tasks: readonly Pick<NodeTask, 'taskStatus'>[]): number {
  const counted = tasks.filter((t) => t.taskStatus !== TASK_STATUS.cancelled);
  return counted.length === 0 ? 0 : Math.floor((counted.filter((t) => t.taskStatus === TASK_STATUS.completed).length / counted.length) * 100);
}

/**
 * The tasks pointing at nodes of a project (the spec's pptSerial / projectProcedureSerial) and each node's
 * progress, kept live: a task progress event (realtime `taskProgress`, pushed when a task on the project
 * changes status) updates the task and its node's percent in place, so every open mind map shows the work
 * as it happens. Read again when the project's structure is read again (`revision`).
 */
export function useNodeTasks(projectId: string, revision: unknown) {
  const [nodes, setNodes] = useState<NodeProgress[]>([]);
  const load = useCallback(() => {
    api.get('/api/task/nodeProgress', { projectId }).then(setNodes, () => setNodes([]));
  }, [projectId]);
  useEffect(load, [load, revision]);
  useEffect(
    () =>
      onChangeNotice('taskProgress', (data) => {
        if (data.projectId !== projectId) return;
        const taskId = String(data.taskId ?? '');
        const status = String(data.taskStatus ?? '') as NodeTask['taskStatus'];
        setNodes((current) => {
          if (!current.some((n) => n.nodeId === data.nodeId && n.tasks.some((t) => t.id === taskId))) {
            // a task new to this node (or moved to it): read them again
            load();
            return current;
          }
          return current.map((n) => {
            if (!n.tasks.some((t) => t.id === taskId)) return n;
            const tasks = n.tasks.map((t) => (t.id === taskId ? { ...t, taskStatus: status } : t));
            return { ...n, tasks, percent: percentOf(tasks) };
          });
        });
      }),
    [projectId, load],
  );
  const byNode = useMemo(() => new Map(nodes.map((n) => [n.nodeId, n])), [nodes]);
  return { byNode, reload: load };
}

function useStatusWord() {
  const { t } = useLingui();
  const words: Record<string, string> = { '0': t`Not started`, '1': t`In progress`, '2': t`In review`, '3': t`Completed`, '4': t`Pending`, '5': t`Cancelled`, '6': t`Rejected`, '7': t`Withdrawn` };
  return (code: string) => words[code] ?? code;
}

/** Under a node's box in the mind map: the node's task progress (completed of its tasks) and each task's number and status. */
export function NodeTaskBadges({ progress }: { progress: NodeProgress | undefined }) {
  const { t } = useLingui();
  const status = useStatusWord();
  if (!progress?.tasks.length) return null;
  const percent = progress.percent;
  const names = progress.tasks.map((task) => `${task.taskNum} ${task.taskName}: ${status(task.taskStatus)}`).join('\n');
  return (
    <div className="dfmea-node-tasks" data-testid="node-progress" data-percent={percent} title={names}>
      <span className="dfmea-node-task-bar" style={{ width: `${percent}%` }} />
      <span className="dfmea-node-task-text">
        {t`Tasks ${percent}%`}
        {progress.tasks.map((task) => (
          <span key={task.id} className={`dfmea-node-task status-${task.taskStatus}`} data-testid="node-task" data-task={task.taskNum} data-status={task.taskStatus}>
            {' · '}
            {task.taskNum} {status(task.taskStatus)}
          </span>
        ))}
      </span>
    </div>
  );
}

/**
 * One task of the selected node with the transitions the user may take (the task's own `actions`; the server
 * checks again). Completing without a review is offered when it will pass: the node's analysis is complete,
 * or the handler launched the task themselves; otherwise the handler submits it for review.
 */
function NodeTaskRow({ task, analysisComplete, onChanged }: { task: NodeTask; analysisComplete: boolean; onChanged: () => void }) {
  const { t } = useLingui();
  const status = useStatusWord();
  const view = useLoad(() => api.get('/api/task/get', { id: task.id }), [task.id, task.taskStatus]);
  const word: Partial<Record<TaskEvent, string>> = { start: t`Start`, submit: t`Submit for review`, complete: t`Complete`, approve: t`Approve`, reject: t`Reject`, resume: t`Resume`, rework: t`Rework`, restart: t`Restart` };
  const run = async (event: TaskEvent) => {
    const current = view.data;
    if (!current) return;
    try {
      await api.post('/api/task/transition', { id: task.id, event, version: current.version });
      const num = task.taskNum;
      const now = status(taskMachine.next(task.taskStatus, event));
      notify('success', t`Task ${num}: ${now}`);
    } catch (error) {
      notifyError(error);
    }
    onChanged();
  };
  const current = view.data;
  const ownTask = current !== undefined && current.taskOwnerId !== null && current.taskOwnerId === current.handlerId;
  const actions = (current?.actions ?? []).filter((e) => e !== 'complete' || analysisComplete || ownTask);
  return (
    <div className="dfmea-node-task-row" data-testid="node-task-row" data-task={task.taskNum}>
      <span data-user-content>
        {task.taskNum} {task.taskName}
      </span>
      <span>{status(task.taskStatus)}</span>
      {taskMachine
        .events(task.taskStatus)
        .filter((e) => actions.includes(e) && word[e])
        .map((event) => (
          <Button key={event} kind="link" data-testid={`node-task-${event}`} onClick={() => void run(event)}>
            {word[event]}
          </Button>
        ))}
    </div>
  );
}

/** The selected node's tasks, each with what the user may do to it: a task is worked where its node is analysed. */
export function NodeTaskPanel({ progress, onChanged }: { progress: NodeProgress | undefined; onChanged: () => void }) {
  const { t } = useLingui();
  if (!progress?.tasks.length) return null;
  const findings = progress.findings;
  return (
    <div className="dfmea-node-task-panel" data-testid="node-task-panel" role="group" aria-label={t`Tasks on this node`}>
      <span className="muted" data-testid="node-analysis">
        {progress.analysisComplete ? t`This node's analysis is complete: its tasks may be completed.` : t`The checks before release find ${findings} open points on this node: finish them to complete its tasks, or submit them for review.`}
      </span>
      {progress.tasks.map((task) => (
        <NodeTaskRow key={task.id} task={task} analysisComplete={progress.analysisComplete} onChanged={onChanged} />
      ))}
    </div>
  );
}
