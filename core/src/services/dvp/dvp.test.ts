import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fmeaControl } from '../../db/schema/index.ts';
import { loadCatalogs, translate } from '../../i18n/index.ts';
import { adminContext, buildRole, buildWindowLifter, createTeamProject, idOf, makeTeam, makeUser, openTestDatabase, pdf, type Team, type TestDatabase } from '../../testing/index.ts';
import { addControl } from '../fmea/controls.ts';
import { updateAction, addAction } from '../fmea/actions.ts';
import { updateFailure } from '../fmea/failures.ts';
import { openRerateMarks } from '../fmea/rerate-marks.ts';
import { getProjectChecks } from '../fmea-checks/index.ts';
import { assertCanReadFile } from '../files/access.ts';
import { saveUpload } from '../files/files.ts';
import { DVP_NOTICE_MESSAGE_KEYS } from '../messages/dvp.ts';
import { listMyTasks } from '../my-work/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { setUserRoles } from '../users/users.ts';
import { createDvpPlan, createDvpTest, deleteDvpTest, dvpCoverage, failedDvpTestsIndicator, generateDvpTests, getDvpPlan, linkDvpTest, listDvpPlans, setDvpResult, updateDvpTest, ALL_DVP_MESSAGE_KEYS } from './index.ts';

// One seeded database for the file (it runs on PostgreSQL too): each case builds its own DFMEA.
let t: TestDatabase;
let team: Team;
let stranger: ServiceContext;
let filesDir: string;

beforeAll(async () => {
  t = await openTestDatabase({ now: () => new Date('2026-03-01T08:00:00Z') });
  filesDir = await mkdtemp(join(tmpdir(), 'dvp-files-'));
  const admin = await adminContext(t);
  team = await makeTeam(t);
  stranger = await makeUser(t, 'stranger');
  const all = await buildRole(admin, { label: 'dvp-all', grants: [{ routeName: 'dvp_index', buttons: ['add', 'edit', 'del', 'import', 'export'] }, { routeName: 'dfmea_index', buttons: ['add', 'edit', 'del'] }] });
  const look = await buildRole(admin, { label: 'dvp-read', grants: [{ routeName: 'dvp_index', buttons: [] }, { routeName: 'dfmea_index', buttons: [] }] });
  for (const who of [team.owner, team.editor, stranger]) await setUserRoles(admin, idOf(who), [all.id]);
  await setUserRoles(admin, idOf(team.reader), [look.id]);
});
afterAll(async () => {
  await t.dispose();
  await rm(filesDir, { recursive: true, force: true });
});

async function world() {
  const project = await createTeamProject(team);
  const w = await buildWindowLifter(team.editor, project);
  const detection = (await t.db.select().from(fmeaControl).where(eq(fmeaControl.causeId, w.worn.id))).find((c) => c.kind === 'detection')!;
  const second = await addControl(team.editor, { causeId: w.broken.id, kind: 'detection', description: 'Tooth root bending test' });
  const plan = await createDvpPlan(team.editor, { project: project.serialNum });
  return { project, ...w, detection, second, plan };
}

