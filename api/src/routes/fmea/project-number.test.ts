import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caller, engineer, makeTeam, NOT_ALLOWED, openTestApp, signedInWith, type Team, type TestApp } from '../../testing.ts';

/** The new-project dialog's numbering: the next number (not taken) and a number typed by hand. */

let api: TestApp;
let team: Team;
let admin: string;
beforeEach(async () => {
  api = await openTestApp({ now: () => new Date('2026-06-01T08:00:00Z') });
  team = await makeTeam(api);
  admin = await api.adminToken();
});
afterEach(() => api.dispose());

const PREVIEW = '/api/project/numberPreview';
const DF_ELEMENTS = [{ kind: 'prefix' }, { kind: 'date', format: 'yyMMdd' }, { kind: 'serial', digits: 4 }];
const allowManual = async (allow = true) => {
  const res = await api.call('POST', '/api/numberingRule/save', { token: admin, body: { module: 'dfmeaProject', prefix: 'DF', elements: DF_ELEMENTS, allowManual: allow } });
  expect(res.status).toBe(200);
};

function newProject(team: Team, extra: Record<string, unknown> = {}, lang?: string) {
  return caller(api, team.owner, lang).post('/api/project/save', {
    projectType: 'dfmea',
    name: 'Window lifter',
    projectMembers: [{ userId: team.owner.user.id, userRole: 0 }],
    ...extra,
  });
}

describe('GET /api/project/numberPreview', () => {
  it('answers the real next number and whether it may be typed, taking nothing', async () => {
    const owner = caller(api, team.owner);
    expect(await owner.ok('GET', PREVIEW)).toEqual({ projectType: 'dfmea', module: 'dfmeaProject', number: 'DF2606010001', serial: 1, allowManual: false });
    for (let i = 0; i < 2; i++) expect((await newProject(team)).status).toBe(200);
    expect(await owner.ok('GET', `${PREVIEW}?projectType=dfmea&timestamp=1`)).toMatchObject({ number: 'DF2606010003', serial: 3 });
    expect(await owner.ok('GET', PREVIEW)).toMatchObject({ number: 'DF2606010003' });
    expect((await newProject(team)).body.data.serialNum).toBe('DF2606010003');
    await allowManual();
    expect(await owner.ok('GET', `${PREVIEW}?projectType=msr`)).toEqual({ projectType: 'msr', module: 'dfmeaProject', number: 'DF2606010004', serial: 4, allowManual: true });
  });

  it('is for those who may create projects of the type: 401 without a session, 403 without the add button or another area only', async () => {
    expect((await api.call('GET', PREVIEW)).status).toBe(401);
    const viewer = await engineer(api, 'viewer', ['edit']);
    const refused = await api.call('GET', PREVIEW, { token: viewer.token, lang: 'en-US' });
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toBe(NOT_ALLOWED.en);
    const numberingAdmin = await signedInWith(api, 'rules', [{ routeName: 'system_numbering', buttons: ['edit'] }]);
    expect((await api.call('GET', PREVIEW, { token: numberingAdmin.token })).status).toBe(403);
    // process projects are the PFMEA area's: a DFMEA engineer is refused
    expect((await caller(api, team.owner).get(`${PREVIEW}?projectType=pfmea`)).status).toBe(403);
    expect((await api.call('GET', `${PREVIEW}?projectType=pfmea`, { token: admin })).body.data).toMatchObject({ module: 'pfmeaProject', number: 'PF2606010001' });
  });

  it('refuses an unknown project type (400)', async () => {
    expect((await caller(api, team.owner).get(`${PREVIEW}?projectType=spaceship`)).status).toBe(400);
  });

  it('is in the OpenAPI document with its access, and save documents serialNum', async () => {
    const doc = (await (await api.app.request('/api/openapi.json')).json()) as any;
    expect(doc.paths['/api/project/numberPreview'].get['x-access']).toEqual({ route: expect.arrayContaining(['dfmea_index']), button: ['add'] });
    expect(doc.paths['/api/numberingRule/preview'].get['x-access']).toEqual({ route: 'system_numbering' });
    expect(doc.components.schemas.FmeaProjectSaveBody.properties.serialNum).toBeDefined();
  });
});

describe('POST /api/project/save with a number typed by hand', () => {
  it('takes the number where the rule allows it; later automatic numbers skip past it', async () => {
    await allowManual();
    const typed = await newProject(team, { serialNum: 'DF2606010007' });
    expect(typed.status).toBe(200);
    expect(typed.body.data.serialNum).toBe('DF2606010007');
    expect(await caller(api, team.owner).ok('GET', PREVIEW)).toMatchObject({ number: 'DF2606010008' });
    expect((await newProject(team)).body.data.serialNum).toBe('DF2606010008');
    expect((await newProject(team, { serialNum: '' })).body.data.serialNum).toBe('DF2606010009');
  });

  it('refuses a typed number while the rule does not allow one: 400 under the field serialNum, nothing created', async () => {
    const res = await newProject(team, { serialNum: 'WL-1' }, 'en-US');
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe('Form validation failed\nNumbers for dfmeaProject are assigned automatically and cannot be entered by hand');
    expect(res.body.data.issues).toEqual([expect.objectContaining({ messageKey: 'numbering.manual_not_allowed', field: 'serialNum' })]);
    expect((await caller(api, team.owner).ok('POST', '/api/project/list', {})).total).toBe(0);
  });

  it('refuses a number the rule’s check rejects (400, field serialNum)', async () => {
    await allowManual();
    const res = await newProject(team, { serialNum: 'WL 1' });
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe('表单校验失败\n编号须为 1 到 50 个字符，只能包含字母、数字及 _ . / -，不能有空格');
    expect(res.body.data.issues).toEqual([expect.objectContaining({ messageKey: 'numbering.manual_invalid', field: 'serialNum' })]);
  });

  it('refuses a number a project has, deleted ones included: 409 "number already exists" naming it', async () => {
    await allowManual();
    const first = (await newProject(team, { serialNum: 'WL-1' })).body.data;
    const taken = await newProject(team, { serialNum: 'WL-1' }, 'en-US');
    expect(taken.status).toBe(409);
    expect(taken.body.meta.message).toBe('Number WL-1 already exists');
    expect(taken.body.data).toMatchObject({ code: 'conflict', messageKey: 'numbering.manual_duplicate', params: { value: 'WL-1' } });
    expect((await newProject(team, { serialNum: 'WL-1' })).body.meta.message).toBe('编号 WL-1 已存在');
    await caller(api, team.owner).ok('POST', '/api/project/delete', { id: first.id, version: first.version });
    expect((await newProject(team, { serialNum: 'WL-1' })).status).toBe(409);
  });

  it('keeps a project’s number on update, whatever serialNum the body carries', async () => {
    await allowManual();
    const project = (await newProject(team)).body.data;
    const updated = await caller(api, team.owner).ok('POST', '/api/project/save', { id: project.id, version: project.version, name: 'Renamed', serialNum: 'WL-9' });
    expect(updated).toMatchObject({ name: 'Renamed', serialNum: project.serialNum });
  });
});
