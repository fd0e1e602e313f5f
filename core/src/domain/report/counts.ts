/**
 * Counts, nodes and tasks reports (spec 001 §2 "counts, nodes, task report"; docs/domain/reports.md). Pure
 * shaping of the figures the service counts in SQL (grouped rows in, tables out).
 */
import { TASK_STATUS } from '../status/task.ts';
import { isOverdue } from './actions.ts';

/** One grouped count: the values of the grouping keys and how many. */
export interface CountRow<K extends string> {
  readonly keys: Readonly<Record<K, string | null>>;
  readonly n: number;
}

/** The sum per value of one key, largest first then by value (null values as ''). */
export function totalsBy<K extends string>(rows: readonly CountRow<K>[], key: K): { value: string; n: number }[] {
  const sums = new Map<string, number>();
  for (const r of rows) sums.set(r.keys[key] ?? '', (sums.get(r.keys[key] ?? '') ?? 0) + r.n);
  return [...sums.entries()].map(([value, n]) => ({ value, n })).sort((a, b) => b.n - a.n || a.value.localeCompare(b.value));
}

/** Per FMEA project: structure nodes, functions, failure effects, modes and causes, and chains. */
export interface NodeCountsRow {
  readonly projectId: string;
  readonly serialNum: string;
  readonly name: string;
  readonly projectType: string;
  readonly nodes: number;
  readonly functions: number;
  readonly effects: number;
  readonly modes: number;
  readonly causes: number;
  readonly chains: number;
}

export function nodesSection(rows: readonly NodeCountsRow[]): { rows: NodeCountsRow[]; total: Omit<NodeCountsRow, 'projectId' | 'serialNum' | 'name' | 'projectType'> } {
  const total = { nodes: 0, functions: 0, effects: 0, modes: 0, causes: 0, chains: 0 };
  for (const r of rows) for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += r[k];
  return { rows: [...rows].sort((a, b) => b.chains - a.chains || a.serialNum.localeCompare(b.serialNum)), total };
}

/** A task as the task report reads it. */
export interface ReportTaskInput {
  readonly handlerId: string | null;
  readonly handlerName: string | null;
  /** The stored status code (0 not started … 7 withdrawn). */
  readonly status: string;
  readonly plannedEnd: string | null;
}

/** Tasks not finished: neither completed nor cancelled. */
const FINISHED = new Set<string>([TASK_STATUS.completed, TASK_STATUS.cancelled]);

export interface TaskOwnerRow {
  readonly handlerId: string | null;
  readonly handlerName: string | null;
  readonly total: number;
  readonly open: number;
  readonly overdue: number;
  readonly byStatus: Record<string, number>;
}

export interface TasksSection {
  readonly total: number;
  readonly open: number;
  readonly overdue: number;
  /** Every status code, 0 where none. */
  readonly byStatus: Record<string, number>;
  readonly handlers: TaskOwnerRow[];
}

/** Tasks by status and by handler, unfinished ones past their planned end marked overdue. */
export function tasksSection(tasks: readonly ReportTaskInput[], today: string): TasksSection {
  const zero = () => Object.fromEntries(Object.values(TASK_STATUS).map((code) => [code, 0])) as Record<string, number>;
  const byStatus = zero();
  const handlers = new Map<string, { handlerId: string | null; handlerName: string | null; total: number; open: number; overdue: number; byStatus: Record<string, number> }>();
  let open = 0;
  let overdue = 0;
  for (const t of tasks) {
    byStatus[t.status] = (byStatus[t.status] ?? 0) + 1;
    const key = t.handlerId ?? '';
    let h = handlers.get(key);
    if (!h) handlers.set(key, (h = { handlerId: t.handlerId, handlerName: t.handlerName, total: 0, open: 0, overdue: 0, byStatus: zero() }));
    h.total++;
    h.byStatus[t.status] = (h.byStatus[t.status] ?? 0) + 1;
    if (!FINISHED.has(t.status)) {
      open++;
      h.open++;
      if (isOverdue(t.plannedEnd, today)) {
        overdue++;
        h.overdue++;
      }
    }
  }
  return {
    total: tasks.length,
    open,
    overdue,
    byStatus,
    handlers: [...handlers.values()].sort((a, b) => b.overdue - a.overdue || b.open - a.open || (a.handlerName ?? '').localeCompare(b.handlerName ?? '')),
  };
}
