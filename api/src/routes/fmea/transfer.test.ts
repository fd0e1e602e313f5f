import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FLAT_COLUMNS, LEGACY_COLUMNS, schema, writeSheet, type FlatRow, type LegacyRow } from '@fmea/core';
import { abbreviatedSheet, englishTwoRowSheet } from '@fmea/core/testing';
import { buildChain, caller, createTeamProject, engineer, makeTeam, openTestApp, type Person, type Team, type TestApp } from '../../testing.ts';
import { XLSX_TYPE } from './transfer.ts';

let api: TestApp;
let team: Team;
let project: any;

beforeEach(async () => {
  api = await openTestApp({ now: () => new Date('2026-06-01T08:00:00Z') });
  team = await makeTeam(api);
  project = await createTeamProject(api, team, '车窗升降器 Window lifter');
  const chain = await buildChain(api, team.owner, project);
  const as = caller(api, team.owner);
  const cause = await as.ok('POST', '/api/fmea/addFailure', { functionId: chain.mesh.id, kind: 'FC', description: 'Lubricant missing', occurrence: 4, det: 3 });
  await as.ok('POST', '/api/fmea/linkFailures', { higherFailureId: chain.mode.id, lowerFailureId: cause.id });
});
afterEach(() => api.dispose());

function form(bytes: Uint8Array | string, name: string, fields: Record<string, string> = {}) {
  const data = new FormData();
  data.append('excelFile', new Blob([typeof bytes === 'string' ? bytes : Buffer.from(bytes)]), name);
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

const upload = (person: Person | null, bytes: Uint8Array | string, name = 'dfmea.xlsx', fields: Record<string, string> = {}, options: { lang?: string; path?: string } = {}) =>
  api.call('POST', options.path ?? '/api/project/importData', { token: person?.token, lang: options.lang, raw: form(bytes, name, fields) });

async function download(person: Person | null, query: string) {
  const res = await api.app.request(`/api/project/exportData?${query}`, { headers: person ? { token: person.token, lang: 'en-US' } : {} });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The grid's rows without ids: what a round trip must keep. */
async function gridRows(person: Person, projectId: string) {
  const grid = await caller(api, person).ok('GET', `/api/fmea/riskGrid?projectId=${projectId}`);
  return grid.items.map((r: any) => ({
    element: r.elementName,
    function: r.functionDescription,
    requirement: r.requirement,
    effect: r.effect && [r.effect.description, r.effect.elementName, r.effect.functionDescription, r.severity],
    mode: r.mode.description,
    cause: r.cause && [r.cause.description, r.cause.elementName, r.cause.functionDescription, r.occurrence, r.det],
    prevention: r.controls.filter((c: any) => c.kind === 'prevention').map((c: any) => c.description),
    detection: r.controls.filter((c: any) => c.kind === 'detection').map((c: any) => c.description),
    ap: r.ap,
    rpn: r.rpn,
  }));
}

const projectCount = async () => (await api.t.db.select({ id: schema.fmeaProject.id }).from(schema.fmeaProject)).length;

describe('DFMEA workbook transfer: who may call it', () => {
  it('answers 401 without a token', async () => {
    expect((await upload(null, 'x')).status).toBe(401);
    expect((await download(null, `projectId=${project.id}`)).res.status).toBe(401);
  });

  it('answers 403 "not a project member" to a non-member, and refuses a read-only member and a caller without the add button', async () => {
    const exported = await download(team.owner, `projectId=${project.id}`);
    expect(exported.res.status).toBe(200);

    const denied = await download(team.outsider, `projectId=${project.id}`);
    expect(denied.res.status).toBe(403);
    expect(JSON.parse(new TextDecoder().decode(denied.bytes)).data.messageKey).toBe('permission.not_project_member');

    const into = await upload(team.outsider, exported.bytes, 'w.xlsx', { projectSerial: project.serialNum, importWayType: 'cover' }, { lang: 'en-US' });
    expect(into.status).toBe(403);
    expect(into.body.data.messageKey).toBe('permission.not_project_member');
    expect((await upload(team.reader, exported.bytes, 'w.xlsx', { projectSerial: project.serialNum, importWayType: 'cover' })).status).toBe(403);

    const noAdd = await engineer(api, 'noadd', ['edit']);
    const before = await projectCount();
    expect((await upload(noAdd, exported.bytes, 'w.xlsx')).status).toBe(403);
    expect(await projectCount()).toBe(before);
    // the grid is unchanged by the refused cover import
    expect((await gridRows(team.owner, project.id)).length).toBe(2);
  });
});

describe('GET /api/project/exportData and POST /api/project/importData', () => {
  it('round-trips through the HTTP API: export, import as a new project, the same risk grid', async () => {
    const { res, bytes } = await download(team.owner, `serialNum=${project.serialNum}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toContain(`filename="DFMEA-${project.serialNum}.xlsx"`);
    expect(disposition).toContain(`filename*=UTF-8''DFMEA-${project.serialNum}.xlsx`);
    expect(bytes.byteLength).toBeGreaterThan(1000);

    const imported = await upload(team.owner, bytes, `DFMEA-${project.serialNum}.xlsx`, { importWayType: '2' });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const report = imported.body.data;
    expect(report.projectId).not.toBe(project.id);
    expect(report.serialNum).toMatch(/^DF/);
    expect(report).toMatchObject({ rows: 2, imported: 2, errors: [] });

    const copy = await caller(api, team.owner).ok('GET', `/api/project/selectProjectById?projectId=${report.projectId}`);
    expect(copy.name).toBe(project.name);
    expect(copy.projectMembers).toEqual([expect.objectContaining({ userId: team.owner.user.id, userRole: 0 })]);

    const original = await gridRows(team.owner, project.id);
    expect(original).toHaveLength(2);
    expect(await gridRows(team.owner, report.projectId)).toEqual(original);

    // cover (1) into the copy keeps the same rows; dedupe into the original adds nothing
    expect((await upload(team.owner, bytes, 'again.xlsx', { projectSerial: report.serialNum, importWayType: '1' })).status).toBe(200);
    expect(await gridRows(team.owner, report.projectId)).toEqual(original);
    expect((await upload(team.editor, bytes, 'again.xlsx', { projectSerial: project.serialNum, importWayType: 'dedupe' })).status).toBe(200);
    expect(await gridRows(team.owner, project.id)).toEqual(original);
  });

  it('refuses bad rows with 400 listing their rows, writing nothing', async () => {
    const row = (values: Partial<FlatRow>): Partial<FlatRow> => ({
      chain: '1',
      elementKey: 'N1',
      elementParentKey: '@root',
      element: 'Gearbox',
      functionKey: 'F1',
      function: 'Transmit torque',
      modeKey: 'M1',
      mode: 'No torque',
      ...values,
    });
    const bad = await writeSheet('chains', FLAT_COLUMNS, [row({ effectKey: 'E1', effect: 'Window stuck', severity: '11' }), row({ chain: '2', modeKey: 'M2', mode: '' })]);
    const before = await projectCount();

    const res = await upload(team.owner, bad, 'bad.xlsx', {}, { lang: 'en-US' });
    expect(res.status).toBe(400);
    expect(res.body.data.messageKey).toBe('fmeaExcel.import_invalid');
    expect(res.body.meta.message).toContain('nothing was imported');
    const rows = res.body.data.issues.map((i: any) => i.row);
    expect(rows).toEqual(expect.arrayContaining([2, 3]));
    expect(res.body.data.issues.every((i: any) => typeof i.message === 'string' && i.message.length > 0)).toBe(true);
    expect(await projectCount()).toBe(before);

    const into = await upload(team.owner, bad, 'bad.xlsx', { projectSerial: project.serialNum, importWayType: 'cover' });
    expect(into.status).toBe(400);
    expect((await gridRows(team.owner, project.id)).length).toBe(2);
  });

  it('refuses an .xls file with a translated hint and a 2 MB file as too large', async () => {
    const xls = await upload(team.owner, 'old', 'old.xls', {}, { lang: 'en-US' });
    expect(xls.status).toBe(400);
    expect(xls.body.data.messageKey).toBe('fmeaExcel.xls_unsupported');
    expect(xls.body.meta.message).toContain('save it as .xlsx');
    const zh = await upload(team.owner, 'old', 'old.xls', {}, { lang: 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(zh.body.meta.message).not.toBe(xls.body.meta.message);
    expect(zh.body.meta.message).not.toContain('fmeaExcel');

    const big = new Uint8Array(2 * 1024 * 1024);
    for (const path of ['/api/project/importData', '/api/project/importDataFlatProduct']) {
      const res = await upload(team.owner, big, 'big.xlsx', {}, { lang: 'en-US', path });
      expect(res.status, path).toBe(400);
      expect(res.body.data.messageKey).toBe('file.too_large');
      expect(res.body.meta.message).toContain('size limit');
    }
  });

  it('sends progress to the caller over the websocket as receiveProgressInfo { val, text }', async () => {
    const { bytes } = await download(team.owner, `projectId=${project.id}`);
    const mine: { event: string; data: any }[] = [];
    const theirs: { event: string; data: any }[] = [];
    const socket = (into: typeof mine) => ({ send: (text: string) => void into.push(JSON.parse(text)), close: () => {} });
    const bound = [
      api.services.realtime.bind({ socket: socket(mine), sessionId: 's-owner', userId: team.owner.user.id, siteId: null, roleTypes: [], isAdmin: false }),
      api.services.realtime.bind({ socket: socket(theirs), sessionId: 's-other', userId: team.outsider.user.id, siteId: null, roleTypes: [], isAdmin: false }),
    ];
    const res = await upload(team.owner, bytes, 'window.xlsx', {}, { lang: 'en-US' });
    expect(res.status).toBe(200);
    const progress = mine.filter((m) => m.event === 'receiveProgressInfo').map((m) => m.data);
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(progress[0]).toEqual({ val: 0, text: 'Importing window.xlsx' });
    expect(progress.at(-1)).toEqual({ val: 100, text: 'Importing window.xlsx' });
    expect(theirs.filter((m) => m.event === 'receiveProgressInfo')).toEqual([]);

    // a refusal also ends the bar at 100
    mine.length = 0;
    expect((await upload(team.owner, 'x', 'nothing.xlsx')).status).toBe(400);
    expect(mine.filter((m) => m.event === 'receiveProgressInfo').at(-1)?.data.val).toBe(100);

    // the export reports its progress the same way
    mine.length = 0;
    expect((await download(team.owner, `projectId=${project.id}`)).res.status).toBe(200);
    const exporting = mine.filter((m) => m.event === 'receiveProgressInfo').map((m) => m.data);
    expect(exporting.length).toBeGreaterThanOrEqual(2);
    expect(exporting.at(-1)).toEqual({ val: 100, text: `Exporting DFMEA-${project.serialNum}.xlsx` });
    expect(theirs.filter((m) => m.event === 'receiveProgressInfo')).toEqual([]);
    bound.forEach((b) => api.services.realtime.remove(b));
  });
});

describe('POST /api/project/importDataFlatProduct', () => {
  const legacy = (rows: Partial<LegacyRow>[]) => writeSheet('DFMEA', LEGACY_COLUMNS, rows);

  it('maps a legacy AIAG 4th-edition sheet into an existing project (dedupe)', async () => {
    const bytes = await legacy([
      { item: 'Motor: Drive the gearbox', mode: 'No movement', effects: 'Window does not move', severity: '7', causes: 'Brush wear', prevention: 'Brush life test', occurrence: '4', detection: 'End-of-line current check', detectionRating: '5' },
    ]);
    const res = await upload(team.editor, bytes, 'legacy.xlsx', { projectSerial: project.serialNum, importWayType: '2' }, { path: '/api/project/importDataFlatProduct' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ projectId: project.id, rows: 1, imported: 1, errors: [] });
    const rows = await gridRows(team.owner, project.id);
    expect(rows).toHaveLength(3);
    expect(rows).toContainEqual(expect.objectContaining({ mode: 'No movement', prevention: ['Brush life test'], detection: ['End-of-line current check'] }));
  });

  it('imports the good rows with partial=true and lists the others; without it nothing is written', async () => {
    const bytes = await legacy([
      { item: 'Motor: Drive the gearbox', mode: 'No movement', effects: 'Window does not move', severity: '7', causes: 'Brush wear', occurrence: '4', detectionRating: '5' },
      { item: 'Motor: Drive the gearbox', mode: 'Noise', effects: 'Customer annoyed', severity: '12', causes: 'Bearing wear', occurrence: '3', detectionRating: '4' },
    ]);
    const path = '/api/project/importDataFlatProduct';
    const whole = await upload(team.owner, bytes, 'legacy.xlsx', { projectSerial: project.serialNum }, { path });
    expect(whole.status).toBe(400);
    expect(whole.body.data.issues.map((i: any) => i.row)).toContain(3);
    expect(await gridRows(team.owner, project.id)).toHaveLength(2);

    const res = await upload(team.owner, bytes, 'legacy.xlsx', { projectSerial: project.serialNum, partial: 'true' }, { path, lang: 'en-US' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 2, imported: 1 });
    expect(res.body.data.errors).toEqual([expect.objectContaining({ row: 3, messageKey: 'fmeaExcel.rating_invalid', message: expect.stringContaining('12') })]);
    expect(await gridRows(team.owner, project.id)).toHaveLength(3);
  });

  it('refuses our own workbook (no legacy sheet in it), writing nothing', async () => {
    const { bytes } = await download(team.owner, `projectId=${project.id}`);
    const before = await projectCount();
    const res = await upload(team.owner, bytes, 'w.xlsx', {}, { path: '/api/project/importDataFlatProduct' });
    expect(res.status).toBe(400);
    expect(await projectCount()).toBe(before);
  });
});

describe('POST /api/project/importData with a legacy sheet (no legacy flag)', () => {
  it('recognises the AIAG 4th-edition layout and answers what it created, by kind', async () => {
    // the sheet names the owner as responsible for two actions, and "Design engineering" (no user) for the third
    const res = await upload(team.owner, await englishTwoRowSheet(team.owner.user.userName), 'regulator.xlsx', {}, { lang: 'en-US' });
    expect(res.status, JSON.stringify(res.body.meta)).toBe(200);
    expect(res.body.data).toMatchObject({
      layout: 'legacy',
      sheet: 'DFMEA',
      rows: 5,
      imported: 5,
      created: { effects: 4, modes: 3, causes: 5, controls: 11, ratings: 14, actions: 3, reRatings: 6 },
      unmapped: [],
      unknownNames: ['Design engineering'],
    });
    const copy = await caller(api, team.owner).ok('GET', `/api/project/selectProjectById?projectId=${res.body.data.projectId}`);
    expect(copy.name).toBe('Window regulator');
  });

  it('refuses a sheet with a column it has no place for (400, each column named and translated), writing nothing; acceptUnmapped imports', async () => {
    const bytes = await abbreviatedSheet({ header: 'Notes', value: (i) => (i === 0 ? 'ask supplier' : null) });
    const before = await projectCount();
    const refused = await upload(team.owner, bytes, 'notes.xlsx', {}, { lang: 'en-US' });
    expect(refused.status).toBe(400);
    expect(refused.body.meta.message.split('\n')[0]).toBe(
      '1 part of the file would not be imported (listed below); nothing was written. Import again and confirm that they may be left out, or add them where they belong',
    );
    expect(refused.body.data).toMatchObject({ code: 'invalid_input', messageKey: 'import.columns_unmapped', params: { count: 1 } });
    expect(refused.body.data.issues).toEqual([
      { messageKey: 'import.column_unmapped', field: 'V', params: { sheet: 'Sheet1', column: 'V', header: 'Notes', cells: 1 }, message: 'Sheet “Sheet1”, column V “Notes” (1 cell with data) has no place in the import' },
    ]);
    expect(await projectCount()).toBe(before);
    const zh = await upload(team.owner, bytes, 'notes.xlsx', { projectSerial: project.serialNum, importWayType: 'cover' }, { lang: 'zh-CN' });
    expect(zh.status).toBe(400);
    expect(zh.body.data.issues[0].message).toBe('工作表“Sheet1”的 V 列“Notes”（1 个单元格有数据）在导入中没有对应字段');
    expect(await gridRows(team.owner, project.id)).toHaveLength(2);

    const accepted = await upload(team.owner, bytes, 'notes.xlsx', { acceptUnmapped: 'true' }, { lang: 'en-US' });
    expect(accepted.status, JSON.stringify(accepted.body.meta)).toBe(200);
    expect(accepted.body.data.unmapped).toEqual([expect.objectContaining({ field: 'V', messageKey: 'import.column_unmapped', message: expect.stringContaining('“Notes”') })]);
    expect(accepted.body.data.created).toMatchObject({ causes: 5, controls: 11, actions: 3 });
  });
});
