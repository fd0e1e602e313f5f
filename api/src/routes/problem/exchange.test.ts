import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readWorkbook, spreadsheetLimits, writeSheet } from '@fmea/core';
import { caller, expectRefused, openTestApp, signedInWith, type Person, type TestApp } from '../../testing.ts';

let api: TestApp;
let quality: Person;
let reader: Person;

beforeEach(async () => {
  api = await openTestApp({ now: () => new Date('2026-03-01T08:00:00Z') });
  quality = await signedInWith(api, 'quality', [{ routeName: 'problem_index', buttons: ['add', 'import', 'export'] }]);
  reader = await signedInWith(api, 'reader', [{ routeName: 'problem_index', buttons: [] }]);
});
afterEach(() => api.dispose());

function upload(bytes: Uint8Array, token: string, fields: Record<string, string> = {}, lang = 'en-US') {
  const data = new FormData();
  data.append('excelFile', new Blob([Buffer.from(bytes)]), 'problems.xlsx');
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return api.call('POST', '/api/problem/importData', { token, lang, raw: data });
}
const sheetText = async (bytes: Uint8Array) => (await readWorkbook(bytes, spreadsheetLimits('table', 1024 * 1024)))[0]!.rows.map((r) => r.cells.filter(Boolean).join(' | '));

describe('GET /api/problem/exportData, /api/problem/report and POST /api/problem/importData', () => {
  it('exports the list and one 8D report in the reader’s language; imports all or nothing', async () => {
    const p = await caller(api, quality).ok('POST', '/api/problem/create', { brief: 'Window lifter stalls', type: 'designProblem', source: 'field' });
    await expectRefused(api, { method: 'GET', path: '/api/problem/exportData' }, reader.token);
    const list = await api.app.request('/api/problem/exportData?status=open', { headers: { token: quality.token, lang: 'en-US' } });
    expect([list.status, list.headers.get('content-type')]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect((await sheetText(new Uint8Array(await list.arrayBuffer())))[1]).toContain('Window lifter stalls | Design problem | Field / after-sales');
    expect((await caller(api, quality).get('/api/problem/exportData?status=bogus')).status).toBe(400);

    await expectRefused(api, { method: 'GET', path: `/api/problem/report?id=${p.problemNum}` }, (await signedInWith(api, 'eng', [{ routeName: 'dfmea_index', buttons: [] }])).token);
    const report = await api.app.request(`/api/problem/report?id=${p.problemNum}`, { headers: { token: reader.token, lang: 'zh-CN' } });
    expect(report.status).toBe(200);
    expect(report.headers.get('content-disposition')).toContain(encodeURIComponent(`8D报告-${p.problemNum}.xlsx`));
    expect(await sheetText(new Uint8Array(await report.arrayBuffer()))).toEqual(expect.arrayContaining(['D0 准备与紧急响应', 'D8 关闭并表彰小组']));

    const bad = await writeSheet('P', [{ key: 'brief', headers: ['Brief'] }, { key: 'type', headers: ['Type'] }, { key: 'source', headers: ['Source'] }], [
      { brief: 'Rattle', type: 'Production problem', source: 'Production line' },
      { brief: 'Squeak', type: 'bogus', source: 'field' },
    ]);
    expect((await upload(bad, reader.token)).status).toBe(403);
    const refused = await upload(bad, quality.token);
    expect([refused.status, refused.body.meta.message]).toEqual([400, 'Nothing was imported: the file has errors\nRow 3: Type: “bogus” is not one of the allowed values']);
    expect((await caller(api, quality).ok('POST', '/api/problem/list', {})).total).toBe(1);
    const good = await writeSheet('P', [{ key: 'brief', headers: ['问题简述'] }, { key: 'type', headers: ['问题类型'] }, { key: 'source', headers: ['问题来源'] }, { key: 'x', headers: ['成本'] }], [{ brief: '异响', type: '生产问题', source: '生产线', x: '3' }]);
    expect((await upload(good, quality.token)).status).toBe(400);
    const done = await upload(good, quality.token, { acceptUnmapped: 'true' });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ created: [{ brief: '异响', problemNum: expect.stringMatching(/^RS/) }], unmappedColumns: [{ messageKey: 'import.column_unmapped' }] });
  });
});
