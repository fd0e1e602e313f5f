import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChain, caller, createTeamProject, DELETED, makeTeam, NOT_ALLOWED, NOT_MEMBER, openTestApp, signedInWith, type Team, type TestApp } from '../../testing.ts';

let api: TestApp;
let team: Team;
let project: any;
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
  project = await createTeamProject(api, team);
});
afterEach(() => api.dispose());

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
    const { token } = await signedInWith(api, 'clerk', [{ routeName: 'system_log', buttons: ['export'] }]);
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

describe('project members: role names', () => {
  it('names each member’s roles from the memberRole dictionary in the caller’s language, renamed where the dictionary is renamed', async () => {
    const names = async (lang: string) =>
      (await caller(api, team.owner, lang).ok('GET', `/api/project/selectProjectById?projectId=${project.id}`)).projectMembers
        .sort((a: any, b: any) => a.userRole - b.userRole)
        .map((m: any) => m.roleNames);
    expect(await names('zh-CN')).toEqual([['负责人'], ['协作者'], ['评审人']]);
    expect(await names('en-US')).toEqual([['Responsible'], ['Collaborator'], ['Reviewer']]);
    const { findDictionaryType, listDictionaryItems, saveDictionaryItem } = await import('@fmea/core');
    const roles = await findDictionaryType(api.t.db, 'memberRole');
    const reviewer = (await listDictionaryItems(api.t.ctx, 'memberRole')).find((i) => i.code === '4')!;
    await saveDictionaryItem(api.t.ctx, { id: reviewer.id, parentId: roles.id, code: '4', name: '审核人', enName: 'Auditor' });
    expect((await names('zh-CN'))[2]).toEqual(['审核人']);
    expect((await names('en-US'))[2]).toEqual(['Auditor']);
  });
});

describe('POST /api/project/list: filters and sort', () => {
  const list = '/api/project/list';
  const save = (person: Team['owner'], name: string, extra: Record<string, unknown>, responsible = person) =>
    caller(api, person).ok('POST', '/api/project/save', {
      projectType: 'dfmea',
      name,
      ...extra,
      projectMembers: [{ userId: responsible.user.id, userRole: 0 }, ...(responsible === team.owner ? [] : [{ userId: team.owner.user.id, userRole: 1 }])],
    });
  const names = async (body: Record<string, unknown>) => ((await caller(api, team.owner).ok('POST', list, { projectType: 'dfmea', ...body })).items as any[]).map((p) => p.name);

  beforeEach(async () => {
    // the shared team project (Window lifter-…, customer ACME Cars, no stage or SOP date) is there too
    await save(team.owner, 'Alpha', { stage: '2', customer: 'C1', sopDate: '2026-01-15' });
    await save(team.owner, 'Bravo', { stage: '3', customer: 'C2', sopDate: '2026-06-30' });
    await save(team.editor, 'Charlie', { stage: '2', customer: 'C2', sopDate: '2026-12-01' }, team.editor);
  });

  it('filters by stage, customer, responsible person and an inclusive SOP range, with the tabs', async () => {
    expect(await names({ stage: '2', sort: 'name', order: 'asc' })).toEqual(['Alpha', 'Charlie']);
    expect(await names({ customer: 'C2', sort: 'name', order: 'asc' })).toEqual(['Bravo', 'Charlie']);
    expect(await names({ responsibleUserId: team.editor.user.id })).toEqual(['Charlie']);
    expect(await names({ sopFrom: '2026-01-15', sopTo: '2026-06-30', sort: 'name', order: 'asc' })).toEqual(['Alpha', 'Bravo']);
    expect(await names({ tab: 'participating', stage: '2' })).toEqual(['Charlie']);
    expect(await names({ tab: 'responsible', customer: 'C2' })).toEqual(['Bravo']);
    expect(await names({ stage: '', customer: '', responsibleUserId: '', sort: 'name', order: 'asc' })).toEqual(['Alpha', 'Bravo', 'Charlie', project.name]);
    const page = await caller(api, team.owner).ok('POST', list, { projectType: 'dfmea', sopFrom: '2026-01-01', limit: 2, sort: 'sopDate', order: 'desc' });
    expect(page).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(page.items.map((p: any) => p.name)).toEqual(['Charlie', 'Bravo']);
  });

  it('sorts by a whitelisted column, newest change first by default, no SOP date last', async () => {
    // the default is the last change, newest first (the core tests pin the order with a clock)
    expect(await names({})).toEqual(await names({ sort: 'updatedAt', order: 'desc' }));
    expect(await names({ sort: 'name', order: 'desc' })).toEqual([project.name, 'Charlie', 'Bravo', 'Alpha']);
    expect(await names({ sort: 'sopDate', order: 'asc' })).toEqual(['Alpha', 'Bravo', 'Charlie', project.name]);
    expect(await names({ sort: 'sopDate', order: 'desc' })).toEqual(['Charlie', 'Bravo', 'Alpha', project.name]);
    const serials = await caller(api, team.owner).ok('POST', list, { projectType: 'dfmea', sort: 'serialNum', order: 'asc' });
    const numbers = serials.items.map((p: any) => p.serialNum);
    expect(numbers).toEqual([...numbers].sort());
  });

  it('answers 400 in the envelope for a bad date, a sort outside the whitelist or a bad direction', async () => {
    const owner = caller(api, team.owner, 'en-US');
    for (const [body, field, messageKey] of [
      [{ sopFrom: '2026-02-30' }, 'sopFrom', 'request.invalid_date'],
      [{ sopTo: '30.06.2026' }, 'sopTo', 'request.invalid_date'],
      [{ sort: 'creatorId' }, 'sort', 'request.one_of'],
      [{ sort: 'name', order: 'up' }, 'order', 'request.one_of'],
    ] as const) {
      const res = await owner.post(list, { projectType: 'dfmea', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.meta).toMatchObject({ success: false, code: 400 });
      expect(res.body.data.issues, JSON.stringify(body)).toEqual([expect.objectContaining({ messageKey, field })]);
    }
  });

  it('answers 400 with fmea.date_range_invalid when sopFrom is after sopTo', async () => {
    const res = await caller(api, team.owner, 'en-US').post(list, { projectType: 'dfmea', sopFrom: '2026-07-01', sopTo: '2026-06-30' });
    expect(res.status).toBe(400);
    expect(res.body.meta).toMatchObject({ success: false, code: 400 });
    expect(res.body.data.issues).toEqual([expect.objectContaining({ messageKey: 'fmea.date_range_invalid', field: 'sopFrom' })]);
  });

  it('documents the filters and the sort in the OpenAPI document', async () => {
    const doc = (await api.call('GET', '/api/openapi.json')).body as any;
    const body = doc.components.schemas.FmeaProjectListBody;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['stage', 'customer', 'responsibleUserId', 'sopFrom', 'sopTo', 'sort', 'order']));
    expect(body.properties.sopFrom).toMatchObject({ type: 'string', format: 'date' });
    expect(body.properties.sort.enum).toEqual(['serialNum', 'name', 'sopDate', 'updatedAt']);
    expect(body.properties.order.enum).toEqual(['asc', 'desc']);
  });
});
