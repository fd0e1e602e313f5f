import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPACT_GRID_COLUMNS, expandCompactGrid, importAnalysis, readRiskGrid, syntheticAnalysis, type AnalysisImport, type RiskGridRow } from '@fmea/core';
import { caller, createTeamProject, makeTeam, openTestApp, type Team, type TestApp } from '../../testing.ts';
import { GRID_STREAM_ROWS } from './grid.ts';

let api: TestApp;
let team: Team;
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
});
afterEach(() => api.dispose());

/** What the API answers for an engine row: the row without what a client derives (chain key, control texts by kind), plus `det`. */
const onTheWire = (rows: readonly RiskGridRow[]) =>
  JSON.parse(JSON.stringify(rows.map(({ chainKey: _key, preventionControls: _p, detectionControls: _d, ...row }) => ({ ...row, det: row.detection }))));

/**
 * Every case a row can be in: effects and causes missing or unrated, residual
 * ratings from several actions (one not implemented, one completed, one open),
 * special characteristics of several classes on the mode's and the cause's
 * functions, frequency ratios, requirements, texts that need escaping.
 */
const VARIED: AnalysisImport = {
  nodes: [
    { key: 'gearbox', name: 'Gearbox "G2"' },
    { key: 'gear', parentKey: 'gearbox', name: 'Gear \\ worm' },
    { key: 'housing', parentKey: 'gearbox', name: '壳体' },
  ],
  functions: [
    { key: 'close', nodeKey: '@root', description: 'Close window', requirement: 'within 4 s' },
    { key: 'torque', nodeKey: 'gearbox', description: 'Transmit torque', requirement: '12 Nm\nat 20 °C' },
    { key: 'mesh', nodeKey: 'gear', description: 'Mesh with worm' },
    { key: 'hold', nodeKey: 'housing', description: 'Hold bearings' },
  ],
  characteristics: [
    { functionKey: 'torque', name: 'Output torque', characteristicClass: 'significant', special: true },
    { functionKey: 'mesh', name: 'Tooth hardness', characteristicClass: 'safety', special: true },
    { functionKey: 'mesh', name: 'Tooth module', characteristicClass: 'general', special: false },
    { functionKey: 'hold', name: 'Bore Ø', characteristicClass: 'critical', special: true },
  ],
  failures: [
    { key: 'E1', functionKey: 'close', kind: 'FE', description: 'Window does not close', severity: 9 },
    { key: 'E2', functionKey: 'close', kind: 'FE', description: 'Window closes slowly' },
    { key: 'M1', functionKey: 'torque', kind: 'FM', description: 'No torque transmitted', frequencyRatio: 0.25 },
    { key: 'M2', functionKey: 'torque', kind: 'FM', description: 'Torque too low', frequencyRatio: 0.5 },
    { key: 'M3', functionKey: 'torque', kind: 'FM', description: 'Torque pulsates' },
    { key: 'C1', functionKey: 'mesh', kind: 'FC', description: 'Teeth worn', occurrence: 6, detection: 5 },
    { key: 'C2', functionKey: 'mesh', kind: 'FC', description: 'Teeth broken', occurrence: 2 },
    { key: 'C3', functionKey: 'hold', kind: 'FC', description: 'Bearing seat loose', occurrence: 3, detection: 6 },
  ],
  failureLinks: [
    { higherKey: 'E1', lowerKey: 'M1' },
    { higherKey: 'E2', lowerKey: 'M1' },
    { higherKey: 'M1', lowerKey: 'C1' },
    { higherKey: 'M1', lowerKey: 'C2' },
    { higherKey: 'M1', lowerKey: 'C3' },
    { higherKey: 'E1', lowerKey: 'M2' },
    { higherKey: 'M3', lowerKey: 'C3' },
  ],
  controls: [
    { causeKey: 'C1', kind: 'detection', description: 'Endurance test ET-3' },
    { causeKey: 'C1', kind: 'prevention', description: 'Design guideline DG-12' },
    { causeKey: 'C1', kind: 'prevention', description: 'Material spec "MS-4"' },
    { causeKey: 'C3', kind: 'detection', description: 'Fit check' },
  ],
  actions: [
    { causeKey: 'C1', kind: 'prevention', description: 'Harden teeth', raOccurrence: 3, status: 'completed', actionTaken: 'Done', completionDate: '2025-01-10' },
    { causeKey: 'C1', kind: 'detection', description: 'Add test', raDetection: 2, status: 'notImplemented' },
    { causeKey: 'C1', kind: 'prevention', description: 'Change supplier', raOccurrence: 2, raSeverity: 8 },
    { causeKey: 'C3', kind: 'detection', description: 'Gauge', raDetection: 3, targetDate: '2025-06-30' },
  ],
};

