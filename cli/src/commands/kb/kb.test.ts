import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_TYPE_IDS } from '@fmea/core/domain';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

/** `fmea kb …` and `fmea product …` on a real database, in process, as an operator or `--as` a user. */

let temp: TempDb;
let env: Record<string, string>;
/** The records made in setup: seal leaks (with English), seal torn, sticking (Chinese only). */
let serials: string[];
let exporter: string;
const fmea = (args: string[]) => runFmea(args, { env });
const en = (args: string[]) => fmea(['--lang', 'en-US', ...args]);
const file = (name: string) => join(temp.dir, name);
const total = async (type: string) => (JSON.parse((await fmea(['--json', 'kb', 'list', type])).stdout).data as { total: number }).total;

/** A sheet with these headers and rows, as a user would fill it. */
async function sheet(name: string, headers: readonly string[], rows: readonly (string | number | null)[][]): Promise<string> {
  const { writeSheet } = await import('@fmea/core/services');
  const data = await writeSheet(
    'Sheet1',
    headers.map((h, i) => ({ key: `c${i}`, headers: [h] })),
    rows.map((r) => Object.fromEntries(r.map((v, i) => [`c${i}`, v]))),
  );
  await writeFile(file(name), data);
  return file(name);
}

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { createCatalogRecord } = await import('@fmea/core/services');
  const { buildRole, buildUser } = await import('@fmea/core/testing');
  const database = await openTempDb(temp);
  try {
    const { ctx } = database;
    serials = [];
    for (const values of [{ invalidmode: '密封泄漏', enInvalidMode: 'Seal leaks', severity: 8 }, { invalidmode: '密封撕裂', enInvalidMode: 'Seal torn' }, { invalidmode: '卡滞' }]) {
      serials.push((await createCatalogRecord(ctx, 'invalidMode', { values })).serialNum);
    }
    // may read and export failure modes, not import them
    const role = await buildRole(ctx, { label: 'exporter', grants: [{ routeName: 'invalid_index', buttons: ['export'] }] });
    exporter = (await buildUser(ctx, { label: 'exporter', roles: [role.id] })).userName;
  } finally {
    database.close();
  }
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea kb', { timeout: 120_000 }, () => {
  it('lists the declared types with their entity names, prefixes and routes', async () => {
    const plain = await en(['kb', 'types']);
    expect(plain.code).toBe(0);
    expect(plain.stdout.split('\n')[0]).toBe('Type\tEntity\tTitle\tPrefix\tRoute\tArea');
    expect(plain.stdout).toContain('preventionMeasure\toccMeasure\tPrevention measure\tPR\toccmeasure_index\tKnowledge\n');
    expect(plain.stdout).toContain('\tProduct\tPA\tproduct_list_index\tMaster data\n');
    const json = JSON.parse((await fmea(['--json', 'kb', 'types'])).stdout).data as { id: string }[];
    expect(json.map((t) => t.id)).toEqual(CATALOG_TYPE_IDS);
    expect(json.find((t) => t.id === 'invalidMode')).toMatchObject({ prefix: 'FA', route: 'invalid_index', area: 'knowledge', title: { 'zh-CN': '失效模式', 'en-US': 'Failure mode' } });
  });

  it('lists a type’s records under its own headers, the description in the chosen language, as a table and as JSON', async () => {
    const plain = await en(['kb', 'list', 'invalidMode']);
    expect(plain.code, plain.stderr).toBe(0);
    const lines = plain.stdout.split('\n');
    expect(lines[0]).toBe('Failure number\tFailure description\tStatus\tVersion\tQuotes\tChanged');
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${serials[0]}\tSeal leaks\tEditing\t1\t0\t.+`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${serials[2]}\t卡滞\tEditing\t1\t0\t`))); // no English: the description as it is
    expect(lines.at(-2)).toBe('3 rows, page 1 of 1');
    const zh = await fmea(['kb', 'list', 'invalidMode']);
    expect(zh.stdout.split('\n')[0]).toBe('失效编号\t失效描述\t状态\t版本\t引用次数\t修改时间');
    expect(zh.stdout).toContain(`${serials[0]}\t密封泄漏\t编辑中\t1\t0\t`);
    const json = JSON.parse((await fmea(['--json', 'kb', 'list', 'invalidMode', '--search', '撕裂'])).stdout);
    expect(json).toMatchObject({ ok: true, data: { total: 1, items: [{ serialNum: serials[1], status: '0', values: { invalidmode: '密封撕裂', enInvalidMode: 'Seal torn' } }] } });
    expect(await total('invalidMode')).toBe(3);
    expect(JSON.parse((await fmea(['--json', 'kb', 'list', 'invalidMode', '--status', '2,3'])).stdout).data.total).toBe(0);
    const badStatus = await en(['kb', 'list', 'invalidMode', '--status', '9']);
    expect(badStatus.code).toBe(2);
  });

  it('takes a type by its entity name or in any case, and refuses an unknown one naming every known type (exit 2)', async () => {
    const byId = await en(['kb', 'list', 'preventionMeasure']);
    expect(byId.code, byId.stderr).toBe(0);
    expect(await en(['kb', 'list', 'occMeasure'])).toEqual(byId);
    expect((await en(['kb', 'list', 'INVALIDMODE'])).stdout).toBe((await en(['kb', 'list', 'invalidMode'])).stdout);
    const unknown = await en(['kb', 'list', 'nope']);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toMatch(/^Unknown catalog type “nope”\. Known types: function, invalidMode, preventionMeasure \(occMeasure\), /);
    for (const id of CATALOG_TYPE_IDS) expect(unknown.stderr).toContain(id);
    const zh = await fmea(['kb', 'export', 'nope']);
    expect(zh).toMatchObject({ code: 2, stdout: '' });
    expect(zh.stderr).toMatch(/^未知的目录类型“nope”。已有类型：function, invalidMode, /);
  });

  it('exports a type and imports the sheet back: dedupe writes nothing new', async () => {
    const path = file('failure-modes.xlsx');
    expect(await en(['kb', 'export', 'invalidMode', '--out', path])).toMatchObject({ code: 0, stdout: `Exported 3 records of Failure mode to ${path}\n` });
    const again = await en(['kb', 'import', 'invalidMode', path]);
    expect(again).toMatchObject({ code: 0, stdout: 'Failure mode: 0 created, 0 changed, 0 new versions, 3 already there (left out)\n' });
    expect(again.stderr).toContain('Importing 100%');
    expect(await total('invalidMode')).toBe(3);
    // the Chinese sheet reads the same; JSON reports the counts
    const zhPath = file('failure-modes-zh.xlsx');
    expect((await fmea(['kb', 'export', 'invalidMode', '--out', zhPath])).stdout).toBe(`已将失效模式的 3 条记录导出到 ${zhPath}\n`);
    const json = JSON.parse((await fmea(['--json', 'kb', 'import', 'invalidMode', zhPath])).stdout);
    expect(json).toEqual({ ok: true, data: { type: 'invalidMode', created: 0, updated: 0, versioned: 0, skipped: 3, errors: [], unmapped: [] } });
    expect(await total('invalidMode')).toBe(3);
    // --scope page exports the page asked only
    expect((await en(['kb', 'export', 'invalidMode', '--out', file('page.xlsx'), '--scope', 'page', '--limit', '2'])).stdout).toBe(`Exported 2 records of Failure mode to ${file('page.xlsx')}\n`);
  });

  it('refuses a sheet with a bad row: the row by number, exit 2, nothing written', async () => {
    const path = await sheet('bad.xlsx', ['Failure description', 'Severity'], [['Valve sticks', 5], ['Valve leaks', 11], ['Valve cracks', 3]]);
    const bad = await en(['kb', 'import', 'invalidMode', path]);
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toBe(
      'Importing 33%\nImporting 67%\nImporting 100%\n' +
        '1 row of the file is wrong (listed below); nothing was imported. Fix them, or run again with --good-rows-only to import the others\n' +
        '  Row 3: Severity (S) must be at most 10\n',
    );
    const zh = await fmea(['kb', 'import', 'invalidMode', path]);
    expect(zh.stderr.split('\n').slice(3, 5)).toEqual(['文件中有 1 行错误（见下方列表），未导入任何数据。请修改后重新导入，或加 --good-rows-only 重新运行以导入其余的行', expect.stringMatching(/^ {2}第 3 行/)]);
    expect(await total('invalidMode')).toBe(3);
  });

  it('--good-rows-only imports the other rows and lists the bad one', async () => {
    const path = await sheet('partly.xlsx', ['Failure description', 'Severity'], [['Valve sticks', 5], ['Valve leaks', 11], ['Valve cracks', 3]]);
    const partly = await en(['kb', 'import', 'invalidMode', path, '--good-rows-only']);
    expect(partly).toMatchObject({
      code: 0,
      stdout:
        'Failure mode: 2 created, 0 changed, 0 new versions, 0 already there (left out)\n' +
        'Rows not imported:\n' +
        '  Row 3: Severity (S) must be at most 10\n',
    });
    expect(await total('invalidMode')).toBe(5);
  });

  it('refuses a column it has no field for, listed in the user’s language; --accept-unmapped imports the rest and lists it', async () => {
    const path = await sheet('notes.xlsx', ['Failure description', 'Notes'], [['Hinge squeaks', 'ask supplier']]);
    const refused = await en(['kb', 'import', 'invalidMode', path]);
    expect(refused).toMatchObject({
      code: 2,
      stdout: '',
      // the rows are checked too (a wrong one would be listed with the column): the progress runs
      stderr:
        'Importing 100%\n' +
        '1 part of the file would not be imported (listed below); nothing was written. Run again with --accept-unmapped to import without them\n' +
        '  Sheet “Sheet1”, column B “Notes” (1 cell with data) has no place in the import\n',
    });
    expect((await fmea(['kb', 'import', 'invalidMode', path])).stderr).toContain('如确认舍弃，请加 --accept-unmapped 重新运行');
    expect(await total('invalidMode')).toBe(5);
    const accepted = await en(['kb', 'import', 'invalidMode', path, '--accept-unmapped']);
    expect(accepted).toMatchObject({
      code: 0,
      stdout:
        'Failure mode: 1 created, 0 changed, 0 new versions, 0 already there (left out)\n' +
        'Left out (--accept-unmapped):\n' +
        '  Sheet “Sheet1”, column B “Notes” (1 cell with data) has no place in the import\n',
    });
    expect(await total('invalidMode')).toBe(6);
  });

  it('refuses a sheet with a column it has no field for and a bad row once, listing both; both options import the rest', async () => {
    const path = await sheet('both.xlsx', ['Failure description', 'Severity', 'Notes'], [['Lid rattles', 5, 'ask supplier'], ['Lid cracks', 11, null]]);
    const refused = await en(['kb', 'import', 'invalidMode', path]);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr.split('\n').slice(2)).toEqual([
      'Wrong rows in the file: 1; columns with no field: 1 (listed below); nothing was written. Fix them, or run again with --accept-unmapped --good-rows-only to import the rest',
      '  Sheet “Sheet1”, column C “Notes” (1 cell with data) has no place in the import',
      '  Row 3: Severity (S) must be at most 10',
      '',
    ]);
    expect((await fmea(['kb', 'import', 'invalidMode', path])).stderr).toContain('文件中有 1 行错误，另有 1 列没有对应字段');
    expect(await total('invalidMode')).toBe(6);
    const both = await en(['kb', 'import', 'invalidMode', path, '--accept-unmapped', '--good-rows-only']);
    expect(both).toMatchObject({
      code: 0,
      stdout:
        'Failure mode: 1 created, 0 changed, 0 new versions, 0 already there (left out)\n' +
        'Left out (--accept-unmapped):\n' +
        '  Sheet “Sheet1”, column C “Notes” (1 cell with data) has no place in the import\n' +
        'Rows not imported:\n' +
        '  Row 3: Severity (S) must be at most 10\n',
    });
    expect(await total('invalidMode')).toBe(7);
  });

  it('--as a user without the import button: refused (exit 4), nothing written; the export button still exports', async () => {
    const path = await sheet('theirs.xlsx', ['Failure description'], [['Latch rattles']]);
    const refused = await en(['kb', 'import', 'invalidMode', path, '--as', exporter]);
    expect(refused).toMatchObject({ code: 4, stdout: '', stderr: 'You are not authorized to operate\n' });
    expect(await total('invalidMode')).toBe(7);
    const exported = await en(['kb', 'export', 'invalidMode', '--out', file('theirs-out.xlsx'), '--as', exporter]);
    expect(exported).toMatchObject({ code: 0, stdout: `Exported 7 records of Failure mode to ${file('theirs-out.xlsx')}\n` });
    expect((await en(['kb', 'list', 'function', '--as', exporter])).code).toBe(4); // no route of functions
    expect((await en(['kb', 'list', 'invalidMode', '--as', 'nobody-here'])).code).toBe(3);
  });

  it('takes a record through the review flow by its number; the opinion the audit needs is asked for', async () => {
    const serial = serials[0]!;
    expect(await en(['kb', 'apply', 'invalidMode', serial])).toMatchObject({ code: 0, stdout: `Failure mode ${serial} (version 1) applied for approval; status: To be approved\n` });
    const noOpinion = await en(['kb', 'audit', 'invalidMode', serial]);
    expect(noOpinion).toMatchObject({ code: 2, stdout: '', stderr: 'Form validation failed\n  Please enter a review opinion\n' });
    expect((await en(['kb', 'audit', 'invalidMode', serial, '--opinion', 'Checked against the field data'])).stdout).toBe(
      `Failure mode ${serial} (version 1) audited; status: Pending approval\n`,
    );
    expect((await fmea(['kb', 'approve', 'invalidMode', serial])).stdout).toBe(`失效模式 ${serial}（版本 1）已批准；状态：已发布\n`);
    const released = JSON.parse((await fmea(['--json', 'kb', 'list', 'invalidMode', '--status', '2'])).stdout).data;
    expect(released).toMatchObject({ total: 1, items: [{ serialNum: serial, status: '2', auditRemark: 'Checked against the field data' }] });
    // a step the state does not allow is the flow's refusal; an unknown number is not found
    expect((await en(['kb', 'withdraw', 'invalidMode', serial])).code).toBe(6);
    const missing = await en(['kb', 'apply', 'invalidMode', 'FA0000000000']);
    expect(missing).toMatchObject({ code: 3, stderr: 'No Failure mode record numbered FA0000000000 (or it is not yours to read)\n' });
  });

  it('writes the import template, which imports as nothing', async () => {
    const path = file('template.xlsx');
    const written = await en(['kb', 'template', 'invalidMode', '--out', path]);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toBe(`Wrote the import template of Failure mode (one row under the headers says what each column takes; an import skips it) to ${path}\n`);
    expect(existsSync(path)).toBe(true);
    expect((await en(['kb', 'import', 'invalidMode', path])).stdout).toBe('Failure mode: 0 created, 0 changed, 0 new versions, 0 already there (left out)\n');
    expect((await en(['kb', 'template', 'invalidMode', '--out', file('template.csv')])).code).toBe(2);
  });
});

describe('fmea product', { timeout: 120_000 }, () => {
  it('imports, lists and exports products: the product type of the catalog commands', async () => {
    const path = await sheet('products.xlsx', ['Product number', 'Product name'], [['P-100', 'Seat frame'], ['P-200', 'Door hinge']]);
    expect(await en(['product', 'import', path])).toMatchObject({ code: 0, stdout: 'Product: 2 created, 0 changed, 0 new versions, 0 already there (left out)\n' });
    const listed = await en(['product', 'list']);
    expect(listed.stdout.split('\n')[0]).toBe('Product number\tProduct name\tStatus\tVersion\tQuotes\tChanged');
    expect(listed.stdout).toContain('P-100\tSeat frame\tEditing\t1\t0\t');
    expect((await en(['kb', 'list', 'product'])).stdout).toBe(listed.stdout);
    const out = file('products-out.xlsx');
    expect(await en(['product', 'export', '--out', out])).toMatchObject({ code: 0, stdout: `Exported 2 records of Product to ${out}\n` });
    expect(await en(['product', 'import', out])).toMatchObject({ code: 0, stdout: 'Product: 0 created, 0 changed, 0 new versions, 2 already there (left out)\n' });
  });
});
