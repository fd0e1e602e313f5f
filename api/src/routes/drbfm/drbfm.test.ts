import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { buildChain, caller, createTeamProject, expectRefused, openTestApp, signedInWith, type Person, type TestApp } from '../../testing.ts';

let api: TestApp;
let owner: Person;
let editor: Person;
let reader: Person;
let outsider: Person;
let designer: Person;
let drbfm: any;
let dfmeaId: string;
let chain: Awaited<ReturnType<typeof buildChain>>;

/** A design engineer: the DRBFM area's route with its buttons, and the DFMEA's (the concerns' target). */
const engineer = (label: string) =>
  signedInWith(api, label, [
    { routeName: 'drbfm_index', buttons: ['add', 'edit', 'del', 'export'] },
    { routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] },
  ]);

beforeAll(async () => {
  api = await openTestApp();
  [owner, editor, reader, outsider] = [await engineer('owner'), await engineer('editor'), await engineer('reader'), await engineer('outsider')];
  designer = await signedInWith(api, 'designer', [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }]);
  const dfmea = await createTeamProject(api, { owner, editor, reader, outsider });
  dfmeaId = dfmea.id;
  chain = await buildChain(api, owner, dfmea);
  drbfm = await caller(api, owner).ok('POST', '/api/drbfm/create', {
    name: 'Gear material change',
    changePoint: 'Gear material POM → PA66-GF30',
    projectMembers: [
      { userId: owner.user.id, roles: [0] },
      { userId: editor.user.id, roles: [1] },
      { userId: reader.user.id, roles: [4] },
    ],
  });
});
afterAll(() => api.dispose());

const calls = () =>
  [
    { method: 'POST', path: '/api/drbfm/create', body: { name: 'x', changePoint: 'x' } },
    { method: 'GET', path: `/api/drbfm/worksheet?projectId=${drbfm.projectId}` },
    { method: 'POST', path: '/api/drbfm/saveChange', body: { projectId: drbfm.projectId, version: 1 } },
    { method: 'POST', path: '/api/drbfm/savePart', body: { projectId: drbfm.projectId, partKind: 'text', name: 'x' } },
    { method: 'POST', path: '/api/drbfm/saveConcern', body: { projectId: drbfm.projectId, partId: 'p', concern: 'x' } },
    { method: 'POST', path: '/api/drbfm/saveAction', body: { projectId: drbfm.projectId, concernId: 'c', kind: 'design', description: 'x' } },
    { method: 'POST', path: '/api/drbfm/saveMeeting', body: { projectId: drbfm.projectId, meetingDate: '2026-03-09', participants: 'x' } },
    { method: 'POST', path: '/api/drbfm/removeRow', body: { projectId: drbfm.projectId, kind: 'part', id: 'p', version: 1 } },
    { method: 'POST', path: '/api/drbfm/sendConcern', body: { projectId: drbfm.projectId, concernId: 'c', targetRowId: 'r' } },
    { method: 'GET', path: `/api/drbfm/targets?projectId=${drbfm.projectId}` },
    { method: 'GET', path: `/api/drbfm/exportData?projectId=${drbfm.projectId}` },
    { method: 'GET', path: '/api/drbfm/selectRecentDrbfmProject' },
  ] as const;

