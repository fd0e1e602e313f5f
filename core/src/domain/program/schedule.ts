/**
 * The program plan's scheduling engine (issue 24), pure: finish-to-start dependencies over tasks with
 * planned days, the cascade of a move through the dependants, the critical path and each task's slack
 * (total float), cycle refusal. Days are day numbers (./days.ts), both ends inclusive: a task from day 10
 * to day 12 lasts three days, and its successor may start on day 13 plus the dependency's lag.
 *
 * The planned start is the planner's ("start no earlier than"): a move pushes dependants later when they
 * would start before their predecessor ends, and never pulls them earlier (docs/domain/programs-tasks.md).
 * Undated tasks are outside the plan: they are neither moved nor constrain anything.
 *
 * Linear in tasks + dependencies, on arrays indexed by the tasks' positions: 10,000 tasks are a few
 * milliseconds (bench/program-schedule.bench.ts).
 */

export interface PlanTask {
  readonly id: string;
  /** Planned start and end (day numbers, inclusive); null: not planned yet. */
  readonly start: number | null;
  readonly end: number | null;
  /** A finished task (completed or cancelled): its dates are history, a cascade leaves it and what follows it. */
  readonly fixed?: boolean;
}

export interface PlanDependency {
  readonly predecessorId: string;
  readonly successorId: string;
  /** Days beyond the next day (0: the successor may start the day after the predecessor ends). */
  readonly lagDays: number;
}

/** The dependency graph over the tasks' positions, built once per plan. */
export interface PlanGraph {
  readonly tasks: readonly PlanTask[];
  readonly index: ReadonlyMap<string, number>;
  /** Successors / predecessors of task i: edges[offsets[i] .. offsets[i+1]) with their lags (CSR). */
  readonly out: Adjacency;
  readonly in: Adjacency;
}

interface Adjacency {
  readonly offsets: Int32Array;
  readonly edges: Int32Array;
  readonly lags: Int32Array;
}

/** A refusal of the engine: the key of its message and the tasks it names. */
export class PlanError extends Error {
  constructor(
    readonly reason: 'cycle' | 'unknown_task' | 'self_dependency' | 'starts_before_predecessor' | 'end_before_start' | 'not_planned',
    readonly taskIds: readonly string[],
  ) {
    super(`${reason}: ${taskIds.join(', ')}`);
  }
}

function adjacency(count: number, pairs: readonly (readonly [number, number, number])[]): Adjacency {
  const offsets = new Int32Array(count + 1);
  for (const [from] of pairs) offsets[from + 1]!++;
  for (let i = 0; i < count; i++) offsets[i + 1]! += offsets[i]!;
  const fill = offsets.slice(0, count);
  const edges = new Int32Array(pairs.length);
  const lags = new Int32Array(pairs.length);
  for (const [from, to, lag] of pairs) {
    const at = fill[from]!++;
    edges[at] = to;
    lags[at] = lag;
  }
  return { offsets, edges, lags };
}

/** The graph of a plan; refuses a dependency naming an unknown task or a task itself. */
export function planGraph(tasks: readonly PlanTask[], dependencies: readonly PlanDependency[]): PlanGraph {
  const index = new Map(tasks.map((task, i) => [task.id, i]));
  const forward: [number, number, number][] = [];
  const backward: [number, number, number][] = [];
  for (const dep of dependencies) {
    const from = index.get(dep.predecessorId);
    const to = index.get(dep.successorId);
    if (from === undefined || to === undefined) throw new PlanError('unknown_task', [from === undefined ? dep.predecessorId : dep.successorId]);
    if (from === to) throw new PlanError('self_dependency', [dep.predecessorId]);
    forward.push([from, to, dep.lagDays]);
    backward.push([to, from, dep.lagDays]);
  }
  return { tasks, index, out: adjacency(tasks.length, forward), in: adjacency(tasks.length, backward) };
}

/** The tasks in an order where every predecessor comes first; refuses a cycle, naming its tasks in order. */
export function topologicalOrder(graph: PlanGraph): Int32Array {
  const count = graph.tasks.length;
  const waiting = new Int32Array(count);
  for (let i = 0; i < count; i++) waiting[i] = graph.in.offsets[i + 1]! - graph.in.offsets[i]!;
  const order = new Int32Array(count);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < count; i++) if (waiting[i] === 0) order[tail++] = i;
  while (head < tail) {
    const task = order[head++]!;
    for (let e = graph.out.offsets[task]!; e < graph.out.offsets[task + 1]!; e++) {
      const next = graph.out.edges[e]!;
      if (--waiting[next]! === 0) order[tail++] = next;
    }
  }
  if (tail < count) throw new PlanError('cycle', cycleIn(graph, waiting).map((i) => graph.tasks[i]!.id));
  return order;
}

