import { afterEach, describe, expect, it } from 'vitest';
import { openTempDb, runFmea, runFmeaBinary, TEST_ADMIN_PASSWORD, tempDbUrl, type TempDb } from '../../test-utils.ts';

const STRONG = 'Nw8$tR4!kP6@qZ';
let temp: TempDb | undefined;
afterEach(async () => {
  await temp?.cleanup();
  temp = undefined;
});

async function inDb<T>(db: TempDb, work: (database: Awaited<ReturnType<typeof openTempDb>>) => Promise<T>): Promise<T> {
  const database = await openTempDb(db);
  try {
    return await work(database);
  } finally {
    database.close();
  }
}

async function counts(db: TempDb) {
  const { listOperations, listSites, listUsers } = await import('@fmea/core/services');
  return inDb(db, async ({ ctx }) => ({
    users: (await listUsers(ctx)).total,
    sites: (await listSites(ctx)).length,
    log: (await listOperations(ctx)).total,
  }));
}

describe('fmea db migrate', { timeout: 90_000 }, () => {
  it('refuses a database address it cannot open, in the user\'s language, and writes nothing', async () => {
    const zh = await runFmea(['--db', 'libsql://user:secret@db.example.test/fmea', 'db', 'migrate']);
    expect(zh).toMatchObject({ code: 2, stdout: '' });
    expect(zh.stderr).toBe('不支持的数据库地址 libsql://db.example.test/fmea：请使用内嵌数据库的 file: 路径（例如 file:./data/fmea.db）、:memory: 或 postgres:// 地址\n');
    const en = await runFmea(['--lang', 'en-US', 'db', 'migrate'], { env: { DATABASE_URL: 'http://127.0.0.1:8080' } });
    expect(en).toMatchObject({ code: 2, stdout: '' });
    expect(en.stderr).toMatch(/^The database address http:\/\/127\.0\.0\.1:8080 is not supported: use a file: path/);
  });

  it('prepares a new database, printing the generated admin password once; running again is harmless', async () => {
    temp = await tempDbUrl();
    const env = { DATABASE_URL: temp.url };
    // the real binary (smoke test): a fresh database, the one-time password on the process's stderr
    const first = await runFmeaBinary(['db', 'migrate'], { env });
    expect(first.code).toBe(0);
    expect(first.stdout).toBe(`数据库已就绪：${temp.url}\n`);
    const password = first.stderr.match(/^已创建管理员账号 admin，密码：(\S+) —— 仅显示这一次，请在首次登录时修改\n$/)?.[1];
    expect(password).toBeDefined();
    const { findUserRow, verifyPassword } = await import('@fmea/core/services');
    const admin = await inDb(temp, ({ db }) => findUserRow(db, 'admin'));
    expect(await verifyPassword(admin.passwordHash, password!)).toBe(true);
    expect(admin.mustChangePassword).toBe(true);

    const again = await runFmea(['--lang', 'en-US', 'db', 'migrate'], { env });
    expect(again).toMatchObject({ code: 0, stdout: `Database ready: ${temp.url}\n`, stderr: '' });
    const json = await runFmea(['--json', 'db', 'migrate'], { env });
    expect(JSON.parse(json.stdout)).toEqual({ ok: true, data: { url: temp.url, ready: true } });
  });

  it('uses ADMIN_PASSWORD (no notice), and refuses one that breaks the password policy, creating no admin', async () => {
    temp = await tempDbUrl();
    const [weak, weakEn] = await Promise.all([
      runFmea(['db', 'migrate'], { env: { DATABASE_URL: temp.url, ADMIN_PASSWORD: 'Kx7pQ2mZ9wRa' } }),
      runFmea(['--lang', 'en-US', 'db', 'migrate'], { env: { DATABASE_URL: temp.url, ADMIN_PASSWORD: 'Kx7pQ2mZ9wRa' } }),
    ]);
    expect(weak).toMatchObject({ code: 2, stdout: '', stderr: '密码不符合安全策略\n  密码必须包含特殊字符（如 ! @ # $ %）\n' });
    expect(weakEn).toMatchObject({ code: 2, stderr: 'The password does not meet the security policy\n  The password must contain a special character (for example ! @ # $ %)\n' });
    const chosen = await runFmea(['db', 'migrate'], { env: { DATABASE_URL: temp.url, ADMIN_PASSWORD: STRONG } });
    expect(chosen).toMatchObject({ code: 0, stderr: '' });
    const { findUserRow, verifyPassword } = await import('@fmea/core/services');
    const admin = await inDb(temp, ({ db }) => findUserRow(db, 'admin'));
    expect(await verifyPassword(admin.passwordHash, STRONG)).toBe(true);
    expect(admin.mustChangePassword).toBe(false);
  });
});

