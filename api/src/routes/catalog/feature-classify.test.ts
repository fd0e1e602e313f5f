import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caller,
  createTeamProject,
  makeTeam,
  NOT_ALLOWED,
  NOT_MEMBER,
  openTestApp,
  signedInWith,
  UNAUTHENTICATED,
  type Person,
  type Team,
  type TestApp,
} from '../../testing.ts';

/**
 * GET /api/knowledge/featureClassify/getFeatureClassifyByCustomer/{type}/{projectSerial}
 * (spec 001 §7): the characteristic classes an FMEA project uses, for
 * whoever may open the project.
 */
let api: TestApp;
let team: Team;
let classifier: Person;
let project: { projectId: string; serialNum: string; pptSerial: string };
const KNOWLEDGE = '/api/knowledge/featureClassify';
const url = (type: string, serial: string) => `${KNOWLEDGE}/getFeatureClassifyByCustomer/${type}/${encodeURIComponent(serial)}`;

/** A classification written, applied, audited and approved by one person holding every button. */
async function released(values: Record<string, unknown>) {
  const as = caller(api, classifier);
  const draft = await as.ok('POST', `${KNOWLEDGE}/saveOrUpdate`, { values });
  const applied = await as.ok('POST', `${KNOWLEDGE}/apply`, { id: draft.id, version: draft.version });
  const audited = await as.ok('POST', `${KNOWLEDGE}/audit`, { id: draft.id, version: applied.version, opinion: 'ok' });
  return as.ok('POST', `${KNOWLEDGE}/approve`, { id: draft.id, version: audited.version });
}

beforeAll(async () => {
  api = await openTestApp({ now: () => new Date('2026-03-01T08:00:00Z') });
  team = await makeTeam(api);
  classifier = await signedInWith(api, 'classifier', [{ routeName: 'feature_classify_index', buttons: ['add', 'edit', 'audit', 'approve'] }]);
  // the team's project names customer "ACME Cars" (code 1, ACME汽车 in Chinese)
  project = await createTeamProject(api, team);
  await released({ category: 'SC', priority: 2, customer: 'ACME汽车' });
  await released({ category: 'CC', enCategory: 'Critical', priority: 1, customer: 'acme cars', isRelateSod: '1' });
  await released({ category: '关键', priority: 1 });
  await released({ category: 'YC', priority: 1, customer: 'Other motors' });
});
afterAll(() => api.dispose());

describe('GET /api/knowledge/featureClassify/getFeatureClassifyByCustomer/{type}/{projectSerial}', () => {
  it('answers the released classes of the project’s customer, smallest priority first, to a member without the catalog page', async () => {
    const answer = await caller(api, team.reader).ok('GET', url('0', project.serialNum));
    expect(answer).toMatchObject({
      projectId: project.projectId,
      serialNum: project.serialNum,
      customer: { code: '1', name: 'ACME汽车', enName: 'ACME Cars' },
      scope: 'customer',
      isRelateSod: '1',
    });
    expect(answer.items.map((c: { category: string; priority: number; isRelateSod: string }) => [c.category, c.priority, c.isRelateSod])).toEqual([
      ['CC', 1, '1'],
      ['SC', 2, '0'],
    ]);
    expect(answer.items[0]).toMatchObject({ enCategory: 'Critical', customer: 'acme cars', versionNo: 1, serialNum: expect.stringMatching(/^FC/) });
    // the structure root's id (pptSerial) names the project as well
    expect((await caller(api, team.owner).ok('GET', url('0', project.pptSerial))).projectId).toBe(project.projectId);
  });

  it('answers 401 without a token', async () => {
    const res = await api.call('GET', url('0', project.serialNum));
    expect(res.status).toBe(401);
    expect(res.body.meta.message).toBe(UNAUTHENTICATED.zh);
  });

  it('answers 403 to someone who may not open the project: not a member, or without the DFMEA page', async () => {
    const outsider = await api.call('GET', url('0', project.serialNum), { token: team.outsider.token, lang: 'en-US' });
    expect(outsider.status).toBe(403);
    expect(outsider.body.meta.message).toBe(NOT_MEMBER);
    const noPage = await api.call('GET', url('0', project.serialNum), { token: classifier.token, lang: 'en-US' });
    expect(noPage.status).toBe(403);
    expect(noPage.body.meta.message).toBe(NOT_ALLOWED.en);
  });

  it('answers 404 for an unknown project, or a design project asked as a process one', async () => {
    const unknown = await api.call('GET', url('0', 'DF0000000000'), { token: team.owner.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.meta.message).toBe('未找到 FMEA 项目：DF0000000000');
    expect((await api.call('GET', url('1', project.serialNum), { token: team.owner.token })).status).toBe(404);
  });

  it('answers 400 for a type other than 0 or 1', async () => {
    const res = await api.call('GET', url('2', project.serialNum), { token: team.owner.token, lang: 'en-US' });
    expect(res.status).toBe(400);
    expect(res.body.data.issues[0]).toMatchObject({ field: 'type', messageKey: 'request.one_of' });
  });
});
