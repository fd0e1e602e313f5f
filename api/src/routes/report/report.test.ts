import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, importAnalysis } from '@fmea/core';
import { expectRefused, openTestApp, plainEngineer, signedInWith, type Person, type TestApp } from '../../testing.ts';

/** One app for the file: a DFMEA whose owner holds the report area, and a plain engineer who does not. */
let api: TestApp;
let manager: Person;
let stranger: Person;
let serialNum: string;

beforeAll(async () => {
  api = await openTestApp({ now: () => new Date('2026-12-06T08:00:00Z') });
  manager = await signedInWith(api, 'manager', [
    { routeName: 'report_index', buttons: ['export'] },
    { routeName: 'dfmea_index', buttons: ['add', 'edit'] },
  ]);
  stranger = await signedInWith(api, 'stranger', [{ routeName: 'report_index', buttons: [] }, { routeName: 'dfmea_index', buttons: [] }]);
  const project = await createProject(api.t.ctx, { projectType: 'dfmea', name: 'Report lifter', members: [{ userId: manager.user.id, roles: [0] }] });
  serialNum = project.serialNum;
  await importAnalysis(api.t.ctx, project.id, {
    nodes: [{ key: 'gear', name: 'Gear' }, { key: 'tooth', parentKey: 'gear', name: 'Tooth' }],
    functions: [
      { key: 'close', nodeKey: '@root', description: 'Close window' },
      { key: 'mesh', nodeKey: 'gear', description: 'Mesh' },
      { key: 'hold', nodeKey: 'tooth', description: 'Hold' },
    ],
    failures: [
      { key: 'e', functionKey: 'close', kind: 'FE', description: 'Window stuck', severity: 9 },
      { key: 'm', functionKey: 'mesh', kind: 'FM', description: 'No torque' },
      { key: 'c', functionKey: 'hold', kind: 'FC', description: 'Worn', occurrence: 8, detection: 7 },
    ],
    failureLinks: [{ higherKey: 'e', lowerKey: 'm' }, { higherKey: 'm', lowerKey: 'c' }],
    actions: [{ causeKey: 'c', kind: 'prevention', description: 'Harden', responsibleUserId: manager.user.id, targetDate: '2026-12-01' }],
  });
});
afterAll(() => api?.dispose());

const PATHS = ['/api/report/dfmea?projectId=X', '/api/report/form?projectId=X', '/api/report/pfmea?projectId=X', '/api/report/trend?projectId=X&kind=dfmea', '/api/report/counts', '/api/report/nodes', '/api/report/tasks', '/api/report/export?kind=counts'];

describe('report routes', () => {
  it('refuse without a session (401) and without the report area (403)', async () => {
    const { token } = await plainEngineer(api);
    for (const path of PATHS) await expectRefused(api, { method: 'GET', path }, token);
  });

  it('refuse a project report to who may not open the project (403), a bad kind and a missing project (400, field named)', async () => {
    expect((await api.call('GET', `/api/report/dfmea?projectId=${serialNum}`, { token: stranger.token })).status).toBe(403);
    const kind = await api.call('GET', '/api/report/export?kind=nope', { token: manager.token, lang: 'en-US' });
    expect(kind.status).toBe(400);
    expect(kind.body.meta.message).toMatch(/Kind/);
    for (const [lang, label] of [['zh-CN', '项目'], ['en-US', 'Project']] as const) {
      const missing = await api.call('GET', '/api/report/export?kind=dfmea', { token: manager.token, lang });
      expect(missing.status).toBe(400);
      expect(missing.body.meta.message).toContain(label);
    }
    // exporting needs the export button
    expect((await api.call('GET', '/api/report/export?kind=counts', { token: stranger.token })).status).toBe(403);
  });

  it('answer the DFMEA report, its trend, the overview reports and the workbook', async () => {
    const dfmea = await api.call('GET', `/api/report/dfmea?projectId=${serialNum}`, { token: manager.token });
    expect(dfmea.status).toBe(200);
    expect(dfmea.body.data).toMatchObject({ project: { serialNum }, before: { H: 1, chains: 1 }, openActions: { open: 1, overdue: 1 }, testCoverage: { available: false } });
    expect(dfmea.body.data.heatBefore).toEqual([{ s: 9, o: 8, n: 1, H: 1, M: 0, L: 0 }]);
    const form = await api.call('GET', `/api/report/form?projectId=${serialNum}`, { token: manager.token });
    expect(form.body.data.rows).toMatchObject([{ effect: 'Window stuck', severity: 9, mode: 'No torque', cause: 'Worn', occurrence: 8, detection: 7, ap: 'H', actions: [{ description: 'Harden', targetDate: '2026-12-01' }] }]);
    const trend = await api.call('GET', `/api/report/trend?projectId=${serialNum}&kind=dfmea`, { token: manager.token });
    expect(trend.body.data.points).toHaveLength(1);
    expect((await api.call('GET', '/api/report/counts', { token: manager.token })).body.data.byType).toContainEqual({ value: 'dfmea', n: 1 });
    expect((await api.call('GET', '/api/report/nodes', { token: manager.token })).body.data.rows).toMatchObject([{ serialNum, chains: 1 }]);
    expect((await api.call('GET', '/api/report/tasks', { token: manager.token })).body.data).toMatchObject({ total: 0 });
    const file = await api.call('GET', `/api/report/export?kind=dfmea&projectId=${serialNum}`, { token: manager.token, lang: 'en-US' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(file.headers.get('content-disposition')).toContain(`dfmea-report-${serialNum}.xlsx`);
  });
});
