import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTeamProject, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import type { ProjectView } from './projects.ts';
import { readAnalysis } from './analysis-read.ts';
import { addCharacteristic } from './characteristics.ts';
import { addFunction } from './functions.ts';
import { exportPfmeaProductFeatures, importPfmeaProductFeatures } from './product-features.ts';
import { addNode } from './structure.ts';

let t: TestDatabase;
let team: Team;
let pfmea: ProjectView;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
  pfmea = await createTeamProject(team, { projectType: 'pfmea' });
});
afterEach(() => t.dispose());

async function sheet(rows: (string | number)[][]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('Sheet1');
  for (const row of rows) ws.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function readBack(data: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const out: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
}

const HEAD = ['过程编号', '过程步骤', '过程步骤功能', '产品特性', '特性分级', '特殊特性', '客户特性分类'];

describe('the PFMEA product feature list', () => {
  it('imports product characteristics onto the steps (new steps and functions where the rows name them) and exports them back', async () => {
    const turn = await addNode(team.editor, { parentId: pfmea.rootNodeId!, name: '车削' });
    const turnFn = await addFunction(team.editor, { nodeId: turn.id, description: '车削轴承座' });
    await addCharacteristic(team.editor, { functionId: turnFn.id, name: '轴承座直径', characteristicClass: 'general' });
    const file = await sheet([
      HEAD,
      ['10', '', '车削轴承座', '轴承座直径', '关键', '是', ''],
      ['10', '', '车削轴承座', '端面跳动', 'significant', 'no', ''],
      ['20', '清洗', '清洗壳体', '清洁度', '一般', '', ''],
    ]);
    const dedupe = await importPfmeaProductFeatures(team.editor, pfmea.serialNum, file);
    expect(dedupe).toMatchObject({ created: 2, updated: 0, skipped: 1, steps: 1, functions: 1 });
    const cover = await importPfmeaProductFeatures(team.editor, pfmea.id, file, { mode: 'cover' });
    expect(cover).toMatchObject({ created: 0, updated: 3, skipped: 0, steps: 0, functions: 0 });

    const analysis = await readAnalysis(team.reader, pfmea.id);
    expect(analysis.characteristics.map((c) => [c.name, c.characteristicClass, c.special, c.characteristicKind]).sort()).toEqual([
      ['清洁度', 'general', false, 'product'],
      ['端面跳动', 'significant', false, 'product'],
      ['轴承座直径', 'critical', true, 'product'],
    ]);
    const wash = analysis.nodes.find((n) => n.name === '清洗')!;
    expect(wash).toMatchObject({ processNo: '20', parentId: pfmea.rootNodeId });

    const exported = await exportPfmeaProductFeatures(team.reader, pfmea.serialNum, 'en-US');
    expect(exported.fileName).toBe(`${pfmea.serialNum}-product-characteristics.xlsx`);
    expect(await readBack(exported.data)).toEqual([
      ['Process number', 'Process step', 'Function of the process step', 'Product characteristic', 'Characteristic class', 'Special characteristic', 'Customer class'],
      ['10', '车削', '车削轴承座', '轴承座直径', expect.any(String), 'Yes', ''],
      ['10', '车削', '车削轴承座', '端面跳动', expect.any(String), 'No', ''],
      ['20', '清洗', '清洗壳体', '清洁度', expect.any(String), 'No', ''],
    ]);
  });

  it('refuses the whole file on any wrong row, naming sheet rows, and writes nothing', async () => {
    await addNode(team.editor, { parentId: pfmea.rootNodeId!, name: '车削' });
    const file = await sheet([
      HEAD,
      ['10', '', '车削轴承座', '直径', '很关键', '是', ''],
      ['30', '', '检验', '外观', '一般', '否', ''],
      ['10', '', '车削轴承座', '长度', '一般', '也许', '◆'],
      ['10', '', '车削轴承座', '长度 ', '一般', '否', ''],
      ['40', '装配', '装配', '扭矩', '一般', '否', ''],
      ['40', '装配', '装配', '扭矩', '一般', '否', ''],
      ['x'.repeat(21), '过长', '功能', '特性', '一般', '否', ''],
    ]);
    const error = (await importPfmeaProductFeatures(team.editor, pfmea.serialNum, file).catch((e: unknown) => e)) as { messageKey: string; issues: { row?: number; field?: string; messageKey: string }[] };
    expect(error.messageKey).toBe('fmea.import_invalid');
    expect(error.issues.map((i) => `${i.row}:${i.field}:${i.messageKey}`)).toEqual([
      '2:characteristicClass:fmea.value_invalid',
      '3:processNo:fmea.feature_step_unknown',
      '4:special:fmea.value_invalid',
      '4:customerClass:pfmea.customer_class_unknown',
      '7:featureExplain:fmea.feature_repeated',
      '8:processNo:validation.too_long',
    ]);
    expect((await readAnalysis(team.reader, pfmea.id)).characteristics).toEqual([]);
  });

  it('finds an existing step by its number without case', async () => {
    const turn = await addNode(team.editor, { parentId: pfmea.rootNodeId!, name: '车削' });
    await addNode(team.editor, { parentId: turn.id, name: '车床', workElementType: 'machine' });
    // a new step whose number another step takes without case is the engine's refusal
    await addNode(team.editor, { parentId: pfmea.rootNodeId!, name: '检验', processNo: 'OP30' });
    const file = await sheet([HEAD, ['10', '', '车削', '直径', '一般', '否', ''], ['op30', '再检验', '检验', '外观', '一般', '否', '']]);
    const report = await importPfmeaProductFeatures(team.editor, pfmea.serialNum, file);
    expect(report).toMatchObject({ created: 2, steps: 0 });
  });

  it('answers another type as not found, and a reader may export but not import', async () => {
    const dfmea = await createTeamProject(team);
    const file = await sheet([HEAD, ['10', '车削', '车削', '直径', '一般', '否', '']]);
    await expect(importPfmeaProductFeatures(team.editor, dfmea.serialNum, file)).rejects.toMatchObject({ messageKey: 'fmea.project_not_found' });
    await expect(importPfmeaProductFeatures(team.reader, pfmea.serialNum, file)).rejects.toMatchObject({ messageKey: 'permission.project_read_only' });
    await expect(exportPfmeaProductFeatures(team.outsider, pfmea.serialNum, 'zh-CN')).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
  });
});
