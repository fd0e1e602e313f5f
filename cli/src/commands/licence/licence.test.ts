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

describe('fmea licence show / trial', { timeout: 90_000 }, () => {
  it('starts a trial, shows its days left in both languages, ends it, and refuses a wrong combination or day count', async () => {
    const none = await fmea(['--lang', 'en-US', 'licence', 'show']);
    expect(none).toMatchObject({ code: 0, stdout: 'Licences: no limit (signed in now: 0)\nTrial period: none\n' });
    const started = await fmea(['--lang', 'en-US', 'licence', 'trial', '--days', '30']);
    expect(started.code).toBe(0);
    expect(started.stdout).toMatch(/^Trial period: 30 days from \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d, 30 days left\n$/);
    const zh = await fmea(['licence', 'show']);
    expect(zh.stdout).toMatch(/试用期：30 天，自 .*，剩余 30 天/);
    const json = JSON.parse((await fmea(['--json', 'licence', 'show'])).stdout);
    expect(json.data.trial).toMatchObject({ days: 30, daysLeft: 30, state: 'active' });
    const both = await fmea(['--lang', 'en-US', 'licence', 'trial', '--days', '3', '--off']);
    expect(both).toMatchObject({ code: 2, stdout: '' });
    expect(both.stderr).toContain('Give either --days <n> or --off');
    const zero = await fmea(['--lang', 'en-US', 'licence', 'trial', '--days', '0']);
    expect(zero).toMatchObject({ code: 2 });
    expect(zero.stderr).toContain('Trial days must be a whole number of days from 1 to 3650');
    const off = await fmea(['--lang', 'en-US', 'licence', 'trial', '--off']);
    expect(off).toMatchObject({ code: 0, stdout: 'Trial period: none\n' });
  });
});
