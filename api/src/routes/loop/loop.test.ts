import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideProblem, moveProblemStep, PROBLEM_STEPS, saveProblemCauses, saveProblemStep, submitProblem, type ProblemView } from '@fmea/core';
import { insertTestProblem } from '@fmea/core/testing';
import { buildChain, caller, createTeamProject, engineer, expectRefused, openTestApp, signedInWith, type TestApp } from '../../testing.ts';

/** /api/loop/* and /api/fmea/proposals/* (issue 24, closing the loop): 401, 400, 403 and 200 of each. */
let api: TestApp;
let clock: Date;
beforeEach(async () => {
  clock = new Date('2026-03-01T08:00:00Z');
  api = await openTestApp({ now: () => clock });
});
afterEach(() => api.dispose());

async function setup() {
  const owner = await engineer(api, 'owner');
  const editor = await engineer(api, 'editor');
  // the quality engineer runs the 8D (problem route) and reads the DFMEA as its reviewer (role 4)
  const quality = await signedInWith(api, 'quality', [
    { routeName: 'problem_index', buttons: ['add', 'edit'] },
    { routeName: 'dfmea_index', buttons: [] },
  ]);
  const project = await createTeamProject(api, { owner, editor, reader: quality, outsider: editor });
  const chain = await buildChain(api, editor, project);
  const problem = await insertTestProblem(api.t.db, { responsibleId: quality.user.id, rootCauses: [{ track: 'occurrence', description: 'Gear teeth worn early: material too soft' }] });
  return { owner, editor, quality, project, chain, problem };
}

const proposal = (problemId: string, rowId: string, extra: Record<string, unknown> = {}) => ({
  sourceKind: 'problem',
  sourceId: problemId,
  targetRowId: rowId,
  kind: 'raiseOccurrence',
  description: 'Teeth wear faster than rated',
  rationale: '14 field returns in 3 months',
  occurrence: 8,
  ...extra,
});

describe('closing the loop over HTTP', () => {
  it('matches, proposes, lists by source and project, accepts into an optimisation action; refuses the unsigned, strangers and bad input', async () => {
    const { owner, editor, quality, project, chain, problem } = await setup();
    const q = caller(api, quality);
    const matchesPath = `/api/loop/matches?sourceKind=problem&sourceId=${problem.id}`;
    await expectRefused(api, { method: 'GET', path: matchesPath });
    const stranger = await api.call('GET', matchesPath, { token: editor.token, lang: 'en-US' });
    expect([stranger.status, stranger.body.meta.message]).toEqual([403, `Only the team of ${problem.problemNum} may propose FMEA changes from it`]);

    const matches = await q.ok<any[]>('GET', matchesPath);
    expect(matches.find((m) => m.itemId === chain.cause.id)).toMatchObject({ rowId: chain.cause.id, rowKind: 'FC', occurrence: 6, det: 5, reasons: [{ kind: 'text', field: 'whyOccurred', terms: ['teeth', 'worn'] }] });

    // 400: the field named in the reader's language, nothing stored
    const bad = await api.call('POST', '/api/loop/propose', { token: quality.token, lang: 'en-US', body: proposal(problem.id, chain.cause.id, { occurrence: 5 }) });
    expect([bad.status, bad.body.meta.message]).toEqual([400, 'Form validation failed\nOccurrence (O) must be raised above the current 6 (proposed: 5)']);
    const badZh = await api.call('POST', '/api/loop/propose', { token: quality.token, body: proposal(problem.id, chain.cause.id, { kind: 'addControl', occurrence: null }) });
    expect([badZh.status, badZh.body.meta.message]).toEqual([400, '表单校验失败\n控制类型 为必填项：预防或探测']);
    expect((await api.call('POST', '/api/loop/propose', { token: quality.token, body: { ...proposal(problem.id, chain.cause.id), rationale: undefined } })).status).toBe(400);
    // 403: off the problem's team; on it, but without the problem route
    await expectRefused(api, { method: 'POST', path: '/api/loop/propose', body: proposal(problem.id, chain.cause.id) });
    expect((await api.call('POST', '/api/loop/propose', { token: editor.token, body: proposal(problem.id, chain.cause.id) })).body.meta).toEqual({ success: false, code: 403, message: `只有 ${problem.problemNum} 的小组成员可以据此提出 FMEA 变更建议` });
    const routeless = await insertTestProblem(api.t.db, { responsibleId: editor.user.id });
    expect((await api.call('POST', '/api/loop/propose', { token: editor.token, body: proposal(routeless.id, chain.cause.id) })).status).toBe(403);

    const made = await q.ok('POST', '/api/loop/propose', proposal(problem.id, chain.cause.id));
    expect(made).toMatchObject({ status: 'open', sourceNumber: problem.problemNum, serialNum: project.serialNum, targetText: 'Teeth worn', previousOccurrence: 6, occurrence: 8, sourceLink: `/main/problem/problemDetail?id=${problem.id}` });

    const byProject = `/api/fmea/proposals?projectId=${project.id}&status=open`;
    await expectRefused(api, { method: 'GET', path: byProject });
    expect((await api.call('GET', `/api/fmea/proposals?projectId=${project.id}&status=maybe`, { token: owner.token })).status).toBe(400);
    expect(await caller(api, owner).ok('GET', byProject)).toEqual([expect.objectContaining({ id: made.id })]);

    // only the FMEA's responsible person decides: the editor is told who that is
    const notOwner = await api.call('POST', '/api/fmea/proposals/accept', { token: editor.token, lang: 'en-US', body: { id: made.id, version: made.version } });
    expect([notOwner.status, notOwner.body.meta.message]).toEqual([403, `Only the FMEA's responsible person (${owner.user.realName}) may decide on its change proposals`]);
    await expectRefused(api, { method: 'POST', path: '/api/fmea/proposals/accept', body: { id: made.id, version: made.version } });
    expect((await api.call('POST', '/api/fmea/proposals/accept', { token: owner.token, body: { id: made.id } })).status).toBe(400);

    const accepted = await caller(api, owner).ok('POST', '/api/fmea/proposals/accept', { id: made.id, version: made.version, responsibleUserId: editor.user.id, targetDate: '2026-09-30' });
    expect(accepted).toMatchObject({ status: 'accepted', decidedById: owner.user.id, actionCauseId: chain.cause.id, actionStatus: 'open' });
    const actions = await caller(api, owner).ok<any[]>('GET', `/api/fmea/actions?projectId=${project.id}`);
    expect(actions).toEqual([expect.objectContaining({ id: accepted.actionId, causeId: chain.cause.id, description: 'Teeth wear faster than rated', responsibleUserId: editor.user.id })]);
    expect(await q.ok('GET', `/api/loop/proposals?sourceKind=problem&sourceId=${problem.id}`)).toEqual([expect.objectContaining({ id: made.id, status: 'accepted', serialNum: project.serialNum })]);
    const twice = await api.call('POST', '/api/fmea/proposals/accept', { token: owner.token, lang: 'en-US', body: { id: made.id, version: accepted.version } });
    expect([twice.status, twice.body.meta.message]).toEqual([409, 'This proposal has already been decided']);
  });

  it('rejects with a reason only', async () => {
    const { owner, quality, chain, problem } = await setup();
    const made = await caller(api, quality).ok('POST', '/api/loop/propose', proposal(problem.id, chain.mode.id, { kind: 'addCause', description: 'Worm gear material too soft', occurrence: null }));
    await expectRefused(api, { method: 'POST', path: '/api/fmea/proposals/reject', body: { id: made.id, version: 1, reason: 'x' } }, (await signedInWith(api, 'nobody', [])).token);
    const noReason = await api.call('POST', '/api/fmea/proposals/reject', { token: owner.token, lang: 'en-US', body: { id: made.id, version: 1, reason: ' ' } });
    expect([noReason.status, noReason.body.meta.message]).toEqual([400, 'Form validation failed\nReason cannot be empty']);
    const rejected = await caller(api, owner).ok('POST', '/api/fmea/proposals/reject', { id: made.id, version: 1, reason: 'Covered by DVP test DV-7' });
    expect(rejected).toMatchObject({ status: 'rejected', decisionReason: 'Covered by DVP test DV-7', actionId: null });
  });
});

