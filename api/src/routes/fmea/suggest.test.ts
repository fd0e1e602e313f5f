import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChain, caller, createTeamProject, makeTeam, openTestApp, signedInWith, type Team, type TestApp, UNAUTHENTICATED } from '../../testing.ts';

let api: TestApp;
let team: Team;
let project: any;
beforeEach(async () => {
  api = await openTestApp();
  team = await makeTeam(api);
  project = await createTeamProject(api, team);
  await buildChain(api, team.editor, project);
});
afterEach(() => api.dispose());

const suggest = (query: Record<string, string>) => `/api/fmea/suggest?${new URLSearchParams(query)}`;

describe('GET /api/fmea/suggest', () => {
  it('refuses a call without a session (401)', async () => {
    const res = await api.call('GET', suggest({ kind: 'function', q: 'c' }));
    expect(res.status).toBe(401);
    expect(res.body.meta).toEqual({ success: false, code: 401, message: UNAUTHENTICATED.zh });
  });

  it('refuses a user without an FMEA work area (403)', async () => {
    const { token } = await signedInWith(api, 'clerk', [{ routeName: 'system_user', buttons: [] }]);
    const res = await api.call('GET', suggest({ kind: 'function' }), { token });
    expect(res.status).toBe(403);
  });

  it('answers 400 naming the field for an unknown kind, a missing kind and a page size over 50', async () => {
    const as = caller(api, team.reader, 'en-US');
    for (const [query, field] of [
      [{ kind: 'bogus' }, 'kind'],
      [{ q: 'x' }, 'kind'],
      [{ kind: 'FE', pageSize: '51' }, 'pageSize'],
      [{ kind: 'FE', pageSize: '0' }, 'pageSize'],
      [{ kind: 'FE', q: 'x'.repeat(201) }, 'q'],
    ] as const) {
      const res = await as.get(suggest(query));
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.data.issues.map((i: { field: string }) => i.field)).toEqual([field]);
    }
  });

  it('suggests texts of readable projects for each kind, prefix matches first', async () => {
    const as = caller(api, team.reader);
    const fmea = (text: string) => ({ source: 'fmea', text, uses: 1, catalog: null });
    expect(await as.ok('GET', suggest({ kind: 'function', q: 'w' }))).toEqual([fmea('Close window'), fmea('Mesh with worm')]);
    expect(await as.ok('GET', suggest({ kind: 'FE', q: '' }))).toEqual([fmea('Window does not close')]);
    expect(await as.ok('GET', suggest({ kind: 'FC', q: 'TEETH' }))).toEqual([fmea('Teeth worn')]);
    expect(await as.ok('GET', suggest({ kind: 'requirement', q: 'nm', projectId: project.id, pageSize: '5' }))).toEqual([fmea('12 Nm')]);
  });

  it('shows nothing from projects the caller is not a member of, nor from deleted ones', async () => {
    expect(await caller(api, team.outsider).ok('GET', suggest({ kind: 'function', q: '' }))).toEqual([]);
    // a clerk without an FMEA work area: design projects are not theirs to read, nor are suggestions from them
    const planner = await signedInWith(api, 'clerk', [{ routeName: 'system_log', buttons: [] }]);
    expect((await caller(api, planner).get(suggest({ kind: 'function', q: '' }))).status).toBe(403);

    const current = await caller(api, team.owner).ok('GET', `/api/project/selectProjectById?projectId=${project.id}`);
    await caller(api, team.owner).ok('POST', '/api/project/delete', { id: project.id, version: current.version });
    expect(await caller(api, team.reader).ok('GET', suggest({ kind: 'function', q: '' }))).toEqual([]);
  });
});
