import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setRuleFlag } from '@fmea/core';
import { caller, expectRefused, watchSocket, type TestApp, ewoApp, openEwo, type EwoWorld } from '../../testing.ts';

let api: TestApp;
let s: EwoWorld;

beforeEach(async () => {
  ({ api, s } = await ewoApp());
  await setRuleFlag(api.t.ctx, 'separationOfDuties', '1');
});
afterEach(() => api.dispose());

describe('POST /api/ewo/step, /api/ewo/followUp, /api/ewo/publish, /api/ewo/breakpoint', () => {
  it('follows up, publishes with the approver’s opinion, verifies the breakpoint and closes', async () => {
    const tracker = caller(api, s.tracker, 'en-US');
    const ewo = await openEwo(api, s);

    const step = { method: 'POST' as const, path: '/api/ewo/step', body: { id: ewo.id, version: 1, event: 'startFollowUp' } };
    await expectRefused(api, step, s.dfmeaOnly.token);
    expect((await tracker.post(step.path, { ...step.body, event: 'approve' })).status).toBe(400);
    const early = await tracker.post(step.path, { ...step.body, event: 'close' });
    expect([early.status, early.body.meta.message]).toEqual([409, 'The EWO can be closed once a breakpoint follow-up has found the change in effect']);
    expect((await caller(api, s.colleague).post(step.path, step.body)).status).toBe(403);
    expect(await tracker.ok('POST', step.path, step.body)).toMatchObject({ status: 'followUp', version: 2 });

    const note = { method: 'POST' as const, path: '/api/ewo/followUp', body: { id: ewo.id, version: 2, content: 'Samples ordered' } };
    await expectRefused(api, note, s.dfmeaOnly.token);
    const blank = await tracker.post(note.path, { ...note.body, content: '' });
    expect([blank.status, blank.body.meta.message]).toEqual([400, 'Form validation failed\nContent cannot be empty']);
    expect((await tracker.ok('POST', note.path, note.body)).entries.map((e: { kind: string }) => e.kind)).toEqual(['startFollowUp', 'followUp']);

    // asking to publish needs the edit button: the author asks, naming the approver
    const submit = { ...step, body: { id: ewo.id, version: 3, event: 'submit', approverId: s.approver.user.id } };
    expect((await tracker.post(submit.path, submit.body)).status).toBe(403);
    const self = await caller(api, s.author, 'en-US').post(submit.path, { ...submit.body, approverId: s.author.user.id });
    expect([self.status, self.body.meta.message]).toEqual([400, 'Form validation failed\nYou cannot approve your own publish request']);
    const approverTab = watchSocket(api, s.approver.token, s.approver.user.id);
    expect(await caller(api, s.author).ok('POST', submit.path, submit.body)).toMatchObject({ status: 'publishPending', approverId: s.approver.user.id });
    expect(approverTab.messages).toEqual([{ event: 'receiveMessage', data: expect.objectContaining({ code: 'ewo' }) }]);

    const publish = { method: 'POST' as const, path: '/api/ewo/publish', body: { id: ewo.id, version: 4, decision: 'approve', opinion: 'Validated on 30 samples' } };
    await expectRefused(api, publish, s.tracker.token);
    const noOpinion = await caller(api, s.approver, 'en-US').post(publish.path, { ...publish.body, opinion: '' });
    expect([noOpinion.status, noOpinion.body.meta.message]).toEqual([400, 'Form validation failed\nPlease enter a review opinion']);
    expect((await caller(api, s.approver).post(publish.path, { ...publish.body, decision: 'maybe' })).status).toBe(400);
    expect(await caller(api, s.approver).ok('POST', publish.path, publish.body)).toMatchObject({ status: 'published', publishOpinion: 'Validated on 30 samples', publishTime: '2026-03-01T08:00:00.000Z' });

    const breakpoint = { method: 'POST' as const, path: '/api/ewo/breakpoint', body: { id: ewo.id, version: 5, breakpointKind: 'lot', breakpointValue: 'L2026-031', result: 'effective', content: 'Lot checked' } };
    await expectRefused(api, breakpoint, s.dfmeaOnly.token);
    expect((await tracker.post(breakpoint.path, { ...breakpoint.body, breakpointKind: 'shift' })).status).toBe(400);
    expect((await caller(api, s.colleague).post(breakpoint.path, breakpoint.body)).status).toBe(403);
    expect(await tracker.ok('POST', breakpoint.path, breakpoint.body)).toMatchObject({ status: 'breakpointVerified', breakpointKind: 'lot', breakpointValue: 'L2026-031' });
    expect(await tracker.ok('POST', step.path, { id: ewo.id, version: 6, event: 'close' })).toMatchObject({ status: 'closed', openStatus: 'closed', closedByName: s.tracker.user.userName });
  });
});
