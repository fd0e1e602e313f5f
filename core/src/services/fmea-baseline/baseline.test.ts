import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { catalogRecord, fmeaAction, fmeaBaseline, fmeaFailure, user } from '../../db/schema/index.ts';
import { buildHousingPfmea, buildWindowLifter, createTeamProject, idOf, makeTeam, teamMembers, makeUser, openTestDatabase, type Team, type TestDatabase, walkAndGiveOpinion } from '../../testing/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { addAction } from '../fmea/actions.ts';
import { exportFmeaWorkbook } from '../fmea/excel/export.ts';
import { updateFailure } from '../fmea/failures.ts';
import { getProjectChecks } from '../fmea-checks/index.ts';
import type { ProjectView } from '../fmea/projects.ts';
import { readAllSheets } from '../fmea/excel/workbook-io.ts';
import { excel } from '../fmea/excel/workbook-io.ts';
import { approveReview, releaseReview, republishReview, revokeReview, submitReview } from '../fmea-review/index.ts';
import { readCoreProperties } from './seal.ts';
import { diffBaselines, freezeBaseline, diffWorkbook, exportBaselineWorkbook, getBaseline, listBaselines, readBaselineItems, readSnapshot, verifyWorkbook } from './index.ts';

let clock = new Date('2026-04-01T08:00:00Z');
let t: TestDatabase;
let team: Team;
let tech: ServiceContext;
let project: ProjectView;
let lifter: Awaited<ReturnType<typeof buildWindowLifter>>;
beforeEach(async () => {
  clock = new Date('2026-04-01T08:00:00Z');
  t = await openTestDatabase({ now: () => clock });
  team = await makeTeam(t);
  tech = await makeUser(t, 'tech');
  project = await createTeamProject(team, {
    versionLabel: 'B',
    members: teamMembers(team, tech),
  });
  lifter = await buildWindowLifter(team.editor, project);
  // the release checks refuse an H chain without an action
  for (const cause of [lifter.worn, lifter.broken]) {
    await addAction(team.editor, { causeId: cause.id, kind: 'prevention', description: `Fix ${cause.description}`, responsibleUserId: idOf(team.editor), targetDate: '2026-06-30' });
  }
});
afterEach(() => t.dispose());

const tick = () => (clock = new Date(clock.getTime() + 1000));
const named = () => ({ professional: idOf(team.reader), quality: idOf(team.editor), technical: idOf(tech), countersign: idOf(tech) });

async function release() {
  const errors = (await getProjectChecks(team.reader, project.id)).findings.filter((f) => f.severity === 'error');
  expect(errors, JSON.stringify(errors)).toEqual([]);
  await submitReview(team.owner, project.id, named(), { acknowledgeWarnings: true });
  tick();
  await walkAndGiveOpinion(team.reader, project.id, { conclusion: 'conform', text: 'ok' });
  await walkAndGiveOpinion(team.editor, project.id, { conclusion: 'conform', text: 'ok' });
  tick();
  await approveReview(tech, project.id);
  tick();
  return releaseReview(tech, project.id, { acknowledgeWarnings: true });
}

const formCells = async (bytes: Uint8Array) => {
  const wb = new (await excel()).Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  return wb;
};

