import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildHousingPfmea, createTeamProject, idOf, makeTeam, openTestDatabase, type Team, type TestDatabase } from '../../testing/index.ts';
import { readCoreProperties } from '../fmea-baseline/seal.ts';
import { verifyWorkbook } from '../fmea-baseline/verify.ts';
import { exportFmeaWorkbook } from '../fmea/excel/export.ts';
import { readStampKeywords } from '../fmea/excel/stamp.ts';
import { excel } from '../fmea/excel/workbook-io.ts';
import { generateControlPlan } from './control-plan.ts';
import { exportControlPlanWorkbook } from './control-plan-export.ts';
import { importControlPlanWorkbook } from './control-plan-import.ts';
import { exportProcessFlow } from './flow-export.ts';

/**
 * Issue 20: the control plan and the flow chart workbooks carry the PFMEA's
 * version and content hash like the PFMEA workbook, sealed, so `verify` tells
 * whose they are, whether they were changed, and when a file belongs to
 * another project than the one it is checked in.
 */
let t: TestDatabase;
let team: Team;
let pfmea: Awaited<ReturnType<typeof buildHousingPfmea>>;
beforeEach(async () => {
  t = await openTestDatabase();
  team = await makeTeam(t);
  pfmea = await buildHousingPfmea(team.owner, [
    { userId: idOf(team.owner), roles: [0] },
    { userId: idOf(team.reader), roles: [4] },
  ]);
  await generateControlPlan(team.owner, pfmea.project.id, { phase: 'production' });
});
afterEach(() => t.dispose());

async function edited(bytes: Uint8Array, cell: string): Promise<Uint8Array> {
  const book = new (await excel()).Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  book.worksheets[0]!.getCell(cell).value = 'edited';
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe('the control plan and flow chart workbooks', () => {
  it('carry the PFMEA’s number, version and content hash, verify as its working copy, and tell an edit and another project', async () => {
    const form = await exportFmeaWorkbook(team.reader, pfmea.project.id, { locale: 'en-US' });
    const hash = readStampKeywords(readCoreProperties(form).keywords)!.contentHash;
    const files = {
      plan: await exportControlPlanWorkbook(team.reader, pfmea.project.id, { phase: 'production', locale: 'en-US' }),
      chart: (await exportProcessFlow(team.reader, pfmea.project.id, { format: 'xlsx', locale: 'en-US' })).bytes,
    };
    const other = await createTeamProject(team, { name: 'Another project' });
    for (const [name, bytes] of Object.entries(files)) {
      expect(readStampKeywords(readCoreProperties(bytes).keywords), name).toMatchObject({ serialNum: pfmea.project.serialNum, baselineLabel: null, contentHash: hash, seal: expect.stringMatching(/^[0-9a-f]{64}$/) });
      const book = new (await excel()).Workbook();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      const cells: unknown[] = [];
      book.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(cell.value)));
      expect(cells, name).toEqual(expect.arrayContaining(['Baseline', 'working copy, not released', 'Content hash', `sha256:${hash}`]));

      const intact = await verifyWorkbook(team.reader, bytes, { fileName: `${name}.xlsx`, locale: 'en-US' });
      expect(intact, name).toMatchObject({ outcome: 'working', serialNum: pfmea.project.serialNum, contentHash: hash });
      expect((await verifyWorkbook(team.reader, bytes, { fileName: `${name}.xlsx`, projectId: pfmea.project.id })).outcome, name).toBe('working');
      const changed = await verifyWorkbook(team.reader, await edited(bytes, 'A1'), { fileName: `${name}.xlsx` });
      expect(changed.outcome, name).toBe('changed');
      const elsewhere = await verifyWorkbook(team.reader, bytes, { fileName: `${name}.xlsx`, locale: 'en-US', projectId: other.id });
      expect(elsewhere, name).toMatchObject({ outcome: 'otherProject', serialNum: pfmea.project.serialNum });
      expect(elsewhere.message).toBe(`Intact, but it belongs to project ${pfmea.project.serialNum}, not to ${other.serialNum} (Another project) which it was checked in`);
      const zh = await verifyWorkbook(team.reader, bytes, { fileName: `${name}.xlsx`, locale: 'zh-CN', projectId: other.id });
      expect(zh.message).toBe(`完好，但它属于项目 ${pfmea.project.serialNum}，而不是在其中校验的项目 ${other.serialNum}（Another project）`);
    }
    // the PFMEA workbook itself, checked in another project, says so too
    expect((await verifyWorkbook(team.reader, form, { fileName: 'form.xlsx', projectId: other.id })).outcome).toBe('otherProject');
    // checked in a project the caller cannot open: refused as any read of it
    await expect(verifyWorkbook(team.outsider, form, { fileName: 'form.xlsx', projectId: pfmea.project.id })).rejects.toMatchObject({ code: 'not_allowed' });
  });

  it('the control plan’s stamp row is no data for its import: the plan comes back into another phase', async () => {
    const bytes = await exportControlPlanWorkbook(team.owner, pfmea.project.id, { phase: 'production', locale: 'zh-CN', bilingual: true });
    const report = await importControlPlanWorkbook(team.owner, pfmea.project.id, bytes, { phase: 'prelaunch', fileName: 'cp.xlsx' });
    expect(report).toMatchObject({ imported: 5, unmapped: [] });
  });
});
