import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caller, expectInvalid, invalid, programApp, watchSocket, type TestApp } from '../../testing.ts';

let api: TestApp;
let s: Awaited<ReturnType<typeof programApp>>['s'];

beforeEach(async () => {
  ({ api, s } = await programApp());
});
afterEach(() => api.dispose());

describe('the task transitions', () => {
  it('move a task by who may, and tell the FMEA’s open views its node’s progress', async () => {
    const as = caller(api, s.planner);
    const handlerTab = watchSocket(api, s.engineer.token, s.engineer.user.id);
    const root = await as.ok('POST', '/api/task/create', { taskName: 'Lifter', taskType: '1', handlerId: s.engineer.user.id, programId: s.program.id, projectId: s.project.id, nodeId: s.project.pptSerial });
    // the handler's open workbench is told at once (the inbox badge and the title)
    expect(handlerTab.messages).toContainEqual({ event: 'receiveMessage', data: expect.objectContaining({ type: 'message', code: 'programTask', titles: expect.objectContaining({ 'en-US': `${s.planner.user.userName} gave you the task ${root.taskNum}: Lifter` }) }) });
    const call = { method: 'POST' as const, path: '/api/task/transition', body: { id: root.id, event: 'start' } };
    expect((await api.call('POST', call.path, { body: call.body })).status).toBe(401);
    await expectInvalid(api, { ...call, body: { id: root.id, event: 'finish' } }, s.engineer.token, invalid('状态变更只能是以下之一：start, cancel, submit, complete, hold, approve, reject, withdraw, resume, rework, restart', 'Status change must be one of: start, cancel, submit, complete, hold, approve, reject, withdraw, resume, rework, restart'));
    const notHandler = await caller(api, s.planner, 'en-US').post(call.path, call.body);
    expect([notHandler.status, notHandler.body.meta.message]).toEqual([403, `Only the task's handler (${s.engineer.user.realName}) may do this`]);

    const viewerTab = watchSocket(api, s.viewer.token, s.viewer.user.id);
    const started = await caller(api, s.engineer).ok('POST', call.path, call.body);
    expect(started).toMatchObject({ task: { taskStatus: '1', actualStartDate: '2026-03-02' }, progress: { nodeId: s.project.pptSerial, pptSerial: s.project.pptSerial, projectProcedureSerial: null, taskStatus: '1' } });
    expect(viewerTab.messages).toContainEqual({ event: 'receiveMessage', data: expect.objectContaining({ type: 'taskProgress', projectId: s.project.id, pptSerial: s.project.pptSerial, taskStatus: '1' }) });

    const incomplete = await caller(api, s.engineer, 'en-US').post(call.path, { id: root.id, event: 'complete' });
    expect(incomplete.status).toBe(409);
    expect(incomplete.body.meta.message).toMatch(/^The analysis of .* is not complete yet/);
    await caller(api, s.engineer).ok('POST', call.path, { id: root.id, event: 'submit', hours: 4 });
    const twice = await caller(api, s.engineer).post(call.path, { id: root.id, event: 'submit' });
    expect(twice.status).toBe(409);
    expect(await as.ok('POST', call.path, { id: root.id, event: 'approve' })).toMatchObject({ task: { taskStatus: '3', hours: 4, taskCompleteDate: '2026-03-02' } });
  });

  it('cancel several tasks at once, all or none', async () => {
    const as = caller(api, s.planner);
    const a = await as.ok('POST', '/api/task/create', { taskName: 'A', taskType: '2', handlerId: s.engineer.user.id, programId: s.program.id });
    const b = await as.ok('POST', '/api/task/create', { taskName: 'B', taskType: '2', handlerId: s.engineer.user.id, programId: s.program.id });
    const refused = await caller(api, s.engineer, 'en-US').post('/api/task/batchCancel', { ids: [a.id, b.id] });
    expect([refused.status, refused.body.data.issues.map((i: { field: string }) => i.field)]).toEqual([400, ['ids.0', 'ids.1']]);
    expect((await caller(api, s.planner).post('/api/task/batchCancel', { ids: [] })).status).toBe(400);
    const done = await as.ok('POST', '/api/task/batchCancel', { ids: [a.id, b.id], note: 'Scope cut' });
    expect(done.map((r: { task: { taskStatus: string } }) => r.task.taskStatus)).toEqual(['5', '5']);
  });
});
