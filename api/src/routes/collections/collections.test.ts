import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caller, createTeamProject, makeTeam, NOT_ALLOWED, openTestApp, signedInWith, type Team, type TestApp, UNAUTHENTICATED } from '../../testing.ts';

let api: TestApp;
let team: Team;
let project: any;
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
  project = await createTeamProject(api, team);
});
afterEach(() => api.dispose());

const star = { collectType: 'project', targetId: '' };
const target = () => ({ ...star, targetId: project.id });

describe('POST /api/collect/*: favourites', () => {
  it('stars a project, lists it with its name and number, flags it in the project list, and un-stars it', async () => {
    const owner = caller(api, team.owner);
    const added = await owner.ok('POST', '/api/collect/add', target());
    expect(await owner.ok('POST', '/api/collect/add', target())).toEqual(added);
    const page = await owner.ok('POST', '/api/collect/list', { page: 1, limit: 10 });
    expect(page).toMatchObject({ total: 1, page: 1, limit: 10, items: [{ collectType: 'project', targetId: project.id, name: project.name, serialNum: project.serialNum, projectType: 'dfmea' }] });
    const collected = await owner.ok('POST', '/api/project/list', { tab: 'collected' });
    expect(collected.items.map((p: any) => [p.projectId, p.collected])).toEqual([[project.id, true]]);
    const all = await caller(api, team.editor).ok('POST', '/api/project/list', { tab: 'all' });
    expect(all.items.map((p: any) => p.collected)).toEqual([false]);
    expect(await owner.ok('POST', '/api/collect/remove', target())).toEqual({ removed: true });
    expect((await owner.ok('POST', '/api/collect/list', {})).total).toBe(0);
    expect((await owner.ok('POST', '/api/project/list', { tab: 'collected' })).items).toEqual([]);
  });

  it('keeps favourites private: another user neither sees nor removes mine', async () => {
    await caller(api, team.owner).ok('POST', '/api/collect/add', target());
    const other = caller(api, team.outsider);
    expect((await other.ok('POST', '/api/collect/list', {})).items).toEqual([]);
    expect((await other.ok('POST', '/api/project/list', { tab: 'collected' })).items).toEqual([]);
    expect(await other.ok('POST', '/api/collect/remove', target())).toEqual({ removed: false });
    expect((await caller(api, team.owner).ok('POST', '/api/collect/list', {})).total).toBe(1);
  });

  it('answers 401 without a token on every route', async () => {
    for (const path of ['/api/collect/add', '/api/collect/remove', '/api/collect/list']) {
      const res = await api.call('POST', path, { body: target() });
      expect(res.status, path).toBe(401);
      expect(res.body.meta).toEqual({ success: false, code: 401, message: UNAUTHENTICATED.zh });
    }
  });

  it('answers 400 for an unknown type or a missing target', async () => {
    const owner = caller(api, team.owner, 'en-US');
    expect((await owner.post('/api/collect/add', { collectType: 'nope', targetId: project.id })).status).toBe(400);
    expect((await owner.post('/api/collect/add', { collectType: 'project' })).status).toBe(400);
    expect((await owner.post('/api/collect/list', { collectType: 'nope' })).status).toBe(400);
  });

  it('answers 404 for an unknown or deleted project', async () => {
    const owner = caller(api, team.owner, 'en-US');
    const unknown = await owner.post('/api/collect/add', { ...star, targetId: 'no-such-project' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.message).toBe('The project to add to your favourites does not exist or has been deleted: no-such-project');
    await owner.ok('POST', '/api/project/delete', { id: project.id, version: project.version });
    const zh = await caller(api, team.owner).post('/api/collect/add', target());
    expect(zh.status).toBe(404);
    expect(zh.body.meta.message).toBe(`要收藏的项目不存在或已被删除：${project.id}`);
  });

  it('refuses to star a design project for a user without the design work area (403)', async () => {
    const { token } = await signedInWith(api, 'clerk', [{ routeName: 'system_log', buttons: [] }]);
    const res = await api.call('POST', '/api/collect/add', { token, body: target(), lang: 'en-US' });
    expect(res.status).toBe(403);
    expect(res.body.meta.message).toBe(NOT_ALLOWED.en);
    // their own (empty) list is theirs to read
    expect((await api.call('POST', '/api/collect/list', { token, body: {} })).status).toBe(200);
  });
});
