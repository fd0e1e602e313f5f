import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { businessRule } from '../../db/schema/index.ts';
import { createTeamProject, idOf, makeTeam, makeUser, openEmptyDatabase, openTestDatabase, teamMembers, TEST_PASSWORD, type TestDatabase } from '../../testing/index.ts';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord, rejectCatalogRecord } from '../catalog/flow.ts';
import { createCatalogRecord, getCatalogRecord } from '../catalog/records.ts';
import { catalogPerson, openCatalogWorld, setFlag } from '../../testing/catalog.ts';
import { getReviewState, submitReview } from '../fmea-review/index.ts';
import { listMyApprovals } from '../reviews/reviews.ts';
import { createContext } from '../shared/context.ts';
import { prepareDatabase } from '../system/seed.ts';
import { ruleFlagValues } from './rule-flags.ts';

/**
 * Separation of duties (issue 20): on for a new installation, left off for one
 * an upgrade gives the flag to; with it on nobody decides on their own catalog
 * application and one person holds one role of an FMEA review.
 */
let t: TestDatabase | undefined;
afterEach(() => t?.dispose());

describe('the separationOfDuties rule', () => {
  it('is on for a new installation, and off for one that ran before the rule existed', async () => {
    const fresh = await openEmptyDatabase();
    await prepareDatabase(fresh.db, createContext(fresh.db), { adminPassword: TEST_PASSWORD });
    expect((await ruleFlagValues(fresh.db)).separationOfDuties).toBe('1');
    // an older installation: its flags were seeded, this one was not there yet
    await fresh.db.delete(businessRule).where(eq(businessRule.ruleType, 'separationOfDuties'));
    await prepareDatabase(fresh.db, createContext(fresh.db), { adminPassword: TEST_PASSWORD });
    expect((await ruleFlagValues(fresh.db)).separationOfDuties).toBe('0');
    fresh.close();
  });
});

describe('catalog applications', () => {
  it('lets nobody audit, approve or reject their own application, nor lists it for them to decide', async () => {
    const w = await openCatalogWorld();
    t = w.t;
    await setFlag(w, 'separationOfDuties', '1');
    const both = await catalogPerson(w.t, 'both', { buttons: ['add', 'edit', 'audit', 'approve'] });
    const draft = await createCatalogRecord(both, 'invalidMode', { values: { invalidmode: 'Seal leaks', severity: 8 } });
    const applied = await applyCatalogRecord(both, draft.id, { version: draft.version });
    expect(applied.can).toMatchObject({ audit: false, reject: false, withdraw: true });
    for (const step of [auditCatalogRecord, rejectCatalogRecord]) {
      await expect(step(both, draft.id, { version: applied.version, opinion: 'mine' })).rejects.toMatchObject({ code: 'not_allowed', messageKey: 'permission.own_application' });
    }
    expect((await listMyApprovals(both)).items.map((i) => i.id)).toEqual([]);
    expect((await listMyApprovals(w.auditor)).items.map((i) => i.id)).toEqual([draft.id]);
    // someone else audits; the applicant still may not approve
    const audited = await auditCatalogRecord(w.auditor, draft.id, { version: applied.version, opinion: 'Reviewed' });
    await expect(approveCatalogRecord(both, draft.id, { version: audited.version })).rejects.toMatchObject({ messageKey: 'permission.own_application' });
    expect((await getCatalogRecord(both, draft.id)).status).toBe('3');
    expect((await approveCatalogRecord(w.approver, draft.id, { version: audited.version })).status).toBe('2');
    // switched off, one person may do both
    await setFlag(w, 'separationOfDuties', '0');
    const second = await createCatalogRecord(both, 'invalidMode', { values: { invalidmode: 'Seal cracks', severity: 7 } });
    const again = await applyCatalogRecord(both, second.id, { version: second.version });
    expect((await auditCatalogRecord(both, second.id, { version: again.version, opinion: 'ok' })).status).toBe('3');
  });
});

describe('FMEA reviews', () => {
  it('refuses one person in two review roles, naming the role and the person, and opens no round', async () => {
    t = await openTestDatabase({ separationOfDuties: true });
    const team = await makeTeam(t);
    const tech = await makeUser(t, 'tech');
    const project = await createTeamProject(team, { members: teamMembers(team, tech) });
    const doubled = { professional: idOf(team.reader), quality: idOf(team.editor), technical: idOf(tech), countersign: idOf(tech) };
    await expect(submitReview(team.owner, project.id, doubled, { acknowledgeWarnings: true })).rejects.toMatchObject({
      code: 'invalid_input',
      messageKey: 'permission.review_roles_separate',
      issues: [{ messageKey: 'permission.review_role_doubled', field: 'assignees.countersign', params: { user: tech.actor.userName } }],
    });
    expect((await getReviewState(team.owner, project.id)).status).toBe('draft');
  });
});
