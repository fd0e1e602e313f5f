import { randomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

/** `fmea dfmea import` takes files up to IMPORT_MAX_MB (default 1) or `--max-mb <n>` megabytes. */

const MB = 1024 * 1024;
let temp: TempDb;
let env: Record<string, string>;
const fmea = (args: string[], extra: Record<string, string> = {}) => runFmea(args, { env: { ...env, ...extra } });
const big = () => join(temp.dir, 'big.xlsx');

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { createProject, exportDfmeaWorkbook, findUserRow, importAnalysis } = await import('@fmea/core/services');
  const { syntheticAnalysis } = await import('@fmea/core/testing');
  const database = await openTempDb(temp);
  let exported: Uint8Array;
  try {
    const admin = await findUserRow(database.db, 'admin');
    const project = await createProject(database.ctx, { projectType: 'dfmea', name: 'Seat recliner', members: [{ userId: admin.id, roles: [0] }] });
    await importAnalysis(database.ctx, project.id, syntheticAnalysis({ chains: 5 }));
    exported = await exportDfmeaWorkbook(database.ctx, project.id, { locale: 'en-US' });
  } finally {
    database.close();
  }
  // our export plus a sheet of incompressible text: a valid workbook of about 1.5 MB
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(exported as unknown as ArrayBuffer);
  const padding = workbook.addWorksheet('Padding');
  for (let r = 1; r <= Math.ceil((1.5 * MB) / 22_500); r++) padding.getCell(r, 1).value = randomBytes(22_500).toString('base64');
  await writeFile(big(), new Uint8Array(await workbook.xlsx.writeBuffer()));
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea dfmea import size limit', { timeout: 120_000 }, () => {
  it('refuses a 1.5 MB workbook by default (exit 2, naming 1M, nothing written)', async () => {
    const size = (await stat(big())).size;
    expect(size).toBeGreaterThan(1.4 * MB);
    expect(size).toBeLessThan(1.9 * MB);
    const [en, zh] = await Promise.all([fmea(['--lang', 'en-US', 'dfmea', 'import', big()]), fmea(['dfmea', 'import', big()])]);
    expect(en).toMatchObject({ code: 2, stdout: '', stderr: 'The file exceeds the size limit (1M)\n' });
    expect(zh).toMatchObject({ code: 2, stdout: '', stderr: '文件超过大小限制（1M）\n' });
    const listed = JSON.parse((await fmea(['--json', 'dfmea', 'list'])).stdout);
    expect(listed.data.total).toBe(1);
  });

  it('imports it with --max-mb 2 or IMPORT_MAX_MB=2; the flag wins over the variable', async () => {
    const flag = await fmea(['--json', 'dfmea', 'import', big(), '--max-mb', '2']);
    expect(flag.code, flag.stderr).toBe(0);
    const report = JSON.parse(flag.stdout).data;
    expect(report).toMatchObject({ errors: [] });
    expect(report.rows).toBeGreaterThan(0);
    expect(report.imported).toBe(report.rows);
    const fromEnv = await fmea(['--json', 'dfmea', 'import', big()], { IMPORT_MAX_MB: '2' });
    expect(fromEnv.code, fromEnv.stderr).toBe(0);
    const flagWins = await fmea(['--lang', 'en-US', 'dfmea', 'import', big(), '--max-mb', '1'], { IMPORT_MAX_MB: '2' });
    expect(flagWins).toMatchObject({ code: 2, stderr: 'The file exceeds the size limit (1M)\n' });
  });

  it('refuses a bad --max-mb or IMPORT_MAX_MB as a usage error (exit 2)', async () => {
    const [zero, many, text, envBad] = await Promise.all([
      fmea(['--lang', 'en-US', 'dfmea', 'import', big(), '--max-mb', '0']),
      fmea(['--lang', 'en-US', 'dfmea', 'import', big(), '--max-mb', '101']),
      fmea(['dfmea', 'import', big(), '--max-mb', '1.5']),
      fmea(['--lang', 'en-US', 'dfmea', 'import', big()], { IMPORT_MAX_MB: 'lots' }),
    ]);
    expect(zero).toMatchObject({ code: 2, stdout: '', stderr: '--max-mb must be a whole number of megabytes from 1 to 100 (got 0)\nRun with --help for usage.\n' });
    expect(many).toMatchObject({ code: 2, stderr: '--max-mb must be a whole number of megabytes from 1 to 100 (got 101)\nRun with --help for usage.\n' });
    expect(text).toMatchObject({ code: 2, stderr: '--max-mb 必须是 1 到 100 之间的整数兆字节数（当前为 1.5）\n使用 --help 查看用法。\n' });
    expect(envBad).toMatchObject({ code: 2, stderr: 'IMPORT_MAX_MB must be a whole number of megabytes from 1 to 100 (got lots)\nRun with --help for usage.\n' });
  });

  it('fmea serve refuses to start with a bad IMPORT_MAX_MB', async () => {
    const res = await runFmea(['--lang', 'en-US', 'serve', '--port', '1'], { env: dbEnv(temp, { IMPORT_MAX_MB: '0', FILES_DIR: temp.dir }) });
    expect(res).toMatchObject({ code: 2, stdout: '', stderr: 'IMPORT_MAX_MB must be a whole number of megabytes from 1 to 100 (got 0)\nRun with --help for usage.\n' });
  });

  it('documents --max-mb in the help', async () => {
    const help = await fmea(['--lang', 'en-US', 'dfmea', 'import', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('--max-mb <n> largest file in whole MB, 1 to 100 (default: $IMPORT_MAX_MB, else 1)');
    expect((await readFile(big())).byteLength).toBeGreaterThan(MB);
  });
});
