import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callAs, caller, expectRefused, spcApp, spcSubgroups, upload, type SpcWorld, type TestApp } from '../../testing.ts';

let api: TestApp;
let s: SpcWorld;

beforeEach(async () => ({ api, s } = await spcApp()));
afterEach(() => api.dispose());

describe('POST /api/spc/measurements/add, /api/spc/measurements/post, /api/spc/freeze, /api/spc/release and GET /api/spc/analysis, /api/spc/measurements', () => {
  it('enters and posts measurements all or nothing, analyses them, freezes and releases the limits', async () => {
    const editor = caller(api, s.editor, 'en-US');
    const enter = { method: 'POST' as const, path: '/api/spc/measurements/add', body: { id: s.study.id, measurements: spcSubgroups(1, 12, 20, 0.008, 3) } };
    await expectRefused(api, enter, s.pfmeaOnly.token);
    expect((await editor.post(enter.path, { id: s.study.id, measurements: [{ value: 20 }] })).status).toBe(400);
    expect((await caller(api, s.reader).post(enter.path, enter.body)).status).toBe(403);
    const wrong = await editor.post(enter.path, { id: s.study.id, measurements: [{ subgroup: 'S1', value: 20 }, { subgroup: 'S1' }] });
    expect([wrong.status, wrong.body.meta.message.split('\n')]).toEqual([400, ['Form validation failed', 'Row 2: Value must be a number']]);
    expect(await editor.ok('POST', enter.path, enter.body)).toEqual({ added: 60, firstSeq: 1, lastSeq: 60 });

    // a machine account posts its batch with the import button (the reader holds the route only)
    const post = { method: 'POST' as const, path: '/api/spc/measurements/post', body: { id: s.study.studyNum, measurements: spcSubgroups(13, 13, 20, 0.008, 4).map((m) => ({ ...m, measuredAt: '2026-03-01T07:00:00+08:00' })) } };
    await expectRefused(api, post, s.pfmeaOnly.token);
    expect((await editor.post(post.path, { id: s.study.id, measurements: 'none' })).status).toBe(400);
    expect((await caller(api, s.reader).post(post.path, post.body)).status).toBe(403);
    expect(await editor.ok('POST', post.path, post.body)).toEqual({ added: 65, firstSeq: 61, lastSeq: 125 });

    const page = { method: 'GET' as const, path: `/api/spc/measurements?id=${s.study.id}&limit=2` };
    await expectRefused(api, page, s.pfmeaOnly.token);
    expect((await editor.get(`/api/spc/measurements?id=${s.study.id}&limit=0`)).status).toBe(400);
    expect(await caller(api, s.reader).ok('GET', page.path)).toMatchObject({ total: 125, items: [{ seq: 125, source: 'machine', measuredAt: '2026-02-28T23:00:00.000Z' }, { seq: 124 }] });

    const analysis = { method: 'GET' as const, path: `/api/spc/analysis?id=${s.study.id}` };
    await expectRefused(api, analysis, s.pfmeaOnly.token);
    expect((await editor.get('/api/spc/analysis')).status).toBe(400);
    const phaseOne = await caller(api, s.reader).ok('GET', analysis.path);
    expect(phaseOne).toMatchObject({ phase: 'I', phaseOne: null, capability: { cpk: expect.any(Number) }, proposedOccurrence: 2, histogram: { edges: expect.any(Array) } });
    expect(phaseOne.values).toHaveLength(25);

    const freeze = { method: 'POST' as const, path: '/api/spc/freeze', body: { id: s.study.id, version: 1 } };
    await expectRefused(api, freeze, s.pfmeaOnly.token);
    expect((await editor.post(freeze.path, { id: s.study.id })).status).toBe(400);
    expect((await caller(api, s.reader).post(freeze.path, freeze.body)).status).toBe(403);
    const frozen = await editor.ok('POST', freeze.path, freeze.body);
    expect(frozen).toMatchObject({ version: 2, frozen: { through: 125, center: phaseOne.center, byName: expect.any(String) } });
    await editor.ok('POST', post.path, { id: s.study.id, measurements: spcSubgroups(26, 3, 20.03, 0.008, 5) });
    const phaseTwo = await editor.ok('GET', analysis.path);
    expect(phaseTwo).toMatchObject({ phase: 'II', phaseOne: 25, center: phaseOne.center });
    expect(phaseTwo.violations).toEqual(expect.arrayContaining([expect.objectContaining({ subgroup: 'S26', rule: 1, series: 'primary' })]));

    // a file: every unreadable row named and nothing added; then the whole file
    const csv = (rows: string[]) => ['subgroup,value', ...rows].join('\n');
    const importCall = (content: string) => ({ method: 'POST' as const, path: '/api/spc/importData', raw: upload('file', 'bore.csv', content, { id: s.study.id }) });
    await expectRefused(api, importCall(csv(['S29,20'])), s.pfmeaOnly.token);
    expect((await callAs(api, importCall(csv(['S29,20'])), s.reader.token)).status).toBe(403);
    const unreadable = await callAs(api, importCall(csv(['S29,20.01', 'S29,abc'])), s.editor.token, 'en-US');
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.meta.message.split('\n')).toEqual(['The file bore.csv has rows that cannot be read', 'Row 3: value: “abc” is not a number']);
    const good = spcSubgroups(29, 2, 20, 0.008, 6).map((m) => `${m.subgroup},${m.value}`);
    expect((await callAs(api, importCall(csv(good)), s.editor.token)).body.data).toEqual({ added: 10, firstSeq: 141, lastSeq: 150, unmapped: [] });

    const release = { method: 'POST' as const, path: '/api/spc/release', body: { id: s.study.id, version: 2 } };
    await expectRefused(api, release, s.pfmeaOnly.token);
    expect((await editor.post(release.path, {})).status).toBe(400);
    expect((await caller(api, s.reader).post(release.path, release.body)).status).toBe(403);
    expect(await editor.ok('POST', release.path, release.body)).toMatchObject({ version: 3, frozen: null });
  });
});
