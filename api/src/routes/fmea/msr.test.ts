import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChain, caller, engineer, openTestApp, type TestApp } from '../../testing.ts';

/** GET /api/fmea/msr and POST /api/fmea/rateMsr, with monitoring and response through the control and action routes (issue 23, FMEA-MSR). */
let api: TestApp;
beforeEach(async () => {
  api = await openTestApp();
});
afterEach(() => api.dispose());

type MsrRow = { causeId: string; version: number; severity: number | null; frequency: number | null; monitoring: number | null; ap: string | null; monitoringControls: { description: string }[]; after: { ap: string | null } | null };

describe('FMEA-MSR over HTTP', () => {
  it('rates F and M of a cause, answers the MSR form with the MSR AP, and refuses bad input, strangers and the unsigned', async () => {
    const owner = await engineer(api, 'owner');
    const stranger = await engineer(api, 'stranger');
    const as = caller(api, owner);
    const project = await as.ok('POST', '/api/project/save', { projectType: 'msr', name: 'Window lifter MSR', projectMembers: [{ userId: owner.user.id, userRole: 0 }] });
    const { cause } = await buildChain(api, owner, project);

    const unsigned = await api.call('GET', `/api/fmea/msr?projectId=${project.id}`, {});
    expect(unsigned.status).toBe(401);
    expect((await api.call('POST', '/api/fmea/rateMsr', { body: { id: cause.id, version: cause.version, msrFrequency: 3 } })).status).toBe(401);

    const bad = await api.call('POST', '/api/fmea/rateMsr', { token: owner.token, lang: 'en-US', body: { id: cause.id, version: cause.version, msrFrequency: 11 } });
    expect(bad.status).toBe(400);
    expect(bad.body.meta.message).toContain('Frequency (F)');
    const badZh = await api.call('POST', '/api/fmea/rateMsr', { token: owner.token, lang: 'zh-CN', body: { id: cause.id, version: cause.version, msrMonitoring: 0 } });
    expect(badZh.status).toBe(400);
    expect(badZh.body.meta.message).toContain('监视度 (M)');
    expect([bad.body.meta.message, badZh.body.meta.message].join()).not.toMatch(/zod|msrFrequency|msrMonitoring|ap\.rating/i);

    const refused = await api.call('POST', '/api/fmea/rateMsr', { token: stranger.token, body: { id: cause.id, version: cause.version, msrFrequency: 3 } });
    expect(refused.status).toBe(403);
    expect((await api.call('GET', `/api/fmea/msr?projectId=${project.id}`, { token: stranger.token })).status).toBe(403);

    const rated = await as.ok<{ msrFrequency: number; msrMonitoring: number; version: number }>('POST', '/api/fmea/rateMsr', { id: cause.id, version: cause.version, msrFrequency: 4, msrMonitoring: 6, msrEffect: 'Window stops' });
    expect(rated).toMatchObject({ msrFrequency: 4, msrMonitoring: 6 });
    await as.ok('POST', '/api/fmea/addControl', { causeId: cause.id, kind: 'monitoring', description: 'Motor current watched' });
    await as.ok('POST', '/api/fmea/addAction', { causeId: cause.id, kind: 'monitoring', description: 'Plausibility of Hall pulses', raoccurrence: 2, radet: 1 });

    const form = await as.ok<{ msr: boolean; rows: MsrRow[] }>('GET', `/api/fmea/msr?projectId=${project.id}`);
    expect(form.msr).toBe(true);
    expect(form.rows).toEqual([expect.objectContaining({ causeId: cause.id, severity: 9, frequency: 4, monitoring: 6, ap: 'H', monitoringControls: [expect.objectContaining({ description: 'Motor current watched' })], after: expect.objectContaining({ ap: 'L' }) })]);
    // the DFMEA risk grid of the same project shows none of it
    const grid = await as.ok<{ items: { controls: unknown[]; actions: unknown[] }[] }>('GET', `/api/fmea/riskGrid?projectId=${project.id}`);
    expect(grid.items[0]).toMatchObject({ controls: [], actions: [] });
  });

  it('refuses MSR ratings and controls on a DFMEA without the MSR steps, in the user’s language', async () => {
    const owner = await engineer(api, 'owner');
    const as = caller(api, owner);
    const project = await as.ok('POST', '/api/project/save', { projectType: 'dfmea', name: 'Window lifter', projectMembers: [{ userId: owner.user.id, userRole: 0 }] });
    const { cause } = await buildChain(api, owner, project);
    const rate = await api.call('POST', '/api/fmea/rateMsr', { token: owner.token, lang: 'en-US', body: { id: cause.id, version: cause.version, msrFrequency: 3 } });
    expect(rate.status).toBe(400);
    expect(rate.body.meta.message).toContain('only available in a project with the MSR steps');
    const control = await api.call('POST', '/api/fmea/addControl', { token: owner.token, lang: 'zh-CN', body: { causeId: cause.id, kind: 'response', description: 'Reverse' } });
    expect(control.status).toBe(400);
    expect(control.body.meta.message).toContain('FMEA-MSR');
    expect(await as.ok('GET', `/api/fmea/msr?projectId=${project.id}`)).toEqual({ msr: false, rows: [] });
  });
});