describe('the 8D close gate over HTTP (POST /api/problem/close)', () => {
  it('refuses to close a released 8D over an open proposal, in words; a reason closes it and is answered', async () => {
    const { quality, chain } = await setup();
    const manager = await signedInWith(api, 'manager', [{ routeName: 'problem_index', buttons: ['audit'] }]);
    // worked through D7B and released (through core: the problem's own routes have their tests)
    const as = (person: typeof quality) => api.t.as({ userId: person.user.id, userName: person.user.userName });
    let p: ProblemView = await caller(api, quality).ok('POST', '/api/problem/create', { brief: 'Window lifter stalls', type: 'designProblem', source: 'field', responsibleId: quality.user.id });
    for (const step of PROBLEM_STEPS.slice(0, -1)) {
      p = await saveProblemStep(as(quality), p.id, step, { version: p.version, content: step });
      if (step === 'D4') p = await saveProblemCauses(as(quality), p.id, { version: p.version, causes: [{ track: 'occurrence', description: 'Gear teeth worn early', rootCause: true }] });
      p = await moveProblemStep(as(quality), p.id, step, 'finish', { version: p.version });
    }
    p = (await submitProblem(as(quality), p.id, { version: p.version, approverId: manager.user.id })).problem;
    p = (await decideProblem(as(manager), p.id, 'approve', { version: p.version, opinion: 'Sound' })).problem;
    await caller(api, quality).ok('POST', '/api/loop/propose', proposal(p.id, chain.cause.id));
    clock = new Date('2026-04-01T08:00:00Z');
    const token = await api.login(quality.user.userName);
    const close = { id: p.id, version: p.version, closedLoop: true };
    const held = await api.call('POST', '/api/problem/close', { token, lang: 'en-US', body: close });
    expect([held.status, held.body.meta.message]).toEqual([400, 'Form validation failed\n1 FMEA change proposal is still open: give a reason to close anyway (Reason to close anyway)']);
    const closed = await api.call('POST', '/api/problem/close', { token, body: { ...close, overrideReason: 'The DFMEA owner decides at the next review' } });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'closed', openProposalsReason: 'The DFMEA owner decides at the next review' });
  });
});
