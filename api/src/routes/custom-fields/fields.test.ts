import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { caller, createTeamProject, expectInvalid, expectRefused, makeTeam, openTestApp, reader, type Team, type TestApp } from '../../testing.ts';

// one app for the file: the done-when path of issue #26 (a DFMEA header field in the form's API, the list, the export and the import)
let api: TestApp;
let admin: string;
let team: Team;
beforeAll(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
  team = await makeTeam(api);
});
afterAll(() => api.dispose());

const save = (body: unknown, token = admin, lang?: string) => api.call('POST', '/api/customField/save', { token, body, lang });
const budget = { entity: 'fmeaProject', systemName: 'budget', alias: '预算', aliasEn: 'Budget', fieldType: 'number', sort: 1, required: true };

describe('/api/customField', () => {
  it('refuses without a token (401) and without the customisation-forms buttons (403); any signed-in user reads the list', async () => {
    const { token } = await reader(api, 'system_customForm');
    await expectRefused(api, { method: 'GET', path: '/api/customField/list' });
    await expectRefused(api, { method: 'POST', path: '/api/customField/save', body: budget }, team.owner.token);
    await expectRefused(api, { method: 'POST', path: '/api/customField/delete', body: { id: 'x' } }, token);
    expect((await save(budget, token)).status).toBe(403);
    expect((await api.call('GET', '/api/customField/list?entity=fmeaProject', { token: team.owner.token })).status).toBe(200);
  });

  it('refuses a bad definition with the field named in both languages (400)', async () => {
    await expectInvalid(api, { method: 'POST', path: '/api/customField/save', body: { ...budget, systemName: 'budget2', sort: 1.5 } }, admin, {
      zh: '表单校验失败\n系统名称只能包含英文字母\n排序必须是正整数（当前为 1.5）',
      en: 'Form validation failed\nSystem name may contain English letters only\nSort must be a positive whole number (got 1.5)',
    });
  });

  it('adds a DFMEA header field that the project save checks, the project and the list answer, and the workbook carries out and back in', async () => {
    const added = await save(budget);
    expect(added.status).toBe(200);
    const owner = caller(api, team.owner, 'en-US');
    const project = await createTeamProject(api, team).catch(() => null);
    expect(project).toBeNull(); // required: a save without it is refused
    const refused = await owner.post('/api/project/save', { projectType: 'dfmea', name: 'Seat rail', customFields: { budget: 'lots' }, projectMembers: [{ userId: team.owner.user.id, userRole: 0 }] });
    expect(refused.status).toBe(400);
    expect(refused.body.meta.message).toBe('Form validation failed\nBudget must be a number (got lots)');
    expect(refused.body.data.issues[0].field).toBe('customFields.budget');

    const created = await owner.ok('POST', '/api/project/save', { projectType: 'dfmea', name: 'Seat rail', customFields: { budget: '1500' }, projectMembers: [{ userId: team.owner.user.id, userRole: 0 }] });
    expect(created.customFields).toEqual({ budget: '1500' });
    expect((await owner.ok('GET', `/api/project/selectProjectById?projectId=${created.id}`)).customFields).toEqual({ budget: '1500' });
    const list = await owner.ok('POST', '/api/project/list', { search: created.serialNum });
    expect(list.items[0].customFields).toEqual({ budget: '1500' });

    const res = await api.app.request(`/api/project/exportData?projectId=${created.id}`, { headers: { token: team.owner.token, lang: 'en-US' } });
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet('Custom fields')!;
    expect([sheet.getCell('A1').value, sheet.getCell('A2').value]).toEqual(['Budget', '1500']);

    // back in: the value by its alias; a column no field has is reported, and refused unless accepted
    sheet.getCell('A2').value = '1800';
    sheet.getCell('B1').value = 'Colour';
    sheet.getCell('B2').value = 'red';
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const upload = (extra: Record<string, string>) => {
      const data = new FormData();
      data.append('excelFile', new Blob([bytes]), 'seat.xlsx');
      data.append('projectSerial', created.serialNum);
      for (const [k, v] of Object.entries(extra)) data.append(k, v);
      return api.call('POST', '/api/project/importData', { token: team.owner.token, lang: 'en-US', raw: data });
    };
    const unmapped = await upload({});
    expect(unmapped.status).toBe(400);
    expect(unmapped.body.meta.message).toContain('Colour');
    const accepted = await upload({ acceptUnmapped: 'true' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await owner.ok('GET', `/api/project/selectProjectById?projectId=${created.id}`)).customFields).toEqual({ budget: '1800' });

    // in use: the field cannot be deleted, and the message names it
    const inUse = await api.call('POST', '/api/customField/delete', { token: admin, body: { id: added.body.data.id }, lang: 'en-US' });
    expect(inUse.status).toBe(409);
    expect(inUse.body.meta.message).toBe('Custom field Budget (budget) holds values on 1 records and cannot be deleted');
  });

  it('sorts and filters the project list by a custom number field (as numbers: 9 before 10), refusing an unknown field by name', async () => {
    const owner = caller(api, team.owner, 'en-US');
    const members = [{ userId: team.owner.user.id, userRole: 0 }];
    for (const value of ['10', '9', '100']) await owner.ok('POST', '/api/project/save', { projectType: 'dfmea', name: `Gear rack ${value}`, customFields: { budget: value }, projectMembers: members });
    const budgets = async (body: object) => ((await owner.ok('POST', '/api/project/list', { search: 'Gear rack', ...body })).items as { customFields: { budget: string } }[]).map((p) => p.customFields.budget);
    expect(await budgets({ customSort: { field: 'budget' } })).toEqual(['9', '10', '100']);
    expect(await budgets({ customSort: { field: 'budget', order: 'desc' } })).toEqual(['100', '10', '9']);
    expect(await budgets({ customFilters: { budget: { from: 10 } }, customSort: { field: 'budget' } })).toEqual(['10', '100']);
    await expectInvalid(api, { method: 'POST', path: '/api/project/list', body: { customFilters: { colour: 'red' } } }, team.owner.token, {
      zh: '表单校验失败\n自定义字段 colour 不存在',
      en: 'Form validation failed\nThere is no custom field colour',
    });
    expect((await api.call('POST', '/api/problem/list', { token: admin, body: { customSort: { field: 'budget', order: 'sideways' } } })).status).toBe(400);
  });

  it('answers each problem with its custom values in the problem list (the columns of its grid)', async () => {
    expect((await save({ entity: 'problem', systemName: 'plantCode', alias: '工厂代码', aliasEn: 'Plant code', fieldType: 'text', sort: 1 })).status).toBe(200);
    const made = await api.call('POST', '/api/problem/create', { token: admin, body: { brief: 'Seat rail squeaks', type: 'designProblem', source: 'field', customFields: { plantCode: 'P-12' } } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const list = await api.call('POST', '/api/problem/list', { token: admin, body: { search: made.body.data.problemNum } });
    expect(list.body.data.items.map((p: { customFields: unknown }) => p.customFields)).toEqual([{ plantCode: 'P-12' }]);
  });

  it('takes and answers the custom values of a catalog record (every catalog type, one path)', async () => {
    expect((await save({ entity: 'catalog', systemName: 'plant', alias: '工厂', aliasEn: 'Plant', fieldType: 'number', sort: 1 })).status).toBe(200);
    const path = '/api/knowledge/invalidMode/saveOrUpdate';
    const refused = await api.call('POST', path, { token: admin, lang: 'en-US', body: { values: { invalidmode: 'Seal leaks', severity: 8 }, customFields: { plant: 'north' } } });
    expect(refused.status).toBe(400);
    expect(refused.body.meta.message).toContain('Plant must be a number (got north)');
    const made = await api.call('POST', path, { token: admin, body: { values: { invalidmode: 'Seal leaks', severity: 8 }, customFields: { plant: '3' } } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.customFields).toEqual({ plant: '3' });
  });
});
