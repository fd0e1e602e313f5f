import type { TaskObject, TaskType } from './vocabulary.ts';

/**
 * Rules of a task that are not the status machine (core/src/domain/status/task.ts) nor the plan
 * (./schedule.ts): when its planned dates are shown, which numbering it takes, its object, and the
 * superior part's task that must exist first (spec 001 §5). Issue 24; docs/domain/programs-tasks.md.
 */

/** Spec 001 §9: planned start and end show only for compile (1), update (3) and optimisation (6) tasks on a DFMEA or PFMEA (object 1 or 2). */
export const plannedDatesShown = (taskType: TaskType, taskObject: TaskObject): boolean => (taskType === '1' || taskType === '3' || taskType === '6') && (taskObject === '1' || taskObject === '2');

/** A task on a process-model FMEA (a PFMEA) is a PFMEA project task, numbered PT; every other task PR. */
export const taskNumberingModule = (processModel: boolean): 'pfmeaProjectTask' | 'task' => (processModel ? 'pfmeaProjectTask' : 'task');

/** The object of a task: 2 on a process-model FMEA, 1 on any other FMEA, 0 without one. */
export const taskObjectOf = (fmea: { processModel: boolean } | null): TaskObject => (fmea === null ? '0' : fmea.processModel ? '2' : '1');

/**
 * The superior part's task a task on an FMEA node hangs under: the task of the program on the node's parent.
 * Spec 001 §5 "superior part task must be created first": a node below the root needs its parent's task in
 * the same program before it gets one. Answers null for the root (nothing above it), the parent's task id
 * otherwise, and 'missing' when the parent has no task yet.
 */
export function superiorPartTask(parentNodeId: string | null, taskOfNode: (nodeId: string) => string | undefined): string | null | 'missing' {
  if (parentNodeId === null) return null;
  return taskOfNode(parentNodeId) ?? 'missing';
}

/** Whether making `parentId` the parent of `taskId` would put the task under itself (walking the parents up). */
export function parentCycle(taskId: string, parentId: string, parentOf: (id: string) => string | null | undefined): boolean {
  const seen = new Set<string>();
  for (let at: string | null | undefined = parentId; at; at = parentOf(at)) {
    if (at === taskId) return true;
    if (seen.has(at)) return true;
    seen.add(at);
  }
  return false;
}
