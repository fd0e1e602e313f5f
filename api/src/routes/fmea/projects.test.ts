import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestApp, type TestApp } from '../../testing.ts';
import { NOT_ALLOWED, signedInWith } from '../users/test-support.ts';
import { buildChain, caller, createTeamProject, makeTeam, type Team } from './test-support.ts';

let api: TestApp;
let team: Team;
let project: any;
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
  project = await createTeamProject(api, team);
});
afterEach(() => api.dispose());

const NOT_MEMBER = 'You are not a member of this project';
const DELETED = 'The project has been deleted and cannot be opened';
const bySerial = (value: string) => `/api/project/selectProjectBySerialNum?serialNum=${encodeURIComponent(value)}`;

describe('GET /api/project/selectProjectBySerialNum: deep links by pptSerial', () => {
  it('opens by the project number, without a node to focus', async () => {
    const opened = await caller(api, team.editor).ok('GET', bySerial(project.serialNum));
    expect(opened).toMatchObject({ projectId: project.id, serialNum: project.serialNum, pptSerial: project.pptSerial, focusNodeId: null, canEdit: true });
  });

  it('opens by the root node id (the project’s pptSerial) and by any other node id, focusing that node', async () => {
    const chain = await buildChain(api, team.editor, project);
    const reader = caller(api, team.reader);
    expect(await reader.ok('GET', bySerial(project.pptSerial))).toMatchObject({ projectId: project.id, pptSerial: project.pptSerial, focusNodeId: project.pptSerial, canEdit: false });
    expect(await reader.ok('GET', bySerial(chain.gear.id))).toMatchObject({ projectId: project.id, serialNum: project.serialNum, pptSerial: project.pptSerial, focusNodeId: chain.gear.id });
    // the project is remembered as opened, as by id
    const recent = await reader.ok('GET', '/api/project/selectRecentProject');
    expect(recent.map((p: any) => p.projectId)).toEqual([project.id]);
    // the tree by reference answers the whole project's tree
    const tree = await reader.ok('GET', `/api/dfmeaTree/getDfmeaTreeBySerialNum?serialNum=${chain.gear.id}`);
    expect(tree.data).toMatchObject({ id: project.pptSerial, nodeType: 1 });
  });

  it('refuses a non-member (403 "not a project member") by number, root node and child node', async () => {
    const chain = await buildChain(api, team.editor, project);
    const outsider = caller(api, team.outsider, 'en-US');
    for (const value of [project.serialNum, project.pptSerial, chain.gear.id]) {
      const res = await outsider.get(bySerial(value));
      expect(res.status, value).toBe(403);
      expect(res.body.meta).toEqual({ success: false, code: 403, message: NOT_MEMBER });
    }
  });

  it('refuses a caller without the design work area (403) before saying anything about the project', async () => {
    const { token } = await signedInWith(api, 'planner', [{ routeName: 'pfmea_index', buttons: ['add', 'edit', 'del'] }]);
    for (const value of [project.serialNum, project.pptSerial]) {
      const res = await api.call('GET', bySerial(value), { token, lang: 'en-US' });
      expect(res.status).toBe(403);
      expect(res.body.meta.message).toBe(NOT_ALLOWED.en);
    }
  });

  it('answers 404 for a deleted project, by number or node', async () => {
    const chain = await buildChain(api, team.editor, project);
    const owner = caller(api, team.owner, 'en-US');
    await owner.ok('POST', '/api/project/delete', { id: project.id, version: project.version });
    for (const value of [project.serialNum, project.pptSerial, chain.gear.id]) {
      const res = await owner.get(bySerial(value));
      expect(res.status, value).toBe(404);
      expect(res.body.meta.message).toBe(DELETED);
    }
  });

  it('answers 404 for an unknown value or a removed node, 400 for an empty one', async () => {
    const chain = await buildChain(api, team.editor, project);
    const editor = caller(api, team.editor, 'en-US');
    await editor.ok('POST', '/api/fmea/deleteNode', { id: chain.gear.id, version: chain.gear.version, confirm: true });
    for (const value of ['DF000', 'no-such-node', chain.gear.id]) {
      const res = await editor.get(bySerial(value));
      expect(res.status, value).toBe(404);
      expect(res.body.meta.message).toBe(`FMEA project not found: ${value}`);
    }
    expect((await editor.get(bySerial(' '))).status).toBe(400);
  });

  it('documents focusNodeId in the OpenAPI answer', async () => {
    const doc = (await api.call('GET', '/api/openapi.json')).body as any;
    const [base, extra] = doc.components.schemas.FmeaProjectByReference.allOf;
    expect(base).toEqual({ $ref: '#/components/schemas/FmeaProject' });
    expect(extra).toMatchObject({ properties: { focusNodeId: { type: ['string', 'null'] } }, required: ['focusNodeId'] });
  });
});
