import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisImport } from '@fmea/core/services';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
let serialNum: string;
let designNum: string;
const fmea = (args: string[]) => runFmea(args, { env });
const file = (name: string) => join(temp.dir, name);

async function inDb<T>(work: (database: Awaited<ReturnType<typeof openTempDb>>) => Promise<T>): Promise<T> {
  const database = await openTempDb(temp);
  try {
    return await work(database);
  } finally {
    database.close();
  }
}

const sheets = async (path: string) => {
  const { readWorkbookSheets } = await import('@fmea/core/services');
  return readWorkbookSheets(new Uint8Array(await readFile(path)));
};
const chainRows = async (path: string) => (await sheets(path))[1]!.rows.map((r) => r.cells);

/** Two numbered steps, every 4M type, a CC product and an SC process characteristic: 2 effects × 3 causes + 1 effect × 1 cause = 7 chains. */
const housing: AnalysisImport = {
  nodes: [
    { key: 'op10', name: 'Turn bearing seat', processNo: '10' },
    { key: 'op20', name: 'Press in bearing', processNo: '20' },
    { key: 'operator', parentKey: 'op10', name: 'Operator', workElementType: 'man' },
    { key: 'lathe', parentKey: 'op10', name: 'CNC lathe', workElementType: 'machine' },
    { key: 'blank', parentKey: 'op10', name: 'Cast blank', workElementType: 'material' },
    { key: 'hall', parentKey: 'op20', name: 'Shop temperature', workElementType: 'environment' },
  ],
  functions: [
    { key: 'deliver', nodeKey: '@root', description: 'Deliver housings that fit', functionScope: 'shipTo' },
    { key: 'quiet', nodeKey: '@root', description: 'Runs quietly', functionScope: 'endUser' },
    { key: 'turn', nodeKey: 'op10', description: 'Turn seat to size' },
    { key: 'pressIn', nodeKey: 'op20', description: 'Press bearing to depth' },
    { key: 'load', nodeKey: 'operator', description: 'Load blank centred' },
    { key: 'cut', nodeKey: 'lathe', description: 'Hold cutting speed' },
    { key: 'stock', nodeKey: 'blank', description: 'Provide stock' },
    { key: 'temp', nodeKey: 'hall', description: 'Keep parts at 20 °C' },
  ],
  characteristics: [
    { functionKey: 'turn', name: 'Seat Ø22 H7', characteristicClass: 'critical', special: true },
    { functionKey: 'cut', name: 'Spindle speed', characteristicClass: 'significant', special: true },
  ],
  failures: [
    { key: 'fit', functionKey: 'deliver', kind: 'FE', description: 'Bearing loose', severity: 8 },
    { key: 'noise', functionKey: 'quiet', kind: 'FE', description: 'Gear noise', severity: 6 },
    { key: 'oversize', functionKey: 'turn', kind: 'FM', description: 'Seat oversize' },
    { key: 'shallow', functionKey: 'pressIn', kind: 'FM', description: 'Not to depth' },
    { key: 'offCentre', functionKey: 'load', kind: 'FC', description: 'Blank off-centre', occurrence: 4, detection: 6 },
    { key: 'worn', functionKey: 'cut', kind: 'FC', description: 'Tool worn', occurrence: 5, detection: 5 },
    { key: 'thin', functionKey: 'stock', kind: 'FC', description: 'Too little stock', occurrence: 3, detection: 7 },
    { key: 'warm', functionKey: 'temp', kind: 'FC', description: 'Parts warm', occurrence: 4, detection: 6 },
  ],
  failureLinks: [
    { higherKey: 'fit', lowerKey: 'oversize' },
    { higherKey: 'noise', lowerKey: 'oversize' },
    { higherKey: 'noise', lowerKey: 'shallow' },
    { higherKey: 'oversize', lowerKey: 'offCentre' },
    { higherKey: 'oversize', lowerKey: 'worn' },
    { higherKey: 'oversize', lowerKey: 'thin' },
    { higherKey: 'shallow', lowerKey: 'warm' },
  ],
  controls: [{ causeKey: 'worn', kind: 'detection', description: 'Air gauge 100%' }],
};

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { createProject, findUserRow, importAnalysis } = await import('@fmea/core/services');
  [serialNum, designNum] = await inDb(async ({ ctx, db }) => {
    const admin = await findUserRow(db, 'admin');
    const members = [{ userId: admin.id, roles: [0] }];
    const project = await createProject(ctx, { projectType: 'pfmea', name: 'Gearbox housing', engineeringLocation: 'Wuhan plant 2', members });
    await importAnalysis(ctx, project.id, housing);
    const design = await createProject(ctx, { projectType: 'dfmea', name: 'Seat recliner', members });
    return [project.serialNum, design.serialNum];
  });
}, 60_000);
afterAll(() => temp.cleanup());

