import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
const fmea = (args: string[]) => runFmea(args, { env });
const me = `cli:${userInfo().username}`;

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea log list', { timeout: 90_000 }, () => {
  it('shows CLI writes newest first, under the OS user who ran them, filtered by user and action', async () => {
    await fmea(['site', 'add', 'Plant A']);
    await fmea(['site', 'add', 'Plant B']);
    const listed = await fmea(['log', 'list', '--user', me, '--action', 'site.']);
    const lines = listed.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('时间\t操作人\t动作\t对象\t对象 ID');
    expect(lines.slice(1).map((line) => line.split('\t').slice(1, 4))).toEqual([
      [me, '新增站点', '站点'],
      [me, '新增站点', '站点'],
    ]);
    // local time without seconds, not an ISO stamp
    expect(lines[1]!.split('\t')[0]).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    const en = (await fmea(['--lang', 'en-US', 'log', 'list', '--user', me, '--action', 'site.', '--limit', '1'])).stdout.split('\n')[1]!.split('\t');
    expect(en.slice(2, 4)).toEqual(['Site created', 'Site']);
    expect(en[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} [AP]M$/);
    const json = JSON.parse((await fmea(['--json', 'log', 'list', '--action', 'site.create', '--limit', '1'])).stdout).data;
    expect(json).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(json.items[0]).toMatchObject({ userName: me, action: 'site.create', actionLabel: '新增站点', entity: 'site', entityLabel: '站点', after: { name: 'Plant B' } });
    const seeded = JSON.parse((await fmea(['--json', 'log', 'list', '--user', me, '--action', 'system.seed'])).stdout).data;
    expect(seeded.items).toHaveLength(1);
    const nobody = await fmea(['--lang', 'en-US', 'log', 'list', '--user', 'nobody']);
    expect(nobody.stdout).toBe('At\tOperator\tAction\tEntity\tEntity id\n');
  });

  it('filters by record type and dates, and writes every match to a workbook with --out', async () => {
    await fmea(['site', 'add', 'Plant C']);
    const sites = JSON.parse((await fmea(['--json', 'log', 'list', '--entity', 'site', '--from', '2000-01-01', '--limit', '500'])).stdout).data;
    expect(sites.total).toBeGreaterThan(0);
    expect(sites.items.every((e: { entity: string }) => e.entity === 'site')).toBe(true);
    expect(JSON.parse((await fmea(['--json', 'log', 'list', '--entity', 'site', '--to', '2000-01-01'])).stdout).data.total).toBe(0);
    const out = join(mkdtempSync(join(tmpdir(), 'fmea-log-')), 'log.xlsx');
    const done = await fmea(['--lang', 'en-US', 'log', 'list', '--entity', 'site', '--out', out]);
    expect(done).toMatchObject({ code: 0, stdout: `Exported ${sites.total} entries to ${out}\n` });
    const { readSheet } = await import('@fmea/core');
    const { rows } = await readSheet(new Uint8Array(readFileSync(out)), [{ key: 'entity', headers: ['Record type'] }], undefined, { acceptUnmapped: true });
    expect(rows.map((r) => r.values.entity)).toEqual(Array(sites.total).fill('Site'));
    const bad = await fmea(['--lang', 'en-US', 'log', 'list', '--from', 'someday']);
    expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('--from is not a valid date (got someday)') });
    expect((await fmea(['log', 'list', '--out', 'log.csv'])).code).toBe(2);
  });

  it('refuses a bad limit, exit 2', async () => {
    const [zh, en] = await Promise.all([fmea(['log', 'list', '--limit', '0']), fmea(['--lang', 'en-US', 'log', 'list', '--limit', 'x'])]);
    expect(zh).toMatchObject({ code: 2, stdout: '', stderr: '--limit 必须是大于 0 的整数（当前为 0）\n使用 --help 查看用法。\n' });
    expect(en).toMatchObject({ code: 2, stderr: '--limit must be a whole number greater than 0 (got x)\nRun with --help for usage.\n' });
  });
});
