import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateControl } from '@fmea/core';
import { caller, controlPlanSetup, expectRefused, invalid, NOT_MEMBER, openTestApp, READ_ONLY } from '../../testing.ts';

const api = await openTestApp();
afterAll(() => api.dispose());
let s: Awaited<ReturnType<typeof controlPlanSetup>>;
beforeAll(async () => {
  s = await controlPlanSetup(api);
});

const get = (phase = 'production') => `/api/controlPlan/get?projectId=${s.projectId}&phase=${phase}`;

describe('GET /api/controlPlan/get and POST /api/controlPlan/generate', () => {
  it('generates the plan from the PFMEA and answers it with its columns, lines, checks and marks', async () => {
    const before = await caller(api, s.reader, 'en-US').ok('GET', get('prototype'));
    expect(before.plan).toMatchObject({ id: null, version: 0, phase: 'prototype' });
    const generated = await caller(api, s.editor, 'en-US').ok('POST', '/api/controlPlan/generate', { projectId: s.projectId, phase: 'production' });
    expect(generated.added).toBe(5);
    expect(generated.columns.slice(0, 4)).toEqual([
      { key: 'processNo', label: 'Part/Process Number', group: null, groupLabel: null },
      { key: 'processName', label: 'Process Name/Operation Description', group: null, groupLabel: null },
      { key: 'machine', label: 'Machine, Device, Jig, Tools for Mfg.', group: null, groupLabel: null },
      { key: 'characteristicNo', label: 'No.', group: 'characteristics', groupLabel: 'Characteristics' },
    ]);
    const bore = generated.lines[0];
    expect(bore).toMatchObject({
      origin: 'generated',
      linked: true,
      processNo: '10',
      productCharacteristic: 'Bore diameter',
      specialClass: 'CC',
      planClass: 'CC',
      controlMethod: 'Tool life counter\nPoka-yoke fixture',
      evaluationTechnique: 'Bore gauge 100%',
      suspect: false,
      pfmea: { worstDetection: 7 },
    });
    expect(generated.checks.weakDetections).toEqual([
      expect.objectContaining({ name: 'Bore diameter', detection: 7, message: 'CC characteristic “Bore diameter”: detection “Bore gauge 100%” is rated D 7 (7 or more)' }),
    ]);
    const zh = await caller(api, s.reader).ok('GET', get());
    expect(zh.columns[0].label).toBe('零件/过程编号');
    expect(zh.lines.map((l: { id: string }) => l.id)).toEqual(generated.lines.map((l: { id: string }) => l.id));
  });

  it('marks a line suspect when the PFMEA’s detection control changes, naming who changed it', async () => {
    const gauge = await s.pfmea.control('Bore gauge 100%');
    await updateControl(api.t.as({ userId: s.owner.user.id, userName: s.owner.user.userName }), gauge.id, { version: gauge.version, description: 'Air gauge' });
    const view = await caller(api, s.reader, 'en-US').ok('GET', get());
    const speed = view.lines.find((l: { processCharacteristic: string }) => l.processCharacteristic === 'Spindle speed');
    expect(speed.suspect).toBe(true);
    expect(speed.reasons).toEqual([
      {
        code: 'control_changed',
        message: 'Detection control “Bore gauge 100%” was changed to “Air gauge”',
        params: { kind: 'detection', from: 'Bore gauge 100%', to: 'Air gauge' },
        by: s.owner.user.id,
        byName: s.owner.user.realName,
        at: expect.any(String),
      },
    ]);
    expect(view.counts).toEqual({ lines: 5, suspect: 3, contradictions: 0 });
  });

  it('is 401 without a session, 403 without the PFMEA route, for an outsider and (writing) for a reader, 400 for a bad phase', async () => {
    await expectRefused(api, { method: 'GET', path: get() }, s.designOnly.token);
    await expectRefused(api, { method: 'POST', path: '/api/controlPlan/generate', body: { projectId: s.projectId, phase: 'production' } }, s.designOnly.token);
    const outsider = await caller(api, s.outsider, 'en-US').get(get());
    expect([outsider.status, outsider.body.meta.message]).toEqual([403, NOT_MEMBER]);
    const reader = await caller(api, s.reader, 'en-US').post('/api/controlPlan/generate', { projectId: s.projectId, phase: 'production' });
    expect([reader.status, reader.body.meta.message]).toEqual([403, READ_ONLY]);
    const bad = await caller(api, s.reader, 'en-US').get(`/api/controlPlan/get?projectId=${s.projectId}&phase=launch`);
    expect(bad.status).toBe(400);
    expect(bad.body.meta.message).toBe(invalid('', 'Control plan phase must be one of: prototype, prelaunch, production').en);
  });
});

