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

describe('fmea number next', { timeout: 90_000 }, () => {
  it('hands out consecutive numbers and logs each one', async () => {
    const first = await fmea(['number', 'next', 'dfmeaProject']);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^DF\d{6}0001\n$/);
    const second = await fmea(['--json', 'number', 'next', 'dfmeaProject']);
    const { data } = JSON.parse(second.stdout);
    expect(data).toEqual({ module: 'dfmeaProject', number: first.stdout.trim().replace(/1$/, '2') });
    const log = JSON.parse((await fmea(['--json', 'log', 'list', '--action', 'numbering.'])).stdout).data;
    expect(log.items.map((e: { after: { number: string } }) => e.after.number)).toEqual([data.number, first.stdout.trim()]);
  });

  it('refuses an unknown module, exit 2, allocating and logging nothing', async () => {
    const [zh, en] = await Promise.all([fmea(['number', 'next', 'nope']), fmea(['--lang', 'en-US', 'number', 'next', 'nope'])]);
    expect(zh).toMatchObject({ code: 2, stdout: '', stderr: '未知的编号模块：nope\n' });
    expect(en).toMatchObject({ code: 2, stdout: '', stderr: 'Unknown numbering module: nope\n' });
    const log = JSON.parse((await fmea(['--json', 'log', 'list', '--action', 'numbering.'])).stdout).data;
    expect(log.total).toBe(2);
    const help = await fmea(['--lang', 'en-US', 'number', 'next', '--help']);
    expect(help.stdout).toContain('numbering module: dfmeaProject, dfmeaTemplate,');
  });

  it('--preview prints the number the next allocation gives, taking and logging nothing', async () => {
    const logged = async () => JSON.parse((await fmea(['--json', 'log', 'list', '--action', 'numbering.'])).stdout).data.total;
    const before = await logged();
    const first = await fmea(['number', 'next', 'pfmeaProject', '--preview']);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(/^PF\d{6}0001\n$/);
    expect((await fmea(['number', 'next', '--preview', 'pfmeaProject'])).stdout).toBe(first.stdout);
    const json = JSON.parse((await fmea(['--json', 'number', 'next', 'pfmeaProject', '--preview'])).stdout).data;
    expect(json).toEqual({ module: 'pfmeaProject', number: first.stdout.trim(), preview: true });
    expect(await logged()).toBe(before);
    // the plain form takes exactly that number, and the preview moves on
    expect((await fmea(['number', 'next', 'pfmeaProject'])).stdout).toBe(first.stdout);
    expect((await fmea(['number', 'next', 'pfmeaProject', '--preview'])).stdout.trim()).toBe(first.stdout.trim().replace(/1$/, '2'));
    expect(await logged()).toBe(before + 1);
  });

  it('--preview refuses an unknown module like the plain form, and is in the help in both languages', async () => {
    expect(await fmea(['--lang', 'en-US', 'number', 'next', 'nope', '--preview'])).toMatchObject({ code: 2, stdout: '', stderr: 'Unknown numbering module: nope\n' });
    expect((await fmea(['--lang', 'en-US', 'number', 'next', '--help'])).stdout).toMatch(/--preview +print the next number without taking it/);
    expect((await fmea(['number', 'next', '--help'])).stdout).toMatch(/--preview +只显示下一个编号，不占用/);
  });
});
