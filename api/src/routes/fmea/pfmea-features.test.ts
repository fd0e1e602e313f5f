import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { caller, openTestApp, signedInWith, type Person, type TestApp, upload } from '../../testing.ts';

let api: TestApp;
let owner: Person;
let reader: Person;
let pfmea: any;

beforeEach(async () => {
  api = await openTestApp();
  owner = await signedInWith(api, 'owner', [{ routeName: 'pfmea_index', buttons: ['add', 'edit', 'import', 'export'] }]);
  reader = await signedInWith(api, 'reader', [{ routeName: 'pfmea_index', buttons: ['add', 'import', 'export'] }]);
  pfmea = await caller(api, owner).ok('POST', '/api/project/save', {
    projectType: 'pfmea',
    name: 'Housing line',
    projectMembers: [
      { userId: owner.user.id, roles: [0] },
      { userId: reader.user.id, roles: [4] },
    ],
  });
});
afterEach(() => api.dispose());

async function workbook(rows: string[][]): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe('the PFMEA product feature list over HTTP', () => {
  it('imports a list with pfmeaProjectSerial and exports it back; a read-only member may export, not import', async () => {
    const data = await workbook([
      ['Process number', 'Process step', 'Function of the process step', 'Product characteristic', 'Characteristic class', 'Special characteristic', 'Customer class'],
      ['10', 'Turn housing', 'Turn bearing seat', 'Seat diameter', 'critical', 'yes', ''],
    ]);
    const form = () => upload('excelFile', 'features.xlsx', data, { pfmeaProjectSerial: pfmea.serialNum });
    expect((await api.call('POST', '/api/pfmeaProductFeature/importData', { raw: form() })).status).toBe(401);
    const refused = await api.call('POST', '/api/pfmeaProductFeature/importData', { token: reader.token, raw: form() });
    expect(refused.status).toBe(403);
    const imported = await api.call('POST', '/api/pfmeaProductFeature/importData', { token: owner.token, raw: form() });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data).toEqual({ created: 1, updated: 0, skipped: 0, steps: 1, functions: 1, unmapped: [] });

    const exported = await api.call('GET', `/api/pfmeaProductFeature/exportData?pfmeaProjectSerial=${pfmea.serialNum}`, { token: reader.token, lang: 'en-US' });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('spreadsheetml');
  });

  it('answers 404 for another type and names sheet rows in a refusal', async () => {
    const admin = await api.login('admin');
    const dfmea = await api.call('POST', '/api/project/save', { token: admin, body: { projectType: 'dfmea', name: 'Door', projectMembers: [{ userId: owner.user.id, userRole: 0 }] } });
    expect((await api.call('GET', `/api/pfmeaProductFeature/exportData?pfmeaProjectSerial=${dfmea.body.data.serialNum}`, { token: admin })).status).toBe(404);
    const data = await workbook([
      ['过程编号', '过程步骤功能', '产品特性'],
      ['99', '功能', '特性'],
    ]);
    const bad = await api.call('POST', '/api/pfmeaProductFeature/importData', { token: owner.token, lang: 'en-US', raw: upload('excelFile', 'f.xlsx', data, { pfmeaProjectSerial: pfmea.id }) });
    expect(bad.status).toBe(400);
    expect(bad.body.data.issues.map((i: any) => [i.row, i.field, i.messageKey])).toEqual([[2, 'processNo', 'fmea.feature_step_unknown']]);
    expect(bad.body.data.issues[0].message).toContain('99');
  });
});
