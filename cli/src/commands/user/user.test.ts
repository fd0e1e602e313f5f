import { userInfo } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

const STRONG = 'Nw8$tR4!kP6@qZ';
let temp: TempDb;
let env: Record<string, string>;
const fmea = (args: string[], input?: string) => runFmea(args, { env, input });

/** Reads back through core, in the test process. */
async function inDb<T>(work: (database: Awaited<ReturnType<typeof openTempDb>>) => Promise<T>): Promise<T> {
  const database = await openTempDb(temp);
  try {
    return await work(database);
  } finally {
    database.close();
  }
}

async function passwordMatches(userName: string, password: string): Promise<boolean> {
  const { findUserRow, verifyPassword } = await import('@fmea/core/services');
  return inDb(async ({ db }) => verifyPassword((await findUserRow(db, userName)).passwordHash, password));
}

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { createRole, createSite } = await import('@fmea/core/services');
  await inDb(async ({ ctx }) => {
    await createRole(ctx, { name: 'engineer' });
    await createRole(ctx, { name: 'reviewer' });
    await createSite(ctx, { name: 'Plant B' });
  });
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea user add / show / list', { timeout: 90_000 }, () => {
  it('creates a user with a generated password shown once, never a hash, and logs who ran it', async () => {
    const added = await fmea(['user', 'add', 'alice', '--real-name', '爱丽丝', '--role', 'engineer', 'reviewer', '--email', 'alice@example.com', '--job-number', 'J-1']);
    expect(added.code).toBe(0);
    expect(added.stderr).toBe('');
    expect(added.stdout).toContain('用户名\talice\n');
    expect(added.stdout).toContain('角色\tengineer, reviewer\n');
    expect(added.stdout).toContain('须修改密码\t是\n');
    const password = added.stdout.match(/^初始密码（仅显示这一次）\t(\S+)$/m)?.[1];
    expect(password).toBeDefined();
    expect(await passwordMatches('alice', password!)).toBe(true);

    const shown = await fmea(['--json', 'user', 'show', 'alice']);
    expect(shown.code).toBe(0);
    const { data } = JSON.parse(shown.stdout);
    expect(data).toMatchObject({ userName: 'alice', realName: '爱丽丝', email: 'alice@example.com', jobNumber: 'J-1', site: '总部', roles: 'engineer, reviewer', locked: false });
    expect(data).not.toHaveProperty('generatedPassword');
    expect(shown.stdout).not.toMatch(/argon2|passwordHash/);

    const log = await fmea(['--json', 'log', 'list', '--action', 'user.create', '--limit', '1']);
    expect(JSON.parse(log.stdout).data.items[0]).toMatchObject({ action: 'user.create', userName: `cli:${userInfo().username}`, entityId: data.id });
  });

  it('takes the password from the first line of stdin with --password-stdin, never from argv', async () => {
    const added = await fmea(['--lang', 'en-US', 'user', 'add', 'bob', '--site', 'Plant B', '--password-stdin'], `${STRONG}\nignored\n`);
    expect(added.code).toBe(0);
    expect(added.stdout).not.toContain('Generated password');
    expect(added.stdout).toContain('Site\tPlant B\n');
    expect(await passwordMatches('bob', STRONG)).toBe(true);

    const argv = await fmea(['--lang', 'en-US', 'user', 'add', 'carol', '--password', STRONG]);
    expect(argv).toMatchObject({ code: 2, stdout: '', stderr: "unknown option '--password'\nRun with --help for usage.\n" });
  });

  it('refuses an empty or weak stdin password, exit 2, and creates nobody', async () => {
    const empty = await fmea(['user', 'add', 'dave', '--password-stdin'], '\n');
    expect(empty).toMatchObject({ code: 2, stdout: '', stderr: '--password-stdin 需要从标准输入的第一行读取密码，但读到的是空行\n使用 --help 查看用法。\n' });
    const weak = await fmea(['user', 'add', 'dave', '--password-stdin'], 'Kx7pQ2mZ9wRa\n');
    expect(weak).toMatchObject({ code: 2, stdout: '', stderr: '密码不符合安全策略\n  密码必须包含特殊字符（如 ! @ # $ %）\n' });
    const weakEn = await fmea(['--lang', 'en-US', 'user', 'add', 'dave', '--password-stdin'], 'Kx7pQ2mZ9wRa\n');
    expect(weakEn.stderr).toBe('The password does not meet the security policy\n  The password must contain a special character (for example ! @ # $ %)\n');
    const shown = await fmea(['user', 'show', 'dave']);
    expect(shown).toMatchObject({ code: 3, stdout: '', stderr: '用户不存在：dave\n' });
  });

  it('refuses duplicates (5), unknown roles and sites (3), bad names and missing arguments (2), writing nothing', async () => {
    const [dup, dupEn, role, roleEn, site, name, missing] = await Promise.all([
      fmea(['user', 'add', 'alice']),
      fmea(['--lang', 'en-US', 'user', 'add', 'alice']),
      fmea(['user', 'add', 'erin', '--role', 'nope']),
      fmea(['--lang', 'en-US', 'user', 'add', 'erin', '--role', 'nope']),
      fmea(['--lang', 'en-US', 'user', 'add', 'erin', '--site', 'Atlantis']),
      fmea(['user', 'add', 'bad name']),
      fmea(['--lang', 'en-US', 'user', 'add']),
    ]);
    expect(dup).toMatchObject({ code: 5, stdout: '', stderr: '用户名“alice”已存在\n' });
    expect(dupEn).toMatchObject({ code: 5, stderr: 'The user name "alice" already exists\n' });
    expect(role).toMatchObject({ code: 3, stdout: '', stderr: '角色不存在：nope\n' });
    expect(roleEn).toMatchObject({ code: 3, stderr: 'Role not found: nope\n' });
    expect(site).toMatchObject({ code: 3, stderr: 'Site not found: Atlantis\n' });
    expect(name).toMatchObject({ code: 2, stderr: '用户名只能包含字母、数字以及 . _ - @，长度 1 到 50，不能有空格\n' });
    expect(missing).toMatchObject({ code: 2, stderr: "missing required argument 'userName'\nRun with --help for usage.\n" });
    const { total } = await inDb(async ({ ctx }) => (await import('@fmea/core/services')).listUsers(ctx, { search: 'erin' }));
    expect(total).toBe(0);
  });

  it('lists one page as a table with a footer, and the page object with --json', async () => {
    const plain = await fmea(['user', 'list', '--search', 'alice']);
    expect(plain).toMatchObject({
      code: 0,
      stdout: '用户名\t姓名\t站点\t部门\t角色\t已锁定\nalice\t爱丽丝\t总部\t\tengineer, reviewer\t否\n共 1 条，第 1/1 页\n',
    });
    const json = await fmea(['--json', 'user', 'list', '--limit', '1', '--page', '2']);
    const { data } = JSON.parse(json.stdout);
    expect(data).toMatchObject({ page: 2, limit: 1, total: 3 });
    expect(data.items.map((u: { userName: string }) => u.userName)).toEqual(['alice']);
    const site = await fmea(['--lang', 'en-US', 'user', 'list', '--site', 'Plant B']);
    expect(site.stdout).toBe('User name\tReal name\tSite\tDepartment\tRoles\tLocked\nbob\t\tPlant B\t\t\tno\n1 row, page 1 of 1\n');
    // in English the site and the roles by their English names, where they have one
    const admin = await fmea(['--lang', 'en-US', 'user', 'list', '--search', 'admin']);
    expect(admin.stdout.split('\n')[1]!.split('\t').slice(2, 5)).toEqual(['Headquarters', '', 'Administrator']);
    const adminZh = await fmea(['user', 'list', '--search', 'admin']);
    expect(adminZh.stdout.split('\n')[1]!.split('\t').slice(2, 5)).toEqual(['总部', '', 'admin']);
  });

  it('refuses bad paging values (2) and an unknown site (3)', async () => {
    const [page, limit, site] = await Promise.all([
      fmea(['user', 'list', '--page', '0']),
      fmea(['--lang', 'en-US', 'user', 'list', '--limit', 'ten']),
      fmea(['user', 'list', '--site', 'Atlantis']),
    ]);
    expect(page).toMatchObject({ code: 2, stdout: '', stderr: '--page 必须是大于 0 的整数（当前为 0）\n使用 --help 查看用法。\n' });
    expect(limit).toMatchObject({ code: 2, stderr: '--limit must be a whole number greater than 0 (got ten)\nRun with --help for usage.\n' });
    expect(site).toMatchObject({ code: 3, stderr: '站点不存在：Atlantis\n' });
  });
});

