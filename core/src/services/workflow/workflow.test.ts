import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { role, user, userRole } from '../../db/schema/index.ts';
import type { DomainError } from '../../errors.ts';
import { translateError } from '../../i18n/index.ts';
import { KNOWLEDGE_STATUS } from '../../domain/status/index.ts';
import { FMEA_KINDS } from '../../domain/fmea/kinds.ts';
import { CATALOG_TYPE_IDS } from '../../domain/catalog/types.ts';
import { adminContext, buildSite, createTeamProject, idOf, makeTeam, makeUser, teamMembers, walkAndGiveOpinion, type Team } from '../../testing/index.ts';
import { openCatalogWorld, type CatalogWorld } from '../../testing/catalog.ts';
import type { ServiceContext } from '../shared/context.ts';
import { setRuleFlag } from '../rules/rule-flags.ts';
import { approveReview, getReviewState, releaseReview, submitReview } from '../fmea-review/index.ts';
import { applyCatalogRecord, approveCatalogRecord } from '../catalog/flow.ts';
import { createCatalogRecord } from '../catalog/records.ts';
import { listWorkflowSettings, saveWorkflowSettings } from './index.ts';
import { listUserOptions } from '../users/user-options.ts';

// one database for the file: each test sets the settings it needs first
let w: CatalogWorld;
let team: Team;
let tech: ServiceContext;
let sign: ServiceContext;
beforeAll(async () => {
  w = await openCatalogWorld();
  team = await makeTeam(w.t);
  tech = await makeUser(w.t, 'tech');
  sign = await makeUser(w.t, 'sign');
});
afterAll(() => w.t.dispose());

const ACK = { acknowledgeWarnings: true };
const named = () => ({ professional: idOf(team.reader), quality: idOf(team.editor), technical: idOf(tech), countersign: idOf(sign) });
const project = () => createTeamProject(team, { members: teamMembers(team, tech, sign) });
const refusal = async (p: Promise<unknown>) => (await p.then(() => null, (e: unknown) => e)) as DomainError;

async function toApproved(id: string, assignees: Record<string, string | null> = named()) {
  await submitReview(team.owner, id, assignees, ACK);
  await walkAndGiveOpinion(team.reader, id, { conclusion: 'conform', text: 'complete' });
  await walkAndGiveOpinion(team.editor, id, { conclusion: 'conform', text: 'complete' });
  await approveReview(tech, id);
}

