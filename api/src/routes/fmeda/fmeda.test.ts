import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { walkReviewOverApi } from '@fmea/core/testing';
import { caller, createTeamProject, expectRefused, makeTeam, openTestApp, signedInWith, upload, type Person, type TestApp } from '../../testing.ts';

let api: TestApp;
let owner: Person;
let editor: Person;
let outsider: Person;
let reader: Person;
let dfmeaOnly: Person;

/** A safety engineer: the FMEDA area's route with its buttons (and reading DFMEAs, to generate from one). */
const safetyEngineer = (label: string) =>
  signedInWith(api, label, [
    { routeName: 'fmeda_index', buttons: ['add', 'edit', 'del', 'import', 'export'] },
    { routeName: 'dfmea_index', buttons: [] },
  ]);

const ROWS = [
  { elementName: 'MOSFET', elementFit: 20, failureMode: 'Short', distributionPct: 50, faultClass: 'single-point', residualMechanism: 'Current monitor', dcResidualPct: 99 },
  { elementName: 'MOSFET', elementFit: 20, failureMode: 'Open', distributionPct: 50, faultClass: 'safe' },
];

let fmeda: any;
beforeEach(async () => {
  api = await openTestApp();
  [owner, editor, outsider, reader] = [await safetyEngineer('owner'), await safetyEngineer('editor'), await safetyEngineer('outsider'), await safetyEngineer('reader')];
  dfmeaOnly = await signedInWith(api, 'designer', [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }]);
  fmeda = await caller(api, owner).ok('POST', '/api/fmeda/create', {
    name: 'Motor driver',
    projectMembers: [
      { userId: owner.user.id, roles: [0] },
      { userId: editor.user.id, roles: [1] },
      { userId: reader.user.id, roles: [4] },
    ],
    safetyGoal: 'No unintended closing',
  });
  fmeda = await caller(api, owner).ok('POST', '/api/fmeda/saveRows', { projectId: fmeda.projectId, version: fmeda.version, rows: ROWS });
});
afterEach(() => api.dispose());

const calls = () =>
  [
    { method: 'POST', path: '/api/fmeda/create', body: { name: 'x' } },
    { method: 'GET', path: `/api/fmeda/worksheet?projectId=${fmeda.projectId}` },
    { method: 'GET', path: `/api/fmeda/metrics?projectId=${fmeda.projectId}` },
    { method: 'POST', path: '/api/fmeda/saveRows', body: { projectId: fmeda.projectId, version: fmeda.version, rows: [] } },
    { method: 'POST', path: '/api/fmeda/saveSettings', body: { projectId: fmeda.projectId, version: fmeda.version } },
    { method: 'POST', path: '/api/fmeda/fillFromCatalog', body: { projectId: fmeda.projectId, version: fmeda.version, recordId: 'r' } },
    { method: 'GET', path: `/api/fmeda/exportData?projectId=${fmeda.projectId}` },
    { method: 'GET', path: `/api/fmeda/baseline?projectId=${fmeda.projectId}&baseline=BL1` },
    { method: 'GET', path: '/api/fmeda/selectRecentFmedaProject' },
  ] as const;

