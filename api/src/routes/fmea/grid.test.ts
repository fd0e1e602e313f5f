import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyCatalogRecord,
  approveCatalogRecord,
  auditCatalogRecord,
  COMPACT_GRID_COLUMNS,
  createCatalogRecord,
  expandCompactGrid,
  importAnalysis,
  readAnalysis,
  readRiskGrid,
  updateCatalogRecord,
  updateControl,
  updateFailure,
  updateFunction,
  type AnalysisImport,
  type RiskGridRow,
} from '@fmea/core';
import { syntheticAnalysis } from '@fmea/core/testing';
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

  it('carries the catalog version each cited item names, as the analysis read does, in both forms', async () => {
    const project = await createTeamProject(api, team);
    await importAnalysis(api.t.ctx, project.id, VARIED);
    const ctx = api.t.ctx;
    const release = async (draft: { id: string; version: number }) => {
      const applied = await applyCatalogRecord(ctx, draft.id, { version: draft.version });
      const audited = await auditCatalogRecord(ctx, draft.id, { version: applied.version, opinion: 'ok' });
      return approveCatalogRecord(ctx, draft.id, { version: audited.version });
    };
    const released = async (typeId: string, values: Record<string, unknown>) => release(await createCatalogRecord(ctx, typeId, { values }));
    const before = await readAnalysis(ctx, project.id);
    const fn = before.functions.find((f) => f.description === 'Transmit torque')!;
    const failure = (text: string) => before.failures.find((f) => f.description === text)!;
    const control = before.controls.find((c) => c.description === 'Design guideline DG-12')!;
    await updateFunction(ctx, fn.id, { version: fn.version, catalogRecordId: (await released('function', { functionDesc: 'Transmit torque' })).id });
    for (const text of ['Window does not close', 'No torque transmitted', 'Teeth worn']) {
      await updateFailure(ctx, failure(text).id, { version: failure(text).version, catalogRecordId: (await released('invalidMode', { invalidmode: text })).id });
    }
    const measure = await released('preventionMeasure', { measureDesc: 'Design guideline DG-12' });
    await updateControl(ctx, control.id, { version: control.version, catalogRecordId: measure.id });
    // a later version of the measure released: the control still cites the first, now marked
    await release(await updateCatalogRecord(ctx, measure.id, { version: measure.version, values: { measureDesc: 'Design guideline DG-12 rev B' } }));

    const analysis = await readAnalysis(ctx, project.id);
    const cited = (id: string) => [...analysis.functions, ...analysis.failures, ...analysis.controls].find((i) => i.id === id)!.catalog;
    const { rows, compact } = await both(project.id, 'limit=100');
    expect(expanded(compact)).toEqual(rows);
    const engine = await readRiskGrid(ctx, project.id, { limit: 100 });
    expect(rows.items).toEqual(onTheWire(engine.items));

    const first = rows.items[0];
    expect([first.effect.description, first.mode.description, first.cause.description]).toEqual(['Window does not close', 'No torque transmitted', 'Teeth worn']);
    expect(first.functionCatalog).toMatchObject({ recordId: expect.any(String), versionNo: 1, status: '2', newerVersion: false });
    expect(first.functionCatalog).toEqual(cited(first.functionId));
    for (const item of [first.effect, first.mode, first.cause]) expect(item.catalog).toEqual(cited(item.id));
    expect(first.controls.map((c: any) => c.catalog)).toEqual(first.controls.map((c: any) => cited(c.id)));
    expect(first.controls[0].catalog).toEqual({ recordId: measure.id, serialNum: measure.serialNum, versionNo: 1, status: '2', newerVersion: true });
    expect(first.controls[1].catalog).toBeNull();
    // own wording: no marker
    const slowly = rows.items.find((r: any) => r.effect?.description === 'Window closes slowly');
    expect(slowly.effect.catalog).toBeNull();
  });

  it('refuses a format it does not know, naming the field', async () => {
    const project = await createTeamProject(api, team);
    const res = await caller(api, team.owner, 'en-US').get(`/api/fmea/riskGrid?projectId=${project.id}&format=csv`);
    expect(res.status).toBe(400);
    expect(res.body.data.issues.map((i: any) => i.field)).toEqual(['format']);
  });
});
