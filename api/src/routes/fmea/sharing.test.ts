import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChain, caller, createTeamProject, engineer, makeTeam, NOT_MEMBER, openTestApp, type Person, READ_ONLY, type Team, type TestApp, UNAUTHENTICATED } from '../../testing.ts';

// Shares expire against the app's clock, which the tests move.
let clock: Date;
let api: TestApp;
let team: Team;
let guest: Person;
let project: any;
beforeEach(async () => {
  clock = new Date('2026-03-01T08:00:00Z');
  api = await openTestApp({ now: () => clock });
  team = await makeTeam(api);
  guest = await engineer(api, 'guest');
  project = await createTeamProject(api, team);
});
afterEach(() => api.dispose());


const share = (body: Record<string, unknown> = {}, as: Person = team.owner) =>
  caller(api, as, 'en-US').post('/api/project/saveShare', { projectId: project.id, scope: 'partly', expiresAt: null, userIds: [guest.user.id], version: 0, ...body });

describe('project sharing routes', () => {
  it('refuses both calls without a token (401)', async () => {
    for (const res of [await api.call('GET', `/api/project/share?projectId=${project.id}`), await api.call('POST', '/api/project/saveShare', { body: { projectId: project.id, scope: 'all', expiresAt: null, userIds: [] } })]) {
      expect(res.status).toBe(401);
      expect(res.body.meta.message).toBe(UNAUTHENTICATED.zh);
    }
  });

  it('saves a share as the responsible person and shows it to the team', async () => {
    const saved = await share({ expiresAt: '2026-03-31' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ projectId: project.id, scope: 'partly', userIds: [guest.user.id], users: [{ id: guest.user.id, userName: guest.user.userName }], version: 1 });
    // a calendar date shares through that day
    expect(saved.body.data.expiresAt).toBe('2026-04-01T00:00:00.000Z');
    const seen = await caller(api, team.reader).ok('GET', `/api/project/share?projectId=${project.id}`);
    expect(seen).toMatchObject({ scope: 'partly', version: 1 });
  });

  it('refuses others: the collaborator and the guest 403, a bad body 400, a stale version 409', async () => {
    const editor = await share({}, team.editor);
    expect(editor.status).toBe(403);
    expect(editor.body.meta.message).toBe('Only the responsible person of the project or an administrator may change its share');
    expect((await share({ scope: 'some' })).status).toBe(400);
    expect((await share({ expiresAt: 'tomorrow' })).status).toBe(400);
    const past = await share({ expiresAt: '2026-02-01T00:00:00Z' });
    expect(past.status).toBe(400);
    expect(past.body.meta.message).toContain('The share must expire in the future');
    expect((await share()).status).toBe(200);
    expect((await share()).status).toBe(409);
    const guestSees = await caller(api, guest, 'en-US').get(`/api/project/share?projectId=${project.id}`);
    expect(guestSees.status).toBe(403);
    expect(guestSees.body.meta.message).toBe(NOT_MEMBER);
  });
});

describe('a shared reader', () => {
  it('opens and reads the project, exports it, and gets the read-only refusal on a write', async () => {
    const chain = await buildChain(api, team.owner, project);
    const reader = caller(api, guest, 'en-US');
    expect((await reader.get(`/api/project/selectProjectById?projectId=${project.id}`)).status).toBe(403);
    expect((await share()).status).toBe(200);

    const opened = await reader.ok('GET', `/api/project/selectProjectById?projectId=${project.id}`);
    expect(opened).toMatchObject({ projectId: project.id, canEdit: false, myRoles: null, access: 'shared' });
    expect((await reader.ok('GET', `/api/fmea/analysis?projectId=${project.id}`)).nodes.length).toBeGreaterThan(0);
    expect((await reader.ok('GET', `/api/fmea/riskGrid?projectId=${project.id}`)).items).toHaveLength(1);
    const exported = await reader.get(`/api/project/exportData?projectId=${project.id}`);
    expect(exported.status).toBe(200);

    for (const res of [
      await reader.post('/api/fmea/addNode', { parentId: project.pptSerial, name: 'Motor' }),
      await reader.post('/api/fmea/rateCause', { id: chain.cause.id, version: chain.cause.version, occurrence: 2 }),
      await reader.post('/api/project/save', { id: project.id, version: project.version, name: 'Mine' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.meta).toEqual({ success: false, code: 403, message: READ_ONLY });
    }
    // the owner's view says member, and the shared tab lists it for the guest only
    expect(await caller(api, team.owner).ok('GET', `/api/project/selectProjectById?projectId=${project.id}`)).toMatchObject({ access: 'member', canEdit: true });
    const tab = await reader.ok('POST', '/api/project/list', { tab: 'shared' });
    expect(tab.items).toEqual([expect.objectContaining({ projectId: project.id, myRoles: null })]);
    expect((await caller(api, team.outsider).ok('POST', '/api/project/list', { tab: 'shared' })).total).toBe(0);
  });

  it('leaves an unshared non-member refused as before', async () => {
    expect((await share()).status).toBe(200);
    const outsider = caller(api, team.outsider, 'en-US');
    for (const res of [await outsider.get(`/api/project/selectProjectById?projectId=${project.id}`), await outsider.get(`/api/fmea/riskGrid?projectId=${project.id}`)]) {
      expect(res.status).toBe(403);
      expect(res.body.meta.message).toBe(NOT_MEMBER);
    }
  });

  it('loses access when the share expires', async () => {
    expect((await share({ expiresAt: new Date(clock.getTime() + 60_000).toISOString() })).status).toBe(200);
    const reader = caller(api, guest, 'en-US');
    expect((await reader.get(`/api/fmea/riskGrid?projectId=${project.id}`)).status).toBe(200);
    clock = new Date(clock.getTime() + 60_000);
    const res = await reader.get(`/api/fmea/riskGrid?projectId=${project.id}`);
    expect(res.status).toBe(403);
    expect(res.body.meta.message).toBe(NOT_MEMBER);
  });
});
