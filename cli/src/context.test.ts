import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { embeddedClient, type Database } from '@fmea/core/db';
import { userInfo } from 'node:os';
import { cliOperator, contextOf } from './context.ts';
import { buildProgram } from './program.ts';
import { captureIo, TEST_ADMIN_PASSWORD, tempDbUrl, type TempDb } from './test-utils.ts';

let temp: TempDb | undefined;
afterEach(async () => {
  await temp?.cleanup();
  temp = undefined;
});

describe('the command context', () => {
  it('takes the database from --db over DATABASE_URL, opens it once per run and closes it at the end', async () => {
    temp = await tempDbUrl();
    const { io } = captureIo({ env: { DATABASE_URL: 'file:/nonexistent/never.db' } });
    const program = buildProgram({ io });
    const opened: Database[] = [];
    program.command('probe').action(async (_options, command) => {
      const context = contextOf(command);
      expect(context.dbUrl).toBe(temp!.url);
      opened.push(await context.database(), await context.database());
    });
    await program.parseAsync(['--db', temp.url, 'probe'], { from: 'user' });
    expect(opened[0]).toBe(opened[1]);
    expect(existsSync(temp.url.slice('file:'.length))).toBe(true);
    const context = contextOf(program);
    await context.close();
    await expect(embeddedClient(opened[0]!).execute('select 1')).rejects.toThrow();
  });

  it('falls back to DATABASE_URL, else leaves the choice to core', async () => {
    temp = await tempDbUrl();
    const withEnv = buildProgram({ io: captureIo({ env: { DATABASE_URL: temp.url, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD } }).io });
    await withEnv.parseAsync(['ap', 'eval', '--s', '1', '--o', '1', '--d', '1'], { from: 'user' });
    expect(contextOf(withEnv).dbUrl).toBe(temp.url);
    await contextOf(withEnv).close();
    expect(contextOf(buildProgram({ io: captureIo().io })).dbUrl).toBeUndefined();
  });

  it('migrates and seeds on first open, printing a generated admin password once on stderr, in every output mode', async () => {
    temp = await tempDbUrl();
    for (const [json, expected] of [
      [true, /^Administrator account admin created; password: (\S+) — shown only this once; change it at first sign-in\n$/],
      [false, /^$/],
    ] as const) {
      const { io, stdout, stderr } = captureIo({ env: { FMEA_LANG: 'en-US' } });
      const program = buildProgram({ io, json, locale: 'en-US' });
      const context = contextOf(program);
      program.command('probe').action(async () => {
        const { db } = await context.database();
        const { getUser } = await import('@fmea/core/services');
        expect((await getUser((await context.services()), 'admin')).mustChangePassword).toBe(true);
        expect(db).toBeDefined();
      });
      await program.parseAsync(['--db', temp.url, 'probe'], { from: 'user' });
      await context.close();
      expect(stderr()).toMatch(expected); // the second run finds the admin: nothing to say
      expect(stdout()).toBe('');
    }
  });

  it('acts as cli:<OS user> in the operation log', async () => {
    temp = await tempDbUrl();
    const { io } = captureIo({ env: { ADMIN_PASSWORD: TEST_ADMIN_PASSWORD } });
    const program = buildProgram({ io });
    const context = contextOf(program);
    expect(context.operator).toEqual({ userId: null, userName: `cli:${userInfo().username}` });
    program.command('probe').action(async () => {
      const { createSite, listOperations } = await import('@fmea/core/services');
      const ctx = await context.services();
      await createSite(ctx, { name: 'Probe site' });
      const log = await listOperations(ctx, { action: 'site.create' });
      expect(log.items[0]).toMatchObject({ userId: null, userName: `cli:${userInfo().username}`, action: 'site.create' });
    });
    await program.parseAsync(['--db', temp.url, 'probe'], { from: 'user' });
    await context.close();
  });

  it('names the operator from the environment when the OS has no user entry', () => {
    expect(cliOperator({}).userName).toMatch(/^cli:\S+$/);
  });

  it('reads stdin as text', async () => {
    const program = buildProgram({ io: captureIo({ input: '1,1,1\n' }).io });
    expect(await contextOf(program).readStdin()).toBe('1,1,1\n');
  });
});
