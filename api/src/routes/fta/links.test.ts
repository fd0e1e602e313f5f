import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChain, caller, createTeamProject, expectRefused, ftaApp, NOT_MEMBER, type TestApp } from '../../testing.ts';

let api: TestApp;
let s: Awaited<ReturnType<typeof ftaApp>>['s'];
let tree: { id: string; ftaNum: string; version: number; document: any };

beforeEach(async () => {
  ({ api, s } = await ftaApp());
  tree = await caller(api, s.team.editor).ok('POST', '/api/fta/generate', { projectId: s.project.projectId, effectId: s.chain.effect.id });
});
afterEach(() => api.dispose());

describe('GET /api/fta/failureLinks', () => {
  it('tells the FMEA side which trees and cut sets a cause is in, and whether the link needs review', async () => {
    const path = `/api/fta/failureLinks?failureId=${s.chain.cause.id}`;
    await expectRefused(api, { method: 'GET', path }, s.nobody.token);
    // the route alone is not enough: the project must be one the caller may open
    const outsider = await caller(api, s.team.outsider, 'en-US').get(path);
    expect([outsider.status, outsider.body.meta.message]).toEqual([403, NOT_MEMBER]);
    const view = await caller(api, s.team.reader).ok('GET', path);
    expect(view.failure).toEqual({ id: s.chain.cause.id, kind: 'FC', description: 'Teeth worn' });
    expect(view.links).toEqual([
      expect.objectContaining({
        ftaNum: tree.ftaNum,
        eventName: 'FC1',
        eventKind: 'basic',
        reviewNeeded: false,
        reviewReasons: [],
        reviewNotes: [],
        cutSets: [{ events: ['FC1'], order: 1, probability: 0.002 }],
        eventLabels: { FC1: 'Teeth worn' },
        complete: true,
        probability: 0.002,
        topProbability: 0.002,
        fussellVesely: 1,
      }),
    ]);
    // the cause's rating changed in the DFMEA: its link needs review, on both sides
    await caller(api, s.team.owner).ok('POST', '/api/fmea/updateFailure', { id: s.chain.cause.id, version: s.chain.cause.version, occurrence: 9 });
    expect((await caller(api, s.team.reader).ok('GET', path)).links[0]).toMatchObject({
      reviewNeeded: true,
      reviewReasons: ['fmeaChanged'],
      // who changed the item, and when (the test clock)
      reviewNotes: [{ reason: 'fmeaChanged', by: s.team.owner.user.realName || s.team.owner.user.userName, at: '2026-03-01T08:00:00.000Z' }],
    });
    const treeLinks = await caller(api, s.team.reader).ok('GET', `/api/fta/links?id=${tree.ftaNum}`);
    expect(treeLinks.find((l: any) => l.eventName === 'FC1')).toMatchObject({ reviewNeeded: true, reviewReasons: ['fmeaChanged'] });
    const invalidCall = await caller(api, s.team.reader, 'en-US').get('/api/fta/failureLinks');
    expect(invalidCall.status).toBe(400);
  });
});

describe('the FMEA side’s reads of the links', () => {
  it('are refused to a project member who does not hold the FTA route: cut sets and tree names are the area’s', async () => {
    // dfmeaOnly owns a DFMEA whose tree the safety engineer (a member with the FTA route) generated
    const project = await createTeamProject(api, { ...s.team, owner: s.dfmeaOnly });
    const chain = await buildChain(api, s.dfmeaOnly, project);
    await caller(api, s.team.editor).ok('POST', '/api/fta/generate', { projectId: project.projectId, effectId: chain.effect.id });
    await expectRefused(api, { method: 'GET', path: `/api/fta/failureLinks?failureId=${chain.cause.id}` }, s.dfmeaOnly.token);
    await expectRefused(api, { method: 'GET', path: `/api/fta/projectLinks?projectId=${project.projectId}` }, s.dfmeaOnly.token);
    // the project itself is theirs to open
    await caller(api, s.dfmeaOnly).ok('GET', `/api/project/selectProjectById?projectId=${project.projectId}`);
    expect((await caller(api, s.team.editor).ok('GET', `/api/fta/projectLinks?projectId=${project.projectId}`)).length).toBe(3);
  });
});

describe('GET /api/fta/links', () => {
  it('lists a tree’s links under the area’s route; the id is required', async () => {
    const path = `/api/fta/links?id=${tree.ftaNum}`;
    await expectRefused(api, { method: 'GET', path }, s.dfmeaOnly.token);
    expect((await caller(api, s.team.reader).ok('GET', path)).map((l: any) => [l.eventName, l.failureKind])).toEqual([
      ['FC1', 'FC'],
      ['FE1', 'FE'],
      ['FM1', 'FM'],
    ]);
    expect((await caller(api, s.team.reader).get('/api/fta/links')).status).toBe(400);
    expect((await caller(api, s.team.reader).get(`/api/fta/projectLinks`)).status).toBe(400);
  });
});

describe('GET /api/fta/projectLinks and POST /api/fta/reviewLinks', () => {
  it('lists the project’s links; a tree change marks them, a review clears them', async () => {
    const path = `/api/fta/projectLinks?projectId=${s.project.projectId}`;
    await expectRefused(api, { method: 'GET', path }, s.nobody.token);
    expect((await caller(api, s.team.outsider).get(path)).status).toBe(403);
    expect((await caller(api, s.team.reader).ok('GET', path)).map((l: any) => [l.eventName, l.reviewNeeded])).toEqual([
      ['FC1', false],
      ['FE1', false],
      ['FM1', false],
    ]);
    const doc = tree.document;
    await caller(api, s.team.editor).ok('POST', '/api/fta/save', { id: tree.id, version: 1, document: { ...doc, gates: doc.gates.map((g: any) => (g.name === 'FM1' ? { ...g, label: 'No torque at the output' } : g)) } });
    expect((await caller(api, s.team.reader).ok('GET', path)).find((l: any) => l.eventName === 'FM1')).toMatchObject({ reviewNeeded: true, reviewReasons: ['treeChanged'] });
    // the FMEA side names who saved the change
    const mode = await caller(api, s.team.reader).ok('GET', `/api/fta/failureLinks?failureId=${s.chain.mode.id}`);
    expect(mode.links[0].reviewNotes).toEqual([{ reason: 'treeChanged', by: s.team.editor.user.realName || s.team.editor.user.userName, at: '2026-03-01T08:00:00.000Z' }]);

    const review = { method: 'POST' as const, path: '/api/fta/reviewLinks', body: { id: tree.id } };
    await expectRefused(api, review, s.team.reader.token);
    expect(await caller(api, s.team.editor).ok('POST', review.path, review.body)).toEqual({ reviewed: 3, removed: 0 });
    expect((await caller(api, s.team.reader).ok('GET', path)).every((l: any) => !l.reviewNeeded)).toBe(true);
    expect((await caller(api, s.team.editor, 'en-US').post(review.path, {})).status).toBe(400);
  });
});
