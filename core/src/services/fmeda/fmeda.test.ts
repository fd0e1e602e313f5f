import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fmeaProject, fmedaProject, fmedaRow } from '../../db/schema/index.ts';
import { buildWindowLifter, createTeamProject, idOf, makeTeam, openTestDatabase, teamMembers, type Team, type TestDatabase } from '../../testing/index.ts';
import { parseSnapshot } from '../../domain/fmea-baseline/index.ts';
import { createCatalogRecord } from '../catalog/records.ts';
import { freezeBaseline, getBaseline } from '../fmea-baseline/index.ts';
import { writeAndLog } from '../shared/write.ts';
import { copyProject } from '../fmea/project-copy.ts';
import { createFmeda, exportFmedaWorkbook, fillFmedaFromCatalog, getFmeda, getFmedaBaseline, importFmedaWorkbook, readFmedaWorksheet, saveFmedaRows, updateFmedaSettings, type FmedaRowSave } from './index.ts';
import { catalogRecord, fmeaBaseline } from '../../db/schema/index.ts';
import ExcelJS from 'exceljs';

let t: TestDatabase;
let team: Team;
const NOW = new Date('2026-03-09T08:00:00Z');
beforeEach(async () => {
  t = await openTestDatabase({ now: () => NOW });
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

/** A motor driver: a MOSFET whose short is covered 99 % and a shunt whose drift is latent-covered 90 %. */
const DRIVER: FmedaRowSave[] = [
  { elementName: 'MOSFET', elementFit: 20, failureMode: 'Short drain-source', distributionPct: 50, faultClass: 'single-point', residualMechanism: 'Current monitor', dcResidualPct: 99 },
  { elementName: 'MOSFET', elementFit: 20, failureMode: 'Open', distributionPct: 50, faultClass: 'safe' },
  { elementName: 'Shunt', elementFit: 10, failureMode: 'Drift', distributionPct: 100, faultClass: 'multiple-point', latentMechanism: 'Start-up test', dcLatentPct: 90 },
];

const newFmeda = (rows: FmedaRowSave[] = DRIVER) => createFmeda(team.owner, { name: 'Motor driver', members: teamMembers(team), rows, safetyGoal: 'No unintended closing' });

describe('an FMEDA project', () => {
  it('is an FMEA project of the kind fmeda, numbered FM, with its settings, rows and metrics', async () => {
    const view = await newFmeda();
    expect(view.serialNum).toMatch(/^FM2603090001$/);
    const project = await t.db.select().from(fmeaProject).where(eq(fmeaProject.id, view.projectId)).get();
    expect(project).toMatchObject({ projectType: 'fmeda', name: 'Motor driver' });
    expect(view.settings).toMatchObject({ standard: 'iso26262', targetAsil: 'B', safetyGoal: 'No unintended closing' });
    expect(view.rows.map((r) => r.failureMode)).toEqual(['Short drain-source', 'Open', 'Drift']);
    // λ 30 FIT; RF = 10 × 1 % = 0.1; latent = 10 × 10 % = 1: SPFM = 1 − 0.1/30, LFM = 1 − 1/29.9
    expect(view.metrics.spfm).toBeCloseTo(1 - 0.1 / 30, 12);
    expect(view.metrics.lfm).toBeCloseTo(1 - 1 / 29.9, 12);
    expect(view.metrics.pmhfFit).toBeCloseTo(0.1, 12);
    expect(view.metrics.asil.D).toEqual({ spfm: true, lfm: true, pmhf: true });
  });

  it('is made by its own call only: a plain FMEA project of the kind would lack its settings', async () => {
    await expect(createTeamProject(team, { projectType: 'fmeda' })).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'fmea.created_elsewhere' });
    expect(await t.db.select().from(fmeaProject)).toEqual([]);
  });

  it('refuses a worksheet with wrong rows, naming each, and writes nothing', async () => {
    const wrong = [
      { ...DRIVER[0]!, distributionPct: 80 },
      { ...DRIVER[1]!, dcResidualPct: 120, faultClass: 'dangerous' },
      { ...DRIVER[2]!, elementFit: -1 },
    ];
    await expect(newFmeda(wrong)).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [
        expect.objectContaining({ messageKey: 'fmeda.distribution_over', row: 1, params: expect.objectContaining({ element: 'MOSFET', sum: '130' }) }),
        expect.objectContaining({ messageKey: 'fmeda.fault_class_invalid', row: 2, field: 'faultClass' }),
        expect.objectContaining({ messageKey: 'fmeda.dc_residual_invalid', row: 2 }),
        expect.objectContaining({ messageKey: 'fmeda.fit_invalid', row: 3 }),
      ],
    });
    expect(await t.db.select().from(fmeaProject)).toEqual([]);
    expect(await t.db.select().from(fmedaRow)).toEqual([]);
  });

  it('saves the worksheet as a whole against its version, and the metrics follow the DC typed', async () => {
    const view = await newFmeda();
    const rows = view.rows.map((r) => ({ ...r }));
    rows[0]!.dcResidualPct = 90; // RF = 1 FIT: SPFM 1 − 1/30 = 96.7 %, below C's 97 %
    const saved = await saveFmedaRows(team.editor, view.projectId, { version: view.version, rows });
    expect(saved.version).toBe(view.version + 1);
    expect(saved.metrics.asil.B.spfm).toBe(true);
    expect(saved.metrics.asil.C.spfm).toBe(false);
    expect(saved.rows[0]).toMatchObject({ id: view.rows[0]!.id, dcResidualPct: 90, version: 2 });
    expect(saved.rows[1]!.version).toBe(1);
    // a save from the version read before is stale
    await expect(saveFmedaRows(team.owner, view.projectId, { version: view.version, rows: view.rows })).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.stale_version' });
    // a row left out is removed; a new one added
    const next = await saveFmedaRows(team.owner, view.projectId, { version: saved.version, rows: [saved.rows[0]!, { elementName: 'Gate driver', elementFit: 5, failureMode: 'Stuck on', distributionPct: 100, faultClass: 'single-point' }] });
    expect(next.rows.map((r) => r.failureMode)).toEqual(['Short drain-source', 'Stuck on']);
  });

  it('lets only members who may edit write, and nobody outside the team read', async () => {
    const view = await newFmeda();
    await expect(getFmeda(team.outsider, view.projectId)).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(saveFmedaRows(team.reader, view.projectId, { version: view.version, rows: view.rows })).rejects.toMatchObject({ code: 'not_allowed' });
    expect((await getFmeda(team.reader, view.projectId)).canEdit).toBe(false);
    const dfmea = await createTeamProject(team);
    await expect(getFmeda(team.owner, dfmea.id)).rejects.toMatchObject({ code: 'not_found', messageKey: 'fmeda.not_found' });
  });

  it('changes its settings, and refuses a target outside the standard', async () => {
    const view = await newFmeda();
    const iec = await updateFmedaSettings(team.owner, view.projectId, { version: view.version, standard: 'iec61508', targetSil: 3, elementType: 'typeB', hft: 1 });
    expect(iec.settings).toMatchObject({ standard: 'iec61508', targetSil: 3, elementType: 'typeB', hft: 1 });
    await expect(updateFmedaSettings(team.owner, view.projectId, { version: iec.version, targetSil: 5 })).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'fmeda.target_sil_invalid', field: 'targetSil' })] });
  });
});

