import { describe, expect, it } from 'vitest';
import { baselineVariance } from './baseline.ts';
import { dayNumber, dayString, isDay } from './days.ts';
import { analysePlan, planGraph, PlanError, reschedule, topologicalOrder, wouldCycle, type PlanDependency, type PlanTask } from './schedule.ts';
import { parentCycle, plannedDatesShown, superiorPartTask, taskNumberingModule, taskObjectOf } from './tasks.ts';

const t = (id: string, start: number | null, end: number | null = start): PlanTask => ({ id, start, end });
const d = (predecessorId: string, successorId: string, lagDays = 0): PlanDependency => ({ predecessorId, successorId, lagDays });
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof PlanError) return { reason: error.reason, tasks: error.taskIds };
    throw error;
  }
  return undefined;
};

describe('plan days', () => {
  it('count calendar days, refusing days that do not exist', () => {
    expect(dayNumber('1970-01-02')).toBe(1);
    expect(dayString(dayNumber('2026-03-01')! - 1)).toBe('2026-02-28');
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-2-3')).toBe(false);
  });
});

// a → b → d and a → c → d; b is three days, c one: a, b, d are critical, c has two days of slack
const diamond = () => planGraph([t('a', 0, 1), t('b', 2, 4), t('c', 2, 2), t('d', 5, 6)], [d('a', 'b'), d('a', 'c'), d('b', 'd'), d('c', 'd')]);

describe('the critical path', () => {
  it('is the chain without slack; other tasks have the days they may slip', () => {
    const plan = analysePlan(diamond());
    expect(plan.criticalPath).toEqual(['a', 'b', 'd']);
    expect(plan.timing.get('c')).toEqual({ slack: 2, critical: false, lateStart: 4, lateFinish: 4 });
    expect(plan.timing.get('b')?.slack).toBe(0);
    expect([plan.start, plan.finish]).toEqual([0, 6]);
    expect(plan.violations).toEqual([]);
  });

  it('counts a lag as time the chain needs, and a gap before a successor as slack', () => {
    const lagged = analysePlan(planGraph([t('a', 0, 1), t('b', 5, 6)], [d('a', 'b', 3)]));
    expect(lagged.criticalPath).toEqual(['a', 'b']);
    const gap = analysePlan(planGraph([t('a', 0, 1), t('b', 5, 6)], [d('a', 'b')]));
    expect(gap.timing.get('a')?.slack).toBe(3);
    expect(gap.criticalPath).toEqual(['b']);
  });

  it('leaves unplanned tasks out, and reports a successor starting too early', () => {
    const plan = analysePlan(planGraph([t('a', 0, 3), t('b', 2, 4), t('u', null)], [d('a', 'b'), d('u', 'b')]));
    expect(plan.timing.has('u')).toBe(false);
    expect(plan.violations).toEqual([d('a', 'b')]);
  });
});

describe('rescheduling one task', () => {
  it('pushes its dependants later, keeping their length, and leaves the others', () => {
    const moved = reschedule(diamond(), { taskId: 'a', start: 3 });
    expect(moved.changed).toEqual([
      { id: 'a', start: 3, end: 4 },
      { id: 'b', start: 5, end: 7 },
      { id: 'c', start: 5, end: 5 },
      { id: 'd', start: 8, end: 9 },
    ]);
  });

  it('moves only as far as each dependant needs (a task with room does not move)', () => {
    const moved = reschedule(diamond(), { taskId: 'c', start: 3, end: 4 });
    expect(moved.changed).toEqual([{ id: 'c', start: 3, end: 4 }]);
    const later = reschedule(diamond(), { taskId: 'c', start: 3, end: 5 });
    expect(later.changed.map((c) => c.id)).toEqual(['c', 'd']);
    // c now ends last before d, and a day after a ends: a has that day to spare
    expect(analysePlan(planGraph(later.tasks, [d('a', 'b'), d('a', 'c'), d('b', 'd'), d('c', 'd')])).criticalPath).toEqual(['c', 'd']);
  });

  it('leaves finished tasks where they were, and what only they push', () => {
    const graph = planGraph([t('a', 0, 1), { ...t('b', 2, 4), fixed: true }, t('c', 5, 6)], [d('a', 'b'), d('b', 'c')]);
    expect(reschedule(graph, { taskId: 'a', start: 2 }).changed).toEqual([{ id: 'a', start: 2, end: 3 }]);
  });

  it('never pulls dependants earlier', () => {
    expect(reschedule(diamond(), { taskId: 'b', start: 2, end: 2 }).changed).toEqual([{ id: 'b', start: 2, end: 2 }]);
  });

  it('refuses a start before a predecessor ends, and an end before the start', () => {
    expect(refusal(() => reschedule(diamond(), { taskId: 'd', start: 4 }))).toEqual({ reason: 'starts_before_predecessor', tasks: ['b'] });
    expect(refusal(() => reschedule(diamond(), { taskId: 'b', start: 4, end: 3 }))).toEqual({ reason: 'end_before_start', tasks: ['b'] });
    expect(refusal(() => reschedule(diamond(), { taskId: 'x', start: 4 }))).toEqual({ reason: 'unknown_task', tasks: ['x'] });
  });
});

