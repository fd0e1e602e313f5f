/**
 * The current plan against a saved baseline (issue 24): per task, how many days its start and end moved
 * (positive: later than planned in the baseline), and the tasks added or removed since. Days are day
 * numbers (./days.ts).
 */
export interface BaselineBar {
  readonly taskId: string;
  readonly start: number | null;
  readonly end: number | null;
}

export type VarianceKind = 'same' | 'moved' | 'added' | 'removed' | 'unplanned';

export interface TaskVariance {
  readonly taskId: string;
  readonly kind: VarianceKind;
  /** Days the start / end moved since the baseline; null when either side has no date. */
  readonly startDays: number | null;
  readonly endDays: number | null;
}

const diff = (now: number | null, then: number | null): number | null => (now === null || then === null ? null : now - then);

export function baselineVariance(current: readonly BaselineBar[], baseline: readonly BaselineBar[]): TaskVariance[] {
  const saved = new Map(baseline.map((bar) => [bar.taskId, bar]));
  const variances: TaskVariance[] = current.map((bar) => {
    const then = saved.get(bar.taskId);
    if (!then) return { taskId: bar.taskId, kind: 'added', startDays: null, endDays: null };
    const startDays = diff(bar.start, then.start);
    const endDays = diff(bar.end ?? bar.start, then.end ?? then.start);
    const unplanned = bar.start === null || then.start === null;
    return { taskId: bar.taskId, kind: unplanned ? (bar.start === then.start ? 'same' : 'unplanned') : startDays === 0 && endDays === 0 ? 'same' : 'moved', startDays, endDays };
  });
  const now = new Set(current.map((bar) => bar.taskId));
  for (const bar of baseline) if (!now.has(bar.taskId)) variances.push({ taskId: bar.taskId, kind: 'removed', startDays: null, endDays: null });
  return variances;
}
