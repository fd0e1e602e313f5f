import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
const fmea = (args: string[]) => runFmea(args, { env });
const file = (name: string) => join(temp.dir, name);

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const database = await openTempDb(temp);
  try {
    const { createEwo, findUserRow } = await import('@fmea/core/services');
    const admin = await findUserRow(database.db, 'admin');
    await createEwo(database.ctx, { description: 'Stronger window-lifter gear', ewoType: 'design', source: 'problem', closingDate: '2026-06-30', trackerId: admin.id });
  } finally {
    database.close();
  }
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea ewo list, export and import', { timeout: 120_000 }, () => {
  it('lists, exports the list, refuses a wrong row with nothing written, and imports what the export wrote as new changes', async () => {
    const list = await fmea(['--lang', 'en-US', 'ewo', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/EC\d+\s+Stronger window-lifter gear\s+Design change/);
    expect(list.stdout).toContain('Change opening');
    const json = JSON.parse((await fmea(['--json', 'ewo', 'list', '--closed'])).stdout) as { data: { items: unknown[]; total: number } };
    expect(json.data.total).toBe(0);

    const out = file('ewo.xlsx');
    const exported = await fmea(['--lang', 'en-US', 'ewo', 'export', out]);
    expect(exported.stdout).toBe(`1 engineering change written to ${out}\n`);

    // the exported row still holds its number: importing it as is refuses that row and writes nothing
    const again = await fmea(['--lang', 'en-US', 'ewo', 'import', out]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/^1 problem found; no engineering change was imported\n  Row 2: EWO number EC\d+ already exists\n$/);

    const { readSheet, ewoSheetColumns, writeSheet } = await import('@fmea/core/services');
    const { rows } = await readSheet(new Uint8Array(await readFile(out)), ewoSheetColumns('en-US'));
    const fresh = file('fresh.xlsx');
    await writeFile(fresh, await writeSheet('EWO', ewoSheetColumns('en-US'), rows.map((r) => ({ ...r.values, ewoNum: '', description: 'Seal lip change' }))));
    const imported = await fmea(['--lang', 'en-US', 'ewo', 'import', fresh]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/^Engineering change EC\d+ opened\n$/);
    expect((JSON.parse((await fmea(['--json', 'ewo', 'list', '--search', 'Seal'])).stdout) as { data: { total: number } }).data.total).toBe(1);
  });
});
