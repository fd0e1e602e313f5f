import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
let pfmea: string;
let dfmea: string;
let moved: string;
const fmea = (args: string[]) => runFmea(args, { env });
const file = (name: string) => join(temp.dir, name);

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { addFlowBranch, addNode, createProject, findUserRow, saveFlowStep } = await import('@fmea/core/services');
  const database = await openTempDb(temp);
  try {
    const { ctx, db } = database;
    const admin = await findUserRow(db, 'admin');
    const members = [{ userId: admin.id, roles: [0] }];
    const project = await createProject(ctx, { projectType: 'pfmea', name: '齿轮箱壳体', members });
    const turn = await addNode(ctx, { parentId: project.rootNodeId!, name: '车削内孔', processNo: '10' });
    const check = await addNode(ctx, { parentId: project.rootNodeId!, name: 'Final check', processNo: '20' });
    await saveFlowStep(ctx, check.id, { version: check.version, flowSymbol: 'inspection' });
    await addFlowBranch(ctx, { fromNodeId: check.id, kind: 'rework', toNodeId: turn.id });
    pfmea = project.serialNum;
    dfmea = (await createProject(ctx, { projectType: 'dfmea', name: 'Seat', members })).serialNum;
    // steps whose numbers no longer follow the flow (as after a reorder)
    const line = await createProject(ctx, { projectType: 'pfmea', name: 'Bracket', members });
    await addNode(ctx, { parentId: line.rootNodeId!, name: 'Weld', processNo: '20' });
    await addNode(ctx, { parentId: line.rootNodeId!, name: 'Cut', processNo: '10' });
    moved = line.serialNum;
  } finally {
    database.close();
  }
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea pfd export', { timeout: 120_000 }, () => {
  it('writes the PFD workbook in the chosen language', async () => {
    const out = file('flow.xlsx');
    const done = await fmea(['--lang', 'zh-CN', 'pfd', 'export', pfmea, out]);
    const pfd = pfmea.replace(/^PF/, 'PFD');
    expect(done).toMatchObject({ code: 0, stdout: `已将 ${pfmea} 的过程流程图 ${pfd}（2 个过程步骤）导出到 ${out}\n` });
    const { readWorkbookSheets } = await import('@fmea/core/services');
    const rows = (await readWorkbookSheets(new Uint8Array(await readFile(out))))[0]!.rows.map((r) => r.cells.slice(1));
    expect(rows[0]).toEqual([`过程流程图 ${pfd}`]);
    // the stamp row: the PFMEA's version and content hash
    expect(rows[2]!.slice(0, 2)).toEqual(['基线', '工作副本，未发布']);
    expect(rows[5]!.slice(0, 3)).toEqual(['20', '检验', 'Final check']);
    expect(rows[5]![8]).toBe('返工 → 10 车削内孔');
  });

  it('writes the SVG picture for a .svg file, and says so as JSON', async () => {
    const out = file('flow.SVG');
    const json = JSON.parse((await fmea(['--json', '--lang', 'en-US', 'pfd', 'export', pfmea, out])).stdout);
    expect(json).toMatchObject({ ok: true, data: { path: out, serialNum: pfmea, steps: 2, format: 'svg' } });
    const svg = await readFile(out, 'utf8');
    expect(svg.startsWith('<?xml')).toBe(true);
    expect(svg).toContain('>20 Final check</text>');
    expect(svg).toContain('>10 车削内孔</text>');
    const done = await fmea(['--lang', 'en-US', 'pfd', 'export', pfmea, file('flow.svg')]);
    expect(done.stdout).toBe(`Exported flow chart ${pfmea.replace(/^PF/, 'PFD')} of ${pfmea} (2 steps) to ${file('flow.svg')}\n`);
  });

  it('refuses another extension with a message in either language, writing nothing', async () => {
    const en = await fmea(['--lang', 'en-US', 'pfd', 'export', pfmea, file('flow.png')]);
    expect(en.code).toBe(2);
    expect(en.stderr).toContain(`The flow chart is written as an .xlsx workbook or an .svg picture; name the file with one of these extensions (not “${file('flow.png')}”)`);
    const zh = await fmea(['--lang', 'zh-CN', 'pfd', 'export', pfmea, file('flow.pdf')]);
    expect(zh.code).toBe(2);
    expect(zh.stderr).toContain('过程流程图只能导出为 .xlsx 工作簿或 .svg 图片');
    expect(existsSync(file('flow.png'))).toBe(false);
  });

  it('refuses a DFMEA and an unknown number', async () => {
    const design = await fmea(['--lang', 'en-US', 'pfd', 'export', dfmea, file('design.xlsx')]);
    expect(design.code).toBe(2);
    expect(design.stderr).toContain(`${dfmea} is not a PFMEA: only a PFMEA has a process flow chart`);
    const unknown = await fmea(['--lang', 'en-US', 'pfd', 'export', 'PF0000000000', file('none.xlsx')]);
    expect(unknown.code).toBe(3);
    expect(existsSync(file('design.xlsx'))).toBe(false);
  });
});

describe('fmea pfd renumber', { timeout: 120_000 }, () => {
  it('numbers the steps anew in steps of 10 along the flow, and says when nothing changed', async () => {
    const done = await fmea(['--lang', 'en-US', '--json', 'pfd', 'renumber', moved]);
    expect(done.code).toBe(0);
    const answer = JSON.parse(done.stdout);
    expect(answer.data.steps.map((s: { name: string; processNo: string }) => [s.name, s.processNo])).toEqual([
      ['Weld', '10'],
      ['Cut', '20'],
    ]);
    expect(answer.data.count).toBe(2);
    const again = await fmea(['--lang', 'zh-CN', 'pfd', 'renumber', moved]);
    expect(again).toMatchObject({ code: 0, stdout: `已重新编号 ${moved} 的 0 个过程步骤\n` });
    const design = await fmea(['--lang', 'en-US', 'pfd', 'renumber', dfmea]);
    expect(design.code).toBe(2);
  });
});