describe('the DRBFM routes', () => {
  it('refuse a caller without a token (401) and one without the DRBFM route (403); a non-member and a read-only member are refused by the engine', async () => {
    for (const call of calls()) await expectRefused(api, call, designer.token);
    expect((await api.call('GET', `/api/drbfm/worksheet?projectId=${drbfm.projectId}`, { token: outsider.token, lang: 'en-US' })).status).toBe(403);
    const held = await api.call('POST', '/api/drbfm/saveMeeting', { token: reader.token, lang: 'en-US', body: { projectId: drbfm.projectId, meetingDate: '2026-03-09', participants: 'x' } });
    expect(held.status).toBe(403);
    expect(held.body.meta.message).toBe('You have read-only access to this project');
  });

  it('refuse wrong input by field in the user’s language (400) and write nothing', async () => {
    const missing = await api.call('POST', '/api/drbfm/create', { token: owner.token, lang: 'en-US', body: { name: 'No change' } });
    expect(missing.status, JSON.stringify(missing.body)).toBe(400);
    expect(missing.body.data.issues).toEqual([expect.objectContaining({ field: 'changePoint', message: expect.stringContaining('Change point') })]);
    const wrongKind = await api.call('POST', '/api/drbfm/savePart', { token: owner.token, lang: 'zh-CN', body: { projectId: drbfm.projectId, partKind: 'gear', name: 'x' } });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.data.issues[0].message).toContain('零件类型');
    const part = (await caller(api, owner).ok('POST', '/api/drbfm/savePart', { projectId: drbfm.projectId, partKind: 'text', name: 'Gear' })).parts[0];
    const concern = (await caller(api, owner).ok('POST', '/api/drbfm/saveConcern', { projectId: drbfm.projectId, partId: part.id, concern: 'PA66 swells with moisture', cause: 'Moisture swells the teeth' })).concerns[0];
    const badDate = await api.call('POST', '/api/drbfm/saveAction', { token: owner.token, lang: 'en-US', body: { projectId: drbfm.projectId, concernId: concern.id, kind: 'evaluation', description: 'Humidity test', targetDate: '2026-13-01' } });
    expect(badDate.status).toBe(400);
    expect(badDate.body.data.issues).toEqual([expect.objectContaining({ field: 'targetDate', message: 'Target date: "2026-13-01" is not a date (YYYY-MM-DD).' })]);
    expect((await caller(api, owner).ok('GET', `/api/drbfm/worksheet?projectId=${drbfm.projectId}`)).actions).toEqual([]);
  });

  it('answer the worksheet, take each row kind, send a concern to the DFMEA and export the sheet (200)', async () => {
    expect(drbfm.serialNum).toMatch(/^DR\d{10}$/);
    const as = caller(api, editor);
    let view = await as.ok('GET', `/api/drbfm/worksheet?projectId=${drbfm.projectId}`);
    const concern = view.concerns[0];
    view = await as.ok('POST', '/api/drbfm/saveAction', { projectId: drbfm.projectId, concernId: concern.id, kind: 'design', description: 'Backlash +0.05 mm', responsibleUserId: owner.user.id, targetDate: '2026-04-01' });
    view = await as.ok('POST', '/api/drbfm/saveMeeting', { projectId: drbfm.projectId, meetingDate: '2026-03-09', participants: 'owner, editor', decisions: 'Send to the DFMEA' });
    view = await as.ok('POST', '/api/drbfm/saveChange', { projectId: drbfm.projectId, version: view.change.version, beforeChange: 'POM', afterChange: 'PA66-GF30' });
    expect(view.change).toMatchObject({ beforeChange: 'POM', afterChange: 'PA66-GF30', version: 2 });
    // what a concern may go to: the DFMEA's modes, then its causes
    const targets = await as.ok('GET', `/api/drbfm/targets?projectId=${dfmeaId}`);
    expect(targets.map((r: any) => [r.kind, r.text, r.node])).toEqual([
      ['FM', 'No torque transmitted', 'Gearbox'],
      ['FC', 'Teeth worn', 'Gear'],
    ]);
    view = await as.ok('POST', '/api/drbfm/sendConcern', { projectId: drbfm.projectId, concernId: concern.id, targetRowId: chain.mode.id });
    expect(view.concerns[0].sentTo).toEqual([expect.objectContaining({ targetText: 'No torque transmitted', kind: 'addCause', description: 'Moisture swells the teeth', status: 'open' })]);
    const [proposal] = await caller(api, owner).ok('GET', `/api/fmea/proposals?projectId=${view.concerns[0].sentTo[0].projectId}`);
    expect(proposal).toMatchObject({ sourceKind: 'drbfm', sourceNumber: drbfm.serialNum, sourceLink: `/main/drbfm/drbfmProject?projectId=${drbfm.projectId}` });
    const file = await api.app.request(`/api/drbfm/exportData?projectId=${drbfm.projectId}`, { headers: { token: reader.token, lang: 'en-US' } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(`DRBFM-${drbfm.serialNum}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await file.arrayBuffer());
    expect(wb.worksheets[0]!.getRow(8).getCell(3).value).toBe('Concern');
    const recent = await caller(api, owner).ok('GET', '/api/drbfm/selectRecentDrbfmProject?limit=5');
    expect(Array.isArray(recent)).toBe(true);
    view = await as.ok('POST', '/api/drbfm/removeRow', { projectId: drbfm.projectId, kind: 'meeting', id: view.meetings[0].id, version: view.meetings[0].version });
    expect(view.meetings).toEqual([]);
  });
});
