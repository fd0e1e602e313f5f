import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogs } from '../../../i18n/index.ts';
import { buildWindowLifter, createTeamProject, idOf, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../../testing/index.ts';
import { addAction } from '../actions.ts';
import { addControl } from '../controls.ts';
import { rateMsr, readMsr } from '../msr.ts';
import { exportDfmeaWorkbook } from './export.ts';
import { importDfmeaWorkbook } from './import.ts';
import { MSR_COLUMNS, MSR_SHEET_MESSAGE_KEYS } from './msr-sheet.ts';
import { readAllSheets } from './workbook-io.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

/** An MSR project on the window lifter: "Teeth worn" rated F 4, M 6, with a monitoring and a response control and a completed monitoring action. */
async function msrLifter() {
  const project = await createTeamProject(team, { projectType: 'msr' });
  const w = await buildWindowLifter(team.editor, project);
  await rateMsr(team.editor, w.worn.id, { version: w.worn.version, msrFrequency: 4, msrMonitoring: 6, msrSeverity: 5, msrEffect: 'Window stops, lamp on' });
  await addControl(team.editor, { causeId: w.worn.id, kind: 'monitoring', description: 'Motor current watched' });
  await addControl(team.editor, { causeId: w.worn.id, kind: 'response', description: 'Stop the motor' });
  await addAction(team.editor, { causeId: w.worn.id, kind: 'monitoring', description: 'Hall plausibility', responsibleUserId: idOf(team.editor), targetDate: '2027-03-31', raOccurrence: 2, raDetection: 1 });
  return { project, ...w };
}

const rowsOfSheet = async (bytes: Uint8Array, name: string) => {
  const sheets = await readAllSheets(bytes);
  // cells are 1-based: column A is cells[1]
  return sheets.find((s) => s.name === name)?.rows.map((r) => r.cells.slice(1)) ?? null;
};

describe('the MSR part of the DFMEA workbook', () => {
  it('writes the FMEA-MSR sheet of an MSR project (one row per cause, the MSR AP and the AP after the actions), and none for a DFMEA', async () => {
    const w = await msrLifter();
    const bytes = await exportDfmeaWorkbook(team.owner, w.project.id, { locale: 'en-US' });
    const rows = (await rowsOfSheet(bytes, 'FMEA-MSR'))!;
    expect(rows).not.toBeNull();
    const head = rows[2]!;
    expect(head.slice(0, 3)).toEqual(['Focus element', 'Focus function', 'Most severe failure effect (FE)']);
    const at = (row: readonly string[], column: (typeof MSR_COLUMNS)[number]) => row[MSR_COLUMNS.indexOf(column)];
    const worn = rows.find((r) => r.includes('Teeth worn'))!;
    expect([at(worn, 'severity'), at(worn, 'frequency'), at(worn, 'monitoring'), at(worn, 'ap')]).toEqual(['9', '4', '6', 'H']);
    expect([at(worn, 'monitoringControls'), at(worn, 'responseControls'), at(worn, 'effectAfter'), at(worn, 'severityAfter')]).toEqual(['Motor current watched', 'Stop the motor', 'Window stops, lamp on', '5']);
    expect([at(worn, 'actionKind'), at(worn, 'action'), at(worn, 'targetDate'), at(worn, 'raFrequency'), at(worn, 'raMonitoring'), at(worn, 'raAp')]).toEqual(['Diagnostic monitoring', 'Hall plausibility', '2027-03-31', '2', '1', 'L']);
    // three causes under the mode, one row each
    expect(rows.slice(3).length).toBe(3);

    const dfmea = await createTeamProject(team);
    await buildWindowLifter(team.editor, dfmea);
    expect(await rowsOfSheet(await exportDfmeaWorkbook(team.owner, dfmea.id, { locale: 'en-US' }), 'FMEA-MSR')).toBeNull();
  });

  it('reads the MSR ratings, controls and actions back into an MSR project from the list sheets', async () => {
    const w = await msrLifter();
    const before = await readMsr(team.reader, w.project.id);
    const target = await createTeamProject(team, { projectType: 'msr' });
    const bytes = await exportDfmeaWorkbook(team.owner, w.project.id, { locale: 'zh-CN' });
    const report = await importDfmeaWorkbook(team.owner, bytes, { fileName: 'msr.xlsx', projectId: target.id });
    expect(report.imported).toBeGreaterThan(0);
    const after = await readMsr(team.reader, target.id);
    const strip = (form: typeof before) =>
      form.rows.map(({ causeId: _c, version: _v, monitoringControls, responseControls, actions, ...r }) => ({
        ...r,
        monitoringControls: monitoringControls.map((c) => c.description),
        responseControls: responseControls.map((c) => c.description),
        actions: actions.map(({ id: _i, version: _av, ...a }) => a),
      }));
    expect(strip(after)).toEqual(strip(before));
  });

  it('refuses the MSR part into a DFMEA without the MSR steps, and writes nothing', async () => {
    const w = await msrLifter();
    const bytes = await exportDfmeaWorkbook(team.owner, w.project.id, { locale: 'en-US' });
    const dfmea = await createTeamProject(team);
    // the failures sheet's MSR columns have no place in a DFMEA's workbook; accepted anyway, the MSR controls and actions are refused
    await expect(importDfmeaWorkbook(team.owner, bytes, { fileName: 'msr.xlsx', projectId: dfmea.id })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(importDfmeaWorkbook(team.owner, bytes, { fileName: 'msr.xlsx', projectId: dfmea.id, acceptUnmapped: true })).rejects.toMatchObject({
      issues: expect.arrayContaining([expect.objectContaining({ messageKey: 'fmea.msr_not_in_project' })]),
    });
    expect((await readMsr(team.owner, dfmea.id)).rows).toEqual([]);
  });

  it.each(LOCALES)('names the sheet, its steps and columns in %s', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of MSR_SHEET_MESSAGE_KEYS) expect(catalog[key]?.trim(), key).toBeTruthy();
  });
});
