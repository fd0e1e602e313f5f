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

describe('fmea workflow list / set', { timeout: 90_000 }, () => {
  it('lists the defaults, changes one FMEA type and one catalog type, and refuses an unknown type or value (2)', async () => {
    const zh = await fmea(['workflow', 'list']);
    expect(zh.stdout.split('\n')[0]).toBe('范围\t类型\t设置');
    expect(zh.stdout).toContain('fmea\tdfmea\t--countersign on --release rule --members-only off --same-site off --reviewer-ranks - --approver-ranks -');
    expect(await fmea(['--lang', 'en-US', 'workflow', 'set', 'dfmea', '--release', 'all', '--countersign', 'off', '--approver-ranks', '3'])).toMatchObject({ code: 0, stdout: 'Review requirements of dfmea saved\n' });
    expect((await fmea(['workflow', 'set', 'invalidMode', '--audit', 'off'])).code).toBe(0);
    const listed = JSON.parse((await fmea(['--json', 'workflow', 'list'])).stdout).data;
    expect(listed.find((r: { key: string }) => r.key === 'dfmea')).toMatchObject({ release: 'all', countersign: false, nominees: { approverRoleTypes: ['3'] } });
    expect(listed.find((r: { key: string }) => r.key === 'invalidMode')).toMatchObject({ audit: false });
    const [unknown, badSwitch] = await Promise.all([fmea(['--lang', 'en-US', 'workflow', 'set', 'recipes', '--audit', 'on']), fmea(['--lang', 'en-US', 'workflow', 'set', 'pfmea', '--countersign', 'maybe'])]);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain('there is no catalog type “recipes”');
    expect(badSwitch).toMatchObject({ code: 2, stdout: '' });
    expect(badSwitch.stderr).toContain('--countersign: write on or off, not “maybe”');
  });
});
