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

const chainRows = async (path: string) => {
  const { readFile } = await import('node:fs/promises');
  const { readWorkbookSheets } = await import('@fmea/core/services');
  return (await readWorkbookSheets(new Uint8Array(await readFile(path))))[1]!.rows.map((r) => r.cells);
};

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { createProject, findDictionaryType, findUserRow, importAnalysis, saveDictionaryItem } = await import('@fmea/core/services');
  const { syntheticAnalysis } = await import('@fmea/core/testing');
  serialNum = await inDb(async ({ ctx, db }) => {
    const admin = await findUserRow(db, 'admin');
    const customers = await findDictionaryType(db, 'customer');
    await saveDictionaryItem(ctx, { parentId: customers.id, code: '3', name: '比亚迪', enName: 'BYD' });
    const project = await createProject(ctx, { projectType: 'dfmea', name: 'Seat recliner', customer: '3', stage: '3', members: [{ userId: admin.id, roles: [0] }] });
    await importAnalysis(ctx, project.id, syntheticAnalysis({ chains: 40 }));
    return project.serialNum;
  });
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea dfmea', { timeout: 120_000 }, () => {
  it('lists DFMEA projects as a table and as JSON, customer and stage by their dictionary names in the chosen language', async () => {
    const plain = await fmea(['--lang', 'en-US', 'dfmea', 'list']);
    expect(plain.code).toBe(0);
    expect(plain.stdout.split('\n')[0]).toBe('Number\tName\tCustomer\tStage\tResponsible\tChanged');
    expect(plain.stdout).toContain(`${serialNum}\tSeat recliner\tBYD\tB sample\t`);
    const zh = await fmea(['--lang', 'zh-CN', 'dfmea', 'list']);
    expect(zh.stdout).toContain(`${serialNum}\tSeat recliner\t比亚迪\tB样\t`);
    const json = JSON.parse((await fmea(['--json', '--lang', 'en-US', 'dfmea', 'list'])).stdout);
    expect(json).toMatchObject({ ok: true, data: { total: 1, items: [{ serialNum, name: 'Seat recliner', customer: '3', stage: '3', labels: { customer: 'BYD', stage: 'B sample' } }] } });
  });

  it('shows when each project last changed in the local format of the chosen language, not as an ISO stamp', async () => {
    const shanghai = { ...env, TZ: 'Asia/Shanghai' };
    const json = JSON.parse((await runFmea(['--json', 'dfmea', 'list'], { env: shanghai })).stdout);
    const stamp = json.data.items[0].updatedAt as string;
    expect(stamp).toMatch(/^\d{4}-\d{2}-\d{2}T/); // JSON keeps ISO for scripts
    // the same moment on a Shanghai clock (UTC+8, no daylight saving), worked out by hand
    const local = new Date(Date.parse(stamp) + 8 * 3600_000).toISOString();
    const [y, m, d, hh, mm] = [local.slice(0, 4), local.slice(5, 7), local.slice(8, 10), Number(local.slice(11, 13)), local.slice(14, 16)];
    const changed = async (lang: string) => (await runFmea(['--lang', lang, 'dfmea', 'list'], { env: shanghai })).stdout.split('\n')[1]!.split('\t').at(-1);
    expect(await changed('zh-CN')).toBe(`${y}/${m}/${d} ${String(hh).padStart(2, '0')}:${mm}`);
    const h12 = String(hh % 12 === 0 ? 12 : hh % 12).padStart(2, '0');
    expect(await changed('en-US')).toBe(`${m}/${d}/${y}, ${h12}:${mm} ${hh < 12 ? 'AM' : 'PM'}`);
  });

  it('exports a project and imports the workbook into a new project that exports the same chain rows', async () => {
    const first = file('first.xlsx');
    const exported = await fmea(['--lang', 'en-US', 'dfmea', 'export', serialNum, first]);
    expect(exported).toMatchObject({ code: 0, stdout: `Exported 400 failure chains of ${serialNum} to ${first}\n` });
    expect(exported.stderr).toContain('Exporting 100%');
    const imported = await fmea(['--json', 'dfmea', 'import', first]);
    expect(imported.code).toBe(0);
    const report = JSON.parse(imported.stdout).data;
    expect(report).toMatchObject({ rows: 400, imported: 400, errors: [] });
    expect(report.serialNum).toMatch(/^DF/);
    expect(report.serialNum).not.toBe(serialNum);
    const second = file('second.xlsx');
    // the chain sheet speaks the export's language: compared in the same one
    expect((await fmea(['--lang', 'en-US', 'dfmea', 'export', report.serialNum, second])).code).toBe(0);
    expect(await chainRows(second)).toEqual(await chainRows(first));
    // Importing again with dedupe adds nothing; the chains stay the same.
    const again = await fmea(['--lang', 'en-US', 'dfmea', 'import', first, '--project', report.serialNum]);
    expect(again).toMatchObject({
      code: 0,
      stdout:
        `Imported 400 of 400 rows into ${report.serialNum}\n` +
        'Created: 0 structure nodes, 0 functions, 0 characteristics, 0 failure effects, 0 failure modes, 0 failure causes, 0 controls, 0 S/O/D ratings, 0 actions, 0 re-ratings\n',
    });
    const third = file('third.xlsx');
    expect((await fmea(['--lang', 'en-US', 'dfmea', 'export', report.serialNum, third, '--company', 'ACME'])).code).toBe(0);
    expect(await chainRows(third)).toEqual(await chainRows(first));
  });

  it('refuses a malformed workbook (exit 2) and an .xls file with a hint, writing nothing', async () => {
    await writeFile(file('broken.xlsx'), 'not a zip');
    const broken = await fmea(['--lang', 'en-US', 'dfmea', 'import', file('broken.xlsx')]);
    expect(broken.code).toBe(2);
    expect(broken.stdout).toBe('');
    await writeFile(file('old.xls'), 'old');
    const xls = await fmea(['--lang', 'en-US', 'dfmea', 'import', file('old.xls')]);
    expect(xls.code).toBe(2);
    expect(xls.stderr).toContain('save it as .xlsx');
  });

  it('lists bad rows by number, exits 2 and writes nothing; --partial writes the good rows', async () => {
    const { excel } = { excel: async () => (await import('exceljs')).default };
    const { readFile } = await import('node:fs/promises');
    const wb = new (await excel()).Workbook();
    await wb.xlsx.load((await readFile(file('first.xlsx'))) as unknown as ArrayBuffer);
    const chains = wb.worksheets[1]!;
    const headers = chains.getRow(1).values as string[];
    chains.getRow(4).getCell(headers.indexOf('D')).value = 'none';
    await wb.xlsx.writeFile(file('bad.xlsx'));
    const before = (JSON.parse((await fmea(['--json', 'dfmea', 'list'])).stdout).data as { total: number }).total;
    const bad = await fmea(['--lang', 'en-US', 'dfmea', 'import', file('bad.xlsx')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Row 4');
    expect(bad.stderr).toContain('D must be a whole number from 1 to 10, not “none”');
    expect((JSON.parse((await fmea(['--json', 'dfmea', 'list'])).stdout).data as { total: number }).total).toBe(before);
    // --partial imports the other rows and lists the one left out.
    const partial = await fmea(['--lang', 'en-US', 'dfmea', 'import', file('bad.xlsx'), '--partial']);
    expect(partial.code).toBe(0);
    expect(partial.stdout).toMatch(/^Imported 399 of 400 rows into DF\d+\nCreated: .*\nRows not imported:\n {2}Row 4: D must be a whole number from 1 to 10, not “none”\n$/);
  });

  it('recognises a legacy AIAG 4th-edition sheet and says what it created, by kind, in either language', async () => {
    const { englishTwoRowSheet } = await import('@fmea/core/testing');
    await writeFile(file('legacy.xlsx'), await englishTwoRowSheet());
    const en = await fmea(['--lang', 'en-US', 'dfmea', 'import', file('legacy.xlsx')]);
    expect(en.code, en.stderr).toBe(0);
    expect(en.stdout.split('\n')).toEqual([
      expect.stringMatching(/^Imported 5 of 5 rows into DF\d+$/),
      // 7 functions: the window regulator's classified mode has a function of its own (a class marks its mode only)
      'Created: 4 structure nodes, 7 functions, 2 characteristics, 4 failure effects, 3 failure modes, 5 failure causes, 11 controls, 14 S/O/D ratings, 3 actions, 6 re-ratings',
      // this database has no user "owner"
      'Responsibility that names no user (kept in the action text): owner, Design engineering',
      '',
    ]);
    const zh = await fmea(['dfmea', 'import', file('legacy.xlsx')]);
    expect(zh.stdout.split('\n')[1]).toBe('已创建：结构节点 4 个，功能 7 个，特性 2 个，失效影响 4 个，失效模式 3 个，失效起因 5 个，控制 11 个，S/O/D 评分 14 个，措施 3 个，再评分 6 个');
  });

  it('refuses a sheet with a column it has no place for (exit 2, listed, nothing written); --accept-unmapped imports the rest', async () => {
    const { abbreviatedSheet } = await import('@fmea/core/testing');
    await writeFile(file('notes.xlsx'), await abbreviatedSheet({ header: 'Notes', value: (i) => (i === 2 ? 'ask supplier' : null) }));
    const total = async () => (JSON.parse((await fmea(['--json', 'dfmea', 'list'])).stdout).data as { total: number }).total;
    const before = await total();
    const refused = await fmea(['--lang', 'en-US', 'dfmea', 'import', file('notes.xlsx')]);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toBe(
      '1 part of the file would not be imported (listed below); nothing was written. Run again with --accept-unmapped to import without them\n' +
        '  Sheet “Sheet1”, column V “Notes” (1 cell with data) has no place in the import\n',
    );
    const zh = await fmea(['dfmea', 'import', file('notes.xlsx')]);
    expect(zh.stderr).toContain('如确认舍弃，请加 --accept-unmapped 重新运行');
    expect(await total()).toBe(before);
    const accepted = await fmea(['--lang', 'en-US', 'dfmea', 'import', file('notes.xlsx'), '--accept-unmapped']);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('Left out (--accept-unmapped):\n  Sheet “Sheet1”, column V “Notes” (1 cell with data) has no place in the import\n');
    expect(await total()).toBe(before + 1);
  });

  it('exits 3 for an unknown project', async () => {
    const exported = await fmea(['--lang', 'en-US', 'dfmea', 'export', 'DF0000000000', file('none.xlsx')]);
    expect(exported.code).toBe(3);
    const imported = await fmea(['dfmea', 'import', file('first.xlsx'), '--project', 'DF0000000000']);
    expect(imported.code).toBe(3);
  });
});