describe('workflow settings', () => {
  it('defaults to today’s behaviour: four roles, the business rule’s release condition, anyone who can read; every catalog type audited', async () => {
    const settings = await listWorkflowSettings(w.t.db);
    expect(settings.fmea.map((s) => s.kind)).toEqual(Object.keys(FMEA_KINDS));
    for (const s of settings.fmea) expect(s).toMatchObject({ countersign: true, release: 'rule', nominees: { membersOnly: false, sameSite: false, reviewerRoleTypes: [], approverRoleTypes: [] } });
    expect(settings.catalog).toEqual(CATALOG_TYPE_IDS.map((type) => ({ type, audit: true })));
    // the business rule still decides: 'all' from fmeaReleaseAll, with nothing stored for the kind
    await setRuleFlag(w.t.ctx, 'fmeaReleaseAll', '1');
    const p = await project();
    await toApproved(p.id);
    expect((await releaseReview(tech, p.id, ACK)).review).toMatchObject({ status: 'approved', releaseCondition: 'all', waitingFor: [idOf(sign)] });
    await setRuleFlag(w.t.ctx, 'fmeaReleaseAll', '0');
  });

  it('refuses an unknown kind, a kind twice or an unknown value, each on its row, and changes nothing', async () => {
    const before = await listWorkflowSettings(w.t.db);
    const e = await refusal(saveWorkflowSettings(w.t.ctx, { fmea: [{ kind: 'dfmea' }, { kind: 'nope' }, { kind: 'dfmea', release: 'most' as never }], catalog: [{ type: 'recipes' }] }));
    expect(e.issues.map((i) => [i.field, i.messageKey])).toEqual([
      ['fmea.1.kind', 'workflow.unknown_kind'],
      ['fmea.2.kind', 'workflow.listed_twice'],
      ['fmea.2.release', 'workflow.release_invalid'],
      ['catalog.0.type', 'workflow.unknown_type'],
    ]);
    expect(translateError('en-US', e)).toContain('Kind (row 2): there is no FMEA type “nope”');
    expect(await listWorkflowSettings(w.t.db)).toEqual(before);
  });

  it('with “all” set for the kind, a release waits for every releaser although the business rule says one', async () => {
    await saveWorkflowSettings(w.t.ctx, { fmea: [{ kind: 'dfmea', release: 'all', countersign: true }] });
    const p = await project();
    await toApproved(p.id);
    expect((await releaseReview(tech, p.id, ACK)).review).toMatchObject({ status: 'approved', waitingFor: [idOf(sign)] });
    expect((await releaseReview(sign, p.id, ACK)).review.status).toBe('released');
    // another kind keeps the rule's 'one'
    const pf = await createTeamProject(team, { projectType: 'pfmea', members: teamMembers(team, tech, sign) });
    await submitReview(team.owner, pf.id, named(), ACK);
    expect((await getReviewState(team.owner, pf.id)).releaseCondition).toBe('one');
  });

  it('without a countersigner the technical director is named for both and releases alone', async () => {
    await saveWorkflowSettings(w.t.ctx, { fmea: [{ kind: 'dfmea', release: 'all', countersign: false }] });
    await setRuleFlag(w.t.ctx, 'separationOfDuties', '1');
    const p = await project();
    await toApproved(p.id, { ...named(), countersign: null });
    const released = await releaseReview(tech, p.id, ACK);
    expect(released.review.status).toBe('released');
    expect(released.review.assignees.find((a) => a.role === 'countersign')?.userId).toBe(idOf(tech));
    await setRuleFlag(w.t.ctx, 'separationOfDuties', '0');
  });

  it('refuses naming someone the kind does not allow, with the role and the person; accepts once they qualify', async () => {
    const admin = await adminContext(w.t);
    await w.t.db.update(user).set({ realName: 'Wang Wu' }).where(eq(user.id, idOf(admin)));
    await saveWorkflowSettings(w.t.ctx, { fmea: [{ kind: 'dfmea', release: 'rule', countersign: true, nominees: { membersOnly: true, approverRoleTypes: ['3'] } }] });
    const p = await project();
    const e = await refusal(submitReview(team.owner, p.id, { ...named(), countersign: idOf(admin) }, ACK));
    expect(e.messageKey).toBe('workflow.nominees_not_allowed');
    expect(e.issues.map((i) => [i.field, i.messageKey])).toEqual([
      ['assignees.technical', 'workflow.nominee_role_type'],
      ['assignees.countersign', 'workflow.nominee_not_member'],
      // the administrator's role is of the super rank, not the approver rank asked for
      ['assignees.countersign', 'workflow.nominee_role_type'],
    ]);
    expect(translateError('en-US', e)).toContain('Verification countersigner Wang Wu is not on the project team');
    expect(translateError('zh-CN', e)).toContain('指定的验证会签人（Wang Wu）不是项目团队成员');
    expect((await getReviewState(team.owner, p.id)).status).not.toBe('under_review');
    // give both releasers a role of the approver rank: now they may be named
    const [approverRole] = await w.t.db.insert(role).values({ name: 'approvers-wf', roleType: '3' }).returning();
    await w.t.db.insert(userRole).values([idOf(tech), idOf(sign)].map((userId) => ({ userId, roleId: approverRole!.id })));
    expect((await submitReview(team.owner, p.id, named(), ACK)).review.status).toBe('under_review');
    await saveWorkflowSettings(w.t.ctx, { fmea: [{ kind: 'dfmea', nominees: { membersOnly: false, approverRoleTypes: [] } }] });
  });

  it('offers in the review pickers only the readers the kind lets the submitter name, by the rule the submit checks', async () => {
    const admin = await adminContext(w.t);
    await saveWorkflowSettings(w.t.ctx, { fmea: [{ kind: 'dfmea', nominees: { membersOnly: true, approverRoleTypes: ['3'] } }] });
    const [ranked] = await w.t.db.insert(role).values({ name: 'approvers-picker', roleType: '3' }).returning();
    await w.t.db.insert(userRole).values({ userId: idOf(tech), roleId: ranked!.id });
    const p = await project();
    const offered = async (nomineeFor: 'professional' | 'technical') => (await listUserOptions(team.owner, { readerOf: p.id, nomineeFor, limit: 500 })).map((u) => u.id);
    const readers = (await listUserOptions(team.owner, { readerOf: p.id, limit: 500 })).map((u) => u.id);
    // the administrator reads every project but is no team member; the reader holds no role of the approver rank
    expect(readers).toEqual(expect.arrayContaining([idOf(admin), idOf(team.reader), idOf(tech)]));
    const professional = await offered('professional');
    expect(professional).toEqual(expect.arrayContaining([idOf(team.reader), idOf(team.editor), idOf(tech)]));
    expect(professional).not.toContain(idOf(admin));
    const technical = await offered('technical');
    expect(technical).toContain(idOf(tech));
    expect(technical).not.toContain(idOf(admin));
    expect(technical).not.toContain(idOf(team.reader));
    // everyone offered is accepted; the one left out is refused
    const e = await refusal(submitReview(team.owner, p.id, { ...named(), technical: idOf(team.reader), countersign: idOf(tech) }, ACK));
    expect(e.issues.map((i) => [i.field, i.messageKey])).toEqual([['assignees.technical', 'workflow.nominee_role_type']]);
    expect((await submitReview(team.owner, p.id, { ...named(), technical: idOf(tech), countersign: idOf(tech) }, ACK)).review.status).toBe('under_review');
    await saveWorkflowSettings(w.t.ctx, { fmea: [{ kind: 'dfmea', nominees: { membersOnly: false, approverRoleTypes: [] } }] });
    // without limits the pickers offer every reader
    expect((await offered('technical')).sort()).toEqual([...readers].sort());
  });

  it('with the submitter’s site only, refuses a reviewer of another site; the reviewers’ rank applies to the opinion roles', async () => {
    const [home, other] = [await buildSite(w.t.ctx), await buildSite(w.t.ctx)];
    await w.t.db.update(user).set({ siteId: home.id }).where(eq(user.id, idOf(team.owner)));
    for (const c of [team.editor, tech, sign]) await w.t.db.update(user).set({ siteId: home.id }).where(eq(user.id, idOf(c)));
    await w.t.db.update(user).set({ siteId: other.id }).where(eq(user.id, idOf(team.reader)));
    await saveWorkflowSettings(w.t.ctx, { fmea: [{ kind: 'pfmea', nominees: { sameSite: true, reviewerRoleTypes: ['3'] } }] });
    const p = await createTeamProject(team, { projectType: 'pfmea', members: teamMembers(team, tech, sign) });
    const e = await refusal(submitReview(team.owner, p.id, named(), ACK));
    expect(e.issues.map((i) => [i.field, i.messageKey])).toEqual([
      ['assignees.professional', 'workflow.nominee_other_site'],
      ['assignees.professional', 'workflow.nominee_role_type'],
      ['assignees.quality', 'workflow.nominee_role_type'],
    ]);
    await saveWorkflowSettings(w.t.ctx, { fmea: [{ kind: 'pfmea', nominees: { sameSite: false, reviewerRoleTypes: [] } }] });
    expect((await submitReview(team.owner, p.id, named(), ACK)).review.status).toBe('under_review');
  });

  it('a catalog type without the audit stage goes from the application straight to the approver', async () => {
    await saveWorkflowSettings(w.t.ctx, { catalog: [{ type: 'invalidMode', audit: false }] });
    const draft = await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: 'Seal leaks', severity: 8 } });
    const applied = await applyCatalogRecord(w.author, draft.id, { version: draft.version });
    expect(applied.status).toBe(KNOWLEDGE_STATUS.pendingApproval);
    expect((await approveCatalogRecord(w.approver, draft.id, { version: applied.version })).status).toBe(KNOWLEDGE_STATUS.released);
    // another type keeps its audit
    const fn = await createCatalogRecord(w.author, 'function', { values: { functionDesc: 'Hold the glass' } });
    expect((await applyCatalogRecord(w.author, fn.id, { version: fn.version })).status).toBe(KNOWLEDGE_STATUS.toBeApproved);
  });
});
