import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caller, createTeamProject, makeTeam, openTestApp, type Team, type TestApp } from '../../testing.ts';

let api: TestApp;
let team: Team;
let project: any;
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
  project = await createTeamProject(api, team);
});
afterEach(() => api.dispose());

/** Every free-text and date field of the AIAG-VDA header. */
const AIAG_VDA = {
  companyName: 'ACME Automotive',
  engineeringLocation: 'Wuhan plant',
  subject: 'Power window lifter, front door',
  carTypeYears: 'MY2027 / Passat B9, Tiguan L, Touran',
  fmeaIdNumber: 'DFMEA-WL-0042',
  startDate: '2026-01-05',
  revisionDate: '2026-04-02',
  designResponsibility: 'Body electronics',
  preparedBy: 'Li Wei',
  teamNotes: 'Supplier: Brose',
  planIntent: 'Find design risks before design freeze',
  planTiming: 'Design freeze 2026-06-30',
  planTeam: 'Design, test, quality, supplier',
  planTask: 'Steps 1–6',
  planTool: 'FMEA Workbench',
  analysisBoundaries: 'Included: motor, gearbox; excluded: door carrier',
};

const save = (body: Record<string, unknown>, lang = 'en-US') =>
  caller(api, team.owner, lang).post('/api/project/save', { id: project.id, version: project.version, ...body });

describe('POST /api/project/save: dictionary fields', () => {
  it('stores the code for a code or an item’s name in either language, and names it in the caller’s language', async () => {
    const res = await save({ stage: 'A样', customer: 'acme cars', confidentiality: '3' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ stage: '2', customer: '1', confidentiality: '3', labels: { stage: 'A sample', customer: 'ACME Cars', platform: null, confidentiality: 'Confidential' } });
    const zh = await caller(api, team.owner, 'zh-CN').ok('GET', `/api/project/selectProjectById?projectId=${project.id}`);
    expect(zh.labels).toEqual({ stage: 'A样', customer: 'ACME汽车', platform: null, confidentiality: '秘密' });
    const list = await caller(api, team.owner, 'en-US').ok('POST', '/api/project/list', { projectType: 'dfmea' });
    expect(list.items[0]).toMatchObject({ stage: '2', customer: '1', labels: { stage: 'A sample', customer: 'ACME Cars' } });
  });

  it('refuses a name no dictionary item has with 400 naming the field in the caller’s language, and writes nothing', async () => {
    const en = await save({ stage: 'D sample', name: 'Renamed' });
    expect(en.status).toBe(400);
    expect(en.body.meta.message.split('\n')).toContain('Stage: “D sample” is not in the list; choose one of its entries, or ask an administrator to add it to the dictionary');
    const zh = await save({ customer: 'Ford' }, 'zh-CN');
    expect(zh.status).toBe(400);
    expect(zh.body.meta.message).toContain('客户：“Ford”不在可选列表中');
    expect(await caller(api, team.owner).ok('GET', `/api/project/selectProjectById?projectId=${project.id}`)).toMatchObject({ name: project.name, stage: null, customer: '1', version: 1 });
  });
});

describe('POST /api/project/save: the AIAG-VDA header', () => {
  it('stores every header field and answers it back, by id and in the recent list', async () => {
    const res = await save(AIAG_VDA);
    expect(res.status, JSON.stringify(res.body.meta)).toBe(200);
    expect(res.body.data).toMatchObject({ ...AIAG_VDA, version: 2 });
    expect(await caller(api, team.owner).ok('GET', `/api/project/selectProjectById?projectId=${project.id}`)).toMatchObject(AIAG_VDA);
    expect((await caller(api, team.owner).ok('GET', '/api/project/selectRecentProject'))[0]).toMatchObject(AIAG_VDA);
  });

  it('refuses a text over 200 characters and a date that is no date, naming the field', async () => {
    const long = await save({ planIntent: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.data.issues).toEqual([expect.objectContaining({ field: 'planIntent', message: 'Intent can be at most 200 characters long' })]);
    const date = await save({ revisionDate: '2026-02-30' });
    expect(date.status).toBe(400);
    expect(date.body.meta.message).toContain('Revision date must be a date as YYYY-MM-DD (got 2026-02-30)');
  });

  it('describes every header field in the OpenAPI document', async () => {
    const doc = (await api.call('GET', '/api/openapi.json')).body as any;
    const saveBody = doc.components.schemas.FmeaProjectSaveBody.properties;
    const answer = doc.components.schemas.FmeaProject.properties;
    for (const field of [...Object.keys(AIAG_VDA), 'stage', 'customer', 'platform', 'confidentiality', 'sopDate']) {
      expect(saveBody[field]?.description, `save body ${field}`).toBeTruthy();
      expect(answer[field], `answer ${field}`).toBeTruthy();
    }
    expect(Object.keys(doc.components.schemas.FmeaProjectLabels.properties)).toEqual(['stage', 'customer', 'platform', 'confidentiality']);
  });
});

describe('the header through the workbook over HTTP', () => {
  const upload = (bytes: Uint8Array, lang = 'en-US') => {
    const data = new FormData();
    data.append('excelFile', new Blob([Buffer.from(bytes)]), 'header.xlsx');
    return api.call('POST', '/api/project/importData', { token: team.owner.token, lang, raw: data });
  };
  const download = async (lang: string) =>
    new Uint8Array(await (await api.app.request(`/api/project/exportData?projectId=${project.id}`, { headers: { token: team.owner.token, lang } })).arrayBuffer());

  it.each(['en-US', 'zh-CN'])('exports every header field (%s) and imports it back into a new project', async (lang) => {
    await save({ ...AIAG_VDA, stage: '3', confidentiality: '2' });
    const res = await upload(await download(lang));
    expect(res.status, JSON.stringify(res.body.meta)).toBe(200);
    const copy = await caller(api, team.owner).ok('GET', `/api/project/selectProjectById?projectId=${res.body.data.projectId}`);
    expect(copy).toMatchObject({ ...AIAG_VDA, name: project.name, stage: '3', customer: '1', confidentiality: '2' });
  });

  it('refuses a workbook whose header names a customer this database does not know, with the row', async () => {
    const bytes = await download('en-US');
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getCell('S2').value).toBe('Customer name');
    wb.worksheets[0]!.getCell('T2').value = 'Ford';
    const res = await upload(new Uint8Array(await wb.xlsx.writeBuffer()));
    expect(res.status).toBe(400);
    expect(res.body.meta.message.split('\n')[1]).toBe('Row 2: Customer: “Ford” is not in the list; choose one of its entries, or ask an administrator to add it to the dictionary');
  });
});
