import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChain, caller, engineer, openTestApp, type TestApp } from '../../testing.ts';

/** POST /api/fmea/setControls: the risk grid's control cell as one call (issue 21). */
let api: TestApp;
beforeEach(async () => {
  api = await openTestApp();
});
afterEach(() => api.dispose());

describe('setting a cause’s controls as one list', () => {
  it('sets the list in one call, refuses a stale one with 409 and an empty text naming the field, and a stranger with 403', async () => {
    const owner = await engineer(api, 'owner');
    const stranger = await engineer(api, 'stranger');
    const project = await caller(api, owner).ok('POST', '/api/project/save', { projectType: 'dfmea', name: 'Window lifter', projectMembers: [{ userId: owner.user.id, userRole: 0 }] });
    const { cause } = await buildChain(api, owner, project);
    const as = caller(api, owner);
    const first = await as.ok<{ id: string; version: number; description: string }[]>('POST', '/api/fmea/setControls', { causeId: cause.id, kind: 'detection', descriptions: ['Rain test', 'Leak test'], seen: [] });
    expect(first.map((c) => c.description)).toEqual(['Rain test', 'Leak test']);
    const seen = first.map(({ id, version }) => ({ id, version }));

    const second = await as.ok<{ id: string; description: string }[]>('POST', '/api/fmea/setControls', { causeId: cause.id, kind: 'detection', descriptions: ['Rain test'], seen });
    expect(second.map((c) => c.id)).toEqual([first[0]!.id]);

    const stale = await api.call('POST', '/api/fmea/setControls', { token: owner.token, lang: 'en-US', body: { causeId: cause.id, kind: 'detection', descriptions: [], seen } });
    expect(stale.status).toBe(409);
    const empty = await api.call('POST', '/api/fmea/setControls', { token: owner.token, lang: 'en-US', body: { causeId: cause.id, kind: 'detection', descriptions: [''], seen: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.meta.message).toContain('Controls (entry 1) cannot be empty');
    expect(JSON.stringify(empty.body)).not.toMatch(/zod|ZodError|too_small/i);
    const refused = await api.call('POST', '/api/fmea/setControls', { token: stranger.token, body: { causeId: cause.id, kind: 'detection', descriptions: ['x'], seen: [{ id: first[0]!.id, version: first[0]!.version }] } });
    expect(refused.status).toBe(403);
  });
});
