import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROBLEM_STEPS, moveProblemStep, saveProblemActions, saveProblemCauses, saveProblemStep, type ProblemView } from '@fmea/core';
import { caller, expectRefused, openTestApp, signedInWith, watchSocket, type Person, type TestApp } from '../../testing.ts';

let api: TestApp;
let clock: Date;
let quality: Person;
let manager: Person;
let reader: Person;

beforeEach(async () => {
  clock = new Date('2026-03-01T08:00:00Z');
  api = await openTestApp({ now: () => clock });
  quality = await signedInWith(api, 'quality', [
    { routeName: 'problem_index', buttons: ['add', 'edit'] },
    { routeName: 'experience_index', buttons: ['add', 'edit'] },
  ]);
  manager = await signedInWith(api, 'manager', [{ routeName: 'problem_index', buttons: ['audit'] }]);
  reader = await signedInWith(api, 'reader', [{ routeName: 'problem_index', buttons: [] }]);
});
afterEach(() => api.dispose());

/** An 8D worked through D7B by the quality engineer (through core: the steps' own routes have their test). */
async function worked(): Promise<ProblemView> {
  const ctx = api.t.as({ userId: quality.user.id, userName: quality.user.userName });
  const created = await caller(api, quality).ok('POST', '/api/problem/create', { brief: 'Window lifter stalls', type: 'designProblem', source: 'field', partNumber: 'WL-100', responsibleId: quality.user.id });
  let p = { ...created, version: created.version } as ProblemView;
  for (const step of PROBLEM_STEPS.slice(0, -1)) {
    p = await saveProblemStep(ctx, p.id, step, { version: p.version, content: step });
    if (step === 'D4') p = await saveProblemCauses(ctx, p.id, { version: p.version, causes: [{ track: 'occurrence', description: 'Gear creeps when hot', rootCause: true }] });
    if (step === 'D5') p = await saveProblemActions(ctx, p.id, 'corrective', { version: p.version, actions: [{ description: 'Glass-fibre gear', causeId: p.causes[0]!.id }] });
    p = await moveProblemStep(ctx, p.id, step, 'finish', { version: p.version });
  }
  return p;
}

