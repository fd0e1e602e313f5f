import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
let serialNum: string;
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

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { bomWorkbook, DOOR_BOM } = await import('@fmea/core/testing');
  const { createCatalogRecord, createProject, findUserRow } = await import('@fmea/core/services');
  serialNum = await inDb(async ({ ctx, db }) => {
    await createCatalogRecord(ctx, 'product', { serialNum: 'PA-DOOR', values: { productName: '车门总成', enProductName: 'Door module' } });
    const admin = await findUserRow(db, 'admin');
    return (await createProject(ctx, { projectType: 'dfmea', name: 'Door DFMEA', members: [{ userId: admin.id, roles: [0] }] })).serialNum;
  });
  await writeFile(file('door.xlsx'), await bomWorkbook(DOOR_BOM));
  await writeFile(file('bad.xlsx'), await bomWorkbook([...DOOR_BOM, { level: 4, partNum: 'X', partName: 'Deep', quantity: 1 }]));
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea bom', { timeout: 120_000 }, () => {
  it('refuses a BOM with a wrong row, naming it, and writes nothing', async () => {
    const bad = await fmea(['--lang', 'en-US', 'bom', 'import', 'PA-DOOR', file('bad.xlsx')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('The BOM has 1 problems: fix them and import again, or import the good rows only with --good-rows-only');
    expect(bad.stderr).toContain('Row 7: Level jumps from 1 to 4: a row goes at most one level deeper than the row before');
    const missing = await fmea(['--lang', 'en-US', 'bom', 'import', 'PA-NONE', file('door.xlsx')]);
    expect(missing.stderr).toContain('BOM product does not exist: PA-NONE');
    expect((await fmea(['--lang', 'en-US', 'bom', 'show', 'PA-DOOR'])).stdout.trim()).toBe('Product PA-DOOR (Door module) has no BOM yet');
  });

  it('imports a BOM by product number, shows it as a tree, exports it and generates a DFMEA structure from it', async () => {
    const imported = await fmea(['--lang', 'en-US', 'bom', 'import', 'PA-DOOR', file('door.xlsx')]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout.trim()).toMatch(/^BOM PB\d{10}: 5 parts imported, 0 already there, 0 replaced$/);
    const shown = await fmea(['--lang', 'zh-CN', 'bom', 'show', 'PA-DOOR']);
    expect(shown.stdout.split('\n').slice(1, 6)).toEqual(['  D-100  Door  × 1 pcs', '    D-110  Frame  × 1 pcs', '      D-111  Hinge  × 2 pcs', '    D-120  Glass  × 1', '  S-200  Seal  × 3.5 m']);
    expect(shown.stdout.split('\n')[0]).toMatch(/^产品 PA-DOOR（车门总成）的 BOM PB\d{10}，共 5 个零件$/);
    const json = JSON.parse((await fmea(['--json', 'bom', 'show', 'PA-DOOR'])).stdout);
    expect(json.data.parts).toHaveLength(5);
    const exported = await fmea(['--lang', 'en-US', 'bom', 'export', 'PA-DOOR', file('out.xlsx')]);
    expect(exported.stdout.trim()).toBe(`5 parts written to ${file('out.xlsx')}`);
    const again = await fmea(['--lang', 'en-US', 'bom', 'import', 'PA-DOOR', file('out.xlsx'), '--mode', 'cover']);
    expect(again.stdout.trim()).toMatch(/: 5 parts imported, 0 already there, 5 replaced$/);
    const generated = await fmea(['--lang', 'en-US', 'bom', 'generate', serialNum, 'PA-DOOR']);
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stdout.trim()).toMatch(new RegExp(`^${serialNum}: 5 structure nodes added from BOM PB\\d{10}, 0 already there$`));
    expect((await fmea(['--lang', 'en-US', 'bom', 'generate', serialNum, 'PA-DOOR'])).stdout).toContain(': 0 structure nodes added');
  });
});
