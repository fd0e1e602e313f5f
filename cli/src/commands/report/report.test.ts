import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
let serialNum: string;
const fmea = (args: string[]) => runFmea(args, { env });

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const db = await openTempDb(temp);
  const { createProject, createUser, importAnalysis } = await import('@fmea/core/services');
  const owner = (await createUser(db.ctx, { userName: 'ann', realName: '安', realNameEn: 'Ann', password: 'Kx7#pQ2!mZ9$wR' })).user;
  const project = await createProject(db.ctx, { projectType: 'dfmea', name: 'CLI report lifter', members: [{ userId: owner.id, roles: [0] }] });
  serialNum = project.serialNum;
  await importAnalysis(db.ctx, project.id, {
    nodes: [{ key: 'gear', name: 'Gear' }, { key: 'tooth', parentKey: 'gear', name: 'Tooth' }],
    functions: [
      { key: 'close', nodeKey: '@root', description: 'Close window' },
      { key: 'mesh', nodeKey: 'gear', description: 'Mesh' },
      { key: 'hold', nodeKey: 'tooth', description: 'Hold' },
    ],
    failures: [
      { key: 'e', functionKey: 'close', kind: 'FE', description: 'Window stuck', severity: 9 },
      { key: 'm', functionKey: 'mesh', kind: 'FM', description: 'No torque' },
      { key: 'c', functionKey: 'hold', kind: 'FC', description: 'Worn', occurrence: 8, detection: 7 },
    ],
    failureLinks: [{ higherKey: 'e', lowerKey: 'm' }, { higherKey: 'm', lowerKey: 'c' }],
  });
  await db.close();
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea report', { timeout: 90_000 }, () => {
  it('prints the figures, writes the workbook, refuses an unknown kind and a missing project in the CLI’s language', async () => {
    const json = JSON.parse((await fmea(['--json', 'report', 'dfmea', '--project', serialNum])).stdout).data;
    expect(json).toMatchObject({ project: { serialNum }, before: { H: 1, chains: 1 } });
    const out = join(temp.dir, 'dfmea.xlsx');
    const written = await fmea(['--lang', 'en-US', 'report', 'dfmea', '--project', serialNum, '--out', out]);
    expect(written.stdout).toBe(`Wrote the report to ${out}\n`);
    expect((await readFile(out)).subarray(0, 2).toString()).toBe('PK');
    const bad = await fmea(['--lang', 'en-US', 'report', 'nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Unknown report "nope"');
    expect((await fmea(['report', 'pfmea'])).stderr).toContain('pfmea 报表需要 --project');
    const ranking = await fmea(['--lang', 'en-US', 'report', 'ranking']);
    expect(ranking.stdout.split('\n').slice(0, 4)).toEqual(['User score ranking', '', '# Score ranking', 'Rank\tUser\tDepartment\tSite\tContribution\tActivity\tTotal\tGrade']);
    expect(ranking.stdout).toContain('\tAnn\t');
    const noBrowser = await fmea(['--lang', 'en-US', 'report', 'counts', '--out', join(temp.dir, 'x.pdf'), '--chromium', '/nowhere/chromium']);
    expect(noBrowser.stderr).toContain('No Chromium at /nowhere/chromium');
  });

  it.runIf(existsSync('/usr/bin/chromium'))('prints the DFMEA report to a PDF with pages, titled with the project number', async () => {
    const out = join(temp.dir, 'dfmea.pdf');
    const result = await fmea(['--lang', 'en-US', 'report', 'dfmea', '--project', serialNum, '--out', out]);
    expect(result.stderr).toBe('');
    const pdf = (await readFile(out)).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    // one page per section: summary, AP counts, the two heat maps, open actions, special characteristics, AP over time
    expect(pdf.match(/\/Type\s*\/Page\b/g)!.length).toBeGreaterThanOrEqual(7);
    const title = /\/Title\s*(\((?:[^()\\]|\\.)*\)|<[0-9A-Fa-f]+>)/.exec(pdf)![1]!;
    const text = title.startsWith('<') ? Buffer.from(title.slice(1, -1), 'hex').swap16().toString('utf16le') : title;
    expect(text).toContain(serialNum);
    // the FMEA form prints too: the risk grid's rows, one page here
    const form = join(temp.dir, 'form.pdf');
    expect((await fmea(['report', 'form', '--project', serialNum, '--out', form])).stderr).toBe('');
    const formPdf = (await readFile(form)).toString('latin1');
    expect(formPdf.match(/\/Type\s*\/Page\b/g)!.length).toBeGreaterThanOrEqual(1);
  });
});
