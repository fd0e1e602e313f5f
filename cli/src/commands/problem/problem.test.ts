import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

const dir = mkdtempSync(join(tmpdir(), 'fmea-problem-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fmea problem import, list and export', { timeout: 120_000 }, () => {
  let temp: TempDb;
  let env: Record<string, string>;
  const fmea = (args: string[]) => runFmea(args, { env });
  beforeAll(async () => {
    temp = await tempDbUrl();
    env = dbEnv(temp);
  }, 60_000);
  afterAll(() => temp.cleanup());

  it('imports a workbook, lists what it holds, exports it back; refuses bad rows and unmapped columns, writing nothing', async () => {
    const { writeSheet } = await import('@fmea/core/services');
    const good = join(dir, 'good.xlsx');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      good,
      await writeSheet('P', [{ key: 'brief', headers: ['Brief'] }, { key: 'type', headers: ['Type'] }, { key: 'source', headers: ['Source'] }, { key: 'partNumber', headers: ['Part number'] }], [
        { brief: 'Window lifter stalls', type: 'Design problem', source: 'field', partNumber: 'WL-100' },
        { brief: '异响', type: '生产问题', source: '生产线', partNumber: '' },
      ]),
    );
    const bad = join(dir, 'bad.xlsx');
    writeFileSync(bad, await writeSheet('P', [{ key: 'brief', headers: ['Brief'] }, { key: 'type', headers: ['Type'] }, { key: 'source', headers: ['Source'] }], [{ brief: 'x', type: 'bogus', source: 'field' }, { brief: '', type: 'designProblem', source: 'nowhere' }]));
    const refused = await fmea(['--lang', 'en-US', 'problem', 'import', bad]);
    expect([refused.code, refused.stdout]).toEqual([2, '']);
    expect(refused.stderr.split('\n').filter(Boolean)).toEqual([
      'Nothing was imported: the file has errors',
      '  Row 2: Type: “bogus” is not one of the allowed values',
      '  Row 3: Brief cannot be empty',
      '  Row 3: Source: “nowhere” is not one of the allowed values',
    ]);
    const extra = join(dir, 'extra.xlsx');
    writeFileSync(extra, await writeSheet('P', [{ key: 'brief', headers: ['Brief'] }, { key: 'type', headers: ['Type'] }, { key: 'source', headers: ['Source'] }, { key: 'x', headers: ['Cost'] }], [{ brief: 'Squeak', type: 'designProblem', source: 'field', x: '3' }]));
    const unmapped = await fmea(['--lang', 'en-US', 'problem', 'import', extra]);
    expect(unmapped.code).toBe(2);
    expect(unmapped.stderr).toContain('--accept-unmapped');
    expect(JSON.parse((await fmea(['--json', 'problem', 'list'])).stdout).data.total).toBe(0);

    const imported = await fmea(['--lang', 'en-US', 'problem', 'import', good]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/^2 problems imported\nRS\d{10}\tWindow lifter stalls\nRS\d{10}\t异响\n$/);
    const list = await fmea(['--lang', 'en-US', 'problem', 'list', '--search', 'lifter']);
    expect(list.stdout.split('\n')[0]).toBe('Number\tBrief\tType\tStatus\tResponsible\tHappened');
    expect(list.stdout.split('\n')[1]).toMatch(/^RS\d{10}\tWindow lifter stalls\tDesign problem\tOpen\t\t$/);
    expect((await fmea(['--lang', 'en-US', 'problem', 'list', '--status', 'done'])).stderr).toBe('--status takes open, underReview, released, closed, comma-separated; “done” is not\n');

    const out = join(dir, 'out.xlsx');
    const exported = await fmea(['--lang', 'en-US', 'problem', 'export', '-o', out, '--status', 'open']);
    expect(exported.stdout).toBe(`2 problems written to ${out}\n`);
    expect((await fmea(['--json', 'problem', 'import', out])).code).toBe(0);
    expect(JSON.parse((await fmea(['--json', 'problem', 'list'])).stdout).data.total).toBe(4);

    const num = imported.stdout.match(/RS\d{10}/)![0];
    const report = join(dir, 'report.xlsx');
    expect((await fmea(['problem', 'export', num, '-o', report])).stdout).toBe(`已将问题 ${num} 的 8D 报告写入 ${report}\n`);
    expect(readFileSync(report).subarray(0, 2).toString()).toBe('PK');
  });
});