/** One cycle among the tasks Kahn's walk could not order (each still waits on a predecessor in a cycle or behind one). */
function cycleIn(graph: PlanGraph, waiting: Int32Array): number[] {
  // walk predecessors that are still waiting until a task repeats: the tasks from its first visit on are a cycle
  let at = waiting.findIndex((w) => w > 0);
  const seen = new Map<number, number>();
  const path: number[] = [];
  while (!seen.has(at)) {
    seen.set(at, path.length);
    path.push(at);
    for (let e = graph.in.offsets[at]!; e < graph.in.offsets[at + 1]!; e++) {
      if (waiting[graph.in.edges[e]!]! > 0) {
        at = graph.in.edges[e]!;
        break;
      }
    }
  }
  const cycle = path.slice(seen.get(at)).reverse();
  // start at the task listed first, so the same loop is always named the same way
  const first = cycle.indexOf(Math.min(...cycle));
  return [...cycle.slice(first), ...cycle.slice(0, first)];
}

/** Whether adding predecessor → successor to the plan would close a cycle (the successor already leads to the predecessor). */
export function wouldCycle(graph: PlanGraph, predecessorId: string, successorId: string): string[] | null {
  const from = graph.index.get(successorId);
  const target = graph.index.get(predecessorId);
  if (from === undefined || target === undefined) return null;
  if (from === target) return [predecessorId];
  const parent = new Int32Array(graph.tasks.length).fill(-1);
  parent[from] = from;
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const task: number = queue[head]!;
    if (task === target) {
      const path = [task];
      while (path.at(-1) !== from) path.push(parent[path.at(-1)!]!);
      return path.reverse().map((i) => graph.tasks[i]!.id);
    }
    for (let e: number = graph.out.offsets[task]!; e < graph.out.offsets[task + 1]!; e++) {
      const next = graph.out.edges[e]!;
      if (parent[next] === -1) {
        parent[next] = task;
        queue.push(next);
      }
    }
  }
  return null;
}

/** Each planned task's place in the plan. */
export interface TaskTiming {
  /** Days the task may slip without moving the plan's end (its total float); 0 on the critical path. */
  readonly slack: number;
  readonly critical: boolean;
  /** The latest start and finish that keep the plan's end (day numbers). */
  readonly lateStart: number;
  readonly lateFinish: number;
}

export interface PlanAnalysis {
  /** The plan's first start and last end (null when no task is planned). */
  readonly start: number | null;
  readonly finish: number | null;
  /** Per planned task, by id. */
  readonly timing: ReadonlyMap<string, TaskTiming>;
  /** The critical tasks (no slack), in the order of their starts (then dependencies). */
  readonly criticalPath: readonly string[];
  /** Dependencies the plan breaks (a successor starting before its predecessor ends, plus lag). */
  readonly violations: readonly PlanDependency[];
}

const planned = (task: PlanTask): task is PlanTask & { start: number } => task.start !== null;
const endOf = (task: PlanTask & { start: number }): number => Math.max(task.end ?? task.start, task.start);

/** Slack and the critical path of the plan as it stands (a backward pass from its last end). */
export function analysePlan(graph: PlanGraph, order: Int32Array = topologicalOrder(graph)): PlanAnalysis {
  const { tasks } = graph;
  let start = Infinity;
  let finish = -Infinity;
  for (const task of tasks) {
    if (!planned(task)) continue;
    start = Math.min(start, task.start);
    finish = Math.max(finish, endOf(task));
  }
  const lateStart = new Float64Array(tasks.length);
  const timing = new Map<string, TaskTiming>();
  const violations: PlanDependency[] = [];
  for (let k = order.length - 1; k >= 0; k--) {
    const i = order[k]!;
    const task = tasks[i]!;
    if (!planned(task)) {
      lateStart[i] = Infinity;
      continue;
    }
    const end = endOf(task);
    let lateFinish = finish;
    for (let e = graph.out.offsets[i]!; e < graph.out.offsets[i + 1]!; e++) {
      const next = graph.out.edges[e]!;
      const successor = tasks[next]!;
      if (!planned(successor)) continue;
      lateFinish = Math.min(lateFinish, lateStart[next]! - 1 - graph.out.lags[e]!);
      if (successor.start < end + 1 + graph.out.lags[e]!) violations.push({ predecessorId: task.id, successorId: successor.id, lagDays: graph.out.lags[e]! });
    }
    const late = lateFinish - (end - task.start);
    lateStart[i] = late;
    const slack = late - task.start;
    timing.set(task.id, { slack, critical: slack <= 0, lateStart: late, lateFinish });
  }
  const criticalPath = [...order]
    .map((i) => tasks[i]!)
    .filter((task): task is PlanTask & { start: number } => planned(task) && timing.get(task.id)!.critical)
    .sort((a, b) => a.start - b.start)
    .map((task) => task.id);
  return { start: Number.isFinite(start) ? start : null, finish: Number.isFinite(finish) ? finish : null, timing, criticalPath, violations };
}

