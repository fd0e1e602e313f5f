import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let serialNum: string;
beforeAll(async () => {
  temp = await tempDbUrl();
  const database = await openTempDb(temp);
  const { createDrbfm, findUserRow, saveDrbfmConcern, saveDrbfmPart } = await import('@fmea/core/services');
  const admin = await findUserRow(database.db, 'admin');
  const made = await createDrbfm(database.ctx, { name: 'Gear material change', members: [{ userId: admin.id, roles: [0] }], changePoint: 'Gear POM → PA66-GF30' });
  const view = await saveDrbfmPart(database.ctx, made.projectId, { partKind: 'text', name: 'Gear' });
  await saveDrbfmConcern(database.ctx, made.projectId, { partId: view.parts[0]!.id, concern: 'Swells with moisture', raisedById: admin.id });
  serialNum = made.serialNum;
  database.close();
});
afterAll(() => temp.cleanup());

describe('fmea drbfm', () => {
  it('lists the DRBFM projects and exports one’s sheet, headed in the chosen language', async () => {
    const env = dbEnv(temp);
    const list = await runFmea(['--json', 'drbfm', 'list'], { env });
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse(list.stdout).data.items.map((p: any) => [p.serialNum, p.name])).toEqual([[serialNum, 'Gear material change']]);
    const out = join(temp.dir, 'sheet.xlsx');
    const exported = await runFmea(['--lang', 'en-US', 'drbfm', 'export', serialNum, '--out', out], { env });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain(`DRBFM ${serialNum}, 1 concerns`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    expect(wb.worksheets[0]!.getRow(8).getCell(3).value).toBe('Concern');
    expect(wb.worksheets[0]!.getRow(9).getCell(3).value).toBe('Swells with moisture');
    // an unknown number is named, without a stack
    const missing = await runFmea(['--lang', 'en-US', 'drbfm', 'export', 'DR0000000000', '--out', out], { env });
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).not.toMatch(/Error:|at /);
  });
});
