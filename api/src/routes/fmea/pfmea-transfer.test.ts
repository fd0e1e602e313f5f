import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { readWorkbookSheets, schema } from '@fmea/core';
import { openTestApp, signedInWith, type Person, type TestApp } from '../../testing.ts';

/**
 * PFMEA workbooks over the same calls as the DFMEA's (spec 001 §7 names no
 * import or export on the PFMEA base): a PFMEA project exports the AIAG-VDA
 * PFMEA form, and its import (or a new project with projectType pfmea) reads
 * a PFMEA's workbook or legacy sheet.
 */

let api: TestApp;
let process: Person;
beforeEach(async () => {
  api = await openTestApp({ now: () => new Date('2026-06-01T08:00:00Z') });
  process = await signedInWith(api, 'process', [{ routeName: 'pfmea_index', buttons: ['add', 'edit'] }]);
});
afterEach(() => api.dispose());

function form(bytes: Uint8Array, name: string, fields: Record<string, string> = {}) {
  const data = new FormData();
  data.append('excelFile', new Blob([Buffer.from(bytes)]), name);
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
}

const upload = (person: Person, bytes: Uint8Array, name: string, fields: Record<string, string> = {}) =>
  api.call('POST', '/api/project/importData', { token: person.token, lang: 'en-US', raw: form(bytes, name, fields) });