describe('POST /api/problem/submit, decide, withdraw, revoke, close, closedLoop, lesson', () => {
  it('submits the report to a named approver, who releases it with an opinion; closes after 30 days; pushes the lesson', async () => {
    const p = await worked();
    const q = caller(api, quality, 'en-US');
    expect((await q.ok('GET', `/api/problem/approvers?id=${p.problemNum}`)).map((u: { id: string }) => u.id)).toContain(manager.user.id);
    const submit = { method: 'POST' as const, path: '/api/problem/submit', body: { id: p.id, version: p.version, approverId: manager.user.id } };
    await expectRefused(api, submit, reader.token);
    const notAudit = await q.post(submit.path, { ...submit.body, approverId: reader.user.id });
    expect([notAudit.status, notAudit.body.data.issues[0].messageKey]).toEqual([400, 'problem.approver_not_permitted']);
    const tab = watchSocket(api, manager.token, manager.user.id);
    let view = await q.ok('POST', submit.path, submit.body);
    expect(view).toMatchObject({ status: 'underReview', approverId: manager.user.id });
    expect(tab.messages).toEqual([{ event: 'receiveMessage', data: expect.objectContaining({ code: 'problemReview', title: expect.stringContaining(p.problemNum) }) }]);
    const inbox = await caller(api, manager, 'en-US').ok('GET', '/api/message/businessMessageList');
    expect(inbox.items).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'problemReview', route: `/main/problem/problemDetail?id=${p.problemNum}` })]));

    const decide = { method: 'POST' as const, path: '/api/problem/decide', body: { id: p.id, version: view.version, decision: 'approve', opinion: 'Sound' } };
    await expectRefused(api, decide, (await signedInWith(api, 'eng', [{ routeName: 'dfmea_index', buttons: [] }])).token);
    const notHim = await q.post(decide.path, decide.body);
    expect([notHim.status, notHim.body.meta.message]).toEqual([403, `Only the named approver ${manager.user.realName} decides on the 8D report of ${p.problemNum}`]);
    const bare = await caller(api, manager, 'en-US').post(decide.path, { ...decide.body, opinion: '' });
    expect([bare.status, bare.body.data.issues[0].messageKey]).toEqual([400, 'status.review.opinion_required']);
    view = await caller(api, manager).ok('POST', decide.path, decide.body);
    expect(view).toMatchObject({ status: 'released', releasedByName: manager.user.userName, releasedAt: clock.toISOString(), reviewOpinion: 'Sound' });

    const close = { method: 'POST' as const, path: '/api/problem/close', body: { id: p.id, version: view.version, closedLoop: true } };
    await expectRefused(api, close, reader.token);
    const early = await q.post(close.path, close.body);
    expect([early.status, early.body.meta.message]).toEqual([409, 'The problem can only be closed 30 days after the permanent corrective actions were verified (D6): 30 days left, from 2026-03-31']);
    clock = new Date('2026-03-31T08:00:00Z');
    // a month on, the session of then has expired: sign in again
    quality = { ...quality, token: await api.login(quality.user.userName) };
    reader = { ...reader, token: await api.login(reader.user.userName) };
    const q2 = caller(api, quality, 'en-US');
    view = await q2.ok('POST', close.path, close.body);
    expect(view).toMatchObject({ status: 'closed', closedLoop: true, actualCompletion: '2026-03-31T08:00:00.000Z' });

    const loop = { method: 'POST' as const, path: '/api/problem/closedLoop', body: { id: p.id, version: view.version, closedLoop: false } };
    await expectRefused(api, loop, reader.token);
    const noReason = await q2.post(loop.path, loop.body);
    expect([noReason.status, noReason.body.meta.message]).toEqual([400, 'Form validation failed\nClosed-loop reason: give a reason to change the closed-loop decision']);
    view = await q2.ok('POST', loop.path, { ...loop.body, reason: 'Supplier control plan pending' });
    expect(view).toMatchObject({ closedLoop: false, closedLoopReason: 'Supplier control plan pending' });

    const lesson = { method: 'POST' as const, path: '/api/problem/lesson', body: { id: p.id, version: view.version } };
    await expectRefused(api, lesson, reader.token);
    const pushed = await q2.ok('POST', lesson.path, lesson.body);
    expect(pushed).toMatchObject({ problem: { experienceId: pushed.experience.id }, experience: { serialNum: expect.stringMatching(/^EX/), status: '1' } });
  });

  it('lets the submitter withdraw, the approver reject with an opinion, and a release be revoked', async () => {
    const p = await worked();
    const q = caller(api, quality);
    let view = await q.ok('POST', '/api/problem/submit', { id: p.id, version: p.version, approverId: manager.user.id });
    const withdraw = { method: 'POST' as const, path: '/api/problem/withdraw', body: { id: p.id, version: view.version } };
    await expectRefused(api, withdraw, (await signedInWith(api, 'eng', [{ routeName: 'dfmea_index', buttons: [] }])).token);
    expect((await caller(api, manager).post(withdraw.path, withdraw.body)).status).toBe(403);
    view = await q.ok('POST', withdraw.path, withdraw.body);
    expect(view.status).toBe('open');
    view = await q.ok('POST', '/api/problem/submit', { id: p.id, version: view.version, approverId: manager.user.id });
    view = await caller(api, manager).ok('POST', '/api/problem/decide', { id: p.id, version: view.version, decision: 'reject', opinion: 'Verify at 80 °C' });
    expect(view).toMatchObject({ status: 'open', reviewOpinion: 'Verify at 80 °C' });
    view = await q.ok('POST', '/api/problem/submit', { id: p.id, version: view.version, approverId: manager.user.id });
    view = await caller(api, manager).ok('POST', '/api/problem/decide', { id: p.id, version: view.version, decision: 'approve', opinion: 'ok' });
    const revoke = { method: 'POST' as const, path: '/api/problem/revoke', body: { id: p.id, version: view.version } };
    await expectRefused(api, revoke, reader.token);
    expect(await q.ok('POST', revoke.path, revoke.body)).toMatchObject({ status: 'open', releasedAt: null });
  });
});
