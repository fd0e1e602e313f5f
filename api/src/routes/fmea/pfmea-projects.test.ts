import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord, createCatalogRecord } from '@fmea/core';
import { caller, createTeamProject, makeTeam, NOT_MEMBER, openTestApp, READ_ONLY, signedInWith, type Person, type TestApp, UNAUTHENTICATED, watchSocket } from '../../testing.ts';

let api: TestApp;
let owner: Person;
let editor: Person;
let reader: Person;
let outsider: Person;
let pfmea: any;

/** A process engineer: the PFMEA area's route with its buttons. */
const processEngineer = (label: string) => signedInWith(api, label, [{ routeName: 'pfmea_index', buttons: ['add', 'edit', 'del'] }]);

beforeEach(async () => {
  api = await openTestApp();
  [owner, editor, reader, outsider] = [await processEngineer('owner'), await processEngineer('editor'), await processEngineer('reader'), await processEngineer('outsider')];
  pfmea = await caller(api, owner).ok('POST', '/api/project/save', {
    projectType: 'pfmea',
    name: 'Housing line',
    projectMembers: [
      { userId: owner.user.id, roles: [0] },
      { userId: editor.user.id, roles: [1, 4] },
      { userId: reader.user.id, roles: [2, 4] },
    ],
  });
});
afterEach(() => api.dispose());

describe('the PFMEA base (/api/pfmeaProject)', () => {
  it('refuses every call without a token (401)', async () => {
    for (const [method, path, body] of [
      ['POST', '/api/pfmeaProject/list', {}],
      ['GET', `/api/pfmeaProject/selectProjectById?projectId=${pfmea.id}`],
      ['GET', `/api/pfmeaProject/selectProjectBySerialNum?serialNum=${pfmea.serialNum}`],
      ['GET', '/api/pfmeaProject/selectRecentPfmeaProject'],
      ['POST', '/api/pfmeaProject/updateProcedureTaskStatus', { projectProcedureSerial: pfmea.pptSerial, taskStatus: '1' }],
    ] as const) {
      const res = await api.call(method, path, { body });
      expect(res.status, path).toBe(401);
      expect(res.body.meta.message).toBe(UNAUTHENTICATED.zh);
    }
  });

  it('opens a PFMEA for its members, with pfmeaProjectMembers as role lists and the root as pppSerial', async () => {
    const project = await caller(api, reader).ok('GET', `/api/pfmeaProject/selectProjectById?projectId=${pfmea.id}`);
    expect(project).toMatchObject({ id: pfmea.id, projectType: 'pfmea', pppSerial: pfmea.pptSerial, canEdit: false, myRoles: [2, 4] });
    expect(project.serialNum).toMatch(/^PF/);
    expect(project.projectMembers).toBeUndefined();
    expect(project.pfmeaProjectMembers.map((m: any) => [m.userId, m.roles, m.canEdit]).sort((a: any, b: any) => a[1][0] - b[1][0])).toEqual([
      [owner.user.id, [0], true],
      [editor.user.id, [1, 4], true],
      [reader.user.id, [2, 4], false],
    ]);
    const bySerial = await caller(api, editor).ok('GET', `/api/pfmeaProject/selectProjectBySerialNum?serialNum=${pfmea.serialNum}`);
    expect(bySerial).toMatchObject({ id: pfmea.id, focusNodeId: null });
    const byNode = await caller(api, editor).ok('GET', `/api/pfmeaProject/selectProjectBySerialNum?serialNum=${pfmea.pptSerial}`);
    expect(byNode).toMatchObject({ id: pfmea.id, focusNodeId: pfmea.pptSerial });
    const recent = await caller(api, reader).ok('GET', '/api/pfmeaProject/selectRecentPfmeaProject');
    expect(recent.map((p: any) => p.id)).toEqual([pfmea.id]);
    const list = await caller(api, outsider).ok('POST', '/api/pfmeaProject/list', { tab: 'all' });
    expect(list.items.map((p: any) => [p.id, p.projectType])).toEqual([[pfmea.id, 'pfmea']]);
  });

  it('refuses a non-member (403) and answers 404 for a DFMEA asked through the PFMEA base', async () => {
    const denied = await api.call('GET', `/api/pfmeaProject/selectProjectById?projectId=${pfmea.id}`, { token: outsider.token, lang: 'en-US' });
    expect(denied.status).toBe(403);
    expect(denied.body.meta.message).toBe(NOT_MEMBER);
    const admin = await api.login('admin');
    const team = await makeTeam(api);
    const dfmea = await createTeamProject(api, team);
    for (const path of [`/api/pfmeaProject/selectProjectById?projectId=${dfmea.id}`, `/api/pfmeaProject/selectProjectBySerialNum?serialNum=${dfmea.serialNum}`, `/api/pfmeaProject/selectProjectBySerialNum?serialNum=${dfmea.pptSerial}`]) {
      expect((await api.call('GET', path, { token: admin })).status, path).toBe(404);
    }
    const list = await api.call('POST', '/api/pfmeaProject/list', { token: admin, body: { tab: 'all' } });
    expect(list.body.data.items.map((p: any) => p.id)).toEqual([pfmea.id]);
    // a DFMEA engineer has no PFMEA route
    expect((await api.call('GET', `/api/pfmeaProject/selectProjectById?projectId=${pfmea.id}`, { token: team.owner.token })).status).toBe(403);
  });
});