async function download(person: Person, query: string) {
  const res = await api.app.request(`/api/project/exportData?${query}`, { headers: { token: person.token, lang: 'en-US' } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** A legacy AIAG 4th-edition PFMEA sheet: title, header block, header row, rows. */
async function legacyPfmea(rows: (string | number)[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('PFMEA');
  ws.addRow(['Potential Failure Mode and Effects Analysis (Process FMEA)']);
  ws.addRow(['Item:', 'Gearbox housing', '', 'Process Responsibility:', 'Machining shop']);
  ws.addRow([]);
  ws.addRow(['Process Step/Function', 'Requirements', 'Potential Failure Mode', 'Potential Effect(s) of Failure', 'S', 'Class', 'Potential Cause(s) of Failure', '4M', 'Current Process Controls Prevention', 'O', 'Current Process Controls Detection', 'D', 'RPN']);
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const GOOD = [
  ['OP10 Turn bearing seat\nTurn seat to size', 'Ø22 H7', 'Seat oversize', 'Bearing loose', 8, 'CC', 'Tool worn', 'Machine', 'Tool life counter', 5, 'Air gauge', 5, 200],
  ['', '', '', '', '', '', 'Blank off-centre', 'Man', '', 4, 'Visual check', 7, 224],
  ['OP20 Press in bearing\nPress to depth', 'Depth 3 ±0.1', 'Not to depth', 'Gear noise', 6, 'SC', 'Parts warm', 'Environment', '', 3, 'Force monitoring', 4, 72],
];

/** The process fields of a project's structure: name|processNo|4M, sorted. */
async function structure(projectId: string): Promise<string[]> {
  const nodes = await api.t.db.select().from(schema.fmeaNode);
  return nodes
    .filter((n) => n.projectId === projectId && n.parentId)
    .map((n) => `${n.name}|${n.processNo ?? ''}|${n.workElementType ?? ''}`)
    .sort();
}

describe('PFMEA workbooks over /api/project/importData and exportData', () => {
  it('imports a legacy PFMEA sheet as a new PFMEA, exports the PFMEA form, and reads it back into a new PFMEA', async () => {
    const imported = await upload(process, await legacyPfmea(GOOD), 'old.xlsx', { projectType: 'pfmea' });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const report = imported.body.data;
    expect(report.serialNum).toMatch(/^PF/);
    expect(report).toMatchObject({ layout: 'legacy', rows: 3, imported: 3, errors: [], unmapped: [] });
    // the 4M column's text names each cause's work element
    expect(await structure(report.projectId)).toEqual(['Environment||environment', 'Machine||machine', 'Man||man', 'Press in bearing|20|', 'Turn bearing seat|10|']);

    const { res, bytes } = await download(process, `serialNum=${report.serialNum}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`filename="PFMEA-${report.serialNum}.xlsx"`);
    const sheets = await readWorkbookSheets(bytes);
    expect(sheets[0]!.name).toBe('PFMEA form');
    expect(sheets[0]!.rows[0]!.cells[1]).toBe('Process FMEA (AIAG & VDA)');
    expect(sheets[0]!.rows.some((r) => r.cells.includes('Process responsibility') && r.cells.includes('Machining shop'))).toBe(true);

    const again = await upload(process, bytes, `PFMEA-${report.serialNum}.xlsx`, { projectType: 'pfmea' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({ layout: 'flat', rows: 3, imported: 3 });
    expect(again.body.data.serialNum).toMatch(/^PF/);
    expect(await structure(again.body.data.projectId)).toEqual(await structure(report.projectId));
    const copy = await api.call('GET', `/api/project/selectProjectById?projectId=${again.body.data.projectId}`, { token: process.token });
    expect(copy.body.data).toMatchObject({ projectType: 'pfmea', name: 'Gearbox housing', designResponsibility: 'Machining shop' });

    // into the existing PFMEA (its type decides the form), dedupe adds nothing
    const dedupe = await upload(process, bytes, 'again.xlsx', { projectSerial: report.serialNum, importWayType: '2' });
    expect(dedupe.status, JSON.stringify(dedupe.body)).toBe(200);
    expect(dedupe.body.data.counts.nodes).toBe(0);
  });

  it('refuses bad rows with 400 naming their sheet rows, writing nothing', async () => {
    const bad = await legacyPfmea([GOOD[0]!, ['OP30 Wash', '', '', 'Noise', 5, '', 'Nozzle', 'Method', '', 11, '', 4, '']]);
    const before = (await api.t.db.select({ id: schema.fmeaProject.id }).from(schema.fmeaProject)).length;
    const res = await upload(process, bad, 'bad.xlsx', { projectType: 'pfmea' });
    expect(res.status).toBe(400);
    expect(res.body.data.messageKey).toBe('fmeaExcel.import_invalid');
    expect(res.body.data.issues.map((i: { row: number; messageKey: string }) => `${i.row}:${i.messageKey}`)).toEqual(['6:fmeaExcel.mode_missing', '6:fmeaExcel.rating_invalid']);
    expect(res.body.data.issues[0].message).toBe('The failure mode is missing');
    expect(res.body.meta.message).toContain('Row 6: The failure mode is missing');
    expect((await api.t.db.select({ id: schema.fmeaProject.id }).from(schema.fmeaProject)).length).toBe(before);
  });

  it('needs the add button of the new project’s type: a DFMEA engineer may not create a PFMEA by importing one', async () => {
    const design = await signedInWith(api, 'design', [{ routeName: 'dfmea_index', buttons: ['add', 'edit'] }]);
    expect((await upload(design, await legacyPfmea(GOOD), 'old.xlsx', { projectType: 'pfmea' })).status).toBe(403);
    expect((await upload(process, await legacyPfmea(GOOD), 'old.xlsx')).status).toBe(403);
  });

  it('describes projectType and the PFMEA form in the OpenAPI document', async () => {
    const doc = (await (await api.app.request('/api/openapi.json')).json()) as any;
    const importForm = doc.paths['/api/project/importData'].post.requestBody.content['multipart/form-data'].schema;
    const properties = importForm.properties ?? doc.components.schemas[importForm.$ref.split('/').pop()].properties;
    expect(properties.projectType.enum).toEqual(['dfmea', 'pfmea']);
    expect(doc.paths['/api/project/exportData'].get.description).toContain('PFMEA');
    expect(doc.paths['/api/pfmeaProject/importData']).toBeUndefined();
  });
});