describe('copying an FMEDA project', () => {
  it('takes the settings and worksheet along, as rows of the copy', async () => {
    const view = await newFmeda();
    const copy = await copyProject(team.owner, view.projectId, { name: 'Motor driver B' });
    const copied = await getFmeda(team.owner, copy.id);
    expect(copied.serialNum).toMatch(/^FM/);
    expect(copied.settings).toMatchObject({ standard: 'iso26262', targetAsil: 'B', safetyGoal: 'No unintended closing' });
    expect(copied.rows.map((r) => r.failureMode)).toEqual(view.rows.map((r) => r.failureMode));
    expect(copied.rows.some((r) => view.rows.some((v) => v.id === r.id))).toBe(false);
    expect(copied.metrics).toEqual(view.metrics);
  });
});

describe('generating an FMEDA from a DFMEA', () => {
  it('makes each lower-level element of the chosen node a row group and each of its failures a row', async () => {
    const dfmea = await createTeamProject(team);
    const lifter = await buildWindowLifter(team.owner, dfmea);
    const view = await createFmeda(team.owner, { name: 'Gearbox FMEDA', members: teamMembers(team), fromDfmea: { projectId: dfmea.id, nodeId: lifter.gearbox.id } });
    expect(view.rows.map((r) => [r.elementName, r.failureMode, r.distributionPct, r.faultClass, r.elementFit])).toEqual([
      ['Gear', 'Teeth worn', 50, 'single-point', 0],
      ['Gear', 'Teeth broken', 50, 'single-point', 0],
      ['Housing', 'Bearing seat loose', 100, 'single-point', 0],
    ]);
    expect(view.rows[0]).toMatchObject({ sourceNodeId: lifter.gear.id, sourceFailureId: lifter.worn.id });
    expect(view.settings).toMatchObject({ sourceProjectId: dfmea.id, sourceNodeId: lifter.gearbox.id });
  });

  it('refuses a DFMEA the creator may not open', async () => {
    const other = await makeTeam(t);
    const dfmea = await createTeamProject(other);
    await expect(createFmeda(team.owner, { name: 'x', members: teamMembers(team), fromDfmea: { projectId: dfmea.id } })).rejects.toMatchObject({ code: 'not_allowed' });
    expect(await t.db.select().from(fmedaProject)).toEqual([]);
  });
});

