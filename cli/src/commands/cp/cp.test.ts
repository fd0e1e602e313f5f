import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
let pfmea: string;
let dfmea: string;
/** A PFMEA whose control plans were never generated. */
let fresh: string;
const fmea = (args: string[]) => runFmea(args, { env });
const file = (name: string) => join(temp.dir, name);

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { createProject, findUserRow, generateControlPlan } = await import('@fmea/core/services');
  const { buildHousingPfmea } = await import('@fmea/core/testing');
  const database = await openTempDb(temp);
  try {
    const { ctx, db } = database;
    const admin = await findUserRow(db, 'admin');
    const members = [{ userId: admin.id, roles: [0] }];
    const built = await buildHousingPfmea(ctx, members, 'Gearbox housing');
    await generateControlPlan(ctx, built.project.id, { phase: 'production' });
    pfmea = built.project.serialNum;
    fresh = (await buildHousingPfmea(ctx, members, 'Cover')).project.serialNum;
    dfmea = (await createProject(ctx, { projectType: 'dfmea', name: 'Seat', members })).serialNum;
  } finally {
    database.close();
  }
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea cp', { timeout: 120_000 }, () => {
  it('exports the control plan of a phase as the AIAG form and imports it into another phase, linked to the PFMEA', async () => {
    const exported = await fmea(['--lang', 'en-US', 'cp', 'export', pfmea, file('cp.xlsx')]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout.trim()).toBe(`5 lines of the Production control plan of ${pfmea} written to ${file('cp.xlsx')}`);
    const { readWorkbookSheets } = await import('@fmea/core/services');
    const [sheet] = await readWorkbookSheets(new Uint8Array(await readFile(file('cp.xlsx'))));
    expect(sheet!.rows[0]!.cells[1]).toBe('Control Plan');

    const imported = await fmea(['--lang', 'en-US', 'cp', 'import', pfmea, file('cp.xlsx'), '--phase', 'prelaunch']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout.split('\n')[0]).toBe(`${pfmea}, Pre-launch control plan: 5 lines imported (5 linked to the PFMEA), 0 already there, 0 replaced`);
    expect(imported.stdout).toContain('Header fields filled: Control Plan Number');
    const again = await fmea(['--json', 'cp', 'import', pfmea, file('cp.xlsx'), '--phase', 'prelaunch', '--mode', 'cover']);
    expect(JSON.parse(again.stdout).data).toMatchObject({ phase: 'prelaunch', imported: 5, replaced: 5, serialNum: pfmea });
    const zh = await fmea(['cp', 'export', pfmea, file('pre.xlsx'), '--phase', 'prelaunch', '--bilingual']);
    expect(zh.stdout.trim()).toBe(`已将 ${pfmea} 的试生产控制计划（5 行）写入 ${file('pre.xlsx')}`);
  });

  it('generates the plan of a phase from the PFMEA, and export says when a plan has not been generated (exit 3, nothing written)', async () => {
    const before = await fmea(['--lang', 'en-US', 'cp', 'export', fresh, file('fresh.xlsx'), '--phase', 'prototype']);
    expect(before.code).toBe(3);
    expect(before.stderr).toContain(`The Prototype control plan of ${fresh} has no lines: it has not been generated. Generate it first with: fmea cp generate ${fresh} --phase prototype`);
    expect(existsSync(file('fresh.xlsx'))).toBe(false);
    const zhBefore = await fmea(['cp', 'export', fresh, file('fresh.xlsx'), '--phase', 'prototype']);
    expect(zhBefore.stderr).toContain(`${fresh} 的样件控制计划没有任何行：尚未生成。请先生成：fmea cp generate ${fresh} --phase prototype`);

    const generated = await fmea(['--lang', 'en-US', 'cp', 'generate', fresh, '--phase', 'prototype']);
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stdout.trim()).toBe(`Prototype control plan of ${fresh}: 5 lines added, 5 lines in all`);
    const again = await fmea(['cp', 'generate', fresh, '--phase', 'prototype']);
    expect(again.stdout.trim()).toBe(`${fresh} 的样件控制计划：新增 0 行，共 5 行`);
    const json = await fmea(['--json', 'cp', 'generate', fresh]);
    expect(JSON.parse(json.stdout).data).toEqual({ serialNum: fresh, phase: 'production', added: 5, lines: 5 });

    const exported = await fmea(['--lang', 'en-US', 'cp', 'export', fresh, file('fresh.xlsx'), '--phase', 'prototype']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout.trim()).toBe(`5 lines of the Prototype control plan of ${fresh} written to ${file('fresh.xlsx')}`);
    const design = await fmea(['--lang', 'en-US', 'cp', 'generate', dfmea]);
    expect(design.code).toBe(2);
    expect(design.stderr).toContain(`Only a PFMEA has a control plan; ${dfmea} is not one`);
  });

  it('refuses bad rows with their numbers and writes nothing, naming --good-rows-only (exit 2)', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('CP');
    ws.addRow(['Part/Process Number', 'Process Name/Operation Description', 'Product', 'Process', 'Control Method', 'Reaction Plan']);
    ws.addRow(['10', 'Machine housing', 'Bore diameter', null, null, 'Stop']);
    ws.addRow(['30', 'Leak test', null, null, 'Pressure decay', 'Scrap']);
    await writeFile(file('bad.xlsx'), new Uint8Array(await workbook.xlsx.writeBuffer()));
    const bad = await fmea(['--lang', 'en-US', 'cp', 'import', pfmea, file('bad.xlsx'), '--phase', 'prototype']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('The control plan workbook has 1 problems; nothing was imported: fix them and import again, or import the good rows only with --good-rows-only');
    expect(bad.stderr).toContain('Row 3: The line names no characteristic: give a product or a process characteristic');
    const good = await fmea(['--lang', 'en-US', 'cp', 'import', pfmea, file('bad.xlsx'), '--phase', 'prototype', '--good-rows-only']);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toContain('Prototype control plan: 1 lines imported (1 linked to the PFMEA)');
    expect(good.stdout).toContain('Not imported:\n  Row 3: The line names no characteristic');
  });

  it('refuses a DFMEA, an unknown phase and a file that is no xlsx (exit 2), writing nothing', async () => {
    const design = await fmea(['--lang', 'en-US', 'cp', 'export', dfmea, file('x.xlsx')]);
    expect(design.code).toBe(2);
    expect(design.stderr).toContain(`Only a PFMEA has a control plan; ${dfmea} is not one`);
    expect(existsSync(file('x.xlsx'))).toBe(false);
    const phase = await fmea(['--lang', 'en-US', 'cp', 'export', pfmea, file('x.xlsx'), '--phase', 'launch']);
    expect(phase.code).toBe(2);
    const csv = await fmea(['--lang', 'en-US', 'cp', 'export', pfmea, file('x.csv')]);
    expect(csv.code).toBe(2);
  });
});
