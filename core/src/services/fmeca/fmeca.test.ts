import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogs } from '../../i18n/index.ts';
import { eq } from 'drizzle-orm';
import { fmeaProject, fmedaProject } from '../../db/schema/index.ts';
import { buildWindowLifter, createTeamProject, idOf, makeTeam, openTestDatabase, teamMembers, type Team, type TestDatabase } from '../../testing/index.ts';
import { createFmeda, getFmeda, saveFmedaRows } from '../fmeda/index.ts';
import { addFailure } from '../fmea/failures.ts';
import { linkFailures } from '../fmea/nets.ts';
import { readAllSheets } from '../fmea/excel/workbook-io.ts';
import { readFmeca, saveFmecaInputs, storedFmecaInputs } from './fmeca.ts';
import { exportFmecaWorkbook, FMECA_WORKBOOK_KEYS } from './workbook.ts';

let t: TestDatabase;
let team: Team;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
});
afterEach(() => t.dispose());

async function lifter() {
  const project = await createTeamProject(team);
  return { project, ...(await buildWindowLifter(team.editor, project)) };
}

describe('the FMECA of a DFMEA', () => {
  it('places each mode by its effects’ highest S and its causes’ highest O, and leaves an unrated one out', async () => {
    const w = await lifter();
    // a second mode on the gearbox with an effect but no cause
    const slips = await addFailure(team.editor, { functionId: w.torque.id, kind: 'FM', description: 'Torque slips' });
    await linkFailures(team.editor, { higherFailureId: w.effect.id, lowerFailureId: slips.id });
    const report = await readFmeca(team.reader, w.project.id);
    // S 9 → I; O 6, 2, 3 → 6 → C
    expect(report.matrix.cells.I.C.map((m) => [m.itemName, m.name, m.severity, m.occurrence])).toEqual([['Gearbox', 'No torque transmitted', 9, 6]]);
    expect(report.matrix.unplaced.map((m) => m.name)).toEqual(['Torque slips']);
    expect(report.modes.map((m) => [m.name, m.severityClass, m.occurrenceLevel, m.cm])).toEqual([
      ['No torque transmitted', 'I', 'C', null],
      ['Torque slips', 'I', null, null],
    ]);
  });

  it('computes Cm and Cr from λp in FIT, t, β and α (the mode’s frequency ratio unless given), as worked by hand', async () => {
    const w = await lifter();
    const gearbox = w.gearbox.id;
    // Cm = β·α·λp·t = 0.5 · 0.8 · 500e-9 · 10,000 = 2e-3
    const report = await readFmeca(team.reader, w.project.id, { items: [{ nodeId: gearbox, lambdaFit: 500, hours: 10_000 }], modes: [{ modeId: w.mode.id, beta: 0.5, alpha: 0.8 }] });
    expect(report.modes[0]!.cm).toBeCloseTo(2e-3, 15);
    expect(report.items).toEqual([{ itemId: gearbox, itemName: 'Gearbox', lambdaFit: 500, lambdaSource: { kind: 'typed', fmedaNum: null }, hours: 10_000, cr: expect.closeTo(2e-3, 15), inputVersion: 0 }]);
    // without α given and no frequency ratio on the mode: no Cm yet
    const none = await readFmeca(team.reader, w.project.id, { items: [{ nodeId: gearbox, lambdaFit: 500, hours: 10_000 }], modes: [{ modeId: w.mode.id, beta: 0.5 }] });
    expect(none.modes[0]!.cm).toBeNull();
  });

  it('takes λp and α from the FMEDA generated from the DFMEA where none is typed (the rated, most recently saved one the reader may open), a typed value first, and says where each came from', async () => {
    const w = await lifter();
    const fmeda = async (name: string, fit: number, pct: number, members = teamMembers(team)) => {
      // generated from the root: the Gearbox is its element, "No torque transmitted" its one mode (100 %, 0 FIT)
      const made = await createFmeda(team.owner, { name, members, fromDfmea: { projectId: w.project.id, nodeId: w.rootId } });
      const [row] = made.rows;
      expect(row).toMatchObject({ sourceNodeId: w.gearbox.id, sourceFailureId: w.mode.id, elementFit: 0, distributionPct: 100 });
      if (fit > 0) await saveFmedaRows(team.owner, made.projectId, { version: made.version, rows: [{ ...row!, elementFit: fit, distributionPct: pct }, { elementName: 'Gearbox', elementFit: fit, failureMode: 'Torque slips', distributionPct: 100 - pct, faultClass: 'safe' }] });
      const { serialNum, projectId } = await getFmeda(team.owner, made.projectId);
      ids.set(serialNum, projectId);
      return serialNum;
    };
    const ids = new Map<string, string>();
    const savedAt = (serialNum: string, at: string) => t.db.update(fmedaProject).set({ updatedAt: new Date(at) }).where(eq(fmedaProject.projectId, ids.get(serialNum)!));
    const typedTime = { items: [{ nodeId: w.gearbox.id, version: 0, hours: 10_000 }], modes: [{ modeId: w.mode.id, version: 0, beta: 0.5 }] };
    await saveFmecaInputs(team.editor, w.project.id, typedTime);
    const mode = async (as = team.reader) => (await readFmeca(as, w.project.id)).modes[0]!;

    // generated, not yet filled: α is the FMEDA's 100 %, λp none (0 FIT is "not filled yet"): no Cm
    const first = await fmeda('Gearbox FMEDA', 0, 100);
    expect(await mode()).toMatchObject({ alpha: 1, alphaSource: { kind: 'fmeda', fmedaNum: first }, lambdaFit: null, lambdaSource: null, cm: null });
    // filled: Cm = β·α·λp·t = 0.5 · 0.6 · 400e-9 · 10,000 = 1.2e-3
    const a = await fmeda('Gearbox FMEDA A', 400, 60);
    await savedAt(a, '2026-03-01T00:00:00Z');
    expect(await mode()).toMatchObject({ alpha: 0.6, alphaSource: { kind: 'fmeda', fmedaNum: a }, lambdaFit: 400, lambdaSource: { kind: 'fmeda', fmedaNum: a }, cm: expect.closeTo(1.2e-3, 15) });
    expect((await readFmeca(team.reader, w.project.id)).items[0]).toMatchObject({ lambdaFit: 400, lambdaSource: { kind: 'fmeda', fmedaNum: a }, cr: expect.closeTo(1.2e-3, 15) });
    // a second rated FMEDA saved later gives both figures: 0.5 · 0.8 · 250e-9 · 10,000 = 1e-3; A saved again later takes over
    const b = await fmeda('Gearbox FMEDA B', 250, 80);
    await savedAt(b, '2026-04-01T00:00:00Z');
    expect(await mode()).toMatchObject({ alphaSource: { kind: 'fmeda', fmedaNum: b }, lambdaSource: { kind: 'fmeda', fmedaNum: b }, cm: expect.closeTo(1e-3, 15) });
    await savedAt(a, '2026-05-01T00:00:00Z');
    expect((await mode()).cm).toBeCloseTo(1.2e-3, 15);
    // one the reader may not open (a team without them), or a deleted one, gives nothing, however recent
    const hidden = await fmeda('Hidden FMEDA', 900, 10, [{ userId: idOf(team.owner), roles: [0] }]);
    await savedAt(hidden, '2026-06-01T00:00:00Z');
    expect((await mode()).lambdaSource).toEqual({ kind: 'fmeda', fmedaNum: a });
    expect((await mode(team.owner)).lambdaSource).toEqual({ kind: 'fmeda', fmedaNum: hidden });
    await t.db.update(fmeaProject).set({ delFlg: 1 }).where(eq(fmeaProject.serialNum, hidden));
    expect((await mode(team.owner)).lambdaSource).toEqual({ kind: 'fmeda', fmedaNum: a });
    // typed values win: λp 1000 FIT and α 0.3 → 0.5 · 0.3 · 1000e-9 · 10,000 = 1.5e-3
    await saveFmecaInputs(team.editor, w.project.id, { items: [{ nodeId: w.gearbox.id, version: 1, lambdaFit: 1000 }], modes: [{ modeId: w.mode.id, version: 1, alpha: 0.3 }] });
    expect(await mode()).toMatchObject({ alpha: 0.3, alphaSource: { kind: 'typed', fmedaNum: null }, lambdaFit: 1000, lambdaSource: { kind: 'typed', fmedaNum: null }, cm: expect.closeTo(1.5e-3, 15) });
    // the workbook names the sources (α, then λp, after Cr)
    const table = (await readAllSheets(await exportFmecaWorkbook(team.reader, w.project.id, { modes: [{ modeId: w.mode.id, alpha: null }] }, 'en-US')))[1]!.rows.map((r) => r.cells.slice(1));
    expect(table[0]!.slice(12)).toEqual(['Source of α', 'Source of λp']);
    expect(table[1]!.slice(12)).toEqual([`FMEDA ${a}`, 'typed']);
    expect(table[2]!.slice(13)).toEqual(['typed']);
  });

  it('an FMEDA changed after a save does not make the FMECA unreadable; a save giving an α of the item checks the sum with the FMEDA’s', async () => {
    const w = await lifter();
    const slips = await addFailure(team.editor, { functionId: w.torque.id, kind: 'FM', description: 'Torque slips' });
    await saveFmecaInputs(team.editor, w.project.id, { modes: [{ modeId: slips.id, version: 0, alpha: 0.5 }] });
    // the FMEDA then gives "No torque transmitted" 60 %: the item's α add up to 1.1, and the FMECA still reads
    const made = await createFmeda(team.owner, { name: 'Gearbox FMEDA', members: teamMembers(team), fromDfmea: { projectId: w.project.id, nodeId: w.rootId } });
    const row = made.rows.find((r) => r.sourceFailureId === w.mode.id)!;
    await saveFmedaRows(team.owner, made.projectId, { version: made.version, rows: made.rows.map((r) => ({ ...r, elementFit: 100, distributionPct: r.id === row.id ? 60 : 0 })) });
    const report = await readFmeca(team.reader, w.project.id);
    expect(report.modes.map((m) => [m.name, m.alpha, m.alphaSource?.kind])).toEqual([
      ['No torque transmitted', 0.6, 'fmeda'],
      ['Torque slips', 0.5, 'typed'],
    ]);
    // a save of the item's α is checked against the α in use, the FMEDA's included
    await expect(saveFmecaInputs(team.editor, w.project.id, { modes: [{ modeId: slips.id, version: 1, alpha: 0.45 }] })).rejects.toMatchObject({ issues: [expect.objectContaining({ messageKey: 'fmeca.alpha_sum' })] });
    expect((await saveFmecaInputs(team.editor, w.project.id, { modes: [{ modeId: slips.id, version: 1, alpha: 0.4 }] })).modes[1]!.alpha).toBe(0.4);
  });

  it('a mode with neither a typed α nor an FMEDA row takes its frequency ratio, marked as the default', async () => {
    const w = await lifter();
    await addFailure(team.editor, { functionId: w.torque.id, kind: 'FM', description: 'Torque slips', frequencyRatio: 0.25 });
    const report = await readFmeca(team.reader, w.project.id);
    expect(report.modes.map((m) => [m.name, m.alpha, m.alphaSource, m.lambdaSource])).toEqual([
      ['No torque transmitted', null, null, null],
      ['Torque slips', 0.25, { kind: 'default', fmedaNum: null }, null],
    ]);
  });

  it('refuses inputs out of range or naming nothing of the project, each by its field, and strangers', async () => {
    const w = await lifter();
    await expect(
      readFmeca(team.reader, w.project.id, { items: [{ nodeId: w.gearbox.id, lambdaFit: -3, hours: 10 }, { nodeId: 'elsewhere', lambdaFit: 1, hours: 1 }], modes: [{ modeId: w.mode.id, beta: 1.5, alpha: 0.5 }] }),
    ).rejects.toMatchObject({
      messageKey: 'fmeca.inputs_invalid',
      issues: expect.arrayContaining([
        expect.objectContaining({ messageKey: 'fmeca.item_unknown', field: 'items.1.nodeId' }),
        expect.objectContaining({ messageKey: 'fmeca.ratio_out_of_range', field: 'modes.0.beta' }),
        expect.objectContaining({ messageKey: 'fmeca.value_negative', field: 'items.0.lambdaFit', params: expect.objectContaining({ value: '-3' }) }),
      ]),
    });
    await expect(readFmeca(team.outsider, w.project.id)).rejects.toMatchObject({ code: 'not_allowed' });
  });

  it('stores the inputs of an editor and reads them back, clears them with null, and refuses a reader and bad values with nothing saved', async () => {
    const w = await lifter();
    const saved = await saveFmecaInputs(team.editor, w.project.id, { items: [{ nodeId: w.gearbox.id, version: 0, lambdaFit: 500, hours: 10_000 }], modes: [{ modeId: w.mode.id, version: 0, beta: 0.5, alpha: 0.8 }] });
    expect(saved.modes[0]!.cm).toBeCloseTo(2e-3, 15);
    expect(saved.modes[0]).toMatchObject({ inputVersion: 1, itemInputVersion: 1 });
    expect((await readFmeca(team.reader, w.project.id)).items[0]).toMatchObject({ cr: expect.closeTo(2e-3, 15), inputVersion: 1 });
    // a field left out keeps its value; null clears it
    await saveFmecaInputs(team.editor, w.project.id, { items: [{ nodeId: w.gearbox.id, version: 1, hours: 5000 }] });
    expect((await readFmeca(team.reader, w.project.id)).modes[0]!.cm).toBeCloseTo(1e-3, 15);
    const cleared = await saveFmecaInputs(team.editor, w.project.id, { modes: [{ modeId: w.mode.id, version: 1, beta: null, alpha: null }] });
    expect(await storedFmecaInputs(t.db, w.project.id)).toEqual({ items: [{ nodeId: w.gearbox.id, lambdaFit: 500, hours: 5000 }], modes: [] });
    // the cleared row keeps counting: a reader of version 1 (or of "none stored") is stale now
    expect(cleared.modes[0]!.inputVersion).toBe(2);
    await expect(saveFmecaInputs(team.reader, w.project.id, { modes: [{ modeId: w.mode.id, version: 2, beta: 0.2 }] })).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(saveFmecaInputs(team.editor, w.project.id, { items: [{ nodeId: w.gearbox.id, version: 2, hours: -1 }] })).rejects.toMatchObject({ issues: [expect.objectContaining({ field: 'items.0.hours' })] });
    expect(await storedFmecaInputs(t.db, w.project.id)).toEqual({ items: [{ nodeId: w.gearbox.id, lambdaFit: 500, hours: 5000 }], modes: [] });
  });

  it('refuses a save from a stale read (a row saved, or first written, since), writing nothing of it', async () => {
    const w = await lifter();
    // two editors read the FMECA with nothing stored; the first saves λp, the second's t from the same read is stale
    const read = await readFmeca(team.editor, w.project.id);
    expect(read.modes[0]).toMatchObject({ inputVersion: 0, itemInputVersion: 0 });
    await saveFmecaInputs(team.editor, w.project.id, { items: [{ nodeId: w.gearbox.id, version: read.modes[0]!.itemInputVersion, lambdaFit: 500 }] });
    const stale = saveFmecaInputs(team.owner, w.project.id, { items: [{ nodeId: w.gearbox.id, version: read.modes[0]!.itemInputVersion, hours: 8000 }], modes: [{ modeId: w.mode.id, version: 0, beta: 0.3 }] });
    await expect(stale).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmea.stale_version', params: { entity: 'fmeca_input', currentVersion: 1 } });
    // nothing of the refused save is kept, the mode's β neither
    expect(await storedFmecaInputs(t.db, w.project.id)).toEqual({ items: [{ nodeId: w.gearbox.id, lambdaFit: 500, hours: null }], modes: [] });
    // read again, the save goes through
    const again = await readFmeca(team.owner, w.project.id);
    const saved = await saveFmecaInputs(team.owner, w.project.id, { items: [{ nodeId: w.gearbox.id, version: again.items[0]!.inputVersion, hours: 8000 }] });
    expect(saved.items[0]).toMatchObject({ lambdaFit: 500, hours: 8000, inputVersion: 2 });
  });

  it('exports the matrix and the Cm/Cr table as a workbook', async () => {
    const w = await lifter();
    const bytes = await exportFmecaWorkbook(team.reader, w.project.id, { items: [{ nodeId: w.gearbox.id, lambdaFit: 500, hours: 10_000 }], modes: [{ modeId: w.mode.id, beta: 0.5, alpha: 0.8 }] }, 'en-US');
    const sheets = await readAllSheets(bytes);
    expect(sheets.map((s) => s.name)).toEqual(['Criticality matrix', 'Criticality (Cm, Cr)', 'Classes and levels']);
    const matrix = sheets[0]!.rows.map((r) => r.cells.slice(1));
    expect(matrix[1]).toEqual(['Severity class \\ occurrence level', 'A Frequent', 'B Reasonably probable', 'C Occasional', 'D Remote', 'E Extremely unlikely']);
    const classI = matrix.find((r) => r[0] === 'I Catastrophic')!;
    expect(classI[3]).toBe('1\nGearbox: No torque transmitted');
    const table = sheets[1]!.rows.map((r) => r.cells.slice(1));
    expect(table[1]!.slice(0, 6)).toEqual(['Gearbox', 'No torque transmitted', '9', 'I', '6', 'C']);
    expect(Number(table[1]![10])).toBeCloseTo(2e-3, 15);
    expect(Number(table[2]![11])).toBeCloseTo(2e-3, 15);
  });

  it.each(LOCALES)('has every FMECA text in %s', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of [...FMECA_WORKBOOK_KEYS, 'fmeca.inputs_invalid', 'fmeca.item_unknown', 'fmeca.mode_unknown', 'fmeca.ratio_out_of_range', 'fmeca.value_negative', 'fmeca.alpha_sum']) expect(catalog[key]?.trim(), key).toBeTruthy();
  });
});