describe('the FMEDA workbook', () => {
  it('exports the worksheet in the issue’s column order with a metrics sheet, and the export imports as a new project', async () => {
    const view = await newFmeda();
    const file = await exportFmedaWorkbook(team.owner, view.projectId, 'en-US');
    expect(file.fileName).toBe(`FMEDA-${view.serialNum}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.data) as never);
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Element',
      'Element failure rate (FIT)',
      'Failure mode',
      'Distribution (%)',
      'Fault class',
      'Safety mechanism (residual)',
      'DC residual (%)',
      'Safety mechanism (latent)',
      'DC latent (%)',
    ]);
    expect(book.worksheets[1]!.getRow(2).values).toEqual([undefined, 'SPFM', '99.67 %']);
    const progress: number[] = [];
    const imported = await importFmedaWorkbook(team.owner, file.data, { fileName: 'driver.xlsx', members: teamMembers(team), onProgress: (done) => progress.push(done) });
    expect(imported.serialNum).toBe('FM2603090002');
    expect(imported.name).toBe('driver');
    expect(imported.rows.map(({ id: _, version: __, sort: ___, ...r }) => r)).toEqual(view.rows.map(({ id: _, version: __, sort: ___, ...r }) => r));
    expect(imported.metrics).toEqual(view.metrics);
    expect(progress).toEqual([0, 3]);
    // the Chinese export reads back too
    const zh = await exportFmedaWorkbook(team.owner, view.projectId, 'zh-CN');
    expect((await readFmedaWorksheet(zh.data)).rows).toHaveLength(3);
  });

  it('reports every wrong row and every unmapped column together and writes nothing', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('FMEDA');
    sheet.addRow(['Element', 'Element failure rate (FIT)', 'Failure mode', 'Distribution (%)', 'Fault class', 'Remark']);
    sheet.addRow(['MOSFET', 'ten', 'Short', 50, 'single-point', 'x']);
    sheet.addRow(['MOSFET', 10, 'Open', 50, 'bad', '']);
    const data = new Uint8Array(await book.xlsx.writeBuffer());
    const before = await t.db.select().from(fmeaProject);
    await expect(importFmedaWorkbook(team.owner, data, { fileName: 'bad.xlsx', members: teamMembers(team) })).rejects.toMatchObject({
      issues: [
        expect.objectContaining({ messageKey: 'fmeda.fit_invalid', row: 2 }),
        expect.objectContaining({ messageKey: 'fmeda.fault_class_invalid', row: 3 }),
        expect.objectContaining({ params: expect.objectContaining({ header: 'Remark' }) }),
      ],
    });
    expect(await t.db.select().from(fmeaProject)).toEqual(before);
  });
});

describe('filling from the hardware catalog', () => {
  it('takes a released resource’s λ and mode shares for an element, adding the modes it lacks', async () => {
    const view = await newFmeda();
    const record = await createCatalogRecord(t.ctx, 'hardwareResource', { values: { hardwareNumber: 'HW-1', hardwareName: 'MOSFET', failureRateFit: 25, failureModes: 'Short drain-source: 40; Open: 30; Gate leakage: 30 %' } });
    // an unreleased record is not offered
    await expect(fillFmedaFromCatalog(team.owner, view.projectId, { recordId: record.id, version: view.version })).rejects.toMatchObject({ messageKey: 'fmeda.catalog_record_not_found' });
    await t.db.update(catalogRecord).set({ status: '2' }).where(eq(catalogRecord.id, record.id));
    const filled = await fillFmedaFromCatalog(team.owner, view.projectId, { recordId: record.id, elementName: 'MOSFET', version: view.version });
    expect(filled.rows.map((r) => [r.elementName, r.failureMode, r.elementFit, r.distributionPct])).toEqual([
      ['MOSFET', 'Short drain-source', 25, 40],
      ['MOSFET', 'Open', 25, 30],
      ['MOSFET', 'Gate leakage', 25, 30],
      ['Shunt', 'Drift', 10, 100],
    ]);
    expect(filled.rows[2]!.catalogRecordId).toBe(record.id);
  });
});

describe('a baseline of an FMEDA', () => {
  it('freezes the worksheet and the metrics it had', async () => {
    const view = await newFmeda();
    const project = (await t.db.select().from(fmeaProject).where(eq(fmeaProject.id, view.projectId)).get())!;
    const frozen = await writeAndLog(t.ctx, async (tx, txCtx) => ({ result: await freezeBaseline(tx, txCtx, project, 1), log: [] }));
    const { snapshot } = await getBaseline(team.owner, view.projectId, frozen!.label);
    expect(snapshot.fmeda?.rows.map((r) => r.failureMode).sort()).toEqual(['Drift', 'Open', 'Short drain-source']);
    expect(snapshot.fmeda?.metrics).toEqual(view.metrics);
    expect(snapshot.fmeda?.settings.targetAsil).toBe('B');
    // a change afterwards leaves the baseline as it was
    const rows = view.rows.map((r) => ({ ...r, dcResidualPct: r.dcResidualPct === 99 ? 60 : r.dcResidualPct }));
    await saveFmedaRows(team.owner, view.projectId, { version: view.version, rows });
    const stored = (await t.db.select().from(fmeaBaseline).where(eq(fmeaBaseline.projectId, view.projectId)).get())!;
    expect(parseSnapshot(stored.content)?.fmeda?.metrics.spfm).toBe(view.metrics.spfm);
    // read back as frozen, in worksheet order, while the working copy moved on
    const read = await getFmedaBaseline(team.reader, view.projectId, 'bl1');
    expect(read.rows.map((r) => r.failureMode)).toEqual(['Short drain-source', 'Open', 'Drift']);
    expect(read.metrics).toEqual(view.metrics);
    expect((await getFmeda(team.owner, view.projectId)).metrics.spfm).not.toBe(view.metrics.spfm);
  });

  it('leaves other kinds’ snapshots without an FMEDA block, so their hashes stay as they were', async () => {
    const dfmea = await createTeamProject(team);
    const project = (await t.db.select().from(fmeaProject).where(eq(fmeaProject.id, dfmea.id)).get())!;
    const frozen = await writeAndLog(t.ctx, async (tx, txCtx) => ({ result: await freezeBaseline(tx, txCtx, project, 1), log: [] }));
    const stored = (await t.db.select().from(fmeaBaseline).where(eq(fmeaBaseline.projectId, dfmea.id)).get())!;
    expect(stored.content).not.toContain('"fmeda"');
    await expect(getFmedaBaseline(team.owner, dfmea.id, frozen!.label)).rejects.toMatchObject({ code: 'not_found', messageKey: 'fmeda.baseline_without_worksheet' });
    expect(idOf(team.owner)).toBeTruthy();
  });
});
