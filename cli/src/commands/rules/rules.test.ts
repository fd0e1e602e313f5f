import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RULE_FLAG_NAMES } from '@fmea/core/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
const fmea = (args: string[]) => runFmea(args, { env });
const file = (name: string) => join(temp.dir, name);

async function ruleSet(table: string) {
  const database = await openTempDb(temp);
  try {
    const { getApRuleSet } = await import('@fmea/core/services');
    return await getApRuleSet(database.db, table);
  } finally {
    database.close();
  }
}

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea rules list / set', { timeout: 90_000 }, () => {
  it('lists every flag in the spec order with group, value and the name in the chosen language', async () => {
    const zh = await fmea(['rules', 'list']);
    const lines = zh.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('分组\t开关\t取值\t名称');
    expect(lines[1]).toBe('基础\tfmeaReleaseAll\t0\tFMEA 发布需全部发布人发布');
    expect(lines).toContain('英文必填\tEnglishRequiredRuleFlag\t0\t英文必填');
    expect(lines).toContain('复制规则\ttreeCopyHeadOnly\t0\t仅负责人可复制结构树节点');
    expect(lines).toContain('KCDS 创建规则\tkcdsCriticalSeverity\t9\tKCDS 关键特性的最低严重度');
    expect(lines).toContain('评分来源\tdfmeaDefaultDet\t10\tDFMEA 默认探测度');
    expect(lines).toHaveLength(RULE_FLAG_NAMES.length + 1); // the header line and one per flag
    const en = await fmea(['--lang', 'en-US', 'rules', 'list']);
    expect(en.stdout).toContain('Group\tFlag\tValue\tName\nBasic\tfmeaReleaseAll\t0\tEvery releaser must release an FMEA\n');
    expect(en.stdout).toContain('\nTree rules\ttreeDeleteHeadOnly\t0\tOnly the head may delete structure-tree nodes\n');
  });

  it('sets a flag, and refuses unknown flags and values outside the allowed ones (2)', async () => {
    expect(await fmea(['rules', 'set', 'xmcjzRule', '1'])).toMatchObject({ code: 0, stdout: '规则开关 xmcjzRule 已设为 1\n' });
    const listed = JSON.parse((await fmea(['--json', 'rules', 'list'])).stdout).data;
    expect(listed.find((r: { flag: string }) => r.flag === 'xmcjzRule')).toMatchObject({ value: '1', group: 'dataCreator' });
    const [flag, flagEn, value, valueEn] = await Promise.all([
      fmea(['rules', 'set', 'nope', '1']),
      fmea(['--lang', 'en-US', 'rules', 'set', 'nope', '1']),
      fmea(['rules', 'set', 'xmcjzRule', '7']),
      fmea(['--lang', 'en-US', 'rules', 'set', 'dfmeaDefaultDet', '11']),
    ]);
    expect(flag).toMatchObject({ code: 2, stdout: '', stderr: '未知的规则开关：nope\n' });
    expect(flagEn).toMatchObject({ code: 2, stderr: 'Unknown rule flag: nope\n' });
    expect(value).toMatchObject({ code: 2, stderr: '规则开关 xmcjzRule 的取值只能是：0, 1\n' });
    expect(valueEn).toMatchObject({ code: 2, stderr: 'Rule flag dfmeaDefaultDet accepts only: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10\n' });
  });
});