/** A legacy AIAG 4th-edition PFMEA sheet. */
async function legacySheet(rows: (string | number)[][]): Promise<Uint8Array> {
  const wb = new (await import('exceljs')).default.Workbook();
  const ws = wb.addWorksheet('PFMEA');
  ws.addRow(['Potential Failure Mode and Effects Analysis (Process FMEA)']);
  ws.addRow(['Item:', 'Cover plate']);
  ws.addRow([]);
  ws.addRow(['Process Step/Function', 'Requirements', 'Potential Failure Mode', 'Potential Effect(s) of Failure', 'S', 'Class', 'Potential Cause(s) of Failure', 'Current Process Controls Prevention', 'O', 'Current Process Controls Detection', 'D', 'RPN']);
  for (const r of rows) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('fmea pfmea', { timeout: 120_000 }, () => {
  it('lists PFMEA projects only', async () => {
    const plain = await fmea(['--lang', 'en-US', 'pfmea', 'list']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout.split('\n')[0]).toBe('Number\tName\tCustomer\tStage\tResponsible\tChanged');
    expect(plain.stdout).toContain(`${serialNum}\tGearbox housing\t`);
    expect(plain.stdout).not.toContain(designNum);
    const json = JSON.parse((await fmea(['--json', 'pfmea', 'list'])).stdout);
    expect(json.data.items.map((p: { serialNum: string }) => p.serialNum)).toEqual([serialNum]);
  });

  it('exports the PFMEA form with a progress bar and imports it into a new PFMEA that exports the same chain rows', async () => {
    const first = file('first.xlsx');
    const exported = await fmea(['--lang', 'en-US', 'pfmea', 'export', serialNum, first]);
    expect(exported).toMatchObject({ code: 0, stdout: `Exported 7 failure chains of ${serialNum} to ${first}\n` });
    expect(exported.stderr).toContain('Exporting 100%');
    const workbook = await sheets(first);
    expect(workbook[0]!.name).toBe('PFMEA form');
    expect(workbook[0]!.rows.some((r) => r.cells.includes('Manufacturing location') && r.cells.includes('Wuhan plant 2'))).toBe(true);
    expect(workbook[1]!.rows[0]!.cells).toContain('Lower element 4M type');

    const imported = await fmea(['--json', 'pfmea', 'import', first]);
    expect(imported.code, imported.stderr).toBe(0);
    const report = JSON.parse(imported.stdout).data;
    expect(report).toMatchObject({ rows: 7, imported: 7, errors: [] });
    expect(report.serialNum).toMatch(/^PF/);
    expect(report.serialNum).not.toBe(serialNum);
    const second = file('second.xlsx');
    expect((await fmea(['--lang', 'en-US', 'pfmea', 'export', report.serialNum, second])).code).toBe(0);
    expect(await chainRows(second)).toEqual(await chainRows(first));
    const again = await fmea(['--lang', 'en-US', 'pfmea', 'import', first, '--project', report.serialNum]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.split('\n')[1]).toBe(
      'Created: 0 structure nodes, 0 functions, 0 characteristics, 0 failure effects, 0 failure modes, 0 failure causes, 0 controls, 0 S/O/D ratings, 0 actions, 0 re-ratings',
    );
  });

  it('reads a legacy AIAG 4th-edition PFMEA sheet; bad rows by number, exit 2, nothing written; --partial writes the good rows', async () => {
    await writeFile(
      file('legacy.xlsx'),
      await legacySheet([
        ['OP10 Stamp\nStamp the plate', 'Flatness 0.1', 'Plate bent', 'Leaks', 7, 'SC', 'Die worn', 'Die life counter', 4, 'Flatness gauge', 5, 140],
        ['OP20 Deburr\nDeburr edges', '', 'Burr left', 'Cut hands', 9, '', 'Brush worn', '', 3, 'Visual', 7, 189],
      ]),
    );
    const ok = await fmea(['--lang', 'en-US', 'pfmea', 'import', file('legacy.xlsx')]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout.split('\n')).toEqual([
      expect.stringMatching(/^Imported 2 of 2 rows into PF\d+$/),
      'Created: 4 structure nodes, 6 functions, 1 characteristics, 2 failure effects, 2 failure modes, 2 failure causes, 3 controls, 6 S/O/D ratings, 0 actions, 0 re-ratings',
      '',
    ]);

    await writeFile(
      file('bad.xlsx'),
      await legacySheet([
        ['OP10 Stamp', '', 'Plate bent', 'Leaks', 12, '', 'Die worn', '', 4, '', 5, ''],
        ['OP20 Deburr', '', 'Burr left', 'Cut hands', 9, '', 'Brush worn', '', 3, 'Visual', 7, 189],
      ]),
    );
    const total = async () => (JSON.parse((await fmea(['--json', 'pfmea', 'list'])).stdout).data as { total: number }).total;
    const before = await total();
    const bad = await fmea(['--lang', 'en-US', 'pfmea', 'import', file('bad.xlsx')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Row 5: S must be a whole number from 1 to 10, not “12”');
    expect(await total()).toBe(before);
    const partial = await fmea(['--lang', 'en-US', 'pfmea', 'import', file('bad.xlsx'), '--partial']);
    expect(partial.code, partial.stderr).toBe(0);
    expect(partial.stdout).toMatch(/^Imported 1 of 2 rows into PF\d+\nCreated: .*\nRows not imported:\n {2}Row 5: S must be a whole number from 1 to 10, not “12”\n$/);
  });

  it('refuses a DFMEA by the PFMEA commands (exit 2) and an unknown project (exit 3)', async () => {
    const exported = await fmea(['--lang', 'en-US', 'pfmea', 'export', designNum, file('design.xlsx')]);
    expect(exported.code).toBe(2);
    expect(exported.stderr).toContain('The project is a DFMEA, not a PFMEA');
    const imported = await fmea(['--lang', 'en-US', 'pfmea', 'import', file('first.xlsx'), '--project', designNum]);
    expect(imported.code).toBe(2);
    // and the PFMEA workbook is no DFMEA's either
    expect((await fmea(['dfmea', 'export', serialNum, file('p.xlsx')])).code).toBe(2);
    expect((await fmea(['pfmea', 'export', 'PF0000000000', file('none.xlsx')])).code).toBe(3);
  });

  it('is listed in the help in both languages', async () => {
    // the help wraps descriptions at the terminal's width, which the longest command's usage sets
    expect((await fmea(['--lang', 'en-US', '--help'])).stdout.replace(/\s+/g, ' ')).toContain('PFMEA projects and their AIAG-VDA PFMEA form workbooks');
    expect((await fmea(['--lang', 'zh-CN', 'pfmea', '--help'])).stdout).toContain('列出 PFMEA 项目（最近修改的在前）');
  });
});
