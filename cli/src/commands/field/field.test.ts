import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
const fmea = (args: string[]) => runFmea(args, { env });

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea field add / list', { timeout: 90_000 }, () => {
  it('adds fields checked like the page (letters-only name: 2, in the chosen language) and lists them in sort order', async () => {
    const refused = await fmea(['--lang', 'en-US', 'field', 'add', 'fmeaProject', 'plant_code', '--alias', '工厂代码', '--alias-en', 'Plant code']);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toContain('System name may contain English letters only');
    const zh = await fmea(['field', 'add', 'fmeaProject', 'oem', '--alias', '主机厂', '--alias-en', 'OEM', '--type', 'choice', '--dict', 'noSuchType']);
    expect(zh.code).toBe(2);
    expect(zh.stderr).toContain('数据字典类型 noSuchType 不存在');
    expect((await fmea(['--lang', 'en-US', 'field', 'add', 'fmeaProject', 'plantCode', '--alias', '工厂代码', '--alias-en', 'Plant code'])).stdout).toBe('Custom field plantCode added to fmeaProject (sort 1)\n');
    expect((await fmea(['field', 'add', 'fmeaProject', 'budget', '--alias', '预算', '--alias-en', 'Budget', '--type', 'number', '--required'])).code).toBe(0);
    const listed = await fmea(['--json', 'field', 'list', 'fmeaProject']);
    expect(JSON.parse(listed.stdout).data.map((f: { systemName: string; sort: number; required: string }) => [f.systemName, f.sort])).toEqual([['plantCode', 1], ['budget', 2]]);
    expect((await fmea(['field', 'list', 'nowhere'])).code).not.toBe(0);
  });
});
