import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
const fmea = (args: string[]) => runFmea(args, { env });

async function roles() {
  const database = await openTempDb(temp);
  try {
    const { listRoles } = await import('@fmea/core/services');
    return await listRoles(database.ctx);
  } finally {
    database.close();
  }
}

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea role', { timeout: 90_000 }, () => {
  it('adds a role of a type and shows it as a record', async () => {
    const added = await fmea(['role', 'add', '质量工程师', '--name-en', 'Quality engineer', '--type', '3']);
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/^ID\t\S+\n名称\t质量工程师\n英文名称\tQuality engineer\n类型\t3\n类型名称\t审批者\n用户数\t0\n已授权路由\t\n$/);
    expect((await roles()).find((r) => r.name === '质量工程师')).toMatchObject({ nameEn: 'Quality engineer', roleType: '3' });
  });

  it('refuses a bad type (2) and a duplicate name (5)', async () => {
    const [type, typeEn, dup, dupEn] = await Promise.all([
      fmea(['role', 'add', 'x', '--type', '7']),
      fmea(['--lang', 'en-US', 'role', 'add', 'x', '--type', '7']),
      fmea(['role', 'add', 'admin']),
      fmea(['--lang', 'en-US', 'role', 'add', 'admin']),
    ]);
    expect(type).toMatchObject({ code: 2, stdout: '', stderr: '角色类型必须是 0、1、2 或 3（当前为 7）\n使用 --help 查看用法。\n' });
    expect(typeEn).toMatchObject({ code: 2, stderr: 'The role type must be 0, 1, 2 or 3 (got 7)\nRun with --help for usage.\n' });
    expect(dup).toMatchObject({ code: 5, stderr: '角色名称“admin”已存在\n' });
    expect(dupEn).toMatchObject({ code: 5, stderr: 'A role named "admin" already exists\n' });
    expect((await roles()).map((r) => r.name)).not.toContain('x');
  });

  it('grants routes with buttons, widening a grant, lists them with user counts, and revokes them', async () => {
    expect(await fmea(['role', 'grant', '质量工程师', 'dfmea_index', '--buttons', 'add,edit'])).toMatchObject({
      code: 0,
      stdout: '已授予角色 质量工程师 路由 dfmea_index，按钮：add, edit\n',
    });
    expect(await fmea(['--lang', 'en-US', 'role', 'grant', '质量工程师', 'dfmea_index', '--buttons', 'audit'])).toMatchObject({
      code: 0,
      stdout: 'Granted dfmea_index to role 质量工程师; buttons: add, edit, audit\n',
    });
    await fmea(['role', 'grant', '质量工程师', 'system_log']);
    const listed = await fmea(['role', 'list']);
    expect(listed.stdout).toBe(
      '名称\t英文名称\t类型\t用户数\t已授权路由\n' +
        'admin\tAdministrator\t0 超级\t1\t\n' +
        '质量工程师\tQuality engineer\t3 审批者\t0\tdfmea_index(add,edit,audit) system_log\n',
    );
    const json = JSON.parse((await fmea(['--json', 'role', 'list'])).stdout);
    expect(json.data.find((r: { name: string }) => r.name === 'admin')).toMatchObject({ userCount: 1, roleType: '0' });

    expect(await fmea(['role', 'revoke', '质量工程师', 'system_log'])).toMatchObject({ code: 0, stdout: '已收回角色 质量工程师 的路由 system_log\n' });
    expect((await roles()).find((r) => r.name === '质量工程师')?.permissions).toEqual([{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'audit'] }]);
  });

  it('refuses unknown routes and buttons (2) and unknown roles (3), granting nothing', async () => {
    const [route, routeEn, button, role, roleEn, revoke] = await Promise.all([
      fmea(['role', 'grant', '质量工程师', 'nope_index']),
      fmea(['--lang', 'en-US', 'role', 'grant', '质量工程师', 'nope_index']),
      fmea(['--lang', 'en-US', 'role', 'grant', '质量工程师', 'system_user', '--buttons', 'add,fly']),
      fmea(['role', 'grant', 'ghost', 'dfmea_index']),
      fmea(['--lang', 'en-US', 'role', 'grant', 'ghost', 'dfmea_index']),
      fmea(['role', 'revoke', 'ghost', 'dfmea_index']),
    ]);
    expect(route).toMatchObject({ code: 2, stdout: '', stderr: '未知的路由：nope_index\n' });
    expect(routeEn).toMatchObject({ code: 2, stderr: 'Unknown route: nope_index\n' });
    expect(button).toMatchObject({ code: 2, stderr: 'Route system_user has no button fly\n' });
    expect(role).toMatchObject({ code: 3, stderr: '角色不存在：ghost\n' });
    expect(roleEn).toMatchObject({ code: 3, stderr: 'Role not found: ghost\n' });
    expect(revoke).toMatchObject({ code: 3, stderr: '角色不存在：ghost\n' });
    expect((await roles()).find((r) => r.name === '质量工程师')?.permissions.map((p) => p.routeName)).toEqual(['dfmea_index']);
  });

  it('asks for --yes before deleting a role that users hold (5), and never deletes the admin role', async () => {
    expect((await fmea(['user', 'add', 'holder', '--role', '质量工程师'])).code).toBe(0);
    const [zh, en, admin, adminEn] = await Promise.all([
      fmea(['role', 'delete', '质量工程师']),
      fmea(['--lang', 'en-US', 'role', 'delete', '质量工程师']),
      fmea(['role', 'delete', 'admin', '--yes']),
      fmea(['--lang', 'en-US', 'role', 'delete', 'admin']),
    ]);
    expect(zh).toMatchObject({ code: 5, stdout: '', stderr: '该角色下还有 1 个用户；确认删除请加 --yes\n' });
    expect(en).toMatchObject({ code: 5, stderr: '1 user still holds this role; add --yes to delete it\n' });
    expect(admin).toMatchObject({ code: 5, stderr: '默认角色不能删除\n' });
    expect(adminEn).toMatchObject({ code: 5, stderr: 'The default role cannot be deleted\n' });
    expect((await roles()).map((r) => r.name)).toContain('质量工程师');

    expect(await fmea(['role', 'delete', '质量工程师', '--yes'])).toMatchObject({ code: 0, stdout: '已删除角色 质量工程师\n' });
    expect((await roles()).map((r) => r.name)).toEqual(['admin']);
    const holder = JSON.parse((await fmea(['--json', 'user', 'show', 'holder'])).stdout);
    expect(holder.data.roles).toBe('');
  });
});