describe('dependencies', () => {
  it('refuse a loop, naming its tasks in order', () => {
    const graph = planGraph([t('a', 0), t('b', 1), t('c', 2)], [d('a', 'b'), d('b', 'c'), d('c', 'a')]);
    expect(refusal(() => topologicalOrder(graph))).toEqual({ reason: 'cycle', tasks: ['a', 'b', 'c'] });
  });

  it('tell before adding one whether it would close a loop', () => {
    const graph = diamond();
    expect(wouldCycle(graph, 'd', 'a')).toEqual(['a', 'b', 'd']);
    expect(wouldCycle(graph, 'c', 'b')).toBeNull();
    expect(wouldCycle(graph, 'a', 'a')).toEqual(['a']);
  });

  it('refuse a task depending on itself or an unknown task', () => {
    expect(refusal(() => planGraph([t('a', 0)], [d('a', 'a')]))).toEqual({ reason: 'self_dependency', tasks: ['a'] });
    expect(refusal(() => planGraph([t('a', 0)], [d('a', 'z')]))).toEqual({ reason: 'unknown_task', tasks: ['z'] });
  });
});

describe('the baseline', () => {
  it('says how far each task moved, and which were added or removed', () => {
    const saved = [
      { taskId: 'a', start: 0, end: 1 },
      { taskId: 'b', start: 2, end: 4 },
      { taskId: 'gone', start: 2, end: 2 },
      { taskId: 'u', start: null, end: null },
    ];
    const now = [
      { taskId: 'a', start: 0, end: 1 },
      { taskId: 'b', start: 4, end: 7 },
      { taskId: 'new', start: 1, end: 1 },
      { taskId: 'u', start: 3, end: 3 },
    ];
    expect(baselineVariance(now, saved)).toEqual([
      { taskId: 'a', kind: 'same', startDays: 0, endDays: 0 },
      { taskId: 'b', kind: 'moved', startDays: 2, endDays: 3 },
      { taskId: 'new', kind: 'added', startDays: null, endDays: null },
      { taskId: 'u', kind: 'unplanned', startDays: null, endDays: null },
      { taskId: 'gone', kind: 'removed', startDays: null, endDays: null },
    ]);
  });
});

describe('task rules', () => {
  it('show planned dates only for compile, update and optimisation tasks on a DFMEA or PFMEA (spec 001 §9)', () => {
    const shown = (['1', '2', '3', '4', '5', '6'] as const).flatMap((type) => (['0', '1', '2'] as const).filter((object) => plannedDatesShown(type, object)).map((object) => `${type}/${object}`));
    expect(shown).toEqual(['1/1', '1/2', '3/1', '3/2', '6/1', '6/2']);
  });

  it('number tasks on a process FMEA PT, others PR, and name their object', () => {
    expect(taskNumberingModule(true)).toBe('pfmeaProjectTask');
    expect(taskNumberingModule(false)).toBe('task');
    expect([taskObjectOf(null), taskObjectOf({ processModel: false }), taskObjectOf({ processModel: true })]).toEqual(['0', '1', '2']);
  });

  it("need the superior part's task first, and keep a task from going under itself", () => {
    const tasks = new Map([['motor', 'T1']]);
    expect(superiorPartTask(null, (n) => tasks.get(n))).toBeNull();
    expect(superiorPartTask('motor', (n) => tasks.get(n))).toBe('T1');
    expect(superiorPartTask('gear', (n) => tasks.get(n))).toBe('missing');
    const parents = new Map<string, string | null>([['b', 'a'], ['c', 'b'], ['a', null]]);
    expect(parentCycle('a', 'c', (id) => parents.get(id))).toBe(true);
    expect(parentCycle('c', 'a', (id) => parents.get(id))).toBe(false);
  });
});
