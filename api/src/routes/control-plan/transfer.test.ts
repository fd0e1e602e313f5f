import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorkbookSheets } from '@fmea/core';
import { caller, controlPlanSetup, expectRefused, NOT_MEMBER, openTestApp, READ_ONLY, upload, type Person } from '../../testing.ts';

const api = await openTestApp();
afterAll(() => api.dispose());
let s: Awaited<ReturnType<typeof controlPlanSetup>>;
beforeAll(async () => {
  s = await controlPlanSetup(api);
  await caller(api, s.editor).ok('POST', '/api/controlPlan/generate', { projectId: s.projectId, phase: 'production' });
});

async function download(person: Person | null, query: string, lang = 'en-US') {
  const res = await api.app.request(`/api/controlPlan/exportData?${query}`, { headers: person ? { token: person.token, lang } : { lang } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const importAs = (person: Person, bytes: Uint8Array | string, fields: Record<string, string> = {}, name = 'cp.xlsx') =>
  api.call('POST', '/api/controlPlan/importData', { token: person.token, lang: 'en-US', raw: upload('excelFile', name, bytes, { projectId: s.projectId, ...fields }) });

describe('GET /api/controlPlan/exportData', () => {
  it('answers the AIAG control plan form of the phase in the caller’s language', async () => {
    const { res, bytes } = await download(s.reader, `projectId=${s.projectId}&phase=production`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toContain(`filename="CP-${s.pfmea.project.serialNum}-production.xlsx"`);
    const [sheet] = await readWorkbookSheets(bytes);
    expect(sheet!.name).toBe('Control plan');
    const cells = sheet!.rows.map((r) => r.cells.slice(1));
    expect(cells[0]).toEqual(['Control Plan']);
    expect(cells.find((r) => r[0] === '10')?.slice(0, 5)).toEqual(['10', 'Machine housing', 'CNC lathe', '1', 'Bore diameter']);
    const bilingual = await download(s.reader, `projectId=${s.projectId}&bilingual=true`);
    expect((await readWorkbookSheets(bilingual.bytes))[0]!.rows[0]!.cells[1]).toBe('控制计划\nControl Plan');
  });

  it('is 401 without a session, 403 without the PFMEA route or as an outsider, 400 without a project', async () => {
    await expectRefused(api, { method: 'GET', path: `/api/controlPlan/exportData?projectId=${s.projectId}` }, s.designOnly.token);
    const outsider = await download(s.outsider, `projectId=${s.projectId}`);
    expect(outsider.res.status).toBe(403);
    expect(JSON.parse(new TextDecoder().decode(outsider.bytes)).meta.message).toBe(NOT_MEMBER);
    expect((await download(s.reader, 'phase=production')).res.status).toBe(400);
  });
});

describe('POST /api/controlPlan/importData', () => {
  it('imports its own export into another phase, linked to the PFMEA, with progress on the caller’s sockets', async () => {
    const { bytes } = await download(s.reader, `projectId=${s.projectId}`);
    const mine: { event: string; data: any }[] = [];
    const bound = api.services.realtime.bind({ socket: { send: (t) => void mine.push(JSON.parse(t)), close: () => {} }, sessionId: 's-editor', userId: s.editor.user.id, siteId: null, roleTypes: [], isAdmin: false });
    const res = await importAs(s.editor, bytes, { phase: 'prelaunch' });
    api.services.realtime.remove(bound);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ phase: 'prelaunch', sheet: 'Control plan', rows: 5, imported: 5, linked: 5, skipped: 0, errors: [], unmapped: [] });
    const progress = mine.filter((m) => m.event === 'receiveProgressInfo').map((m) => m.data);
    expect(progress[0]).toEqual({ val: 0, text: 'Importing the control plan cp.xlsx' });
    expect(progress.at(-1)).toEqual({ val: 100, text: 'Importing the control plan cp.xlsx' });
    const view = await caller(api, s.reader).ok('GET', `/api/controlPlan/get?projectId=${s.projectId}&phase=prelaunch`);
    expect(view.lines.map((l: { origin: string; linked: boolean }) => [l.origin, l.linked])).toEqual(Array(5).fill(['imported', true]));
    // again: dedupe leaves every row out; cover (importWayType 1) replaces them
    expect((await importAs(s.editor, bytes, { phase: 'prelaunch' })).body.data).toMatchObject({ imported: 0, skipped: 5 });
    expect((await importAs(s.editor, bytes, { phase: 'prelaunch', importWayType: '1' })).body.data).toMatchObject({ imported: 5, replaced: 5 });
  });

  it('refuses a file that is no xlsx, a table without a process column, and is 401/403 without the right', async () => {
    const notXlsx = await importAs(s.editor, 'hello', {}, 'cp.txt');
    expect([notXlsx.status, notXlsx.body.data.messageKey]).toEqual([400, 'file.unsupported_type']);
    await expectRefused(api, { method: 'POST', path: '/api/controlPlan/importData', body: { projectId: s.projectId } }, s.designOnly.token);
    const { bytes } = await download(s.reader, `projectId=${s.projectId}`);
    const reader = await importAs(s.reader, bytes, { phase: 'prototype' });
    expect([reader.status, reader.body.meta.message]).toEqual([403, READ_ONLY]);
    const missing = await api.call('POST', '/api/controlPlan/importData', { token: s.editor.token, lang: 'en-US', raw: upload('excelFile', 'cp.xlsx', bytes) });
    expect(missing.status).toBe(400);
  });
});