/** A move of one task: its new planned start, and its new end (or the same length as before). */
export interface TaskMove {
  readonly taskId: string;
  readonly start: number;
  readonly end?: number;
}

export interface Rescheduled {
  /** Every task whose dates changed, the moved one first, with its new dates. */
  readonly changed: readonly { readonly id: string; readonly start: number; readonly end: number }[];
  /** The plan after the move (same order as the input). */
  readonly tasks: readonly PlanTask[];
}

/**
 * Moves one task and pushes its dependants later wherever they would start before a predecessor ends
 * (keeping each one's length). Refuses a move that starts the task before one of its own predecessors
 * ends (named), or ends it before it starts.
 */
export function reschedule(graph: PlanGraph, move: TaskMove, order: Int32Array = topologicalOrder(graph)): Rescheduled {
  const moved = graph.index.get(move.taskId);
  if (moved === undefined) throw new PlanError('unknown_task', [move.taskId]);
  const before = graph.tasks[moved]!;
  const length = planned(before) ? endOf(before) - before.start : 0;
  const end = move.end ?? move.start + length;
  if (end < move.start) throw new PlanError('end_before_start', [move.taskId]);
  const starts = new Float64Array(graph.tasks.length);
  const ends = new Float64Array(graph.tasks.length);
  graph.tasks.forEach((task, i) => {
    starts[i] = planned(task) ? task.start : NaN;
    ends[i] = planned(task) ? endOf(task) : NaN;
  });
  const blocking: string[] = [];
  for (let e = graph.in.offsets[moved]!; e < graph.in.offsets[moved + 1]!; e++) {
    const pred = graph.in.edges[e]!;
    if (!Number.isNaN(ends[pred]!) && move.start < ends[pred]! + 1 + graph.in.lags[e]!) blocking.push(graph.tasks[pred]!.id);
  }
  if (blocking.length) throw new PlanError('starts_before_predecessor', blocking);
  starts[moved] = move.start;
  ends[moved] = end;
  // walk the order from the moved task on, looking only at tasks with a predecessor that moved
  const touched = new Uint8Array(graph.tasks.length);
  const touch = (i: number) => {
    for (let e = graph.out.offsets[i]!; e < graph.out.offsets[i + 1]!; e++) touched[graph.out.edges[e]!] = 1;
  };
  touch(moved);
  const changedAt: number[] = [moved];
  for (let k = order.indexOf(moved) + 1; k < order.length; k++) {
    const i = order[k]!;
    if (!touched[i] || Number.isNaN(starts[i]!) || graph.tasks[i]!.fixed) continue;
    let earliest = -Infinity;
    for (let e = graph.in.offsets[i]!; e < graph.in.offsets[i + 1]!; e++) {
      const pred = graph.in.edges[e]!;
      if (!Number.isNaN(ends[pred]!)) earliest = Math.max(earliest, ends[pred]! + 1 + graph.in.lags[e]!);
    }
    if (earliest <= starts[i]!) continue;
    ends[i]! += earliest - starts[i]!;
    starts[i] = earliest;
    changedAt.push(i);
    touch(i);
  }
  const tasks = [...graph.tasks];
  for (const i of changedAt) tasks[i] = { ...graph.tasks[i]!, start: starts[i]!, end: ends[i]! };
  return { changed: changedAt.map((i) => ({ id: graph.tasks[i]!.id, start: starts[i]!, end: ends[i]! })), tasks };
}
