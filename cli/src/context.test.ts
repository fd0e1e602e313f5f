import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '@fmea/core/db';
import { contextOf } from './context.ts';
import { buildProgram } from './program.ts';
import { captureIo, tempDbUrl, type TempDb } from './test-utils.ts';

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
    await expect(opened[0]!.client.execute('select 1')).rejects.toThrow();
  });

  it('falls back to DATABASE_URL, else leaves the choice to core', async () => {
    const withEnv = buildProgram({ io: captureIo({ env: { DATABASE_URL: 'file:x.db' } }).io });
    await withEnv.parseAsync(['ap', 'eval', '--s', '1', '--o', '1', '--d', '1'], { from: 'user' });
    expect(contextOf(withEnv).dbUrl).toBe('file:x.db');
    expect(contextOf(buildProgram({ io: captureIo().io })).dbUrl).toBeUndefined();
  });

  it('reads stdin as text', async () => {
    const program = buildProgram({ io: captureIo({ input: '1,1,1\n' }).io });
    expect(await contextOf(program).readStdin()).toBe('1,1,1\n');
  });
});
