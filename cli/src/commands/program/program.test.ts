import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

const dir = mkdtempSync(join(tmpdir(), 'fmea-program-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function workbook(name: string, headers: string[], rows: string[][]): Promise<string> {
  const { writeSheet } = await import('@fmea/core/services');
  const path = join(dir, name);
  writeFileSync(path, await writeSheet('Sheet1', headers.map((h, i) => ({ key: `c${i}`, headers: [h] })), rows.map((r) => Object.fromEntries(r.map((v, i) => [`c${i}`, v])))));
  return path;
}

describe('fmea program and fmea task', { timeout: 120_000 }, () => {
  let temp: TempDb;
  let env: Record<string, string>;
  const fmea = (args: string[]) => runFmea(args, { env });
  beforeAll(async () => {
    temp = await tempDbUrl();
    env = dbEnv(temp);
  }, 60_000);
  afterAll(() => temp.cleanup());

  it('imports programs and tasks all or nothing, lists them, and exports what imports back', async () => {
    const bad = await workbook('bad.xlsx', ['Program name', 'SOP date'], [['Window lifter', '2027-01-01'], ['', '2027-13-01']]);
    const refused = await fmea(['--lang', 'en-US', 'program', 'import', bad]);
    expect([refused.code, refused.stdout]).toEqual([2, '']);
    // the progress bar's lines come first on stderr (no terminal), then the refusal
    expect(refused.stderr).toMatch(/Importing 100%\nThe workbook was not imported; nothing was changed\n  Row 3: Program name is required\n  Row 3: SOP date: "2027-13-01" is not a date \(YYYY-MM-DD\)\n$/);
    const unmapped = await fmea(['--lang', 'en-US', 'program', 'import', await workbook('extra.xlsx', ['Program name', 'Colour'], [['Window lifter', 'red']])]);
    expect(unmapped.code).toBe(2);
    expect(unmapped.stderr).toContain('--accept-unmapped');

    const good = await workbook('programs.xlsx', ['项目群名称', 'SOP date'], [['Window lifter', '2027-01-01']]);
    const imported = await fmea(['--lang', 'en-US', 'program', 'import', good]);
    expect([imported.code, imported.stdout]).toEqual([0, expect.stringMatching(/^Programs: 1 created, 0 left as they were \(PN\d{10}\)\n$/)]);
    const programNum = imported.stdout.match(/PN\d{10}/)![0];
    const listed = JSON.parse((await fmea(['--json', 'program', 'list'])).stdout) as { data: { items: { programNum: string; sopDate: string }[] } };
    expect(listed.data.items).toEqual([expect.objectContaining({ programNum, sopDate: '2027-01-01' })]);

    const tasks = await workbook('tasks.xlsx', ['Task name', 'Task type', 'Program number', 'Handler', 'Planned start', 'Planned end'], [
      ['Plan the DR', 'Quick DR', programNum, 'admin', '2027-01-04', '2027-01-05'],
      ['Compile', '编制', programNum, 'admin', '2027-01-06', '2027-01-20'],
    ]);
    const taskImport = await fmea(['--json', 'task', 'import', tasks]);
    expect(taskImport.code, taskImport.stderr).toBe(0);
    expect((JSON.parse(taskImport.stdout) as { data: { created: number } }).data.created).toBe(2);
    const taskList = JSON.parse((await fmea(['--json', 'task', 'list', '--program', programNum])).stdout) as { data: { items: { taskName: string; taskType: string }[] } };
    expect(taskList.data.items.map((x) => [x.taskName, x.taskType]).sort()).toEqual([['Compile', '1'], ['Plan the DR', '4']]);

    const out = join(dir, 'tasks-out.xlsx');
    const exported = await fmea(['--lang', 'en-US', 'task', 'export', '--program', programNum, '--out', out]);
    expect(exported.stdout).toBe(`2 tasks written to ${out}\n`);
    const again = await fmea(['--json', 'task', 'import', out]);
    expect((JSON.parse(again.stdout) as { data: { created: number; skipped: number } }).data).toMatchObject({ created: 0, skipped: 2 });
    const template = await fmea(['--lang', 'en-US', 'program', 'export', '--template', '--out', join(dir, 'template.xlsx')]);
    expect(template.stdout).toBe(`Import template written to ${join(dir, 'template.xlsx')}\n`);
  });
});