describe('POST /api/controlPlan/saveHeader', () => {
  it('changes header fields with the plan’s version and refuses a stale one or a bad date', async () => {
    const as = caller(api, s.editor, 'en-US');
    const { plan } = await as.ok('GET', get());
    const saved = await as.ok('POST', '/api/controlPlan/saveHeader', { projectId: s.projectId, phase: 'production', version: plan.version, header: { partNumber: 'GH-100', latestChangeLevel: 'C' } });
    expect(saved.plan).toMatchObject({ version: plan.version + 1, header: { partNumber: 'GH-100', latestChangeLevel: 'C' } });
    const stale = await as.post('/api/controlPlan/saveHeader', { projectId: s.projectId, phase: 'production', version: plan.version, header: { partNumber: 'x' } });
    expect(stale.status).toBe(409);
    const date = await as.post('/api/controlPlan/saveHeader', { projectId: s.projectId, phase: 'production', version: plan.version + 1, header: { originalDate: '2026-02-30' } });
    expect([date.status, date.body.meta.message]).toEqual([400, 'Form validation failed\nOriginal date must be a date as YYYY-MM-DD (got 2026-02-30)']);
    const reader = await caller(api, s.reader, 'en-US').post('/api/controlPlan/saveHeader', { projectId: s.projectId, phase: 'production', version: plan.version + 1, header: {} });
    expect([reader.status, reader.body.meta.message]).toEqual([403, READ_ONLY]);
    await expectRefused(api, { method: 'POST', path: '/api/controlPlan/saveHeader', body: { projectId: s.projectId, phase: 'production', version: 1, header: {} } }, s.designOnly.token);
  });
});

describe('GET /api/controlPlan/marks', () => {
  it('answers what the control plans contradict in the PFMEA, for the PFMEA’s views', async () => {
    const as = caller(api, s.editor, 'en-US');
    const view = await as.ok('GET', get());
    const bore = view.lines[0];
    await as.ok('POST', '/api/controlPlan/saveLine', { id: bore.id, version: bore.version, controlMethod: 'SPC chart' });
    const { marks } = await caller(api, s.reader, 'en-US').ok('GET', `/api/controlPlan/marks?projectId=${s.projectId}`);
    expect(marks).toEqual([
      {
        phase: 'production',
        lineId: bore.id,
        stepNodeId: bore.stepNodeId,
        characteristicId: bore.characteristicId,
        column: 'controlMethod',
        text: 'SPC chart',
        pfmeaText: 'Tool life counter\nPoka-yoke fixture',
        controlIds: bore.pfmea.prevention.map((c: { id: string }) => c.id),
        message: 'The control method “SPC chart” says something other than the PFMEA\'s prevention controls (Tool life counter; Poka-yoke fixture)',
      },
    ]);
    await expectRefused(api, { method: 'GET', path: `/api/controlPlan/marks?projectId=${s.projectId}` }, s.designOnly.token);
    expect((await caller(api, s.outsider).get(`/api/controlPlan/marks?projectId=${s.projectId}`)).status).toBe(403);
    expect((await caller(api, s.reader).get('/api/controlPlan/marks')).status).toBe(400);
  });
});