describe('fmea user set-role / lock / unlock / reset-password / delete', { timeout: 90_000 }, () => {
  it('replaces the roles of a user', async () => {
    const set = await fmea(['user', 'set-role', 'bob', 'reviewer']);
    expect(set).toMatchObject({ code: 0, stdout: '用户 bob 的角色已设为：reviewer\n' });
    const shown = JSON.parse((await fmea(['--json', 'user', 'show', 'bob'])).stdout);
    expect(shown.data.roles).toBe('reviewer');
    const [user, role] = await Promise.all([
      fmea(['--lang', 'en-US', 'user', 'set-role', 'ghost', 'reviewer']),
      fmea(['user', 'set-role', 'bob', 'nope']),
    ]);
    expect(user).toMatchObject({ code: 3, stderr: 'User not found: ghost\n' });
    expect(role).toMatchObject({ code: 3, stderr: '角色不存在：nope\n' });
  });

  it('locks and unlocks an account', async () => {
    expect(await fmea(['user', 'lock', 'bob'])).toMatchObject({ code: 0, stdout: '已锁定用户 bob\n' });
    const { getUser } = await import('@fmea/core/services');
    expect((await inDb(({ ctx }) => getUser(ctx, 'bob'))).locked).toBe(true);
    const unlocked = await fmea(['--json', 'user', 'unlock', 'bob']);
    expect(JSON.parse(unlocked.stdout)).toMatchObject({ ok: true, data: { userName: 'bob', locked: false } });
    expect((await inDb(({ ctx }) => getUser(ctx, 'bob'))).locked).toBe(false);
    expect(await fmea(['--lang', 'en-US', 'user', 'lock', 'ghost'])).toMatchObject({ code: 3, stderr: 'User not found: ghost\n' });
  });

  it('resets a password to a generated one shown once, or to the one on stdin, forcing a change', async () => {
    const generated = await fmea(['user', 'reset-password', 'bob']);
    expect(generated.code).toBe(0);
    const password = generated.stdout.match(/^已重置用户 bob 的密码：(\S+) —— 仅显示这一次，下次登录时须修改\n$/)?.[1];
    expect(password).toBeDefined();
    expect(await passwordMatches('bob', password!)).toBe(true);

    const given = await fmea(['--lang', 'en-US', 'user', 'reset-password', 'bob', '--password-stdin'], 'Hq5%vM8!xT2&bW\n');
    expect(given).toMatchObject({ code: 0, stdout: 'Password of bob reset; it must be changed at the next sign-in\n' });
    expect(await passwordMatches('bob', 'Hq5%vM8!xT2&bW')).toBe(true);
    const { findUserRow } = await import('@fmea/core/services');
    expect((await inDb(({ db }) => findUserRow(db, 'bob'))).mustChangePassword).toBe(true);
    expect(await fmea(['user', 'reset-password', 'ghost'])).toMatchObject({ code: 3, stderr: '用户不存在：ghost\n' });
  });

  it('deletes a user, but never the default admin (5)', async () => {
    expect(await fmea(['user', 'delete', 'bob'])).toMatchObject({ code: 0, stdout: '已删除用户 bob\n' });
    expect(await fmea(['--lang', 'en-US', 'user', 'show', 'bob'])).toMatchObject({ code: 3, stdout: '', stderr: 'User not found: bob\n' });
    const [admin, adminEn, ghost] = await Promise.all([
      fmea(['user', 'delete', 'admin']),
      fmea(['--lang', 'en-US', 'user', 'delete', 'admin']),
      fmea(['user', 'delete', 'ghost']),
    ]);
    expect(admin).toMatchObject({ code: 5, stdout: '', stderr: '默认用户不能删除\n' });
    expect(adminEn).toMatchObject({ code: 5, stderr: 'The default user cannot be deleted\n' });
    expect(ghost).toMatchObject({ code: 3, stderr: '用户不存在：ghost\n' });
  });

  it('explains every user command in --help', async () => {
    const help = await fmea(['--lang', 'en-US', 'user', '--help']);
    expect(help.code).toBe(0);
    for (const command of ['add', 'list', 'show', 'set-role', 'reset-password', 'lock', 'unlock', 'delete', 'import', 'export']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
    const add = await fmea(['user', 'add', '--help']);
    expect(add.stdout).toContain('--password-stdin');
    expect(add.stdout).toContain('从标准输入的第一行读取密码');
  });
});