describe('FMEA baselines', () => {
  it('release freezes a baseline; a later edit never changes it, and the database refuses an UPDATE', async () => {
    const before = await readSnapshot(t.db, project.id);
    await release();
    const [b] = await listBaselines(team.reader, project.id);
    expect(b).toMatchObject({ label: 'BL1', versionLabel: 'B/1', round: 1, projectType: 'dfmea', createdBy: idOf(tech), chainCount: 3 });
    expect(b!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    const frozen = await getBaseline(team.reader, project.id, 'bl1');
    expect(frozen.snapshot).toEqual(before);

    // revoke, edit: the working copy moves on, the baseline stays
    await revokeReview(team.owner, project.id);
    tick();
    await updateFailure(team.editor, lifter.worn.id, { version: 1, occurrence: 3 });
    const again = await getBaseline(team.reader, project.id, b!.id);
    expect(again.baseline.contentHash).toBe(b!.contentHash);
    expect(again.snapshot).toEqual(before);

    const diff = await diffBaselines(team.reader, project.id, 'BL1');
    expect(diff).toMatchObject({ added: 0, removed: 0, changed: 1, to: { ref: 'working' } });
    expect(diff.items[0]).toMatchObject({ kind: 'cause', path: `${project.name} / Gearbox / Gear / Mesh with worm / Teeth worn`, fields: [{ field: 'occurrence', old: 6, new: 3 }] });
    const book = await formCells(await diffWorkbook(diff, 'en-US'));
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows).toContainEqual(['changed', 'Failure cause (FC)', diff.items[0]!.path, 'Occurrence (O)', 6, 3]);

    await expect(t.db.run(sql`update fmea_baseline set content_hash = 'x' where id = ${b!.id}`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/fmea_baseline is immutable/) } });
    await expect(t.db.update(fmeaBaseline).set({ label: 'X' }).where(eq(fmeaBaseline.id, b!.id))).rejects.toThrow();
    // deleted only with its project
    await expect(t.db.run(sql`delete from fmea_baseline where id = ${b!.id}`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/deleted only with its project/) } });
    expect((await listBaselines(team.reader, project.id))[0]!.label).toBe('BL1');
    await expect(getBaseline(team.reader, project.id, 'BL9')).rejects.toMatchObject({ messageKey: 'fmeaBaseline.not_found' });
    await expect(listBaselines(team.outsider, project.id)).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
  });

  it('names people by their real name and catalog records by number and version, with one responsible line and no order numbers (issue 20)', async () => {
    const [record] = await t.db.insert(catalogRecord).values({ type: 'invalidMode', rootId: 'r-worn', serialNum: 'FM2604010001', versionNo: 2, status: '2', text: 'Teeth worn' }).returning();
    await t.db.update(user).set({ realName: '李工' }).where(eq(user.id, idOf(team.editor)));
    await t.db.update(user).set({ realName: '王总' }).where(eq(user.id, idOf(tech)));
    await release();
    await revokeReview(team.owner, project.id);
    tick();
    const [action] = (await readSnapshot(t.db, project.id)).actions.filter((a) => a.causeId === lifter.worn.id);
    await t.db.update(fmeaAction).set({ responsibleUserId: idOf(tech), sort: 9 }).where(eq(fmeaAction.id, action!.id));
    await t.db.update(fmeaFailure).set({ catalogRecordId: record!.id, sort: 7 }).where(eq(fmeaFailure.id, lifter.worn.id));
    const diff = await diffBaselines(team.reader, project.id, 'BL1');
    const fieldsOf = (id: string) => diff.items.find((i) => i.id === id)?.fields;
    expect(fieldsOf(action!.id)).toEqual([{ field: 'responsibleUserId', old: '李工', new: '王总' }]);
    expect(fieldsOf(lifter.worn.id)).toEqual([{ field: 'catalogRecordId', old: null, new: 'FM2604010001 v2' }]);
    const shown = JSON.stringify(diff.items);
    expect(shown).not.toContain(idOf(tech));
    expect(shown).not.toContain(record!.id);
    // the frozen content names the team and the responsible the same way
    const { items } = await readBaselineItems(team.reader, project.id, 'BL1');
    expect(items.filter((i) => i.kind === 'member').map((i) => i.path)).toContain('李工');
    const frozenAction = items.find((i) => i.id === action!.id)!;
    expect(frozenAction.fields).toContainEqual({ field: 'responsibleUserId', value: '李工' });
    expect(frozenAction.fields.map((f) => f.field)).not.toContain('responsibleName');
    expect(items.flatMap((i) => i.fields.map((f) => f.field))).not.toContain('sort');
    // the workbook says the same
    const book = await formCells(await diffWorkbook(diff, 'zh-CN'));
    const rows = book.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows.some((r) => r[4] === '李工' && r[5] === '王总')).toBe(true);
  });

  it('a project deleted from the database takes its baselines with it', async () => {
    await release();
    await t.db.run(sql`delete from fmea_project where id = ${project.id}`);
    expect(await t.db.select().from(fmeaBaseline).where(eq(fmeaBaseline.projectId, project.id))).toEqual([]);
  });

  it('republishing an unchanged project freezes nothing new', async () => {
    await release();
    await revokeReview(team.owner, project.id);
    tick();
    await republishReview(team.owner, project.id);
    expect((await listBaselines(team.reader, project.id)).map((b) => b.label)).toEqual(['BL1']);
  });

  it('a baseline exports alike twice, with its hash in the cells and properties; verify says intact, changed or foreign', async () => {
    await release();
    const [b] = await listBaselines(team.reader, project.id);
    tick();
    const one = await exportBaselineWorkbook(team.reader, project.id, 'BL1', { locale: 'en-US' });
    tick();
    const two = await exportBaselineWorkbook(team.reader, project.id, b!.id, { locale: 'en-US' });
    expect(one.fileName).toBe(`DFMEA-${project.serialNum}-BL1.xlsx`);
    expect(await readAllSheets(two.bytes)).toEqual(await readAllSheets(one.bytes));
    const book = await formCells(one.bytes);
    expect(book.keywords).toContain(`fmea-content-hash:${b!.contentHash}`);
    expect(book.subject).toBe('BL1 · B/1');
    expect(book.created?.toISOString()).toBe(b!.createdAt.toISOString());
    const stampRow = book.worksheets[0]!.getRow(15);
    expect([stampRow.getCell(1).value, stampRow.getCell(2).value, stampRow.getCell(10).value, stampRow.getCell(11).value]).toEqual(['Baseline', 'BL1 · B/1', 'Content hash', `sha256:${b!.contentHash}`]);

    // the live export of the unchanged project shows the same analysis under "working copy"
    const live = await formCells(await exportFmeaWorkbook(team.reader, project.id, { locale: 'en-US' }));
    expect(live.keywords).toContain(`fmea-content-hash:${b!.contentHash}`);
    expect(live.worksheets[0]!.getRow(15).getCell(2).value).toBe('working copy, not released');

    const intact = await verifyWorkbook(team.reader, one.bytes, { fileName: one.fileName, locale: 'en-US' });
    expect(intact).toMatchObject({ outcome: 'baseline', serialNum: project.serialNum, baselineLabel: 'BL1', baselineId: b!.id, contentHash: b!.contentHash });
    expect(intact.message).toBe(`Intact: matches baseline BL1 (B/1) of project ${project.serialNum}`);

    const working = await verifyWorkbook(team.reader, await exportFmeaWorkbook(team.reader, project.id), { fileName: 'w.xlsx' });
    expect(working.outcome).toBe('working');

    // one edited cell of the chain sheet
    const edited = await formCells(one.bytes);
    edited.worksheets[1]!.getRow(2).getCell(2).value = 'edited';
    const editedBytes = new Uint8Array(await edited.xlsx.writeBuffer());
    // the seal survived the rewrite: what tells the change is the cells
    expect(readCoreProperties(editedBytes).keywords).toContain(`fmea-seal:v1:`);
    const changed = await verifyWorkbook(team.reader, editedBytes, { fileName: 'e.xlsx', locale: 'en-US' });
    expect(changed).toMatchObject({ outcome: 'changed', baselineLabel: 'BL1' });

    const foreign = new (await excel()).Workbook();
    foreign.addWorksheet('Sheet1').addRow(['a', 'b']);
    await expect(verifyWorkbook(team.reader, new Uint8Array(await foreign.xlsx.writeBuffer()), { fileName: 'f.xlsx' })).rejects.toMatchObject({ messageKey: 'fmeaBaseline.verify_foreign' });
    await expect(verifyWorkbook(team.reader, new TextEncoder().encode('not a zip at all'), { fileName: 'x.xlsx' })).rejects.toMatchObject({ messageKey: 'file.not_xlsx' });
    await expect(verifyWorkbook(team.outsider, one.bytes, { fileName: 'o.xlsx' })).rejects.toMatchObject({ messageKey: 'fmeaBaseline.verify_not_allowed' });
  });

  it('PFMEA: a baseline renders the PFMEA form from its snapshot and verifies', async () => {
    const { project: pf } = await buildHousingPfmea(team.owner, [{ userId: idOf(team.owner), roles: [0] }, { userId: idOf(team.reader), roles: [4] }]);
    const row = await t.db.query.fmeaProject.findFirst({ where: (p, { eq: is }) => is(p.id, pf.id) });
    const frozen = await t.db.transaction((tx) => freezeBaseline(tx, team.owner, row!, 1));
    expect(frozen).toMatchObject({ label: 'BL1', projectType: 'pfmea' });
    const out = await exportBaselineWorkbook(team.reader, pf.id, 'BL1', { locale: 'en-US' });
    expect(out.fileName).toBe(`PFMEA-${pf.serialNum}-BL1.xlsx`);
    const book = await formCells(out.bytes);
    expect(book.worksheets[0]!.getRow(1).getCell(1).value).toMatch(/PFMEA|Process/i);
    const live = await readAllSheets(await exportFmeaWorkbook(team.reader, pf.id, { locale: 'en-US' }));
    const frozenSheets = await readAllSheets(out.bytes);
    // the same analysis: every sheet alike but the stamp row (baseline vs working copy)
    const dropStamp = (sheets: typeof live) => sheets.map((s, i) => (i === 0 ? { ...s, rows: s.rows.filter((r) => r.row !== 15) } : s));
    expect(dropStamp(frozenSheets)).toEqual(dropStamp(live));
    expect(await verifyWorkbook(team.reader, out.bytes, { fileName: out.fileName })).toMatchObject({ outcome: 'baseline', baselineId: frozen!.id });
  });
});
