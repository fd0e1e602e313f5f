import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walkReviewOverApi } from '@fmea/core/testing';
import { caller, createTeamProject, makeTeam, NOT_MEMBER, openTestApp, signedInWith, type Team, type TestApp, UNAUTHENTICATED, watchSocket } from '../../testing.ts';

let api: TestApp;
let team: Team;
let project: any;
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
  project = await createTeamProject(api, team);
});
afterEach(() => api.dispose());

// a small team: the reader is professional reviewer and technical director, the editor quality reviewer and countersigner
const named = () => ({ professional: team.reader.user.id, quality: team.editor.user.id, technical: team.reader.user.id, countersign: team.editor.user.id });
const step = (path: string, body: Record<string, unknown>, as = team.owner) => caller(api, as, 'en-US').post(`/api/project/review/${path}`, { projectId: project.id, ...body });
/** The reviewer marks every step of the walk first (rule fmeaReviewInOrder, on by default). */
const walk = (as: typeof team.owner, projectId = project.id, projectType = 'dfmea') => walkReviewOverApi((path, body) => caller(api, as, 'en-US').ok('POST', path, body), projectId, projectType);
const addNode = (name: string) => caller(api, team.editor, 'en-US').post('/api/fmea/addNode', { parentId: project.pptSerial, name });

