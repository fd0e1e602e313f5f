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

describe('fmea site', { timeout: 90_000 }, () => {
  it('adds sites and lists them with licence and user counts', async () => {
    const added = await fmea(['site', 'add', '苏州工厂', '--name-en', 'Suzhou plant', '--licences', '50']);
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^ID\t\S+\n名称\t苏州工厂\n英文名称\tSuzhou plant\n许可数\t50\n用户数\t0\n$/);
    const listed = await fmea(['--lang', 'en-US', 'site', 'list']);
    expect(listed.stdout).toBe('Name\tEnglish name\tLicences\tUsers\n总部\tHeadquarters\t0\t1\n苏州工厂\tSuzhou plant\t50\t0\n');
  });

  it('refuses a duplicate site (5) and a bad licence count (2)', async () => {
    const [dup, dupEn, licences, licencesEn] = await Promise.all([
      fmea(['site', 'add', '苏州工厂']),
      fmea(['--lang', 'en-US', 'site', 'add', '苏州工厂']),
      fmea(['site', 'add', 'x', '--licences', '-1']),
      fmea(['--lang', 'en-US', 'site', 'add', 'x', '--licences', 'many']),
    ]);
    expect(dup).toMatchObject({ code: 5, stdout: '', stderr: '站点名称“苏州工厂”已存在\n' });
    expect(dupEn).toMatchObject({ code: 5, stderr: 'A site named "苏州工厂" already exists\n' });
    expect(licences).toMatchObject({ code: 2, stderr: '--licences 必须是不小于 0 的整数（当前为 -1）\n使用 --help 查看用法。\n' });
    expect(licencesEn).toMatchObject({ code: 2, stderr: '--licences must be a whole number, 0 or more (got many)\nRun with --help for usage.\n' });
    const names = JSON.parse((await fmea(['--json', 'site', 'list'])).stdout).data.map((s: { name: string }) => s.name);
    expect(names).toEqual(['总部', '苏州工厂']);
  });
});