describe('fmea db seed', { timeout: 90_000 }, () => {
  it('seeds the defaults only, idempotently', async () => {
    temp = await tempDbUrl();
    const env = { DATABASE_URL: temp.url, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD };
    expect(await runFmea(['db', 'seed'], { env })).toMatchObject({ code: 0, stdout: '初始数据已就绪\n', stderr: '' });
    const before = await counts(temp);
    expect(await runFmea(['--lang', 'en-US', 'db', 'seed'], { env })).toMatchObject({ code: 0, stdout: 'Default data ready\n' });
    expect(await counts(temp)).toEqual(before);
    expect(before).toEqual({ users: 1, sites: 1, log: 1 });
  });

  it('loads the demo data with a progress report, lists its users and shows their generated password once', async () => {
    temp = await tempDbUrl();
    const env = { DATABASE_URL: temp.url, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD };
    const { code, stdout, stderr } = await runFmea(['db', 'seed', '--fixtures', 'demo'], { env });
    expect(code).toBe(0);
    expect(stderr.trimEnd().split('\n').at(-1)).toBe('加载演示数据 100%');
    const lines = stdout.trimEnd().split('\n');
    expect(lines.slice(0, 9)).toEqual([
      '已加载演示数据，用户（8 个）：',
      '  chen.super', '  zhou.siteadmin', '  li.engineer', '  wang.engineer',
      '  zhao.reviewer', '  sun.approver', '  wu.siteadmin', '  liu.engineer',
    ]);
    const password = lines[9]!.match(/^演示用户的共同密码：(\S+) —— 仅显示这一次$/)?.[1];
    expect(password).toBeDefined();
    const { findUserRow, getUser, verifyPassword } = await import('@fmea/core/services');
    await inDb(temp, async ({ db, ctx }) => {
      expect(await verifyPassword((await findUserRow(db, 'li.engineer')).passwordHash, password!)).toBe(true);
      expect(await getUser(ctx, 'li.engineer')).toMatchObject({ siteName: '苏州工厂', departmentName: '研发部', roleNames: ['工程师'] });
    });

    const before = await counts(temp);
    const [twice, twiceEn] = await Promise.all([
      runFmea(['db', 'seed', '--fixtures', 'demo'], { env }),
      runFmea(['--lang', 'en-US', 'db', 'seed', '--fixtures', 'demo'], { env }),
    ]);
    expect(twice).toMatchObject({ code: 5, stdout: '', stderr: expect.stringMatching(/无法加载演示数据：站点名称“苏州工厂”已存在。演示数据可能已经加载过，本次未写入任何数据\n$/) });
    expect(twiceEn.code).toBe(5);
    expect(twiceEn.stderr).toMatch(/Cannot load the demo data: A site named "苏州工厂" already exists\. It may be loaded already; nothing was written\n$/);
    expect(await counts(temp)).toEqual(before);
  });

  it('takes the demo password from DEMO_PASSWORD without printing it, and JSON lists the users', async () => {
    temp = await tempDbUrl();
    const env = { DATABASE_URL: temp.url, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, DEMO_PASSWORD: STRONG };
    const { code, stdout, stderr } = await runFmea(['--json', 'db', 'seed', '--fixtures', 'demo'], { env });
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).not.toContain(STRONG);
    expect(JSON.parse(stdout).data).toEqual({ fixtures: 'demo', users: expect.arrayContaining(['chen.super', 'liu.engineer']) });
    const { findUserRow, verifyPassword } = await import('@fmea/core/services');
    expect(await inDb(temp, async ({ db }) => verifyPassword((await findUserRow(db, 'chen.super')).passwordHash, STRONG))).toBe(true);
  });

  it('refuses an unknown data set and a weak DEMO_PASSWORD, exit 2, writing nothing', async () => {
    temp = await tempDbUrl();
    const env = { DATABASE_URL: temp.url, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD };
    const [unknown, unknownEn, weak] = await Promise.all([
      runFmea(['db', 'seed', '--fixtures', 'huge'], { env }),
      runFmea(['--lang', 'en-US', 'db', 'seed', '--fixtures', 'huge'], { env }),
      runFmea(['--lang', 'en-US', 'db', 'seed', '--fixtures', 'demo'], { env: { ...env, DEMO_PASSWORD: 'Kx7pQ2mZ9wRa' } }),
    ]);
    expect(unknown).toMatchObject({ code: 2, stdout: '', stderr: '未知的数据集：huge（可选：demo）\n使用 --help 查看用法。\n' });
    expect(unknownEn).toMatchObject({ code: 2, stderr: 'Unknown data set: huge (available: demo)\nRun with --help for usage.\n' });
    expect(weak).toMatchObject({
      code: 2,
      stderr: 'DEMO_PASSWORD does not meet the password policy; nothing was written\n  The password must contain a special character (for example ! @ # $ %)\n',
    });
    expect(await counts(temp)).toEqual({ users: 1, sites: 1, log: 1 });
  });
});
