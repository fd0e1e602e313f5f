import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, controlPlanSetup, expectRefused, invalid, NOT_MEMBER, openTestApp, READ_ONLY, signInWith } from '../../testing.ts';

const api = await openTestApp();
afterAll(() => api.dispose());
let s: Awaited<ReturnType<typeof controlPlanSetup>>;
let lines: { id: string; version: number; productCharacteristic: string; processCharacteristic: string }[];
beforeAll(async () => {
  s = await controlPlanSetup(api);
  lines = (await caller(api, s.editor).ok('POST', '/api/controlPlan/generate', { projectId: s.projectId, phase: 'production' })).lines;
});

const named = (name: string) => lines.find((l) => l.productCharacteristic === name || l.processCharacteristic === name)!;

describe('POST /api/controlPlan/saveLine', () => {
  it('saves a line’s own columns with the version read', async () => {
    const depth = named('Press depth');
    const saved = await caller(api, s.editor, 'en-US').ok('POST', '/api/controlPlan/saveLine', { id: depth.id, version: depth.version, specification: '12 ± 0.1 mm', sampleSize: '5', sampleFrequency: 'each lot', reactionPlan: 'Hold lot' });
    expect(saved).toMatchObject({ specification: '12 ± 0.1 mm', sampleSize: '5', sampleFrequency: 'each lot', reactionPlan: 'Hold lot', version: depth.version + 1, updatedBy: s.editor.user.id });
    const stale = await caller(api, s.editor, 'en-US').post('/api/controlPlan/saveLine', { id: depth.id, version: depth.version, specification: 'x' });
    expect(stale.status).toBe(409);
  });

  it('refuses the PFMEA’s columns on a linked line, a text over 200 characters and a missing version', async () => {
    const bore = named('Bore diameter');
    const as = caller(api, s.editor, 'en-US');
    const pfmeaColumn = await as.post('/api/controlPlan/saveLine', { id: bore.id, version: bore.version, processName: 'Other' });
    expect([pfmeaColumn.status, pfmeaColumn.body.meta.message]).toEqual([400, 'Form validation failed\nProcess name of this line comes from the PFMEA: change it there']);
    const long = await as.post('/api/controlPlan/saveLine', { id: bore.id, version: bore.version, specification: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.meta.message).toBe(invalid('', 'Specification/tolerance can be at most 200 characters long').en);
    expect((await as.post('/api/controlPlan/saveLine', { id: bore.id, specification: 'x' })).status).toBe(400);
  });

  it('is 401 without a session, 403 without the PFMEA route, for an outsider and for a reader', async () => {
    const bore = named('Bore diameter');
    await expectRefused(api, { method: 'POST', path: '/api/controlPlan/saveLine', body: { id: bore.id, version: 1, specification: 'x' } }, s.designOnly.token);
    const outsider = await caller(api, s.outsider, 'en-US').post('/api/controlPlan/saveLine', { id: bore.id, version: 1, specification: 'x' });
    expect([outsider.status, outsider.body.meta.message]).toEqual([403, NOT_MEMBER]);
    const reader = await caller(api, s.reader, 'en-US').post('/api/controlPlan/saveLine', { id: bore.id, version: 1, specification: 'x' });
    expect([reader.status, reader.body.meta.message]).toEqual([403, READ_ONLY]);
  });
});

describe('POST /api/controlPlan/addLine and deleteLine', () => {
  it('adds a line by hand (linked or with its own texts) and deletes one', async () => {
    const as = caller(api, s.editor, 'en-US');
    const speed = await s.pfmea.characteristic('Spindle speed');
    const linked = await as.ok('POST', '/api/controlPlan/addLine', { projectId: s.projectId, phase: 'production', characteristicId: speed.id, specification: '1200 rpm' });
    expect(linked).toMatchObject({ origin: 'manual', linked: true, processCharacteristic: 'Spindle speed', specification: '1200 rpm' });
    const own = await as.ok('POST', '/api/controlPlan/addLine', { projectId: s.projectId, phase: 'production', processNo: '30', processName: 'Pack', productCharacteristic: 'Label' });
    expect(own).toMatchObject({ origin: 'manual', linked: false, processName: 'Pack' });
    const none = await as.post('/api/controlPlan/addLine', { projectId: s.projectId, phase: 'production', specification: 'x' });
    expect([none.status, none.body.meta.message]).toEqual([
      400,
      'Form validation failed\nThe line names no process: give its process number or its process name\nThe line names no characteristic: give a product or a process characteristic',
    ]);
    expect(await as.ok('POST', '/api/controlPlan/deleteLine', { id: own.id, version: own.version })).toBeNull();
    const gone = await as.post('/api/controlPlan/deleteLine', { id: own.id, version: own.version });
    expect([gone.status, gone.body.meta.message]).toEqual([404, 'The control plan line no longer exists']);
  });

  it('is 401/403 for add and delete without the right, and 403 to a reader', async () => {
    const bore = named('Bore diameter');
    await expectRefused(api, { method: 'POST', path: '/api/controlPlan/addLine', body: { projectId: s.projectId, phase: 'production', processName: 'x', productCharacteristic: 'y' } }, s.designOnly.token);
    await expectRefused(api, { method: 'POST', path: '/api/controlPlan/deleteLine', body: { id: bore.id, version: 1 } }, s.designOnly.token);
    const reader = await caller(api, s.reader, 'en-US').post('/api/controlPlan/deleteLine', { id: bore.id, version: 1 });
    expect([reader.status, reader.body.meta.message]).toEqual([403, READ_ONLY]);
    // the PFMEA route without its delete button
    const noDelete = await signInWith(api, 'nodel', [{ routeName: 'pfmea_index', buttons: ['add', 'edit'] }]);
    expect((await api.call('POST', '/api/controlPlan/deleteLine', { token: noDelete, body: { id: bore.id, version: 1 } })).status).toBe(403);
  });
});

describe('POST /api/controlPlan/reviewLine', () => {
  it('clears a suspect mark and records who reviewed it when', async () => {
    const as = caller(api, s.editor, 'en-US');
    const step = (await api.t.db.query.fmeaNode.findFirst({ where: (n, { eq }) => eq(n.id, s.pfmea.ids.op20!) }))!;
    await caller(api, s.owner).ok('POST', '/api/fmea/renameNode', { id: step.id, version: step.version, name: 'Press bearing in' });
    const view = await as.ok('GET', `/api/controlPlan/get?projectId=${s.projectId}&phase=production`);
    const force = view.lines.find((l: { processCharacteristic: string }) => l.processCharacteristic === 'Press force');
    expect(force.reasons.map((r: { message: string }) => r.message)).toEqual(['The process step was renamed from “Press bearing” to “Press bearing in”']);
    const reviewed = await as.ok('POST', '/api/controlPlan/reviewLine', { id: force.id, version: force.version });
    expect(reviewed).toMatchObject({ suspect: false, reasons: [], reviewedBy: s.editor.user.id, reviewedByName: s.editor.user.realName, processName: 'Press bearing in' });
    expect(typeof reviewed.reviewedAt).toBe('string');
    const stale = await as.post('/api/controlPlan/reviewLine', { id: force.id, version: force.version });
    expect(stale.status).toBe(409);
    await expectRefused(api, { method: 'POST', path: '/api/controlPlan/reviewLine', body: { id: force.id, version: 1 } }, s.designOnly.token);
    const reader = await caller(api, s.reader, 'en-US').post('/api/controlPlan/reviewLine', { id: force.id, version: reviewed.version });
    expect([reader.status, reader.body.meta.message]).toEqual([403, READ_ONLY]);
    expect((await as.post('/api/controlPlan/reviewLine', { id: force.id })).status).toBe(400);
  });
});
