import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildHousingPfmea, buildWindowLifter, createTeamProject, idOf, makeTeam, teamMembers, makeUser, openTestDatabase, type Team, type TestDatabase, walkAndGiveOpinion } from '../../testing/index.ts';
import { addAction } from '../fmea/actions.ts';
import { addFunction } from '../fmea/functions.ts';
import type { ProjectView } from '../fmea/projects.ts';
import { generateControlPlan } from '../pfmea/control-plan.ts';
import { approveReview, getReviewHistory, releaseReview, submitReview } from '../fmea-review/index.ts';
import { setRuleFlag } from '../rules/rule-flags.ts';
import type { ServiceContext } from '../shared/context.ts';
import { getProjectChecks } from './index.ts';

let clock = new Date('2026-04-01T08:00:00Z');
let t: TestDatabase;
let team: Team;
let tech: ServiceContext;
let project: ProjectView;
beforeEach(async () => {
  clock = new Date('2026-04-01T08:00:00Z');
  t = await openTestDatabase({ now: () => clock });
  team = await makeTeam(t);
  tech = await makeUser(t, 'tech');
  project = await createTeamProject(team, {
    members: teamMembers(team, tech),
  });
});
afterEach(() => t.dispose());

const named = () => ({ professional: idOf(team.reader), quality: idOf(team.editor), technical: idOf(tech), countersign: idOf(tech) });
const codesOf = async (id = project.id) => (await getProjectChecks(team.reader, id)).findings.map((f) => `${f.code}:${f.params.name ?? ''}`);

describe('getProjectChecks', () => {
  it('reads a DFMEA for any reader, by id or number; an outsider is refused', async () => {
    const lifter = await buildWindowLifter(team.editor, project);
    const checks = await getProjectChecks(team.reader, project.serialNum);
    expect(checks).toMatchObject({ projectId: project.id, serialNum: project.serialNum, projectType: 'dfmea' });
    // "Teeth worn" S9 O6 D5 is H on the DFMEA table and has no action
    expect(checks.findings).toContainEqual({ code: 'high_without_action', severity: 'error', step: 'optimization', target: { kind: 'failure', id: lifter.worn.id, nodeId: lifter.gear.id }, params: { name: 'Teeth worn', ap: 'H' } });
    expect(checks.counts.errors).toBeGreaterThan(0);
    await expect(getProjectChecks(team.outsider, project.id)).rejects.toMatchObject({ messageKey: 'permission.not_project_member' });
    await expect(getProjectChecks(team.reader, 'DF-none')).rejects.toMatchObject({ messageKey: 'fmea.project_not_found' });
  });

  it('follows the edits: an action clears the H finding, its missing date and a completed action without re-rating are found', async () => {
    const lifter = await buildWindowLifter(team.editor, project);
    const before = await codesOf();
    expect(before).toContain('high_without_action:Teeth worn');
    const action = await addAction(team.editor, { causeId: lifter.worn.id, kind: 'prevention', description: 'Harden the teeth' });
    const after = await codesOf();
    expect(after).not.toContain('high_without_action:Teeth worn');
    expect(after).toContain('target_date_missing:Harden the teeth');
    expect(action.id).toBeTruthy();
  });

  it('PFMEA: each CC/SC characteristic needs a control plan line', async () => {
    const { project: pf } = await buildHousingPfmea(team.owner, [{ userId: idOf(team.owner), roles: [0] }, { userId: idOf(team.reader), roles: [4] }]);
    const missing = (await getProjectChecks(team.reader, pf.id)).findings.filter((f) => f.code === 'special_without_control_plan');
    expect(missing.map((f) => [f.params.name, f.params.planClass, f.severity, f.step])).toEqual([
      ['Bore diameter', 'CC', 'error', 'risk'],
      ['Spindle speed', 'SC', 'error', 'risk'],
    ]);
    await generateControlPlan(team.owner, pf.id, { phase: 'production' });
    expect((await getProjectChecks(team.reader, pf.id)).findings.filter((f) => f.code === 'special_without_control_plan')).toEqual([]);
  });

  it('the business rules switch a check off or turn it into a warning', async () => {
    await buildWindowLifter(team.editor, project);
    await setRuleFlag(t.ctx, 'checkHighApAction', '1');
    expect((await getProjectChecks(team.reader, project.id)).findings.find((f) => f.code === 'high_without_action')?.severity).toBe('warning');
    await setRuleFlag(t.ctx, 'checkHighApAction', '0');
    expect(await codesOf()).not.toContain('high_without_action:Teeth worn');
  });
});

describe('the checks gate the review path', () => {
  it('submit: errors refuse with the count; warnings refuse until acknowledged, and the step keeps the acknowledgement', async () => {
    const lifter = await buildWindowLifter(team.editor, project);
    const errors = (await getProjectChecks(team.reader, project.id)).counts.errors;
    await expect(submitReview(team.owner, project.id, named())).rejects.toMatchObject({ code: 'conflict', messageKey: 'fmeaCheck.report_incomplete', params: { errors } });

    // every cause gets a dated action; only warnings are left (a function with no failure)
    for (const cause of [lifter.worn, lifter.broken, lifter.loose]) await addAction(team.editor, { causeId: cause.id, kind: 'prevention', description: `Act on ${cause.description}`, targetDate: '2026-12-31' });
    await addFunction(team.editor, { nodeId: lifter.gear.id, description: 'Guide the cable' });
    const { counts } = await getProjectChecks(team.reader, project.id);
    expect(counts).toMatchObject({ errors: 0 });
    expect(counts.warnings).toBeGreaterThan(0);
    await expect(submitReview(team.owner, project.id, named())).rejects.toMatchObject({ messageKey: 'fmeaCheck.warnings_unacknowledged', params: { warnings: counts.warnings } });
    const { review } = await submitReview(team.owner, project.id, named(), { acknowledgeWarnings: true });
    expect(review.status).toBe('under_review');
    expect((await getReviewHistory(team.reader, project.id))[0]).toMatchObject({ event: 'submit', acknowledgedWarnings: counts.warnings });

    // release runs the checks again: the releaser acknowledges the same warnings
    await walkAndGiveOpinion(team.reader, project.id, { conclusion: 'conform', text: 'ok' });
    await walkAndGiveOpinion(team.editor, project.id, { conclusion: 'conform', text: 'ok' });
    await approveReview(tech, project.id);
    await expect(releaseReview(tech, project.id)).rejects.toMatchObject({ messageKey: 'fmeaCheck.warnings_unacknowledged' });
    expect((await releaseReview(tech, project.id, { acknowledgeWarnings: true })).review.status).toBe('released');
  });

  it('someone who may not take the step hears that, not the findings', async () => {
    await buildWindowLifter(team.editor, project);
    await expect(submitReview(team.editor, project.id, named())).rejects.toMatchObject({ code: 'not_allowed' });
  });
});
