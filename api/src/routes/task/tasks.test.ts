import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSheet, writeSheet } from '@fmea/core';
import { caller, expectInvalid, expectRefused, invalid, programApp, upload, type TestApp } from '../../testing.ts';

let api: TestApp;
let s: Awaited<ReturnType<typeof programApp>>['s'];

beforeEach(async () => {
  ({ api, s } = await programApp());
});
afterEach(() => api.dispose());

describe('the task routes', () => {
  it('launch tasks on the FMEA’s nodes (superior part first), list them, read the log and the nodes’ progress', async () => {
    const as = caller(api, s.planner);
    const create = { method: 'POST' as const, path: '/api/task/create', body: { taskName: 'Gear', taskType: '1', handlerId: s.engineer.user.id, programId: s.program.id, projectId: s.project.id, nodeId: s.chain.gear.id, plannedStart: '2026-03-02', plannedEnd: '2026-03-06' } };
    expect((await api.call('POST', create.path, { body: create.body })).status).toBe(401);
    const denied = await caller(api, s.viewer, 'en-US').post(create.path, create.body);
    expect([denied.status, denied.body.meta.message]).toEqual([403, 'You are not authorized to operate']);
    await expectInvalid(api, { ...create, body: { ...create.body, taskType: '9' } }, s.planner.token, invalid('任务类型只能是以下之一：1, 2, 3, 4, 5, 6', 'Task type must be one of: 1, 2, 3, 4, 5, 6'));
    const first = await caller(api, s.planner, 'en-US').post(create.path, create.body);
    expect([first.status, first.body.meta.message]).toEqual([400, 'The task cannot be saved\nSuperior part task must be created first: Gearbox has no task in this program yet']);
    const root = await as.ok('POST', create.path, { ...create.body, taskName: 'Lifter', nodeId: s.project.pptSerial });
    const gearbox = await as.ok('POST', create.path, { ...create.body, taskName: 'Gearbox', nodeId: s.chain.gearbox.id });
    const gear = await as.ok('POST', create.path, create.body);
    expect(gear).toMatchObject({ taskNum: 'PR2603020003', parentId: gearbox.id, pptSerial: s.chain.gear.id, taskStartDate: '2026-03-02', taskEndDate: '2026-03-06', taskStatus: '0', actions: ['cancel'] });

    expect((await api.call('POST', '/api/task/list', { body: { list: 'todoList' } })).status).toBe(401);
    const todo = await caller(api, s.engineer).ok('POST', '/api/task/list', { list: 'todoList' });
    expect(todo.items.map((t: { taskName: string }) => t.taskName).sort()).toEqual(['Gear', 'Gearbox', 'Lifter']);
    expect((await caller(api, s.engineer).post('/api/task/list', { list: 'mine' })).status).toBe(400);
    const mine = await caller(api, s.engineer).ok('GET', '/api/task/myTasks');
    expect(mine.items.filter((t: { taskSource: string }) => t.taskSource === 'program')).toHaveLength(3);

    const edited = await as.ok('POST', '/api/task/update', { ...create.body, id: gear.id, version: gear.version, taskName: 'Gear and worm' });
    expect(edited).toMatchObject({ taskName: 'Gear and worm', version: 2 });
    const forbidden = await caller(api, s.viewer).post('/api/task/update', { ...create.body, id: gear.id, version: 2 });
    expect(forbidden.status).toBe(403);
    expect(await as.ok('POST', '/api/task/delete', { id: gear.id })).toBeNull();

    const log = await caller(api, s.viewer).ok('GET', `/api/task/log?programId=${s.program.id}`);
    expect(log.items.map((l: { action: string; taskNum: string }) => `${l.action} ${l.taskNum}`)).toEqual([`delete ${gear.taskNum}`, `edit ${gear.taskNum}`, `create ${gear.taskNum}`, `create ${gearbox.taskNum}`, `create ${root.taskNum}`]);
    expect((await caller(api, s.viewer).get('/api/task/log')).status).toBe(400);
    expect((await caller(api, s.nobody).get(`/api/task/log?projectId=${s.project.id}`)).status).toBe(403);
    const progress = await caller(api, s.viewer).ok('GET', `/api/task/nodeProgress?projectId=${s.project.id}`);
    expect(progress.map((p: { pptSerial: string }) => p.pptSerial).sort()).toEqual([s.project.pptSerial, s.chain.gearbox.id].sort());
  });

  it('export and import tasks as workbooks, all or nothing', async () => {
    const columns = [
      { key: 'name', headers: ['Task name'] },
      { key: 'type', headers: ['Task type'] },
      { key: 'program', headers: ['Program number'] },
      { key: 'handler', headers: ['Handler'] },
    ];
    const rows = [{ name: 'Plan DR', type: 'Quick DR', program: s.program.programNum, handler: s.engineer.user.userName }];
    const bad = await writeSheet('Tasks', columns, [...rows, { name: 'Plan DR 2', type: 'Lunch', program: 'PN404', handler: 'ghost' }]);
    await expectRefused(api, { method: 'POST', path: '/api/task/importData', raw: upload('excelFile', 'tasks.xlsx', bad) }, s.viewer.token);
    const refused = await api.call('POST', '/api/task/importData', { token: s.planner.token, lang: 'en-US', raw: upload('excelFile', 'tasks.xlsx', bad) });
    expect([refused.status, refused.body.meta.message]).toEqual([
      400,
      'The workbook was not imported; nothing was changed\nRow 3: Program number: no program numbered "PN404"\nRow 3: Handler: no user named "ghost"\nRow 3: Task type: "Lunch" is not one of the choices',
    ]);
    const done = await api.call('POST', '/api/task/importData', { token: s.planner.token, raw: upload('excelFile', 'tasks.xlsx', await writeSheet('Tasks', columns, rows)) });
    expect(done.body.data).toEqual({ created: 1, skipped: 0, numbers: ['PR2603020001'], unmappedColumns: [] });
    const exported = await api.app.request('/api/task/exportData', { headers: { token: s.planner.token, lang: 'en-US' } });
    const read = await readSheet(new Uint8Array(await exported.arrayBuffer()), [{ key: 'type', headers: ['Task type'] }, { key: 'status', headers: ['taskStatus'] }], undefined, { acceptUnmapped: true });
    expect(read.rows.map((r) => r.values.type)).toEqual(['Quick DR']);
    expect((await api.app.request('/api/task/exportData', { headers: { token: s.viewer.token } })).status).toBe(403);
    expect((await api.app.request('/api/task/exportDescription', { headers: { token: s.planner.token } })).status).toBe(200);
  });
});
