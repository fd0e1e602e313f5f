import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, openTempDb, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
let serialNum: string;
let pfmeaNum: string;
let baselineFile: string;
const fmea = (args: string[]) => runFmea(['--lang', 'en-US', ...args], { env });

/** A project released through the review path (the service, as its users), then revoked and edited. */
beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
  const { addNode, approveReview, createContext, createProject, exportBaselineWorkbook, releaseReview, revokeReview, submitReview } = await import('@fmea/core/services');
  const { insertUser, walkAndGiveOpinion } = await import('@fmea/core/testing');
  const database = await openTempDb(temp);
  try {
    const owner = await insertUser(database.db, { label: 'owner' });
    const reviewer = await insertUser(database.db, { label: 'reviewer' });
    const as = (u: { id: string; userName: string }) => createContext(database.db, { userId: u.id, userName: u.userName });
    const project = await createProject(database.ctx, { projectType: 'dfmea', name: 'Seat recliner', versionLabel: 'C', members: [{ userId: owner.id, roles: [0] }, { userId: reviewer.id, roles: [2] }] });
    serialNum = project.serialNum;
    // one reviewer holds every role here: a baseline test, not one of separation of duties (on in a new database)
    const { setRuleFlag } = await import('@fmea/core/services');
    await setRuleFlag(database.ctx, 'separationOfDuties', '0');
    const ids = { professional: reviewer.id, quality: reviewer.id, technical: reviewer.id, countersign: reviewer.id };
    await submitReview(as(owner), project.id, ids, { acknowledgeWarnings: true });
    await walkAndGiveOpinion(as(reviewer), project.id, { conclusion: 'conform', text: 'ok', role: 'professional' });
    await walkAndGiveOpinion(as(reviewer), project.id, { conclusion: 'conform', text: 'ok', role: 'quality' });
    await approveReview(as(reviewer), project.id);
    await releaseReview(as(reviewer), project.id, { acknowledgeWarnings: true });
    baselineFile = join(temp.dir, 'bl1.xlsx');
    writeFileSync(baselineFile, (await exportBaselineWorkbook(database.ctx, project.id, 'BL1', { locale: 'en-US' })).bytes);
    await revokeReview(as(owner), project.id);
    await addNode(as(owner), { parentId: project.rootNodeId!, name: 'Pawl' });
    pfmeaNum = (await createProject(database.ctx, { projectType: 'pfmea', name: 'Line', members: [{ userId: owner.id, roles: [0] }] })).serialNum;
  } finally {
    database.close();
  }
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea dfmea baselines|diff|verify', { timeout: 120_000 }, () => {
  it('lists the baselines; a project of the other side is refused', async () => {
    const listed = await fmea(['dfmea', 'baselines', serialNum]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toMatch(/BL1\s+C\/1/);
    const none = await fmea(['pfmea', 'baselines', pfmeaNum]);
    expect(none.stdout).toContain(`${pfmeaNum} has no baseline yet`);
    const other = await fmea(['dfmea', 'baselines', pfmeaNum]);
    expect(other.code).not.toBe(0);
  });

  it('diffs BL1 against the working copy as a table or a workbook', async () => {
    const table = await fmea(['dfmea', 'diff', serialNum, 'bl1']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('Structure element');
    expect(table.stdout).toContain('Pawl');
    expect(table.stdout).toContain(`${serialNum}: BL1 (C/1) → working copy: 1 added, 0 removed, 0 changed`);
    const out = join(temp.dir, 'diff.xlsx');
    const written = await fmea(['dfmea', 'diff', serialNum, 'BL1', 'working', '--out', out]);
    expect(written.code, written.stderr).toBe(0);
    expect(readFileSync(out).subarray(0, 2).toString()).toBe('PK');
    const unknown = await fmea(['dfmea', 'diff', serialNum, 'BL7']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('Baseline BL7 was not found in this project');
  });

  it('verifies an intact baseline export, refuses a foreign file, fails on a changed one', async () => {
    const ok = await fmea(['dfmea', 'verify', baselineFile]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain(`Intact: matches baseline BL1 (C/1) of project ${serialNum}`);
    const foreign = join(temp.dir, 'foreign.xlsx');
    writeFileSync(foreign, 'no zip');
    const refused = await fmea(['dfmea', 'verify', foreign]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('not an Excel workbook');
    expect(refused.stderr).not.toMatch(/at .*\.ts:\d+/);

    const excel = (await import('exceljs')).default;
    const book = new excel.Workbook();
    await book.xlsx.readFile(baselineFile);
    book.worksheets[1]!.getRow(2).getCell(1).value = 'edited';
    const changedFile = join(temp.dir, 'changed.xlsx');
    await book.xlsx.writeFile(changedFile);
    const changed = await fmea(['dfmea', 'verify', changedFile]);
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain('Changed after export');
  });

  it('verifies a file in a project: its own passes, another project’s is named and exits 1', async () => {
    const own = await fmea(['dfmea', 'verify', baselineFile, '--project', serialNum]);
    expect(own.code, own.stderr).toBe(0);
    const other = await fmea(['dfmea', 'verify', baselineFile, '--project', pfmeaNum]);
    expect(other.code).toBe(1);
    expect(other.stderr).toContain(`Intact, but it belongs to project ${serialNum}, not to ${pfmeaNum} (Line) which it was checked in`);
    const json = await fmea(['--json', 'dfmea', 'verify', baselineFile, '--project', pfmeaNum]);
    expect(json.code).toBe(1);
    const unknown = await fmea(['dfmea', 'verify', baselineFile, '--project', 'DF0000000000']);
    expect(unknown.code).toBe(3);
  });
});
