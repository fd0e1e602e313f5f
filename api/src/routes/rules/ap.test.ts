import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AP_RULE_COLUMNS, writeSheet } from '@fmea/core';
import { engineerToken, expectRefused, lastLogged, openTestApp, type TestApp, upload } from '../../testing.ts';

let api: TestApp;
let admin: string;
beforeEach(async () => {
  api = await openTestApp();
  admin = await api.adminToken();
});
afterEach(() => api.dispose());

const evaluate = async (body: Record<string, unknown>, token = admin, lang?: string) => api.call('POST', '/api/apRule/evaluate', { token, body, lang });
const apOf = async (table: string, s: number, o: number, d: number) => (await evaluate({ table, severity: s, occurrence: o, det: d })).body.data.ap;
const RPN_ONLY = [{ ruleType: 'RPN', ap: 'H', rpnMin: 100, rpnMax: 1000 }];

describe('AP rule routes: who may call them', () => {
  it('lets engineers read and evaluate the rules, and nobody without a session', async () => {
    const engineer = await engineerToken(api);
    await expectRefused(api, { method: 'GET', path: '/api/apRule/list?table=dfmea' });
    await expectRefused(api, { method: 'POST', path: '/api/apRule/evaluate', body: { table: 'dfmea', severity: 1, occurrence: 1, det: 1 } });
    expect((await api.call('GET', '/api/apRule/list?table=pfmea', { token: engineer })).status).toBe(200);
    expect((await evaluate({ table: 'dfmea', severity: 9, occurrence: 6, det: 5 }, engineer)).status).toBe(200);
  });

  it('refuses changes and transfers without a session (401) and to a plain engineer (403)', async () => {
    const engineer = await engineerToken(api);
    for (const call of [
      { method: 'POST', path: '/api/apRule/save', body: { table: 'dfmea', rules: RPN_ONLY } },
      { method: 'GET', path: '/api/apRule/export?table=dfmea' },
      { method: 'POST', path: '/api/apRule/import' },
    ] as const) {
      await expectRefused(api, call, engineer);
    }
    expect(await apOf('dfmea', 1, 10, 10)).toBe('L');
  });
});

describe('GET /api/apRule/list and POST /api/apRule/evaluate', () => {
  it('answers the seeded handbook table', async () => {
    const res = await api.call('GET', '/api/apRule/list?table=dfmea&timestamp=1', { token: admin });
    expect(res.body.data).toMatchObject({ table: 'dfmea', selection: 'SOD' });
    expect(res.body.data.rules.length).toBeGreaterThan(0);
    expect(res.body.data.rules[0]).toEqual(expect.objectContaining({ ruleType: 'SOD', ap: expect.stringMatching(/^[HM]$/) }));
  });

  it('rates S/O/D with the stored rules, residual risk only when complete', async () => {
    expect((await evaluate({ table: 'dfmea', severity: 9, occurrence: 6, det: 5 })).body.data).toEqual({ ap: 'H', rpn: 270 });
    const both = await evaluate({ table: 'pfmea', severity: 9, occurrence: 6, det: 5, raseverity: 5, raoccurrence: 4, radet: 5 });
    expect(both.body.data).toEqual({ ap: 'H', rpn: 270, raAp: 'L', rarpn: 100 });
    expect((await evaluate({ table: 'pfmea', severity: 9, occurrence: 6, det: 5, raseverity: 5, raoccurrence: null })).body.data).toEqual({ ap: 'H', rpn: 270 });
  });

  it('refuses ratings outside 1 to 10 or not whole, a missing rating and an unknown table', async () => {
    const high = await evaluate({ table: 'dfmea', severity: 11, occurrence: 1, det: 1 });
    expect(high.status).toBe(400);
    expect(high.body.meta.message).toBe('请求参数校验失败\n严重度 (S)不能大于 10');
    const half = await evaluate({ table: 'dfmea', severity: 1, occurrence: 1.5, det: 1 }, admin, 'en-US');
    expect(half.body.meta.message).toBe('The request failed validation\nOccurrence (O) must be a whole number');
    const missing = await evaluate({ table: 'dfmea', severity: 1, occurrence: 1 }, admin, 'en-US');
    expect(missing.body.meta.message).toBe('The request failed validation\nDetection (D) is required');
    const residual = await evaluate({ table: 'dfmea', severity: 1, occurrence: 1, det: 1, radet: 0 }, admin, 'en-US');
    expect(residual.body.meta.message).toBe('The request failed validation\nDetection after action (D) must be at least 1');
    const table = await api.call('GET', '/api/apRule/list?table=xfmea', { token: admin, lang: 'en-US' });
    expect(table.status).toBe(400);
    expect(table.body.meta.message).toBe('The request failed validation\nRule table must be one of: dfmea, pfmea, msr');
  });
});