describe('fmea rules ap', { timeout: 90_000 }, () => {
  it('lists a table: its selection, then one rule per row; JSON gives the rule set', async () => {
    const msr = await fmea(['rules', 'ap', 'list', '--table', 'msr']);
    const lines = msr.stdout.split('\n');
    expect(lines[0]).toBe('AP 表 msr：14 条规则，启用的规则类型：SOD');
    expect(lines[1]).toBe('#\t规则类型\tAP\tsMin\tsMax\toMin\toMax\tdMin\tdMax\trpnMin\trpnMax\tso\tsd');
    expect(lines[2]).toBe('1\tSOD\tH\t10\t10\t5\t10\t1\t10\t\t\t\t');
    const json = JSON.parse((await fmea(['--json', 'rules', 'ap', 'list'])).stdout);
    expect(json.data).toEqual(await ruleSet('dfmea'));
    const [table, tableEn] = await Promise.all([
      fmea(['rules', 'ap', 'list', '--table', 'xfmea']),
      fmea(['--lang', 'en-US', 'rules', 'ap', 'list', '--table', 'xfmea']),
    ]);
    expect(table).toMatchObject({ code: 2, stdout: '', stderr: '未知的 AP 规则表：xfmea（可选 dfmea、pfmea、msr）\n' });
    expect(tableEn).toMatchObject({ code: 2, stderr: 'Unknown AP rule table: xfmea (use dfmea, pfmea or msr)\n' });
  });

  it('exports a table to JSON and to xlsx, atomically', async () => {
    const json = await fmea(['rules', 'ap', 'export', file('pfmea.json'), '--table', 'pfmea']);
    const set = await ruleSet('pfmea');
    expect(json).toMatchObject({ code: 0, stdout: `已导出 ${set.rules.length} 条到 ${file('pfmea.json')}\n` });
    expect(JSON.parse(await readFile(file('pfmea.json'), 'utf8'))).toEqual(set);
    const xlsx = await fmea(['rules', 'ap', 'export', file('dfmea.xlsx')]);
    expect(xlsx.code).toBe(0);
    const { decodeApRules } = await import('@fmea/core/services');
    expect((await decodeApRules(new Uint8Array(await readFile(file('dfmea.xlsx'))), 'dfmea.xlsx')).rules).toEqual((await ruleSet('dfmea')).rules);
    const csv = await fmea(['--lang', 'en-US', 'rules', 'ap', 'export', file('rules.csv')]);
    expect(csv).toMatchObject({ code: 2, stderr: 'Unsupported file type; use json, xlsx\n' });
    expect((await readdir(temp.dir)).filter((name) => name.endsWith('.tmp') || name === 'rules.csv')).toEqual([]);
  });

  it('imports rules that ap eval then uses, taking the table from a JSON export unless --table says otherwise', async () => {
    await writeFile(file('rpn.json'), JSON.stringify({ rules: [{ ruleType: 'RPN', ap: 'H', rpnMin: 100, rpnMax: 1000 }] }));
    const imported = await fmea(['rules', 'ap', 'import', file('rpn.json'), '--table', 'msr', '--selection', 'RPN']);
    expect(imported).toMatchObject({ code: 0, stdout: '已替换 AP 表 msr：1 条规则，启用的规则类型：RPN\n' });
    expect(await fmea(['ap', 'eval', '--s', '5', '--o', '5', '--d', '4', '--table', 'msr'])).toMatchObject({ code: 0, stdout: 'H\n' });
    expect(await fmea(['ap', 'eval', '--s', '9', '--o', '10', '--d', '1', '--table', 'msr'])).toMatchObject({ code: 0, stdout: 'L\n' });

    const before = await ruleSet('dfmea');
    const back = await fmea(['--lang', 'en-US', 'rules', 'ap', 'import', file('pfmea.json')]);
    expect(back.stdout).toMatch(/^AP table pfmea replaced: \d+ rules, rule types in use: SOD\n$/);
    expect(await ruleSet('dfmea')).toEqual(before);
    const xlsx = await fmea(['rules', 'ap', 'import', file('dfmea.xlsx'), '--table', 'msr', '--selection', 'SOD']);
    expect(xlsx.code).toBe(0);
    expect((await ruleSet('msr')).rules).toEqual(before.rules);
  });

  it('refuses invalid rules, selections and files, exit 2, writing nothing', async () => {
    await writeFile(file('bad.json'), JSON.stringify({ rules: [{ ruleType: 'SOD', ap: 'H', sMin: 0, sMax: 12 }] }));
    await writeFile(file('broken.json'), '{ not json');
    await writeFile(file('fake.xlsx'), 'not a workbook');
    const before = await ruleSet('dfmea');
    const [zh, en, selection, broken, fake, missing] = await Promise.all([
      fmea(['rules', 'ap', 'import', file('bad.json')]),
      fmea(['--lang', 'en-US', 'rules', 'ap', 'import', file('bad.json')]),
      fmea(['--lang', 'en-US', 'rules', 'ap', 'import', file('pfmea.json'), '--table', 'dfmea', '--selection', 'XYZ']),
      fmea(['rules', 'ap', 'import', file('broken.json')]),
      fmea(['rules', 'ap', 'import', file('fake.xlsx')]),
      fmea(['rules', 'ap', 'import', file('missing.json')]),
    ]);
    expect(zh).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'AP 规则有误，未保存任何内容\n  第 1 行：严重度 (S) 下限必须是 1 到 10 之间的整数（当前为 0）\n  第 1 行：严重度 (S) 上限必须是 1 到 10 之间的整数（当前为 12）\n',
    });
    expect(en).toMatchObject({
      code: 2,
      stderr: 'The AP rules have errors; nothing was saved\n  Row 1: Lowest severity (S) must be a whole number from 1 to 10 (got 0)\n  Row 1: Highest severity (S) must be a whole number from 1 to 10 (got 12)\n',
    });
    expect(selection.code).toBe(2);
    expect(selection.stderr).toMatch(/^Unknown AP rule type XYZ/);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^文件格式错误：/);
    expect(fake.code).toBe(2);
    expect(fake.stderr).toBe('该文件不是 Excel 工作簿（.xlsx）\n');
    expect(missing).toMatchObject({ code: 3, stderr: `文件不存在：${file('missing.json')}\n` });
    expect(await ruleSet('dfmea')).toEqual(before);
  });
});