describe('the FMEDA routes', () => {
  it('refuse a caller without a token (401) and one without the FMEDA route (403)', async () => {
    for (const call of calls()) await expectRefused(api, call, dfmeaOnly.token);
    const res = await api.call('POST', '/api/fmeda/importData', { raw: upload('excelFile', 'a.xlsx', 'x'), token: dfmeaOnly.token });
    expect(res.status).toBe(403);
  });

  it('refuse a non-member (403) and a reader who may not edit', async () => {
    const denied = await api.call('GET', `/api/fmeda/worksheet?projectId=${fmeda.projectId}`, { token: outsider.token, lang: 'en-US' });
    expect(denied.status).toBe(403);
    expect(denied.body.meta.message).toBe('You are not a member of this project');
    // a reviewer reads but may not save
    expect((await caller(api, reader).ok('GET', `/api/fmeda/worksheet?projectId=${fmeda.projectId}`)).canEdit).toBe(false);
    const refused = await api.call('POST', '/api/fmeda/saveRows', { token: reader.token, lang: 'en-US', body: { projectId: fmeda.projectId, version: fmeda.version, rows: ROWS } });
    expect(refused.status).toBe(403);
    expect(refused.body.meta.message).toBe('You have read-only access to this project');
  });

  it('create, read, save with the metrics following, and refuse wrong rows with each message in the user’s language (400)', async () => {
    expect(fmeda.serialNum).toMatch(/^FM\d{10}$/);
    expect(fmeda.fmedaNum).toBe(fmeda.serialNum);
    expect(fmeda.metrics.asil.B).toEqual({ spfm: true, lfm: true, pmhf: true });
    const sheet = await caller(api, editor).ok('GET', `/api/fmeda/worksheet?projectId=${fmeda.projectId}`);
    expect(sheet.rows.map((r: any) => r.failureMode)).toEqual(['Short', 'Open']);
    // a DC of 80 %: RF = 2 FIT of 20 → SPFM 90 %, exactly ASIL B's target, below C's
    const rows = sheet.rows.map((r: any) => ({ ...r, dcResidualPct: r.dcResidualPct === null ? null : 80 }));
    const saved = await caller(api, editor).ok('POST', '/api/fmeda/saveRows', { projectId: fmeda.projectId, version: sheet.version, rows });
    expect(saved.metrics.spfm).toBeCloseTo(0.9, 12);
    expect(saved.metrics.asil.B.spfm).toBe(true);
    expect(saved.metrics.asil.C.spfm).toBe(false);
    const bad = rows.map((r: any, i: number) => (i === 0 ? { ...r, dcResidualPct: 140 } : r));
    for (const [lang, text] of [
      ['zh-CN', '残余诊断覆盖率 (%)：“140”不是 0 到 100 之间的覆盖率'],
      ['en-US', 'DC residual (%): “140” is not a coverage from 0 to 100'],
    ] as const) {
      const res = await api.call('POST', '/api/fmeda/saveRows', { token: editor.token, lang, body: { projectId: fmeda.projectId, version: saved.version, rows: bad } });
      expect(res.status).toBe(400);
      expect(res.body.data.issues).toEqual([expect.objectContaining({ row: 1, message: text })]);
    }
    // a control character in a row's text is refused by its field, nothing written
    const poisoned = await api.call('POST', '/api/fmeda/saveRows', { token: editor.token, body: { projectId: fmeda.projectId, version: saved.version, rows: [{ ...rows[0], failureMode: 'Sh\u0000ort' }, rows[1]] } });
    expect(poisoned.status).toBe(400);
    expect(poisoned.body.data.issues.map((i: any) => i.field)).toEqual(['rows.0.failureMode']);
    const stale = await api.call('POST', '/api/fmeda/saveRows', { token: owner.token, body: { projectId: fmeda.projectId, version: sheet.version, rows } });
    expect(stale.status).toBe(409);
    const metrics = await caller(api, owner).ok('GET', `/api/fmeda/metrics?serialNum=${fmeda.serialNum}`);
    expect(metrics).toEqual(saved.metrics);
  });

  it('generate an FMEDA from a DFMEA the engineer can open', async () => {
    const team = await makeTeam(api);
    const dfmea = await createTeamProject(api, team);
    const refused = await api.call('POST', '/api/fmeda/create', { token: owner.token, body: { name: 'Gen', fromDfmea: { projectId: dfmea.id } } });
    expect(refused.status).toBe(403);
    const admin = await api.login('admin');
    const made = await api.call('POST', '/api/fmeda/create', { token: admin, body: { name: 'Gen', fromDfmea: { projectId: dfmea.id }, standard: 'iec61508' } });
    expect(made.status).toBe(200);
    expect(made.body.data.settings).toMatchObject({ standard: 'iec61508', sourceProjectId: dfmea.id, targetSil: 2, elementType: 'typeB', hft: 0 });
  });

  it('export the workbook and import it as a new FMEDA', async () => {
    const res = await api.app.request(`/api/fmeda/exportData?projectId=${fmeda.projectId}`, { headers: { token: owner.token, lang: 'en-US' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`FMEDA-${fmeda.serialNum}.xlsx`);
    const bytes = new Uint8Array(await res.arrayBuffer());
    const imported = await api.call('POST', '/api/fmeda/importData', { raw: upload('excelFile', 'driver.xlsx', bytes, { name: 'Driver copy' }), token: owner.token });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data).toMatchObject({ name: 'Driver copy', imported: 2, unmapped: [] });
    expect(imported.body.data.metrics).toEqual(fmeda.metrics);
  });

  it('refuse making an FMEDA as a plain FMEA project (it would lack its settings)', async () => {
    const res = await api.call('POST', '/api/project/save', { token: owner.token, lang: 'en-US', body: { projectType: 'fmeda', name: 'Bare', projectMembers: [{ userId: owner.user.id, roles: [0] }], kindService: true } });
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe('Project type: a project of this type is created with its own call (/api/fmeda/create), not as a plain FMEA project');
  });

  it('answer an FMEDA’s project through the shared FMEA project routes (header, baselines)', async () => {
    const project = await caller(api, owner).ok('GET', `/api/project/selectProjectById?projectId=${fmeda.projectId}`);
    expect(project).toMatchObject({ projectType: 'fmeda', name: 'Motor driver' });
    expect(await caller(api, owner).ok('GET', `/api/project/baselines?projectId=${fmeda.projectId}`)).toEqual([]);
    const list = await caller(api, owner).ok('POST', '/api/project/list', { projectType: 'fmeda', tab: 'all' });
    expect(list.items.map((p: any) => p.id)).toEqual([fmeda.projectId]);
    // opened: the home page's recent list of the FMEDA area names it, and only FMEDAs
    const team = await makeTeam(api);
    const dfmea = await createTeamProject(api, team);
    await caller(api, team.owner).ok('GET', `/api/project/selectProjectById?projectId=${dfmea.id}`);
    const recent = await caller(api, owner).ok('GET', '/api/fmeda/selectRecentFmedaProject?limit=5');
    expect(recent.map((p: any) => [p.serialNum, p.projectType])).toEqual([[fmeda.serialNum, 'fmeda']]);
  });

  it('go through the FMEA review: the worksheet is walked, locked under review, and a release freezes its rows and metrics', async () => {
    const step = (path: string, body: Record<string, unknown>, as: Person) => caller(api, as, 'en-US').ok('POST', `/api/project/review/${path}`, { projectId: fmeda.projectId, ...body });
    const named = { professional: reader.user.id, quality: editor.user.id, technical: reader.user.id, countersign: editor.user.id };
    await step('submit', { assignees: named, acknowledgeWarnings: true }, owner);
    // under review the worksheet is held
    const held = await api.call('POST', '/api/fmeda/saveRows', { token: owner.token, lang: 'en-US', body: { projectId: fmeda.projectId, version: fmeda.version, rows: ROWS } });
    expect(held.status).toBe(409);
    // the walk of an FMEDA is its worksheet
    expect((await caller(api, reader).ok('GET', `/api/project/review/state?projectId=${fmeda.projectId}`)).walkSteps).toEqual(['worksheet']);
    for (const person of [reader, editor]) await walkReviewOverApi((path, body) => caller(api, person, 'en-US').ok('POST', path, body), fmeda.projectId, 'fmeda');
    await step('opinion', { conclusion: 'conform', opinion: 'ok', role: 'professional' }, reader);
    await step('opinion', { conclusion: 'conform', opinion: 'ok' }, editor);
    await step('approve', {}, reader);
    await step('release', { acknowledgeWarnings: true }, editor);
    const baselines = await caller(api, owner).ok('GET', `/api/project/baselines?projectId=${fmeda.projectId}`);
    expect(baselines.map((b: any) => b.label)).toEqual(['BL1']);
    const frozen = await caller(api, reader).ok('GET', `/api/fmeda/baseline?projectId=${fmeda.projectId}&baseline=BL1`);
    expect(frozen.metrics).toEqual(fmeda.metrics);
    expect(frozen.rows.map((r: any) => [r.failureMode, r.dcResidualPct])).toEqual([
      ['Short', 99],
      ['Open', null],
    ]);
    expect(frozen.settings).toMatchObject({ standard: 'iso26262', targetAsil: 'B', safetyGoal: 'No unintended closing' });
    expect((await api.call('GET', `/api/fmeda/baseline?projectId=${fmeda.projectId}&baseline=BL9`, { token: owner.token })).status).toBe(404);
    expect((await api.call('GET', `/api/fmeda/baseline?projectId=${fmeda.projectId}&baseline=BL1`, { token: outsider.token })).status).toBe(403);
  });
});
