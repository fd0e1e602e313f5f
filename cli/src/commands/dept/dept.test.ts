import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
const fmea = (args: string[]) => runFmea(args, { env });

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const database = await openTempDb(temp);
  try {
    const { createSite } = await import('@fmea/core/services');
    await createSite(database.ctx, { name: '苏州工厂' });
  } finally {
    database.close();
  }
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea dept', { timeout: 90_000 }, () => {
  it('adds departments to a site and lists them, for all sites or one', async () => {
    const added = await fmea(['dept', 'add', '苏州工厂', 'QE', '质量部', '--name-en', 'Quality']);
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^ID\t\S+\n站点\t苏州工厂\n编号\tQE\n名称\t质量部\n英文名称\tQuality\n$/);
    await fmea(['dept', 'add', '总部', 'RD', '研发部']);
    const all = await fmea(['dept', 'list']);
    expect(all.stdout).toBe('站点\t编号\t名称\n总部\tRD\t研发部\n苏州工厂\tQE\t质量部\n');
    // in English: the English names, the Chinese where there is none
    const one = await fmea(['--lang', 'en-US', 'dept', 'list', '--site', '苏州工厂']);
    expect(one.stdout).toBe('Site\tNumber\tName\n苏州工厂\tQE\tQuality\n');
    expect((await fmea(['--lang', 'en-US', 'dept', 'list'])).stdout).toBe('Site\tNumber\tName\nHeadquarters\tRD\t研发部\n苏州工厂\tQE\tQuality\n');
    const user = await fmea(['--json', 'user', 'add', 'qe1', '--site', '苏州工厂', '--department', 'QE']);
    expect(JSON.parse(user.stdout).data).toMatchObject({ site: '苏州工厂', department: '质量部' });
  });

  it('refuses an unknown site (3), duplicates (5) and missing arguments (2)', async () => {
    const [site, siteEn, list, number, name, missing] = await Promise.all([
      fmea(['dept', 'add', 'Atlantis', 'QE', '质量部']),
      fmea(['--lang', 'en-US', 'dept', 'add', 'Atlantis', 'QE', '质量部']),
      fmea(['dept', 'list', '--site', 'Atlantis']),
      fmea(['dept', 'add', '苏州工厂', 'QE', '另一个部门']),
      fmea(['--lang', 'en-US', 'dept', 'add', '苏州工厂', 'XX', '质量部']),
      fmea(['--lang', 'en-US', 'dept', 'add', '苏州工厂', 'QE']),
    ]);
    expect(site).toMatchObject({ code: 3, stdout: '', stderr: '站点不存在：Atlantis\n' });
    expect(siteEn).toMatchObject({ code: 3, stderr: 'Site not found: Atlantis\n' });
    expect(list).toMatchObject({ code: 3, stderr: '站点不存在：Atlantis\n' });
    expect(number).toMatchObject({ code: 5, stderr: '该站点下部门编号“QE”已存在\n' });
    expect(name).toMatchObject({ code: 5, stderr: 'A department named "质量部" already exists in this site\n' });
    expect(missing).toMatchObject({ code: 2, stderr: "missing required argument 'name'\nRun with --help for usage.\n" });
    const rows = JSON.parse((await fmea(['--json', 'dept', 'list'])).stdout).data;
    expect(rows).toHaveLength(2);
  });
});