describe('/api/project/review/*', () => {
  it('refuses every call without a token (401)', async () => {
    for (const path of ['submit', 'opinion', 'walk', 'approve', 'reject', 'release', 'revoke', 'republish', 'rereview']) {
      const res = await api.call('POST', `/api/project/review/${path}`, { body: { projectId: project.id } });
      expect(res.status, path).toBe(401);
      expect(res.body.meta.message).toBe(UNAUTHENTICATED.zh);
    }
    expect((await api.call('GET', `/api/project/review/state?projectId=${project.id}`)).status).toBe(401);
    expect((await api.call('GET', `/api/project/review/history?projectId=${project.id}`)).status).toBe(401);
  });

  it('answers 400 for a bad body, 403 for the wrong person, 409 in the wrong status', async () => {
    expect((await step('submit', { assignees: { professional: 5 } })).status).toBe(400);
    expect((await step('opinion', { conclusion: 'maybe', opinion: 'x' })).status).toBe(400);
    const unnamed = await step('submit', { assignees: { ...named(), countersign: null } });
    expect(unnamed.status).toBe(400);
    // the missing role by its label, on its field (never the role's code)
    expect(unnamed.body.meta.message).toBe('Please name every review role\nVerification countersigner cannot be empty');
    expect(unnamed.body.data.issues).toMatchObject([{ field: 'assignees.countersign', message: 'Verification countersigner cannot be empty' }]);
    expect((await step('submit', { assignees: named() }, team.editor)).status).toBe(403);
    const outsider = await step('submit', { assignees: { ...named(), countersign: team.outsider.user.id } });
    expect(outsider.status).toBe(403);
    expect(outsider.body.meta.message).toContain('cannot read this project');
    // under the role's picker, the role by its label and the person by name, never their id (issue 20)
    expect(outsider.body.data.issues).toMatchObject([{ field: 'assignees.countersign', message: expect.stringMatching(/^Verification countersigner \S+ cannot read this project/) }]);
    expect(outsider.body.meta.message).not.toContain(team.outsider.user.id);
    expect((await step('approve', {})).status).toBe(409);

    expect(project.reviewStatus).toBe('draft');
    expect((await step('submit', { assignees: named() })).status).toBe(200);
    const notApprover = await step('approve', {}, team.editor);
    expect(notApprover.status).toBe(403);
    expect(notApprover.body.meta.message).toBe('You are not the current approver');
    expect((await step('submit', { assignees: named() })).status).toBe(409);
    const stranger = await caller(api, team.outsider, 'en-US').get(`/api/project/review/state?projectId=${project.id}`);
    expect(stranger.status).toBe(403);
    expect(stranger.body.meta.message).toBe(NOT_MEMBER);
  });

  it('offers only the project’s readers in the reviewer pickers: GET /api/user/list?projectId= (issue 20)', async () => {
    const listed = await caller(api, team.owner, 'en-US').ok('GET', `/api/user/list?projectId=${project.id}&limit=500`);
    const ids = listed.map((u: { id: string }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([team.owner.user.id, team.editor.user.id, team.reader.user.id]));
    expect(ids).not.toContain(team.outsider.user.id);
    const stranger = await caller(api, team.outsider, 'en-US').get(`/api/user/list?projectId=${project.id}`);
    expect(stranger.status).toBe(403);
    expect(stranger.body.meta.message).toBe(NOT_MEMBER);
  });

  it('flow: submit → two opinions → approve → release → an edit is refused → revoke → the edit works', async () => {
    const readerTab = watchSocket(api, team.reader.token, team.reader.user.id);
    const submitted = await step('submit', { assignees: named() });
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({ status: 'under_review', round: 1, releaseCondition: 'one', waitingFor: [team.reader.user.id, team.editor.user.id] });
    expect(readerTab.messages).toContainEqual({ event: 'receiveMessage', data: { type: 'review', kind: 'fmea', reason: 'audit', id: project.id, entityType: 'dfmea', status: 'under_review', title: project.serialNum } });

    const locked = await addNode('Gearbox');
    expect(locked.status).toBe(409);
    expect(locked.body.meta.message).toBe('The FMEA is under review and cannot be edited or deleted');

    await walk(team.reader);
    await walk(team.editor);
    expect((await step('opinion', { conclusion: 'conform', opinion: 'complete', role: 'professional' }, team.reader)).status).toBe(200);
    const second = await step('opinion', { conclusion: 'partial', opinion: 'detection thin' }, team.editor);
    expect(second.body.data.opinions.map((o: any) => [o.role, o.conclusion])).toEqual([
      ['professional', 'conform'],
      ['quality', 'partial'],
    ]);
    expect((await step('approve', {}, team.reader)).body.data.status).toBe('approved');
    const released = await step('release', {}, team.editor);
    expect(released.status).toBe(200);
    expect(released.body.data).toMatchObject({ status: 'released', approvedBy: team.reader.user.id });

    const list = await caller(api, team.reader).ok('POST', '/api/project/list', { tab: 'all' });
    expect(list.items.find((p: any) => p.id === project.id).reviewStatus).toBe('released');
    const refused = await addNode('Gearbox');
    expect(refused.status).toBe(409);
    expect(refused.body.meta.message).toBe('The FMEA is released: revoke publication before editing');
    expect((await step('revoke', {}, team.editor)).status).toBe(403);
    expect((await step('revoke', {})).body.data.status).toBe('revoked');
    expect((await addNode('Gearbox')).status).toBe(200);

    const state = await caller(api, team.reader).ok('GET', `/api/project/review/state?projectId=${project.id}`);
    expect(state.status).toBe('in_preparation');
    expect((await caller(api, team.reader).ok('GET', `/api/project/selectProjectById?projectId=${project.id}`)).reviewStatus).toBe('in_preparation');
    const history = await caller(api, team.reader).ok('GET', `/api/project/review/history?projectId=${project.id}`);
    expect(history.map((s: any) => s.event)).toEqual(['edit', 'revoke', 'release', 'approve', 'opinion', 'opinion', 'submit']);
  });

  it('a rejection goes back with the opinion; re-review and republish', async () => {
    await step('submit', { assignees: named() });
    const rejected = await step('reject', { opinion: 'no causes on the gear' }, team.editor);
    expect(rejected.body.data.status).toBe('rejected');
    expect((await step('reject', { opinion: '' }, team.editor)).status).toBe(400);
    await step('submit', { assignees: named() });
    await walk(team.reader);
    await walk(team.editor);
    await step('opinion', { conclusion: 'conform', opinion: 'ok', role: 'professional' }, team.reader);
    await step('opinion', { conclusion: 'conform', opinion: 'ok' }, team.editor);
    await step('approve', {}, team.reader);
    await step('release', {}, team.reader);
    await step('revoke', {});
    expect((await step('republish', {})).body.data.status).toBe('released');
    const again = await step('rereview', {});
    expect(again.body.data).toMatchObject({ status: 'under_review', round: 3 });
  });

  it('serves PFMEA projects through the same calls', async () => {
    const owner = await signedInWith(api, 'powner', [{ routeName: 'pfmea_index', buttons: ['add', 'edit', 'del'] }]);
    const member = await signedInWith(api, 'pmember', [{ routeName: 'pfmea_index', buttons: [] }]);
    const pfmea = await caller(api, owner).ok('POST', '/api/project/save', {
      projectType: 'pfmea',
      name: 'Housing line',
      projectMembers: [
        { userId: owner.user.id, roles: [0] },
        { userId: member.user.id, roles: [4] },
      ],
    });
    const ids = { professional: member.user.id, quality: member.user.id, technical: member.user.id, countersign: owner.user.id };
    const submitted = await caller(api, owner).ok('POST', '/api/project/review/submit', { projectId: pfmea.id, assignees: ids });
    expect(submitted.status).toBe('under_review');
    // a DFMEA engineer without the PFMEA route cannot read it
    const denied = await caller(api, team.owner).post('/api/project/review/approve', { projectId: pfmea.id });
    expect(denied.status).toBe(403);
  });

  it('walk: reviews proceed in order from the block diagram; 400 for a bad step, 403 for a non-reviewer, 409 for an earlier step open; the opinion waits', async () => {
    await step('submit', { assignees: named() });
    expect((await step('walk', { step: 'nowhere' }, team.reader)).status).toBe(400);
    expect((await step('walk', {}, team.reader)).status).toBe(400);
    const notReviewer = await step('walk', { step: 'interfaces' });
    expect(notReviewer.status).toBe(403);
    expect(notReviewer.body.meta.message).toBe('You are not a reviewer asked for an opinion');
    expect((await caller(api, team.outsider).post('/api/project/review/walk', { projectId: project.id, step: 'interfaces' })).status).toBe(403);
    const early = await step('walk', { step: 'failure' }, team.reader);
    expect(early.status).toBe(409);
    expect(early.body.meta.message).toBe('Unfinished earlier steps block this operation: review step 1 of the walk first (reviews proceed in order, starting from the block diagram)');
    const waits = await step('opinion', { conclusion: 'conform', opinion: 'ok', role: 'professional' }, team.reader);
    expect(waits.status).toBe(409);
    expect(waits.body.meta.message).toBe('Review every step in order, starting from the block diagram, before giving your opinion: 6 step(s) left');

    const marked = await step('walk', { step: 'interfaces' }, team.reader);
    expect(marked.status).toBe(200);
    expect(marked.body.data.walkSteps).toEqual(['interfaces', 'structure', 'function', 'failure', 'risk', 'optimization']);
    expect(marked.body.data.walks[0]).toMatchObject({ userId: team.reader.user.id, roles: ['professional'], next: 'structure', complete: false });
    expect(marked.body.data.walks[0].steps[0].reviewedAt).toEqual(expect.any(String));
    await walk(team.reader);
    const state = await caller(api, team.editor).ok('GET', `/api/project/review/state?projectId=${project.id}`);
    expect(state.walks.map((w: any) => [w.userId, w.complete])).toEqual([
      [team.reader.user.id, true],
      [team.editor.user.id, false],
    ]);
    expect((await step('opinion', { conclusion: 'conform', opinion: 'ok', role: 'professional' }, team.reader)).status).toBe(200);
  });
});
