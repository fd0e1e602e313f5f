/**
 * What the program's Gantt chart draws, in the chart's own terms (the page maps the server's plan onto it):
 * dates are calendar days 'YYYY-MM-DD', an end date is the last day of the task (inclusive), as the
 * server stores it. Critical path and slack are the server's (core computes them; the chart only draws).
 */
export interface GanttTask {
  readonly id: string;
  readonly num: string;
  readonly name: string;
  readonly start: string;
  readonly end: string;
  /** 0–100 */
  readonly progress: number;
  readonly critical: boolean;
  /** Total float in days: how far the task may slip without moving the program's end. */
  readonly slack: number;
  readonly baselineStart?: string | null;
  readonly baselineEnd?: string | null;
  readonly owner?: string | null;
  readonly milestone?: boolean;
}

/** Finish-to-start: `to` may start once `from` is finished. */
export interface GanttLink {
  readonly id: string;
  readonly from: string;
  readonly to: string;
}

const DAY = 86_400_000;

/** A calendar day as a local Date at midnight (the chart lays out in local time). */
export function dayToDate(day: string): Date {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(y!, m! - 1, d!);
}

export function dateToDay(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

/** Whole days from a to b (local dates; rounded, so a daylight-saving hour does not count). */
export function daysBetween(a: Date, b: Date): number {
  return Math.round((b.getTime() - a.getTime()) / DAY);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** The chart's task: the end is exclusive (the day after the last day), as the component counts. */
export interface ChartTask {
  id: string;
  text: string;
  start: Date;
  end: Date;
  progress: number;
  type: 'task' | 'critical' | 'milestone';
  num: string;
  slack: number;
  owner: string;
  baseStart: Date | null;
  baseEnd: Date | null;
  parent: 0;
}

export function toChartTask(task: GanttTask): ChartTask {
  const start = dayToDate(task.start);
  const end = task.milestone ? start : addDays(dayToDate(task.end), 1);
  return {
    id: task.id,
    text: task.name,
    start,
    end,
    progress: Math.max(0, Math.min(100, Math.round(task.progress))),
    type: task.milestone ? 'milestone' : task.critical ? 'critical' : 'task',
    num: task.num,
    slack: task.slack,
    owner: task.owner ?? '',
    baseStart: task.baselineStart ? dayToDate(task.baselineStart) : null,
    baseEnd: task.baselineEnd ? addDays(dayToDate(task.baselineEnd), 1) : null,
    parent: 0,
  };
}

/** The inclusive calendar days of a bar moved or resized in the chart. */
export function chartRange(start: Date, end: Date): { start: string; end: string } {
  const last = addDays(end, -1);
  return { start: dateToDay(start), end: dateToDay(last < start ? start : last) };
}

/** The span the chart shows: the tasks' and baselines' first and last day, a week of margin each side. */
export function chartSpan(tasks: readonly ChartTask[]): { start: Date; end: Date } | null {
  let min = Infinity;
  let max = -Infinity;
  for (const t of tasks) {
    min = Math.min(min, t.start.getTime(), t.baseStart?.getTime() ?? Infinity);
    max = Math.max(max, t.end.getTime(), t.baseEnd?.getTime() ?? -Infinity);
  }
  if (!Number.isFinite(min)) return null;
  return { start: addDays(new Date(min), -7), end: addDays(new Date(max), 14) };
}