describe('PFMEA member rules and process steps over the API', () => {
  it('an editing member adds numbered steps and 4M work elements; a read-only member cannot add a step', async () => {
    const step = await caller(api, editor).ok('POST', '/api/fmea/addNode', { parentId: pfmea.pptSerial, name: 'Turn housing' });
    expect(step).toMatchObject({ processNo: '10', workElementType: null, taskStatus: null });
    const element = await caller(api, editor).ok('POST', '/api/fmea/addNode', { parentId: step.id, name: 'CNC lathe', workElementType: 'machine' });
    expect(element.workElementType).toBe('machine');
    const refused = await api.call('POST', '/api/fmea/addNode', { token: reader.token, lang: 'en-US', body: { parentId: pfmea.pptSerial, name: 'Wash' } });
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toBe(READ_ONLY);
    const tooDeep = await api.call('POST', '/api/fmea/addNode', { token: editor.token, lang: 'en-US', body: { parentId: element.id, name: 'Spindle', workElementType: 'machine' } });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.data.messageKey).toBe('pfmea.tree_too_deep');
    const fn = await caller(api, editor).ok('POST', '/api/fmea/addFunction', { nodeId: pfmea.pptSerial, description: 'Deliver housings', functionScope: 'endUser' });
    expect(fn.functionScope).toBe('endUser');
    const stepFn = await caller(api, editor).ok('POST', '/api/fmea/addFunction', { nodeId: step.id, description: 'Turn seat' });
    const characteristic = await caller(api, editor).ok('POST', '/api/fmea/addCharacteristic', { functionId: stepFn.id, name: 'Diameter', characteristicClass: 'critical', special: true });
    expect(characteristic).toMatchObject({ characteristicKind: 'product', customerClass: null });
    const tree = await caller(api, reader).ok('GET', `/api/fmea/structureTree?projectId=${pfmea.id}`);
    expect(tree.children.map((n: any) => [n.nodeType, n.name, n.functionScope, n.processNo])).toEqual([
      [2, 'Deliver housings', 'endUser', null],
      [9, 'Turn housing', null, '10'],
    ]);
  });

  it('a progress update sets a step’s task status, tells the members’ open views and shows in the tree', async () => {
    const step = await caller(api, owner).ok('POST', '/api/fmea/addNode', { parentId: pfmea.pptSerial, name: 'Turn housing' });
    await caller(api, owner).ok('POST', '/api/fmea/addNode', { parentId: pfmea.pptSerial, name: 'Wash' });
    const readerTab = watchSocket(api, reader.token, reader.user.id);
    const outsiderTab = watchSocket(api, outsider.token, outsider.user.id);
    const answer = await caller(api, editor).ok('POST', '/api/pfmeaProject/updateProcedureTaskStatus', { projectProcedureSerial: step.id, taskStatus: '3' });
    expect(answer).toMatchObject({ node: { id: step.id, taskStatus: '3', version: step.version + 1 }, progress: { steps: 2, withTask: 1, completed: 1, percent: 100 } });
    expect(readerTab.messages).toEqual([
      { event: 'receiveMessage', data: { type: 'fmeaChanged', projectId: pfmea.id, entity: 'node', id: step.id, byUserId: editor.user.id } },
      { event: 'receiveProgressInfo', data: { val: 100, text: '10 Turn housing' } },
    ]);
    expect(outsiderTab.messages).toEqual([]);
    const tree = await caller(api, reader).ok('GET', `/api/fmea/structureTree?projectId=${pfmea.id}`);
    expect(tree.children.map((n: any) => n.taskStatus)).toEqual(['3', null]);
    const byReader = await api.call('POST', '/api/pfmeaProject/updateProcedureTaskStatus', { token: reader.token, lang: 'en-US', body: { projectProcedureSerial: step.id, taskStatus: '1' } });
    expect(byReader.status).toBe(403);
    const wrong = await api.call('POST', '/api/pfmeaProject/updateProcedureTaskStatus', { token: editor.token, body: { projectProcedureSerial: pfmea.pptSerial, taskStatus: '1' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.issues.map((i: any) => i.messageKey)).toEqual(['pfmea.task_status_step_only']);
    const bad = await api.call('POST', '/api/pfmeaProject/updateProcedureTaskStatus', { token: editor.token, body: { projectProcedureSerial: step.id, taskStatus: '9' } });
    expect(bad.status).toBe(400);
  });
});

describe('a process template from the catalog', () => {
  it('applies a released process procedure with its elements as a step of the process item', async () => {
    const ctx = api.t.ctx;
    const release = async (type: string, values: Record<string, unknown>) => {
      const draft = await createCatalogRecord(ctx, type, { values });
      const applied = await applyCatalogRecord(ctx, draft.id, { version: draft.version });
      const audited = await auditCatalogRecord(ctx, draft.id, { version: applied.version, opinion: 'ok' });
      return approveCatalogRecord(ctx, draft.id, { version: audited.version });
    };
    const procedure = await release('processProcedure', { procedureName: '压装轴承', enProcedureName: 'Press in bearing' });
    const press = await release('procedureElement', { elementName: '压机', enElementName: 'Press', elementType: 'machine' });
    const body = { parentId: pfmea.pptSerial, procedureRecordId: procedure.id, elementRecordIds: [press.id] };
    expect((await api.call('POST', '/api/pfmeaProject/applyProcessProcedure', { body })).status).toBe(401);
    expect((await api.call('POST', '/api/pfmeaProject/applyProcessProcedure', { token: reader.token, body })).status).toBe(403);
    const applied = await caller(api, editor).ok('POST', '/api/pfmeaProject/applyProcessProcedure', body);
    expect(applied.step).toMatchObject({ name: '压装轴承', processNo: '10', parentId: pfmea.pptSerial });
    expect(applied.elements.map((e: any) => [e.name, e.workElementType])).toEqual([['压机', 'machine']]);
    const underStep = await api.call('POST', '/api/pfmeaProject/applyProcessProcedure', { token: editor.token, body: { ...body, parentId: applied.step.id } });
    expect(underStep.status).toBe(400);
    expect(underStep.body.data.messageKey).toBe('pfmea.procedure_under_item_only');
  });
});
