import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caller, expectInvalid, expectRefused, invalid, programApp, type TestApp } from '../../testing.ts';

let api: TestApp;
let s: Awaited<ReturnType<typeof programApp>>['s'];

beforeEach(async () => {
  ({ api, s } = await programApp());
});
afterEach(() => api.dispose());

const task = (name: string, plannedStart: string, plannedEnd: string) => ({ taskName: name, taskType: '1', handlerId: s.engineer.user.id, programId: s.program.id, plannedStart, plannedEnd });

describe('the plan routes', () => {
  it('read the plan with slack and the critical path, link tasks (a loop refused in words), move a task with its dependants, save a baseline', async () => {
    const as = caller(api, s.planner);
    const a = await as.ok('POST', '/api/task/create', task('Design', '2026-03-02', '2026-03-04'));
    const b = await as.ok('POST', '/api/task/create', task('Review', '2026-03-05', '2026-03-05'));
    const c = await as.ok('POST', '/api/task/create', task('Drawing', '2026-03-05', '2026-03-06'));
    const link = { method: 'POST' as const, path: '/api/program/addDependency', body: { id: s.program.id, predecessorId: a.id, successorId: b.id } };
    await expectRefused(api, link, s.viewer.token);
    await expectInvalid(api, { ...link, body: { id: s.program.id, predecessorId: a.id } }, s.planner.token, invalid('后续任务为必填项', 'Successor task is required'));
    expect((await as.ok('POST', link.path, link.body)).dependency).toMatchObject({ predecessorId: a.id, successorId: b.id, lagDays: 0 });
    // the drawing starts with the review: linking them pushes it a day, to after the review
    expect((await as.ok('POST', link.path, { id: s.program.id, predecessorId: b.id, successorId: c.id })).changed).toEqual([expect.objectContaining({ id: c.id, plannedStart: '2026-03-06', plannedEnd: '2026-03-07' })]);
    const loop = await caller(api, s.planner, 'en-US').post(link.path, { id: s.program.id, predecessorId: c.id, successorId: a.id });
    expect([loop.status, loop.body.meta.message]).toEqual([400, `These dependencies would make a loop: ${a.taskNum} → ${b.taskNum} → ${c.taskNum} → ${a.taskNum}`]);

    await expectRefused(api, { method: 'GET', path: `/api/program/plan?id=${s.program.id}` }, s.nobody.token);
    const plan = await caller(api, s.viewer).ok('GET', `/api/program/plan?id=${s.program.programNum}`);
    expect(plan).toMatchObject({ criticalPath: [a.id, b.id, c.id], start: '2026-03-02', finish: '2026-03-07', canSchedule: false, canEdit: false, baseline: null });
    // the page's Edit and Edit stages: shown as the server judges (the planner created the program)
    expect(await as.ok('GET', `/api/program/plan?id=${s.program.id}`)).toMatchObject({ canSchedule: true, canEdit: true });
    expect(plan.tasks.map((t: { slack: number }) => t.slack)).toEqual([0, 0, 0]);

    expect(await as.ok('POST', '/api/program/saveBaseline', { id: s.program.id, name: 'Kick-off' })).toMatchObject({ baselineNum: 1, name: 'Kick-off' });
    await expectRefused(api, { method: 'POST', path: '/api/program/saveBaseline', body: { id: s.program.id } }, s.viewer.token);
    const move = { method: 'POST' as const, path: '/api/program/reschedule', body: { id: s.program.id, taskId: a.id, plannedStart: '2026-03-09' } };
    await expectRefused(api, move, s.viewer.token);
    const moved = await as.ok('POST', move.path, move.body);
    expect(moved.changed.map((x: { taskNum: string; plannedStart: string; plannedEnd: string }) => [x.taskNum, x.plannedStart, x.plannedEnd])).toEqual([
      [a.taskNum, '2026-03-09', '2026-03-11'],
      [b.taskNum, '2026-03-12', '2026-03-12'],
      [c.taskNum, '2026-03-13', '2026-03-14'],
    ]);
    const early = await caller(api, s.planner, 'en-US').post(move.path, { ...move.body, taskId: b.id, plannedStart: '2026-03-10' });
    expect([early.status, early.body.meta.message]).toEqual([400, `The task cannot start before its predecessor ${a.taskNum} ends`]);
    const after = await caller(api, s.viewer).ok('GET', `/api/program/plan?id=${s.program.id}`);
    expect(after.baseline.variance.find((v: { taskId: string }) => v.taskId === c.id)).toMatchObject({ kind: 'moved', startDays: 7, endDays: 7 });
    const dep = after.dependencies[0];
    expect(await as.ok('POST', '/api/program/removeDependency', { id: s.program.id, dependencyId: dep.id })).toBeNull();
  });
});