describe('DVP&R plans', () => {
  it('creates one plan per DFMEA, numbered DP, read by who may open the DFMEA', async () => {
    const w = await world();
    expect(w.plan).toMatchObject({ dvpNum: expect.stringMatching(/^DP/), projectId: w.project.id, status: 'planning', canEdit: true, testRows: [] });
    expect(w.plan.controls.map((c) => [c.description, c.status])).toEqual([
      ['Endurance test ET-3', 'none'],
      ['Tooth root bending test', 'none'],
    ]);
    await expect(createDvpPlan(team.owner, { project: w.project.id })).rejects.toMatchObject({ code: 'conflict', messageKey: 'dvp.plan_exists' });
    // a read-only member reads it and may not change it; an outsider of the DFMEA may not read it
    expect((await getDvpPlan(team.reader, w.plan.dvpNum)).canEdit).toBe(false);
    await expect(generateDvpTests(team.reader, w.plan.id)).rejects.toMatchObject({ code: 'not_allowed' });
    await expect(getDvpPlan(stranger, w.plan.id)).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.not_project_member' });
    expect((await listDvpPlans(stranger, { project: w.project.serialNum })).total).toBe(0);
    expect((await listDvpPlans(team.reader, { project: w.project.serialNum })).items.map((p) => p.dvpNum)).toEqual([w.plan.dvpNum]);
  });

  it('generates one test per uncovered detection control, idempotent, and counts the coverage', async () => {
    const w = await world();
    const first = await generateDvpTests(team.editor, w.plan.id);
    expect(first.created).toBe(2);
    expect(first.plan.testRows.map((r) => [r.testNum, r.name, r.analysisProject, r.controlIds])).toEqual([
      [`${w.plan.dvpNum}-01`, 'Endurance test ET-3', 'Teeth worn', [w.detection.id]],
      [`${w.plan.dvpNum}-02`, 'Tooth root bending test', 'Teeth broken', [w.second.id]],
    ]);
    expect((await generateDvpTests(team.editor, w.plan.id)).created).toBe(0);
    const third = await addControl(team.editor, { causeId: w.loose.id, kind: 'detection', description: 'Push-out force test' });
    expect((await generateDvpTests(team.editor, w.plan.id)).plan.testRows.at(-1)).toMatchObject({ testNum: `${w.plan.dvpNum}-03`, controlIds: [third.id] });
    expect((await dvpCoverage(t.db, [w.project.id, 'nothing'])).get(w.project.id)).toEqual({ controls: 3, tested: 3, qualified: 0, unqualified: 0, open: 3 });
    expect((await dvpCoverage(t.db, ['nothing'])).get('nothing')).toEqual({ controls: 0, tested: 0, qualified: 0, unqualified: 0, open: 0 });
  });

  it('edits a test against its version, refuses bad fields by name, and tells a new responsible person', async () => {
    const w = await world();
    const added = await createDvpTest(team.editor, w.plan.id, { name: 'Salt spray 480 h', testQuantity: 3, testStage: 'DV', controlIds: [w.detection.id] });
    const test = added.plan.testRows[0]!;
    await expect(updateDvpTest(team.editor, w.plan.id, test.id, { version: test.version, testQuantity: 0, plannedStart: '2026-04-10', plannedEnd: '2026-04-01' })).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [expect.objectContaining({ field: 'testQuantity', messageKey: 'dvp.quantity_invalid' }), expect.objectContaining({ field: 'plannedEnd', messageKey: 'dvp.dates_order' })],
    });
    await expect(updateDvpTest(team.editor, w.plan.id, test.id, { version: test.version, responsibleUserId: idOf(stranger) })).rejects.toMatchObject({ issues: [expect.objectContaining({ field: 'responsibleUserId' })] });
    const edited = await updateDvpTest(team.editor, w.plan.id, test.id, { version: test.version, responsibleUserId: idOf(team.owner), acceptanceCriteria: 'No red rust', plannedEnd: '2026-04-30' });
    expect(edited.plan.testRows[0]).toMatchObject({ responsibleName: expect.any(String), acceptanceCriteria: 'No red rust', version: test.version + 1 });
    expect(edited.messages).toMatchObject([{ recipientId: idOf(team.owner), code: 'dvp', route: `/main/dvpIndex/dvpDetails?id=${encodeURIComponent(w.plan.dvpNum)}&test=${test.id}` }]);
    await expect(updateDvpTest(team.editor, w.plan.id, test.id, { version: test.version, name: 'Late' })).rejects.toMatchObject({ code: 'conflict', messageKey: 'dvp.stale' });
    const tasks = await listMyTasks(team.owner, {});
    expect(tasks.items.find((task) => task.taskSource === 'dvp')).toMatchObject({ taskNum: test.testNum, taskDesc: 'Salt spray 480 h', taskStatus: '0' });
  });

  it('an unqualified result marks the linked chains for re-rating, shown until the cause is re-rated', async () => {
    const w = await world();
    const generated = await generateDvpTests(team.editor, w.plan.id);
    const [endurance, bending] = generated.plan.testRows;
    const failed = await setDvpResult(team.editor, w.plan.id, endurance!.id, { version: endurance!.version, result: 'unqualified', resultNote: 'Teeth worn after 15000 cycles', actualEnd: '2026-02-27' });
    expect(failed.plan.testRows[0]).toMatchObject({ result: 'unqualified', resultByName: expect.any(String), resultAt: new Date('2026-03-01T08:00:00Z') });
    expect(failed.plan.controls.find((c) => c.id === w.detection.id)?.status).toBe('unqualified');
    expect((await openRerateMarks(t.db, w.project.id)).map((m) => [m.causeId, m.sourceNumber])).toEqual([[w.worn.id, endurance!.testNum]]);
    // the other test passing marks nothing; the coverage counts both
    await setDvpResult(team.editor, w.plan.id, bending!.id, { version: bending!.version, result: 'qualified' });
    expect((await dvpCoverage(t.db, [w.project.id])).get(w.project.id)).toEqual({ controls: 2, tested: 2, qualified: 1, unqualified: 1, open: 0 });
    // re-rating the cause's D clears it
    await updateFailure(team.editor, w.worn.id, { version: w.worn.version, detection: 7 });
    expect(await openRerateMarks(t.db, w.project.id)).toEqual([]);
    // failing again marks again; an action bringing a new D clears it too
    const again = (await getDvpPlan(team.editor, w.plan.id)).testRows[0]!;
    await setDvpResult(team.editor, w.plan.id, again.id, { version: again.version, result: null });
    const retest = (await getDvpPlan(team.editor, w.plan.id)).testRows[0]!;
    await setDvpResult(team.editor, w.plan.id, retest.id, { version: retest.version, result: 'unqualified' });
    expect(await openRerateMarks(t.db, w.project.id)).toHaveLength(1);
    const action = await addAction(team.editor, { causeId: w.worn.id, kind: 'detection', description: 'Extend endurance test to 30000 cycles' });
    await updateAction(team.editor, action.id, { version: action.version, raDetection: 4 });
    expect(await openRerateMarks(t.db, w.project.id)).toEqual([]);
  });

  it('the home indicator lists the failed tests of the caller’s DFMEAs, not a stranger’s, until a retest passes', async () => {
    const w = await world();
    const [endurance] = (await generateDvpTests(team.editor, w.plan.id)).plan.testRows;
    await setDvpResult(team.editor, w.plan.id, endurance!.id, { version: endurance!.version, result: 'unqualified', actualEnd: '2026-02-27' });
    const mine = await failedDvpTestsIndicator(team.editor, 20);
    expect(mine.items.find((i) => i.id === endurance!.id)).toMatchObject({ label: endurance!.testNum, date: '2026-02-27', route: expect.stringContaining('/main/dvpIndex/dvpDetails?id=') });
    expect((await failedDvpTestsIndicator(stranger, 20)).items.map((i) => i.id)).not.toContain(endurance!.id);
    const retest = (await getDvpPlan(team.editor, w.plan.id)).testRows[0]!;
    await setDvpResult(team.editor, w.plan.id, retest.id, { version: retest.version, result: 'qualified' });
    expect((await failedDvpTestsIndicator(team.editor, 20)).items.map((i) => i.id)).not.toContain(endurance!.id);
  });

  it('a passed retest withdraws the marks; deleting the test does too', async () => {
    const w = await world();
    const [test] = (await generateDvpTests(team.editor, w.plan.id)).plan.testRows;
    await setDvpResult(team.editor, w.plan.id, test!.id, { version: test!.version, result: 'unqualified' });
    const failed = (await getDvpPlan(team.editor, w.plan.id)).testRows[0]!;
    await setDvpResult(team.editor, w.plan.id, failed.id, { version: failed.version, result: 'qualified' });
    expect(await openRerateMarks(t.db, w.project.id)).toEqual([]);
    const passed = (await getDvpPlan(team.editor, w.plan.id)).testRows[0]!;
    await setDvpResult(team.editor, w.plan.id, passed.id, { version: passed.version, result: 'unqualified' });
    const last = (await getDvpPlan(team.editor, w.plan.id)).testRows[0]!;
    await deleteDvpTest(team.editor, w.plan.id, last.id, last.version);
    expect(await openRerateMarks(t.db, w.project.id)).toEqual([]);
  });

  it('links a test to controls of its DFMEA only', async () => {
    const w = await world();
    const other = await world();
    const test = (await createDvpTest(team.editor, w.plan.id, { name: 'Noise test' })).plan.testRows[0]!;
    await expect(linkDvpTest(team.editor, w.plan.id, test.id, { version: test.version, controlIds: [other.detection.id] })).rejects.toMatchObject({ code: 'invalid_input', messageKey: 'dvp.control_unknown' });
    const linked = await linkDvpTest(team.editor, w.plan.id, test.id, { version: test.version, controlIds: [w.detection.id, w.second.id] });
    expect(linked.plan.controls.map((c) => c.status)).toEqual(['planned', 'planned']);
  });

  it('the lifecycle linter finds detection controls without a test once the DFMEA has a plan', async () => {
    const project = await createTeamProject(team);
    await buildWindowLifter(team.editor, project);
    const codes = async () => (await getProjectChecks(team.editor, project.id)).findings.map((f) => f.code).filter((c) => c === 'detection_without_dvp');
    expect(await codes()).toEqual([]);
    const plan = await createDvpPlan(team.editor, { project: project.id });
    expect(await codes()).toEqual(['detection_without_dvp']);
    await generateDvpTests(team.editor, plan.id);
    expect(await codes()).toEqual([]);
  });

  it('serves a test report only to who may read the plan', async () => {
    const w = await world();
    const test = (await createDvpTest(team.editor, w.plan.id, { name: 'Thermal shock' })).plan.testRows[0]!;
    const report = await saveUpload(team.editor, { filesDir, kind: 'attachment', originalName: 'TS-report.pdf', data: pdf('TS') });
    const theirs = await saveUpload(team.owner, { filesDir, kind: 'attachment', originalName: 'other.pdf', data: pdf('O') });
    await expect(setDvpResult(team.editor, w.plan.id, test.id, { version: test.version, result: 'qualified', reportFileId: theirs.id })).rejects.toMatchObject({ messageKey: 'dvp.report_not_yours' });
    const done = await setDvpResult(team.editor, w.plan.id, test.id, { version: test.version, result: 'qualified', reportFileId: report.id });
    expect(done.plan.testRows[0]!.report).toEqual({ fileId: report.id, name: 'TS-report.pdf' });
    await expect(assertCanReadFile(team.reader, report.id)).resolves.toBeUndefined();
    await expect(assertCanReadFile(stranger, report.id)).rejects.toMatchObject({ code: 'not_allowed' });
  });

  it.each(['zh-CN', 'en-US'] as const)('has every message in %s', (locale) => {
    const catalog = loadCatalogs()[locale];
    for (const key of [...ALL_DVP_MESSAGE_KEYS, ...DVP_NOTICE_MESSAGE_KEYS]) {
      expect(catalog[key], `${key} missing in ${locale}`).toBeTruthy();
      expect(translate(locale, key, { plan: 'DP1', test: 'DP1-01', project: 'DF1', dvpNum: 'DP1', control: 'c', standard: 's', currentVersion: 2, column: 'X', name: 'n', serialNum: 'DP1-01', text: 't', field: 'f', value: 'v' })).not.toMatch(/[{}]/);
    }
  });
});
