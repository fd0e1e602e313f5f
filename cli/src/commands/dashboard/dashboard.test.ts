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

describe('fmea dashboard list / set', { timeout: 90_000 }, () => {
  it('lists the indicators in the home page’s order, moves and hides one, and refuses an unknown one or a sort held outside a group (2)', async () => {
    const zh = await fmea(['dashboard', 'list']);
    expect(zh.stdout.trimEnd().split('\n').slice(0, 3)).toEqual(['排序\t指标\t显示\t名称', '10\tmyTasks\t是\t我的任务', '20\treviewsWaiting\t是\t待我评审']);
    expect(await fmea(['--lang', 'en-US', 'dashboard', 'set', 'problemsPastDue', '--sort', '5', '--off'])).toMatchObject({ code: 0, stdout: 'Indicator problemsPastDue: sort 5, shown: no\n' });
    const listed = JSON.parse((await fmea(['--json', 'dashboard', 'list'])).stdout).data;
    expect(listed[0]).toMatchObject({ indicator: 'problemsPastDue', sort: 5, shown: false });
    const [unknown, shared] = await Promise.all([fmea(['--lang', 'en-US', 'dashboard', 'set', 'weather', '--on']), fmea(['dashboard', 'set', 'myTasks', '--sort', '20'])]);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain('Indicator (row 1): there is no indicator “weather”');
    expect(shared).toMatchObject({ code: 2, stdout: '' });
    expect(shared.stderr).toContain('排序（第 1 行） 20 重复');
  });
});