describe('GET /api/fmea/riskGrid', () => {
  it('answers each row as the engine rates it, without the chain key and the control texts by kind', async () => {
    const project = await createTeamProject(api, team);
    await importAnalysis(api.t.ctx, project.id, VARIED);
    const engine = await readRiskGrid(api.t.ctx, project.id, { limit: 100 });
    expect(engine.total).toBe(8);

    const res = await caller(api, team.reader).get(`/api/fmea/riskGrid?projectId=${project.id}&limit=100`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.meta).toEqual({ success: true, code: 200, message: 'ok' });
    expect(res.body.data).toEqual({ total: 8, page: 1, limit: 100, items: onTheWire(engine.items) });
    // the chain is named by its ids; the texts are in `controls`
    const first = res.body.data.items[0];
    expect(first).not.toHaveProperty('chainKey');
    expect(first.controls.map((c: any) => [c.kind, c.description])).toEqual([
      ['prevention', 'Design guideline DG-12'],
      ['prevention', 'Material spec "MS-4"'],
      ['detection', 'Endurance test ET-3'],
    ]);

    // filters and paging as the engine has them
    for (const query of ['ap=H', 'ap=M,L', 'openActions=1', 'special=1', 'page=2&limit=3', 'page=9&limit=3']) {
      const params = new URLSearchParams(query);
      const filter = {
        page: params.has('page') ? Number(params.get('page')) : undefined,
        limit: params.has('limit') ? Number(params.get('limit')) : undefined,
        ap: params.get('ap')?.split(',') as never,
        openActions: params.has('openActions'),
        specialCharacteristics: params.has('special'),
      };
      const expected = await readRiskGrid(api.t.ctx, project.id, filter);
      const answer = await caller(api, team.reader).ok('GET', `/api/fmea/riskGrid?projectId=${project.id}&${query}`);
      expect(answer, query).toEqual({ total: expected.total, page: expected.page, limit: expected.limit, items: onTheWire(expected.items) });
    }
  });

  it('streams a page larger than one chunk, rows in order and whole', async () => {
    const project = await createTeamProject(api, team);
    // the synthetic analysis comes in elements of 400 chains
    const chains = 2400;
    expect(chains).toBeGreaterThan(2 * GRID_STREAM_ROWS);
    await importAnalysis(api.t.ctx, project.id, syntheticAnalysis({ chains }));
    const engine = await readRiskGrid(api.t.ctx, project.id, { limit: chains });
    expect(engine.total).toBe(chains);
    const res = await caller(api, team.owner).get(`/api/fmea/riskGrid?projectId=${project.id}&limit=${chains}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body.meta).toEqual({ success: true, code: 200, message: 'ok' });
    expect(res.body.data).toMatchObject({ total: chains, page: 1, limit: chains });
    expect(res.body.data.items).toEqual(onTheWire(engine.items));
  }, 60_000);

  it('answers an empty grid', async () => {
    const project = await createTeamProject(api, team);
    expect(await caller(api, team.owner).ok('GET', `/api/fmea/riskGrid?projectId=${project.id}`)).toEqual({ total: 0, page: 1, limit: 500, items: [] });
  });
});

describe('GET /api/fmea/riskGrid?format=compact', () => {
  /** The rows form of the same page, rebuilt from the compact answer the way the workbench does. */
  const expanded = (compact: any) => ({ total: compact.total, page: compact.page, limit: compact.limit, items: expandCompactGrid(compact) });
  const both = async (projectId: string, query: string) => {
    const reader = caller(api, team.reader);
    const rows = await reader.ok('GET', `/api/fmea/riskGrid?projectId=${projectId}&${query}`);
    const compact = await reader.ok('GET', `/api/fmea/riskGrid?projectId=${projectId}&${query}&format=compact`);
    return { rows, compact };
  };

  it('carries the same values as the rows form, with each effect, mode, cause and characteristic list once', async () => {
    const project = await createTeamProject(api, team);
    await importAnalysis(api.t.ctx, project.id, VARIED);
    const { rows, compact } = await both(project.id, 'limit=100');
    expect(expanded(compact)).toEqual(rows);
    expect(compact.columns).toEqual([...COMPACT_GRID_COLUMNS]);
    expect(compact.rows).toHaveLength(8);
    expect(compact.effects.map((e: any) => e.description)).toEqual(['Window does not close', 'Window closes slowly']);
    expect(compact.modes.map((m: any) => m.description)).toEqual(['No torque transmitted', 'Torque too low', 'Torque pulsates']);
    expect(compact.causes.map((c: any) => c.description)).toEqual(['Teeth worn', 'Teeth broken', 'Bearing seat loose']);
    expect(compact.functions.map((f: any) => f.functionDescription)).toEqual(['Transmit torque']);
    // a mode without effect (M3) and one without cause (M2) name none
    const m2 = compact.modes.findIndex((m: any) => m.description === 'Torque too low');
    const m3 = compact.modes.findIndex((m: any) => m.description === 'Torque pulsates');
    expect(compact.rows.find((r: any[]) => r[1] === m2)[3]).toBeNull();
    expect(compact.rows.find((r: any[]) => r[1] === m3)[2]).toBeNull();

    for (const query of ['ap=H', 'ap=M,L', 'openActions=1', 'special=1', 'page=2&limit=3', 'page=9&limit=3', 'ap=H&special=1']) {
      const page = await both(project.id, query);
      expect(expanded(page.compact), query).toEqual(page.rows);
    }
  });

  it('answers a large page with the same rows in a fifth of the rows form’s bytes or less', async () => {
    const project = await createTeamProject(api, team);
    const chains = 2400;
    await importAnalysis(api.t.ctx, project.id, syntheticAnalysis({ chains }));
    const reader = caller(api, team.reader);
    const rows = await reader.get(`/api/fmea/riskGrid?projectId=${project.id}&limit=${chains}`);
    const compact = await reader.get(`/api/fmea/riskGrid?projectId=${project.id}&limit=${chains}&format=compact`);
    expect(compact.status).toBe(200);
    expect(compact.headers.get('content-type')).toMatch(/^application\/json/);
    expect(expanded(compact.body.data)).toEqual(rows.body.data);
    const size = (body: unknown) => JSON.stringify(body).length;
    expect(size(compact.body)).toBeLessThan(size(rows.body) / 5);
  }, 60_000);

  it('answers an empty grid', async () => {
    const project = await createTeamProject(api, team);
    expect(await caller(api, team.owner).ok('GET', `/api/fmea/riskGrid?projectId=${project.id}&format=compact`)).toEqual({
      total: 0,
      page: 1,
      limit: 500,
      columns: [...COMPACT_GRID_COLUMNS],
      functions: [],
      modes: [],
      effects: [],
      causes: [],
      controls: [],
      actions: [],
      characteristics: [],
      rows: [],
    });
  });

  it('refuses a format it does not know, naming the field', async () => {
    const project = await createTeamProject(api, team);
    const res = await caller(api, team.owner, 'en-US').get(`/api/fmea/riskGrid?projectId=${project.id}&format=csv`);
    expect(res.status).toBe(400);
    expect(res.body.data.issues.map((i: any) => i.field)).toEqual(['format']);
  });
});
