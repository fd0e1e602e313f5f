import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

/** `fmea dfmea msr`, the FMEA-MSR sheet of `fmea dfmea export` and `fmea dfmea fmeca` (issue 23). */
let temp: TempDb;
let env: Record<string, string>;
let msrNum: string;
let dfmeaNum: string;
const fmea = (args: string[]) => runFmea(args, { env });

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { addControl, addFailure, addFunction, addNode, createProject, findUserRow, linkFailures, rateMsr, saveFmecaInputs, updateFailure } = await import('@fmea/core/services');
  const database = await openTempDb(temp);
  try {
    const { ctx, db } = database;
    const admin = await findUserRow(db, 'admin');
    const members = [{ userId: admin.id, roles: [0] }];
    const project = await createProject(ctx, { projectType: 'msr', name: 'Anti-pinch', members });
    const ecu = await addNode(ctx, { parentId: project.rootNodeId!, name: 'Control unit' });
    const close = await addFunction(ctx, { nodeId: project.rootNodeId!, description: 'Close without pinching' });
    const sensor = await addNode(ctx, { parentId: ecu.id, name: 'Hall sensor' });
    const stop = await addFunction(ctx, { nodeId: ecu.id, description: 'Stop on obstacle' });
    const report = await addFunction(ctx, { nodeId: sensor.id, description: 'Report position' });
    const effect = await addFailure(ctx, { functionId: close.id, kind: 'FE', description: 'Finger pinched', severity: 10 });
    const mode = await addFailure(ctx, { functionId: stop.id, kind: 'FM', description: 'Window does not stop' });
    const cause = await addFailure(ctx, { functionId: report.id, kind: 'FC', description: 'Hall pulses lost' });
    await linkFailures(ctx, { higherFailureId: effect.id, lowerFailureId: mode.id });
    await linkFailures(ctx, { higherFailureId: mode.id, lowerFailureId: cause.id });
    await rateMsr(ctx, cause.id, { version: cause.version, msrFrequency: 3, msrMonitoring: 5 });
    await addControl(ctx, { causeId: cause.id, kind: 'monitoring', description: 'Pulse period watched' });
    // O 8 on the cause places the mode at I/B; Cm = 0.5 · 1 · 200e-9 · 5,000 = 5e-4
    await updateFailure(ctx, cause.id, { version: cause.version + 1, occurrence: 8 });
    await saveFmecaInputs(ctx, project.id, { items: [{ nodeId: ecu.id, version: 0, lambdaFit: 200, hours: 5000 }], modes: [{ modeId: mode.id, version: 0, beta: 0.5, alpha: 1 }] });
    msrNum = project.serialNum;
    dfmeaNum = (await createProject(ctx, { projectType: 'dfmea', name: 'Plain', members })).serialNum;
  } finally {
    database.close();
  }
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea dfmea msr', { timeout: 120_000 }, () => {
  it('prints the MSR form with F, M and the MSR AP, as a table in either language and as JSON', async () => {
    const plain = await fmea(['--lang', 'en-US', 'dfmea', 'msr', msrNum]);
    expect(plain.code).toBe(0);
    const [head, row] = plain.stdout.split('\n');
    expect(head).toBe('Failure cause\tMost severe effect\tS\tF\tM\tMSR AP\tDiagnostic monitoring\tSystem response\tMSR AP after actions');
    expect(row).toBe('Hall pulses lost\tFinger pinched\t10\t3\t5\tH\tPulse period watched\t\t');
    const zh = await fmea(['--lang', 'zh-CN', 'dfmea', 'msr', msrNum]);
    expect(zh.stdout.split('\n')[0]).toContain('失效起因');
    const json = JSON.parse((await fmea(['--json', 'dfmea', 'msr', msrNum])).stdout);
    expect(json).toMatchObject({ ok: true, data: { serialNum: msrNum, msr: true, rows: [{ cause: 'Hall pulses lost', severity: 10, frequency: 3, monitoring: 5, ap: 'H' }] } });
  });

  it('says so for a DFMEA without the MSR steps', async () => {
    const out = await fmea(['--lang', 'en-US', 'dfmea', 'msr', dfmeaNum]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`${dfmeaNum} has no FMEA-MSR steps`);
  });

  it('exports the MSR project with its FMEA-MSR sheet', async () => {
    const path = join(temp.dir, 'msr.xlsx');
    const out = await fmea(['--lang', 'en-US', 'dfmea', 'export', msrNum, path]);
    expect(out.code).toBe(0);
    const { readFile } = await import('node:fs/promises');
    const { readWorkbookSheets } = await import('@fmea/core/services');
    const sheets = await readWorkbookSheets(new Uint8Array(await readFile(path)));
    const msr = sheets.find((s) => s.name === 'FMEA-MSR')!;
    expect(msr.rows.some((r) => r.cells.includes('Hall pulses lost') && r.cells.includes('Pulse period watched') && r.cells.includes('H'))).toBe(true);
  });
});

describe('fmea dfmea fmeca', { timeout: 120_000 }, () => {
  it('prints the criticality matrix and Cr, as JSON too, and writes the FMECA workbook', async () => {
    const plain = await fmea(['--lang', 'en-US', 'dfmea', 'fmeca', msrNum]);
    expect(plain.code).toBe(0);
    const lines = plain.stdout.split('\n');
    expect(lines[0]).toBe('Severity class\tA\tB\tC\tD\tE');
    expect(lines[1]).toBe('I Catastrophic\t\t1\t\t\t');
    expect(plain.stdout).toContain('Cr of Control unit: 5.000e-4');
    const json = JSON.parse((await fmea(['--json', 'dfmea', 'fmeca', msrNum])).stdout);
    expect(json.data.matrix.cells.I.B).toEqual([expect.objectContaining({ name: 'Window does not stop', severityClass: 'I', occurrenceLevel: 'B' })]);
    expect(json.data.items[0].cr).toBeCloseTo(5e-4, 15);
    const path = join(temp.dir, 'fmeca.xlsx');
    const written = await fmea(['--lang', 'zh-CN', 'dfmea', 'fmeca', msrNum, '--out', path]);
    expect(written.code).toBe(0);
    const { readFile } = await import('node:fs/promises');
    const { readWorkbookSheets } = await import('@fmea/core/services');
    const sheets = await readWorkbookSheets(new Uint8Array(await readFile(path)));
    expect(sheets.map((s) => s.name)).toEqual(['危害性矩阵', '危害度 (Cm, Cr)', '类别与等级']);
  });
});
