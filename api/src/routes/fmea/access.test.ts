import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findUserRow } from '@fmea/core';
import { buildChain, caller, createTeamProject, DELETED, makeTeam, NOT_ALLOWED, NOT_MEMBER, openTestApp, READ_ONLY, signedInWith, type Team, type TestApp, UNAUTHENTICATED, watchSocket } from '../../testing.ts';

let api: TestApp;
let team: Team;
let project: any;
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
  project = await createTeamProject(api, team);
});
afterEach(() => api.dispose());


describe('FMEA routes: who may call them', () => {
  it('refuses every call without a token (401)', async () => {
    const calls: [string, string, unknown?][] = [
      ['POST', '/api/project/list', {}],
      ['GET', `/api/project/selectProjectById?projectId=${project.id}`],
      ['GET', `/api/dfmeaTree/getDfmeaTreeBySerialNum?serialNum=${project.serialNum}`],
      ['POST', '/api/fmea/addNode', { parentId: project.pptSerial, name: 'x' }],
      ['GET', `/api/fmea/riskGrid?projectId=${project.id}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api.call(method, path, { body });
      expect(res.status, path).toBe(401);
      expect(res.body.meta.message).toBe(UNAUTHENTICATED.zh);
    }
  });

  it('refuses a user without the dfmea_index route (403), whatever other routes they hold', async () => {
    const { token: none } = await signedInWith(api, 'clerk', [{ routeName: 'system_user', buttons: [] }]);
    const { token: process } = await signedInWith(api, 'planner', [{ routeName: 'system_log', buttons: ['export'] }]);
    for (const token of [none, process]) {
      const open = await api.call('GET', `/api/project/selectProjectById?projectId=${project.id}`, { token, lang: 'en-US' });
      expect(open.status).toBe(403);
      expect(open.body.meta.message).toBe(NOT_ALLOWED.en);
      const add = await api.call('POST', '/api/fmea/addNode', { token, lang: 'en-US', body: { parentId: project.pptSerial, name: 'x' } });
      expect(add.status).toBe(403);
    }
    // nor may they list design projects
    const list = await api.call('POST', '/api/project/list', { token: process, body: { tab: 'all', projectType: 'dfmea' } });
    expect(list.status).toBe(403);
  });

  it('opens process projects through the PFMEA route: a DFMEA-only engineer may not touch them, a process engineer may', async () => {
    const admin = await api.login('admin');
    const adminUser = await findUserRow(api.t.db, 'admin');
    const members = [{ userId: adminUser.id, roles: [0] }];
    const created = await api.call('POST', '/api/project/save', { token: admin, body: { projectType: 'pfmea', name: 'Press line', projectMembers: members } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const processId = created.body.data.id;
    // a DFMEA engineer with every button may neither create, open nor list them
    const add = await api.call('POST', '/api/project/save', { token: team.owner.token, lang: 'en-US', body: { projectType: 'pfmea', name: 'x', projectMembers: [{ userId: team.owner.user.id, roles: [0] }] } });
    expect(add.status).toBe(403);
    expect(add.body.meta.message).toBe(NOT_ALLOWED.en);
    expect((await api.call('GET', `/api/project/selectProjectById?projectId=${processId}`, { token: team.owner.token })).status).toBe(403);
    expect((await api.call('POST', '/api/project/list', { token: team.owner.token, body: { tab: 'all', projectType: 'pfmea' } })).status).toBe(403);
    const listed = await api.call('POST', '/api/project/list', { token: team.owner.token, body: { tab: 'all' } });
    expect(listed.body.data.items.map((p: { id: string }) => p.id)).not.toContain(processId);
    const all = await api.call('POST', '/api/project/list', { token: admin, body: { tab: 'all', projectType: 'pfmea' } });
    expect(all.body.data.items.map((p: { id: string }) => p.id)).toEqual([processId]);
    // even as a member of it, the engine refuses them every item write and read of that type
    const member = await api.call('POST', '/api/project/save', {
      token: admin,
      body: { id: processId, version: created.body.data.version, projectMembers: [...members, { userId: team.owner.user.id, roles: [1] }] },
    });
    expect(member.status, JSON.stringify(member.body)).toBe(200);
    const rootId = created.body.data.pptSerial;
    const addNode = await api.call('POST', '/api/fmea/addNode', { token: team.owner.token, lang: 'en-US', body: { parentId: rootId, name: 'Press' } });
    expect(addNode.status).toBe(403);
    expect(addNode.body.meta.message).toBe(NOT_ALLOWED.en);
    expect((await api.call('GET', `/api/fmea/riskGrid?projectId=${processId}`, { token: team.owner.token })).status).toBe(403);
    expect((await api.call('POST', '/api/fmea/addNode', { token: admin, body: { parentId: rootId, name: 'Press' } })).status).toBe(200);
    // the PFMEA area's route with its buttons opens them to their members
    const { user: processUser, token: process } = await signedInWith(api, 'process', [{ routeName: 'pfmea_index', buttons: ['add', 'edit'] }]);
    const own = await api.call('POST', '/api/project/save', { token: process, body: { projectType: 'pfmea', name: 'Housing line', projectMembers: [{ userId: processUser.id, roles: [0] }] } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await api.call('POST', '/api/fmea/addNode', { token: process, body: { parentId: own.body.data.pptSerial, name: 'Deburr' } })).status).toBe(200);
    const mine = await api.call('POST', '/api/project/list', { token: process, body: { tab: 'all', projectType: 'pfmea' } });
    expect(mine.body.data.items.map((p: { id: string }) => p.id)).toContain(own.body.data.id);
    // nor does the PFMEA route open design projects
    expect((await api.call('POST', '/api/project/list', { token: process, body: { tab: 'all', projectType: 'dfmea' } })).status).toBe(403);
  });

  it('refuses a write without the button, even to the responsible owner', async () => {
    const { token } = await signedInWith(api, 'viewer', [{ routeName: 'dfmea_index', buttons: [] }]);
    const res = await api.call('POST', '/api/project/save', { token, lang: 'en-US', body: { projectType: 'dfmea', name: 'x', projectMembers: [] } });
    expect(res.status).toBe(403);
    expect(res.body.meta.message).toBe(NOT_ALLOWED.en);
  });

  it('refuses a non-member with the route: 403 "not a project member", for reads and writes', async () => {
    const outsider = caller(api, team.outsider, 'en-US');
    for (const res of [
      await outsider.get(`/api/project/selectProjectById?projectId=${project.id}`),
      await outsider.get(`/api/project/selectProjectBySerialNum?serialNum=${project.serialNum}`),
      await outsider.get(`/api/dfmeaTree/getDfmeaTreeBySerialNum?serialNum=${project.serialNum}`),
      await outsider.get(`/api/fmea/riskGrid?projectId=${project.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.meta).toEqual({ success: false, code: 403, message: NOT_MEMBER });
    }
    const add = await outsider.post('/api/fmea/addNode', { parentId: project.pptSerial, name: 'Gearbox' });
    expect(add.status).toBe(403);
    expect(add.body.meta.message).toBe(NOT_MEMBER);
    // but the "all" tab lists it, so they can apply for read access
    const list = await outsider.post('/api/project/list', { tab: 'all' });
    expect(list.body.data.items).toEqual([expect.objectContaining({ projectId: project.id, myRoles: null })]);
  });

  it('lets a read-only member (reviewer) read but not write', async () => {
    const reader = caller(api, team.reader, 'en-US');
    const opened = await reader.ok('GET', `/api/project/selectProjectById?projectId=${project.id}`);
    expect(opened).toMatchObject({ projectId: project.id, canEdit: false, myRoles: [4] });
    const res = await reader.post('/api/fmea/addNode', { parentId: project.pptSerial, name: 'Gearbox' });
    expect(res.status).toBe(403);
    expect(res.body.meta.message).toBe(READ_ONLY);
    const header = await reader.post('/api/project/save', { id: project.id, version: project.version, name: 'Renamed' });
    expect(header.status).toBe(403);
  });

  it('answers 404 "project deleted and cannot be opened" for a deleted project', async () => {
    const owner = caller(api, team.owner, 'en-US');
    const editor = caller(api, team.editor, 'en-US');
    // only the responsible owner deletes
    expect((await editor.post('/api/project/delete', { id: project.id, version: project.version })).status).toBe(403);
    await owner.ok('POST', '/api/project/delete', { id: project.id, version: project.version });
    for (const res of [await owner.get(`/api/project/selectProjectById?projectId=${project.id}`), await editor.get(`/api/fmea/riskGrid?projectId=${project.id}`)]) {
      expect(res.status).toBe(404);
      expect(res.body.meta.message).toBe(DELETED);
    }
    expect((await owner.post('/api/project/list', { tab: 'mine' })).body.data.total).toBe(0);
  });

  it('tells only the members’ other open views that something changed, not the tab that changed it', async () => {
    const member = watchSocket(api, team.editor.token, team.editor.user.id);
    const stranger = watchSocket(api, team.outsider.token, team.outsider.user.id);
    const actingTab = watchSocket(api, team.owner.token, team.owner.user.id);
    const node = await caller(api, team.owner).ok('POST', '/api/fmea/addNode', { parentId: project.pptSerial, name: 'Gearbox' });
    expect(member.messages).toContainEqual({
      event: 'receiveMessage',
      data: { type: 'fmeaChanged', projectId: project.id, entity: 'node', id: node.id, byUserId: team.owner.user.id },
    });
    expect(stranger.messages).toEqual([]);
    expect(actingTab.messages).toEqual([]);
  });
});

describe('FMEA routes: validation and conflicts', () => {
  it('refuses a severity of 0 or 11 with the translated rating message, and nothing is written', async () => {
    const chain = await buildChain(api, team.owner, project);
    const owner = caller(api, team.owner, 'en-US');
    for (const severity of [0, 11]) {
      const res = await owner.post('/api/fmea/rateEffect', { id: chain.effect.id, version: chain.effect.version, severity });
      expect(res.status).toBe(400);
      expect(res.body.meta.message).toContain(`must be a whole number from 1 to 10 (got ${severity})`);
    }
    const bad = await owner.post('/api/fmea/rateCause', { id: chain.cause.id, version: chain.cause.version, det: 11 });
    expect(bad.status).toBe(400);
    const zh = await api.call('POST', '/api/fmea/rateEffect', { token: team.owner.token, body: { id: chain.effect.id, version: 1, severity: 0 } });
    expect(zh.status).toBe(400);
    expect(zh.body.meta.message).not.toBe(bad.body.meta.message);
    const grid = await owner.ok('GET', `/api/fmea/riskGrid?projectId=${project.id}`);
    expect(grid.items[0]).toMatchObject({ severity: 9, occurrence: 6, det: 5 });
  });

  it('refuses bodies that are too long or of the wrong shape (400)', async () => {
    const owner = caller(api, team.owner, 'en-US');
    expect((await owner.post('/api/fmea/addNode', { parentId: project.pptSerial, name: 'x'.repeat(201) })).status).toBe(400);
    expect((await owner.post('/api/fmea/addNode', { parentId: 'p'.repeat(65), name: 'x' })).status).toBe(400);
    expect((await owner.post('/api/fmea/addFailure', { functionId: 'f', kind: 'XX', description: 'x' })).status).toBe(400);
    expect((await owner.get(`/api/fmea/riskGrid?projectId=${project.id}&ap=X`)).status).toBe(400);
  });

  it('answers 409 to a stale version and writes nothing', async () => {
    const owner = caller(api, team.owner, 'en-US');
    const editor = caller(api, team.editor, 'en-US');
    const node = await owner.ok('POST', '/api/fmea/addNode', { parentId: project.pptSerial, name: 'Gearbox' });
    await owner.ok('POST', '/api/fmea/renameNode', { id: node.id, version: node.version, name: 'Gear train' });
    const late = await editor.post('/api/fmea/renameNode', { id: node.id, version: node.version, name: 'Transmission' });
    expect(late.status).toBe(409);
    expect(late.body.meta.message).toBe('Someone else changed this item in the meantime; reload it and apply your change again');
    const tree = await owner.ok('GET', `/api/fmea/structureTree?projectId=${project.id}`);
    expect(tree.children).toEqual([expect.objectContaining({ id: node.id, name: 'Gear train', version: 2 })]);
    const header = await editor.post('/api/project/save', { id: project.id, version: project.version + 1, name: 'Other' });
    expect(header.status).toBe(409);
  });

  it('refuses a stale rating and keeps the first save', async () => {
    const chain = await buildChain(api, team.owner, project);
    const owner = caller(api, team.owner, 'en-US');
    const editor = caller(api, team.editor, 'en-US');
    await owner.ok('POST', '/api/fmea/rateCause', { id: chain.cause.id, version: chain.cause.version, occurrence: 3 });
    const late = await editor.post('/api/fmea/rateCause', { id: chain.cause.id, version: chain.cause.version, occurrence: 8, det: 8 });
    expect(late.status).toBe(409);
    const row = (await owner.ok('GET', `/api/fmea/riskGrid?projectId=${project.id}`)).items[0];
    expect(row).toMatchObject({ occurrence: 3, det: 5, cause: { version: 2 } });
  });

  it('checks the team: roles 0–5 and exactly one responsible (400)', async () => {
    const owner = caller(api, team.owner, 'en-US');
    const twoResponsible = await owner.post('/api/project/save', {
      name: 'Brake caliper',
      projectMembers: [
        { userId: team.owner.user.id, userRole: 0 },
        { userId: team.editor.user.id, userRole: 0 },
      ],
    });
    expect(twoResponsible.status).toBe(400);
    const badRole = await owner.post('/api/project/save', { name: 'Brake caliper', projectMembers: [{ userId: team.owner.user.id, userRole: 6 }] });
    expect(badRole.status).toBe(400);
    const noVersion = await owner.post('/api/project/save', { id: project.id, name: 'Renamed' });
    expect(noVersion.status).toBe(400);
  });

  it('needs the add button to create a project and the edit button to change one', async () => {
    const { token: adder } = await signedInWith(api, 'adder', [{ routeName: 'dfmea_index', buttons: ['add'] }]);
    const created = await api.call('POST', '/api/project/save', { token: adder, body: { name: 'Seat rail', projectMembers: [{ userId: team.owner.user.id, userRole: 0 }], confirmHandOver: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // created for another owner (confirmed, spec 000 §6): the creator joins as counsellor (2), read-only
    expect(created.body.data.myRoles).toEqual([2]);
    const update = await api.call('POST', '/api/project/save', { token: adder, lang: 'en-US', body: { id: created.body.data.id, version: 1, name: 'Renamed' } });
    expect(update.status).toBe(403);
    expect(update.body.meta.message).toBe(NOT_ALLOWED.en);
  });

  it('asks before deleting a node other nodes use (409 with the count), then deletes it with confirm', async () => {
    const chain = await buildChain(api, team.owner, project);
    const owner = caller(api, team.owner, 'en-US');
    const impact = await owner.ok('GET', `/api/fmea/nodeDeletionImpact?id=${chain.gear.id}`);
    expect(impact.count).toBe(1);
    const asked = await owner.post('/api/fmea/deleteNode', { id: chain.gear.id, version: chain.gear.version });
    expect(asked.status).toBe(409);
    expect(asked.body.meta.message).toBe('The current FMEA is used by 1 nodes; confirm the deletion');
    expect(asked.body.data).toMatchObject({ code: 'conflict', messageKey: 'fmea.node_in_use', count: 1 });
    expect((await owner.ok('GET', `/api/fmea/riskGrid?projectId=${project.id}`)).items[0].cause).not.toBeNull();
    const done = await owner.ok('POST', '/api/fmea/deleteNode', { id: chain.gear.id, version: chain.gear.version, confirm: true });
    expect(done.removed.failures).toEqual([chain.cause.id]);
    const grid = await owner.ok('GET', `/api/fmea/riskGrid?projectId=${project.id}`);
    expect(grid.items).toEqual([expect.objectContaining({ cause: null, ap: null })]);
  });
});

describe('the risk grid over HTTP', () => {
  it('answers on each row how many chains of the project share its effect and its cause, also on a page of one row', async () => {
    const chain = await buildChain(api, team.owner, project);
    const owner = caller(api, team.owner, 'en-US');
    const second = await owner.ok('POST', '/api/fmea/addFailure', { functionId: chain.mesh.id, kind: 'FC', description: 'Teeth broken', occurrence: 2, det: 7 });
    await owner.ok('POST', '/api/fmea/linkFailures', { higherFailureId: chain.mode.id, lowerFailureId: second.id });
    const page = await owner.ok('GET', `/api/fmea/riskGrid?projectId=${project.id}&page=2&limit=1`);
    expect(page.total).toBe(2);
    expect(page.items).toEqual([expect.objectContaining({ effect: expect.objectContaining({ id: chain.effect.id, chains: 2 }), cause: expect.objectContaining({ id: second.id, chains: 1 }) })]);
    const doc = (await (await api.app.request('/api/openapi.json')).json()) as any;
    const row = doc.components.schemas.FmeaRiskRow;
    expect(row.properties.effect.properties.chains.description).toContain('whole project');
  });
});

describe('the OpenAPI document', () => {
  it('lists the FMEA routes with their access', async () => {
    const doc = (await (await api.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { 'x-access': unknown }>> };
    const expected: [string, string][] = [
      ['post', '/api/project/list'],
      ['get', '/api/project/selectProjectById'],
      ['get', '/api/project/selectProjectBySerialNum'],
      ['get', '/api/project/selectRecentProject'],
      ['get', '/api/dfmeaTree/getDfmeaTreeBySerialNum'],
      ['post', '/api/project/save'],
      ['post', '/api/project/delete'],
      ['post', '/api/fmea/deleteNode'],
      ['post', '/api/fmea/rateEffect'],
      ['post', '/api/fmea/changeActionStatus'],
      ['get', '/api/fmea/riskGrid'],
      ['post', '/api/fmea/recomputeAp'],
    ];
    for (const [method, path] of expected) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    // the gate is the route of every area that opens projects (DFMEA, PFMEA, FMEDA, DRBFM); the engine then checks the project type's own
    expect(doc.paths['/api/fmea/deleteNode']!.post!['x-access']).toEqual({ route: ['dfmea_index', 'pfmea_index', 'fmeda_index', 'drbfm_index'], button: ['del'] });
    expect(doc.paths['/api/fmea/riskGrid']!.get!['x-access']).toEqual({ route: ['dfmea_index', 'pfmea_index', 'fmeda_index', 'drbfm_index'] });
  });
});
