import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ewoSheetColumns, writeSheet } from '@fmea/core';
import { caller, expectRefused, upload, type TestApp, ewoApp, openEwo, type EwoWorld } from '../../testing.ts';

let api: TestApp;
let s: EwoWorld;

beforeEach(async () => ({ api, s } = await ewoApp()));
afterEach(() => api.dispose());

const sheet = (rows: Record<string, string>[]) => writeSheet('EWO', ewoSheetColumns('en-US'), rows);

describe('GET /api/ewo/exportData and POST /api/ewo/importData', () => {
  it('exports the list and imports new EWOs, every wrong row named and nothing written', async () => {
    await openEwo(api, s);
    const exported = { method: 'GET' as const, path: '/api/ewo/exportData?openStatus=open' };
    await expectRefused(api, exported, s.tracker.token);
    expect((await caller(api, s.author).get('/api/ewo/exportData?openStatus=half')).status).toBe(400);
    const file = await api.call('GET', exported.path, { token: s.author.token, lang: 'en-US' });
    expect([file.status, file.headers.get('content-type')]).toEqual([200, expect.stringContaining('spreadsheetml')]);

    const post = async (rows: Record<string, string>[], token = s.author.token, name = 'ewo.xlsx') =>
      api.call('POST', '/api/ewo/importData', { token, lang: 'en-US', raw: upload('excelFile', name, await sheet(rows)) });
    const good = { description: 'Seal lip change', ewoType: 'Design change', source: 'Customer request', tracker: s.tracker.user.userName };
    const anonymous = await api.call('POST', '/api/ewo/importData', { raw: upload('excelFile', 'ewo.xlsx', await sheet([good])) });
    expect(anonymous.status).toBe(401);
    expect((await post([good], s.tracker.token)).status).toBe(403);
    expect((await post([good], s.author.token, 'ewo.txt')).status).toBe(400);
    const wrong = await post([good, { ...good, description: '', tracker: 'nobody' }]);
    expect([wrong.status, wrong.body.meta.message.split('\n')]).toEqual([400, ['2 problems found; no engineering change was imported', 'Row 3: Description cannot be empty', 'Row 3: The tracker is not a known user']]);
    expect((await caller(api, s.author).ok('POST', '/api/ewo/list', {})).total).toBe(1);
    const done = await post([good]);
    expect([done.status, done.body.data.created]).toEqual([200, [expect.objectContaining({ ewoNum: expect.stringMatching(/^EC/) })]]);
    expect((await caller(api, s.author).ok('POST', '/api/ewo/list', {})).total).toBe(2);
  });
});
