import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChain, caller, engineer, openTestApp, signedInWith, type TestApp } from '../../testing.ts';

/** GET /api/fmea/fmeca, POST /api/fmea/saveFmecaInputs and the FMECA workbook (issue 23, FMECA). */
let api: TestApp;
beforeEach(async () => {
  api = await openTestApp();
});
afterEach(() => api.dispose());

type Report = { matrix: { cells: Record<string, Record<string, { name: string }[]>> }; modes: { id: string; cm: number | null; inputVersion: number }[]; items: { itemName: string; cr: number | null }[] };

describe('FMECA over HTTP', () => {
  it('answers the matrix, saves the inputs and answers Cm/Cr, exports the workbook; refuses the unsigned, strangers and bad numbers', async () => {
    const owner = await engineer(api, 'owner');
    const stranger = await engineer(api, 'stranger');
    const as = caller(api, owner);
    const project = await as.ok('POST', '/api/project/save', { projectType: 'dfmea', name: 'Window lifter', projectMembers: [{ userId: owner.user.id, userRole: 0 }] });
    const { gearbox, mode } = await buildChain(api, owner, project);

    expect((await api.call('GET', `/api/fmea/fmeca?projectId=${project.id}`, {})).status).toBe(401);
    expect((await api.call('GET', `/api/fmea/fmeca?projectId=${project.id}`, { token: stranger.token })).status).toBe(403);
    expect((await api.call('POST', '/api/fmea/saveFmecaInputs', { token: stranger.token, body: { projectId: project.id, modes: [{ modeId: mode.id, version: 0, beta: 0.5 }] } })).status).toBe(403);

    // S 9 → I, O 6 → C
    const first = await as.ok<Report>('GET', `/api/fmea/fmeca?projectId=${project.id}`);
    expect(first.matrix.cells.I!.C!.map((m) => m.name)).toEqual(['No torque transmitted']);

    const bad = await api.call('POST', '/api/fmea/saveFmecaInputs', { token: owner.token, lang: 'en-US', body: { projectId: project.id, modes: [{ modeId: mode.id, version: 0, beta: 1.5 }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.meta.message).toContain('Failure effect probability β (row 1) must be a number from 0 to 1');
    const badZh = await api.call('POST', '/api/fmea/saveFmecaInputs', { token: owner.token, lang: 'zh-CN', body: { projectId: project.id, items: [{ nodeId: gearbox.id, version: 0, hours: -2 }] } });
    expect(badZh.status).toBe(400);
    expect(badZh.body.meta.message).toMatch(/工作时间 t（小时）.*必须是不小于 0 的数/);

    // Cm = 0.5 · 0.8 · 500e-9 · 10,000 = 2e-3
    const saved = await as.ok<Report>('POST', '/api/fmea/saveFmecaInputs', { projectId: project.id, items: [{ nodeId: gearbox.id, version: 0, lambdaFit: 500, hours: 10_000 }], modes: [{ modeId: mode.id, version: 0, beta: 0.5, alpha: 0.8 }] });
    expect(saved.modes[0]!.cm).toBeCloseTo(2e-3, 15);
    expect(saved.modes[0]).toMatchObject({ inputVersion: 1, itemInputVersion: 1 });
    expect(saved.items).toEqual([expect.objectContaining({ itemName: 'Gearbox', cr: expect.closeTo(2e-3, 15), inputVersion: 1 })]);

    // a save from the first read (nothing stored then) is stale: 409 with the usual message, nothing saved; no version is a 400
    const stale = await api.call('POST', '/api/fmea/saveFmecaInputs', { token: owner.token, lang: 'en-US', body: { projectId: project.id, modes: [{ modeId: mode.id, version: first.modes[0]!.inputVersion, beta: 0.1 }] } });
    expect(stale.status).toBe(409);
    expect(stale.body.meta.message).toBe('Someone else changed this item in the meantime; reload it and apply your change again');
    const staleZh = await api.call('POST', '/api/fmea/saveFmecaInputs', { token: owner.token, lang: 'zh-CN', body: { projectId: project.id, items: [{ nodeId: gearbox.id, version: 0, hours: 1 }] } });
    expect([staleZh.status, staleZh.body.meta.message]).toEqual([409, '该数据已被他人修改，请刷新后重新修改']);
    expect((await api.call('POST', '/api/fmea/saveFmecaInputs', { token: owner.token, body: { projectId: project.id, modes: [{ modeId: mode.id, beta: 0.1 }] } })).status).toBe(400);
    expect((await as.ok<Report>('GET', `/api/fmea/fmeca?projectId=${project.id}`)).modes[0]).toMatchObject({ beta: 0.5, hours: 10_000, inputVersion: 1 });

    const file = await api.call('GET', `/api/fmea/fmeca/export?projectId=${project.id}`, { token: owner.token, lang: 'en-US' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(`FMECA-${project.serialNum}.xlsx`);
    expect((await api.call('GET', `/api/fmea/fmeca/export?projectId=${project.id}`, { token: stranger.token })).status).toBe(403);
  });
  it('takes λp and α from the FMEDA generated from the DFMEA where none is typed, says so per figure, and a typed value wins', async () => {
    const owner = await signedInWith(api, 'safety', [
      { routeName: 'fmeda_index', buttons: ['add', 'edit', 'del', 'import', 'export'] },
      { routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] },
    ]);
    const as = caller(api, owner);
    const project = await as.ok('POST', '/api/project/save', { projectType: 'dfmea', name: 'Window lifter', projectMembers: [{ userId: owner.user.id, userRole: 0 }] });
    const { gearbox, mode } = await buildChain(api, owner, project);
    // generated from the root: the Gearbox is the element, its mode "No torque transmitted" a row; the engineer fills 300 FIT and 70 %
    const made = await as.ok<any>('POST', '/api/fmeda/create', { name: 'Gearbox FMEDA', projectMembers: [{ userId: owner.user.id, roles: [0] }], fromDfmea: { projectId: project.id } });
    const row = made.rows.find((r: { sourceFailureId: string }) => r.sourceFailureId === mode.id);
    const rows = made.rows.map((r: any) => ({ id: r.id, elementName: r.elementName, elementFit: r.elementName === 'Gearbox' ? 300 : r.elementFit, failureMode: r.failureMode, distributionPct: r.id === row.id ? 70 : r.distributionPct, faultClass: r.faultClass }));
    await as.ok('POST', '/api/fmeda/saveRows', { projectId: made.projectId, version: made.version, rows });
    // β 0.5 and t 10,000 h typed: Cm = 0.5 · 0.7 · 300e-9 · 10,000 = 1.05e-3
    const read = await as.ok<any>('POST', '/api/fmea/saveFmecaInputs', { projectId: project.id, items: [{ nodeId: gearbox.id, version: 0, hours: 10_000 }], modes: [{ modeId: mode.id, version: 0, beta: 0.5 }] });
    const fromFmeda = { kind: 'fmeda', fmedaNum: made.serialNum };
    expect(read.modes[0]).toMatchObject({ alpha: 0.7, alphaSource: fromFmeda, lambdaFit: 300, lambdaSource: fromFmeda, cm: expect.closeTo(1.05e-3, 15) });
    expect(read.items[0]).toMatchObject({ lambdaFit: 300, lambdaSource: fromFmeda, cr: expect.closeTo(1.05e-3, 15) });
    const typed = await as.ok<any>('POST', '/api/fmea/saveFmecaInputs', { projectId: project.id, items: [{ nodeId: gearbox.id, version: 1, lambdaFit: 100 }] });
    expect(typed.modes[0]).toMatchObject({ alphaSource: fromFmeda, lambdaFit: 100, lambdaSource: { kind: 'typed', fmedaNum: null }, cm: expect.closeTo(0.35e-3, 15) });
  });
});
