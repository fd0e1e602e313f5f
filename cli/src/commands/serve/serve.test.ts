import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, runFmea, startFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  temp = await tempDbUrl();
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea serve', { timeout: 90_000 }, () => {
  it('serves the API on the given port until SIGTERM, then stops cleanly (exit 0)', async () => {
    const port = await freePort();
    const server = startFmea(['serve', '--port', String(port)], { env: dbEnv(temp, { FILES_DIR: temp.dir }), cwd: temp.dir });
    try {
      const [, url] = await server.waitForStdout(/已启动：(http:\/\/localhost:\d+\/)（按 Ctrl\+C 停止）\n/);
      expect(url).toBe(`http://localhost:${port}/`);
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ meta: { success: true }, data: { status: 'up' } });
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    const file = join(temp.dir, 'fmea.db');
    expect(server.stdout()).toBe(
      `数据库：${file}（本次启动新建并写入了初始数据）\n网络：监听所有网络接口（0.0.0.0），其他计算机可以访问；如只允许本机访问，请设置 HOST=127.0.0.1（或 --host）\nFMEA Workbench 已启动：http://localhost:${port}/（按 Ctrl+C 停止）\n服务已停止\n`,
    );
    expect(server.stderr()).toBe('');

    // the next start finds the database as it was left
    const again = startFmea(['serve', '--port', String(port)], { env: dbEnv(temp, { FILES_DIR: temp.dir }), cwd: temp.dir });
    try {
      await again.waitForStdout(/已启动：/);
    } finally {
      expect(await again.stop('SIGTERM')).toBe(0);
    }
    expect(again.stdout().split('\n')[0]).toBe(`数据库：${file}（已有数据库，本次启动未新建、未写入初始数据）`);
  });

  it('takes PORT from the environment, prints a generated admin password once, and stops on SIGINT', async () => {
    const fresh = await tempDbUrl();
    const port = await freePort();
    const server = startFmea(['--lang', 'en-US', 'serve'], { env: { DATABASE_URL: fresh.url, PORT: String(port), FILES_DIR: fresh.dir }, cwd: fresh.dir });
    try {
      await server.waitForStdout(/running at http:\/\/localhost:\d+\//);
      expect(server.stdout()).toBe(
        `Database: ${join(fresh.dir, 'fmea.db')} (created and seeded on this start)\n` +
          'Network: listening on every interface (0.0.0.0), so other computers can reach it; set HOST=127.0.0.1 (or --host) to keep it to this machine\n' +
          `FMEA Workbench is running at http://localhost:${port}/ (press Ctrl+C to stop)\n`,
      );
      expect(server.stderr()).toMatch(/^Administrator account admin created; password: \S+ — shown only this once; change it at first sign-in\n$/);
    } finally {
      expect(await server.stop('SIGINT')).toBe(0);
      await fresh.cleanup();
    }
    expect(server.stdout()).toContain('Server stopped\n');
  });

  it('listens on this machine only with HOST=127.0.0.1 or --host, and says so (issue #20)', async () => {
    const port = await freePort();
    const server = startFmea(['--lang', 'en-US', 'serve', '--port', String(port)], { env: dbEnv(temp, { FILES_DIR: temp.dir, HOST: '127.0.0.1' }), cwd: temp.dir });
    try {
      await server.waitForStdout(/running at http:\/\/127\.0\.0\.1:\d+\//);
      expect(server.stdout()).toContain(`Network: listening on 127.0.0.1 only\nFMEA Workbench is running at http://127.0.0.1:${port}/ (press Ctrl+C to stop)\n`);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
    const bad = await runFmea(['--lang', 'en-US', 'serve', '--host', '203.0.113.250', '--port', String(port)], { env: dbEnv(temp, { FILES_DIR: temp.dir }) });
    expect(bad).toMatchObject({ code: 2, stderr: '--host must be an address of this machine, such as 0.0.0.0 (every interface) or 127.0.0.1 (this machine only) (got 203.0.113.250)\nRun with --help for usage.\n' });
  });

  it('refuses a bad port (2) and a port in use (5)', async () => {
    const busy: Server = await new Promise((resolve) => {
      const s = createServer().listen(0, '0.0.0.0', () => resolve(s));
    });
    const taken = (busy.address() as { port: number }).port;
    try {
      const env = dbEnv(temp, { FILES_DIR: temp.dir });
      const [bad, badEn, envBad, inUse, inUseEn] = await Promise.all([
        runFmea(['serve', '--port', '70000'], { env }),
        runFmea(['--lang', 'en-US', 'serve', '--port', 'http'], { env }),
        runFmea(['--lang', 'en-US', 'serve'], { env: { ...env, PORT: '0' } }),
        runFmea(['serve', '--port', String(taken)], { env }),
        runFmea(['--lang', 'en-US', 'serve', '--port', String(taken)], { env }),
      ]);
      expect(bad).toMatchObject({ code: 2, stdout: '', stderr: '--port 必须是 1 到 65535 之间的端口号（当前为 70000）\n使用 --help 查看用法。\n' });
      expect(badEn).toMatchObject({ code: 2, stderr: '--port must be a port number from 1 to 65535 (got http)\nRun with --help for usage.\n' });
      expect(envBad).toMatchObject({ code: 2, stderr: 'PORT must be a port number from 1 to 65535 (got 0)\nRun with --help for usage.\n' });
      expect(inUse).toMatchObject({ code: 5, stdout: '', stderr: `端口 ${taken} 已被占用\n` });
      expect(inUseEn).toMatchObject({ code: 5, stderr: `Port ${taken} is already in use\n` });
    } finally {
      busy.close();
    }
  });

  it('refuses to start with a bad IMPORT_CONCURRENCY (2), naming the variable in either language', async () => {
    const env = dbEnv(temp, { FILES_DIR: temp.dir });
    const [zero, many] = await Promise.all([
      runFmea(['--lang', 'en-US', 'serve', '--port', '1'], { env: { ...env, IMPORT_CONCURRENCY: '0' } }),
      runFmea(['serve', '--port', '1'], { env: { ...env, IMPORT_CONCURRENCY: 'many' } }),
    ]);
    expect(zero).toMatchObject({ code: 2, stdout: '', stderr: 'IMPORT_CONCURRENCY must be a whole number of imports from 1 to 16 (got 0)\nRun with --help for usage.\n' });
    expect(many).toMatchObject({ code: 2, stderr: 'IMPORT_CONCURRENCY 必须是 1 到 16 之间的整数（同时进行的导入数，当前为 many）\n使用 --help 查看用法。\n' });
  });

  it('refuses to start with a bad SHUTDOWN_GRACE_SECONDS (2), naming the variable in either language', async () => {
    const env = dbEnv(temp, { FILES_DIR: temp.dir });
    const [words, long] = await Promise.all([
      runFmea(['--lang', 'en-US', 'serve', '--port', '1'], { env: { ...env, SHUTDOWN_GRACE_SECONDS: 'soon' } }),
      runFmea(['serve', '--port', '1'], { env: { ...env, SHUTDOWN_GRACE_SECONDS: '301' } }),
    ]);
    expect(words).toMatchObject({ code: 2, stdout: '', stderr: 'SHUTDOWN_GRACE_SECONDS must be a whole number of seconds from 0 to 300 (got soon)\nRun with --help for usage.\n' });
    expect(long).toMatchObject({ code: 2, stderr: 'SHUTDOWN_GRACE_SECONDS 必须是 0 到 300 之间的整数秒数（当前为 301）\n使用 --help 查看用法。\n' });
  });
});
