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
});