describe('POST /api/apRule/save', () => {
  it('replaces one table’s rules; the evaluation follows and the change is logged', async () => {
    expect(await apOf('pfmea', 5, 5, 4)).toBe('L');
    const res = await api.call('POST', '/api/apRule/save', { token: admin, body: { table: 'pfmea', selection: 'RPN', rules: RPN_ONLY } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ table: 'pfmea', selection: 'RPN', rules: RPN_ONLY });
    expect(await apOf('pfmea', 5, 5, 4)).toBe('H');
    expect(await apOf('pfmea', 9, 10, 1)).toBe('L');
    expect(await apOf('dfmea', 9, 10, 1)).toBe('H');
    const logged = await lastLogged(api, admin, 'rules.ap_replace');
    expect(logged).toMatchObject({ entityId: 'pfmea', before: { selection: 'SOD' }, after: { selection: 'RPN', rules: RPN_ONLY } });
  });

  it('keeps the selection when none is sent', async () => {
    const res = await api.call('POST', '/api/apRule/save', { token: admin, body: { table: 'msr', rules: [{ ruleType: 'SOD', ap: 'H', sMin: 9 }] } });
    expect(res.body.data.selection).toBe('SOD');
    expect(await apOf('msr', 9, 1, 1)).toBe('H');
  });

  it('writes nothing when a rule is wrong, listing each problem with its row', async () => {
    const before = (await api.call('GET', '/api/apRule/list?table=dfmea', { token: admin })).body.data;
    const res = await api.call('POST', '/api/apRule/save', {
      token: admin,
      lang: 'en-US',
      body: { table: 'dfmea', rules: [RPN_ONLY[0], { ruleType: 'SOD', ap: 'X', sMin: 0 }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe(
      'The AP rules have errors; nothing was saved\nRow 2: Unknown action priority X; use H, M or L\nRow 2: Lowest severity (S) must be a whole number from 1 to 10 (got 0)',
    );
    expect(res.body.data.issues.map((i: { row: number; field: string }) => [i.row, i.field])).toEqual([[2, 'ap'], [2, 'sMin']]);
    expect((await api.call('GET', '/api/apRule/list?table=dfmea', { token: admin })).body.data).toEqual(before);
  });

  it('refuses an unknown rule type in the selection and a missing rules list', async () => {
    const selection = await api.call('POST', '/api/apRule/save', { token: admin, lang: 'en-US', body: { table: 'dfmea', selection: 'SOD,XYZ', rules: RPN_ONLY } });
    expect(selection.status).toBe(400);
    expect(selection.body.meta.message).toBe('Unknown AP rule type XYZ; use S, SO, SD, OD, RPN, SOD, RPL or SOSD');
    const missing = await api.call('POST', '/api/apRule/save', { token: admin, body: { table: 'dfmea' } });
    expect(missing.status).toBe(400);
    expect(missing.body.meta.message).toBe('请求参数校验失败\n规则为必填项');
    expect(await apOf('dfmea', 9, 10, 1)).toBe('H');
  });
});

describe('GET /api/apRule/export and POST /api/apRule/import', () => {
  const importFile = (form: FormData, lang?: string) => api.call('POST', '/api/apRule/import', { token: admin, raw: form, lang });

  it('exports json and xlsx, and a json export imports into another table', async () => {
    await api.call('POST', '/api/apRule/save', { token: admin, body: { table: 'pfmea', selection: 'RPN', rules: RPN_ONLY } });
    const json = await api.app.request('/api/apRule/export?table=pfmea&format=json', { headers: { token: admin } });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(json.headers.get('content-disposition')).toContain('ap-rules-pfmea.json');
    const text = await json.text();
    expect(JSON.parse(text)).toEqual({ table: 'pfmea', selection: 'RPN', rules: RPN_ONLY });
    const xlsx = await api.app.request('/api/apRule/export?table=dfmea', { headers: { token: admin } });
    expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(new TextDecoder().decode((await xlsx.arrayBuffer()).slice(0, 2))).toBe('PK');

    const res = await importFile(upload('file', 'ap.json', text, { table: 'dfmea' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ table: 'dfmea', selection: 'RPN', rules: RPN_ONLY });
    expect(await apOf('dfmea', 9, 10, 1)).toBe('L');
    expect(await lastLogged(api, admin, 'rules.ap_replace')).toMatchObject({ entityId: 'dfmea' });
  });

  it('imports a spreadsheet, the form’s selection winning', async () => {
    const file = await writeSheet('ap', AP_RULE_COLUMNS, [{ ruleType: 'rpn', ap: 'm', rpnMin: 50, rpnMax: 1000 }]);
    const res = await importFile(upload('file', 'ap.xlsx', file, { table: 'msr', selection: 'RPN' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ table: 'msr', selection: 'RPN', rules: [{ ruleType: 'RPN', ap: 'M', rpnMin: 50, rpnMax: 1000 }] });
    expect(await apOf('msr', 5, 5, 2)).toBe('M');
  });

  it('writes nothing when a spreadsheet row is wrong, naming the row', async () => {
    const file = await writeSheet('ap', AP_RULE_COLUMNS, [
      { ruleType: 'SOD', ap: 'H', sMin: 9 },
      { ruleType: 'SOD', ap: 'H', sMin: 'nine' },
    ]);
    const res = await importFile(upload('file', 'ap.xlsx', file, { table: 'dfmea' }), 'en-US');
    expect(res.status).toBe(400);
    expect(res.body.meta.message).toBe('The AP rules have errors; nothing was saved\nRow 3: Lowest severity (S) must be a whole number');
    expect(res.body.data.issues[0]).toMatchObject({ row: 3, field: 'sMin' });
    expect(await apOf('dfmea', 9, 10, 1)).toBe('H');
  });

  it('refuses another file type, a file over 1 MB, malformed json, a missing file or table, and a bad format', async () => {
    const csv = await importFile(upload('file', 'ap.csv', 'x', { table: 'dfmea' }), 'en-US');
    expect(csv.status).toBe(400);
    expect(csv.body.meta.message).toBe('Unsupported file type; use json, xlsx, xls');
    const big = await importFile(upload('file', 'ap.json', new Uint8Array(1024 * 1024 + 1), { table: 'dfmea' }));
    expect(big.body.meta.message).toBe('文件超过大小限制（1M）');
    const broken = await importFile(upload('file', 'ap.json', '{"rules": [', { table: 'dfmea' }), 'en-US');
    expect(broken.status).toBe(400);
    expect(broken.body.meta.message).toMatch(/^Wrong document format: /);
    const brokenXlsx = await importFile(upload('file', 'ap.xlsx', 'not a zip', { table: 'dfmea' }));
    expect(brokenXlsx.body.meta.message).toBe('该文件不是 Excel 工作簿（.xlsx）');
    const noFile = await importFile(upload('other', 'ap.json', '[]', { table: 'dfmea' }), 'en-US');
    expect(noFile.body.meta.message).toBe('Choose a file to upload (file)');
    const noTable = await importFile(upload('file', 'ap.json', '[]'), 'en-US');
    expect(noTable.body.meta.message).toBe('The request failed validation\nRule table must be one of: dfmea, pfmea, msr');
    const format = await api.call('GET', '/api/apRule/export?table=dfmea&format=csv', { token: admin, lang: 'en-US' });
    expect(format.status).toBe(400);
    expect(format.body.meta.message).toBe('The request failed validation\nFormat must be one of: xlsx, json');
    expect(await apOf('dfmea', 9, 10, 1)).toBe('H');
  });
});
