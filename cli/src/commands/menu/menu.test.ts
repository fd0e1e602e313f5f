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

describe('fmea menu list / set', { timeout: 90_000 }, () => {
  it('lists the menus, changes one (marked * and kept), refuses a bad value (2) and resets', async () => {
    const zh = await fmea(['menu', 'list']);
    // the resources as the Menus and resources page shows them: the page's calls, then each button's
    const log = zh.stdout.split('\n').find((line) => line.startsWith('system_log\t'))!;
    expect(log).toBe('system_log\t  操作日志\t否\t6\texport\t页面: GET /api/operationLog/kinds, POST /api/operationLog/list; export: GET /api/operationLog/export');
    expect(await fmea(['--lang', 'en-US', 'menu', 'set', 'system_log', '--title-en', 'Log book', '--hidden'])).toMatchObject({ code: 0, stdout: 'Menu system_log: Log book, sort 6, hidden: yes\n' });
    const listed = JSON.parse((await fmea(['--json', 'menu', 'list'])).stdout).data as { routeName: string; titleEn: string; hidden: boolean; overridden: string[]; resources: { buttons: Record<string, { method: string; path: string }[]> } }[];
    expect(listed.find((m) => m.routeName === 'system_log')).toMatchObject({ titleEn: 'Log book', hidden: true, overridden: ['titleEn', 'hidden'] });
    expect(listed.find((m) => m.routeName === 'system_log')!.resources.buttons.export).toEqual([expect.objectContaining({ method: 'GET', path: '/api/operationLog/export' })]);
    expect((await fmea(['--lang', 'en-US', 'menu', 'list'])).stdout).toContain('\texport\tpage: GET /api/operationLog/kinds, POST /api/operationLog/list; export: GET /api/operationLog/export\n');
    const bad = await fmea(['--lang', 'en-US', 'menu', 'set', 'system_log', '--sort', '-3']);
    expect(bad).toMatchObject({ code: 2, stdout: '' });
    expect(bad.stderr).toContain('Sort: give a whole number from 0 to 9999');
    expect((await fmea(['--lang', 'en-US', 'menu', 'set', 'system_log', '--reset'])).stdout).toBe('Menu system_log: Operation log, sort 6, hidden: no\n');
  });
});
