import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { recordScore, schema } from '@fmea/core';
import { expectInvalid, expectRefused, invalid, lastLogged, openTestApp, plainEngineer, signedInWith, type RouteCall, type TestApp } from '../../testing.ts';

let api: TestApp;
let admin: string;
beforeEach(async () => {
  api = await openTestApp({ now: () => new Date('2026-06-01T08:00:00Z') });
  admin = await api.adminToken();
});
afterEach(() => api.dispose());

const credit = (userId: string, sourceId: string, at: string, reason: 'taskCompleted' | 'reviewOpinion' = 'taskCompleted') =>
  recordScore(api.t.db, { userId, reason, sourceKind: 'task', sourceId, at: new Date(at) });

describe('score routes: who may call them', () => {
  it('refuses the ranking and the standards without a session (401) and to a plain engineer (403)', async () => {
    const { token } = await plainEngineer(api);
    const calls: RouteCall[] = [
      { method: 'POST', path: '/api/score/ranking', body: {} },
      { method: 'GET', path: '/api/score/rankingFilters' },
      { method: 'GET', path: '/api/score/standards' },
      { method: 'POST', path: '/api/score/standards/save', body: { points: { taskCompleted: 1 } } },
      { method: 'POST', path: '/api/score/recompute' },
      { method: 'GET', path: '/api/score/scoringRules' },
      { method: 'POST', path: '/api/score/scoringRules/save', body: { qfd: { strongScore: 10 } } },
    ];
    for (const call of calls) await expectRefused(api, call, token);
  });

  it('answers one’s own card and history to any signed-in user, another’s only with the ranking report', async () => {
    const ann = await plainEngineer(api);
    const bob = await plainEngineer(api);
    await credit(ann.user.id, 'PR-1', '2026-05-01T00:00:00Z');
    await expectRefused(api, { method: 'GET', path: '/api/score/summary' });
    const own = await api.call('GET', '/api/score/summary', { token: ann.token });
    expect(own.body.data).toMatchObject({ userId: ann.user.id, contributionScore: 10, activityScore: 0, grade: 'elementary', nextGrade: { grade: 'greenBelt', contribution: 100, activity: 30 } });
    const history = await api.call('POST', '/api/score/history', { token: ann.token, body: {} });
    expect(history.body.data).toMatchObject({ total: 1, items: [{ reason: 'taskCompleted', kind: 'contribution', sourceKind: 'task', sourceId: 'PR-1', points: 10, at: '2026-05-01T00:00:00.000Z' }] });
    const other = await api.call('POST', '/api/score/history', { token: bob.token, body: { userId: ann.user.id }, lang: 'en-US' });
    expect(other.status).toBe(403);
    expect((await api.call('GET', `/api/score/summary?userId=${ann.user.id}`, { token: bob.token })).status).toBe(403);
    const manager = await signedInWith(api, 'manager', [{ routeName: 'task_scoreRanking', buttons: [] }]);
    expect((await api.call('POST', '/api/score/history', { token: manager.token, body: { userId: ann.user.id } })).body.data.total).toBe(1);
  });
});

describe('POST /api/score/ranking', () => {
  it('ranks by total over a period, pages, and says each grade', async () => {
    const manager = await signedInWith(api, 'manager', [{ routeName: 'task_scoreRanking', buttons: [] }]);
    const ann = await plainEngineer(api);
    const bob = await plainEngineer(api);
    await credit(ann.user.id, 'A-1', '2026-04-01T00:00:00Z');
    await credit(ann.user.id, 'A-2', '2026-04-02T00:00:00Z');
    await credit(bob.user.id, 'B-1', '2026-05-03T00:00:00Z');
    const all = await api.call('POST', '/api/score/ranking', { token: manager.token, body: { limit: 2 } });
    expect(all.status).toBe(200);
    expect(all.body.data.items.map((r: { rank: number; userId: string; totalScore: number; grade: string }) => [r.rank, r.userId, r.totalScore, r.grade])).toEqual([
      [1, ann.user.id, 20, 'elementary'],
      [2, bob.user.id, 10, 'elementary'],
    ]);
    const filters = await api.call('GET', '/api/score/rankingFilters', { token: manager.token });
    expect(filters.body.data.sites.map((s: { nameEn: string }) => s.nameEn)).toContain('Headquarters');
    const may = await api.call('POST', '/api/score/ranking', { token: manager.token, body: { from: '2026-05-01T00:00:00Z', to: Date.parse('2026-06-01T00:00:00Z'), limit: 1 } });
    expect(may.body.data.items[0]).toMatchObject({ rank: 1, userId: bob.user.id, contributionScore: 10, totalScore: 10 });
  });

  it('refuses a page size over 500, in the reader’s language', async () => {
    await expectInvalid(api, { method: 'POST', path: '/api/score/ranking', body: { limit: 501 } }, admin, invalid('每页条数不能大于 500', 'Rows per page can be at most 500'));
  });
});

describe('POST /api/score/recompute', () => {
  it('sets drifted totals back to the ledger for the user score page’s editors, and lets its readers rank and read histories', async () => {
    const ann = await plainEngineer(api);
    await credit(ann.user.id, 'A-1', '2026-04-01T00:00:00Z');
    await api.t.db.update(schema.user).set({ contributionScore: 77 }).where(eq(schema.user.id, ann.user.id));
    const reader = await signedInWith(api, 'scores-reader', [{ routeName: 'system_userScore', buttons: [] }]);
    expect((await api.call('POST', '/api/score/recompute', { token: reader.token })).status).toBe(403);
    expect((await api.call('POST', '/api/score/history', { token: reader.token, body: { userId: ann.user.id } })).body.data.total).toBe(1);
    expect((await api.call('POST', '/api/score/ranking', { token: reader.token, body: {} })).status).toBe(200);
    const editor = await signedInWith(api, 'scores-editor', [{ routeName: 'system_userScore', buttons: ['edit'] }]);
    const res = await api.call('POST', '/api/score/recompute', { token: editor.token });
    expect(res.body.data).toEqual({ changed: 1 });
    expect((await api.call('GET', '/api/score/summary', { token: ann.token })).body.data.contributionScore).toBe(10);
  });
});

describe('score standards', () => {
  it('answers the seeded defaults and saves a change, logged with before and after', async () => {
    const res = await api.call('GET', '/api/score/standards', { token: admin });
    expect(res.body.data).toEqual({
      points: { taskCompleted: 10, fmeaReleased: 20, catalogReleased: 5, reviewOpinion: 2, reviewApproval: 3, reviewRelease: 3 },
      thresholds: { greenBeltContribution: 100, greenBeltActivity: 30, blackBeltContribution: 300, blackBeltActivity: 100, blackBeltMasterContribution: 800, blackBeltMasterActivity: 300 },
    });
    const editor = await signedInWith(api, 'scorer', [{ routeName: 'system_scoreStandard', buttons: ['edit'] }]);
    const saved = await api.call('POST', '/api/score/standards/save', { token: editor.token, body: { points: { taskCompleted: 12 }, thresholds: { greenBeltContribution: 50 } } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ points: { taskCompleted: 12, reviewOpinion: 2 }, thresholds: { greenBeltContribution: 50, blackBeltContribution: 300 } });
    expect(await lastLogged(api, admin, 'score.standards')).toMatchObject({ actionLabel: '积分标准已修改', before: { points: { taskCompleted: 10 } }, after: { points: { taskCompleted: 12 } } });
  });

  it('refuses a reader without the edit button, and bad numbers by label with nothing changed', async () => {
    const viewer = await signedInWith(api, 'viewer', [{ routeName: 'system_scoreStandard', buttons: [] }]);
    expect((await api.call('GET', '/api/score/standards', { token: viewer.token })).status).toBe(200);
    expect((await api.call('POST', '/api/score/standards/save', { token: viewer.token, body: { points: { taskCompleted: 1 } } })).status).toBe(403);
    const call: RouteCall = { method: 'POST', path: '/api/score/standards/save', body: { points: { reviewOpinion: 1.5 }, thresholds: { blackBeltActivity: 10 } } };
    await expectInvalid(api, call, admin, { zh: '积分标准有误\n评审意见得分必须是 0 到 1000 之间的整数', en: 'The score standards have errors\nPoints for a review opinion must be a whole number from 0 to 1000' });
    const order: RouteCall = { method: 'POST', path: '/api/score/standards/save', body: { thresholds: { blackBeltActivity: 10 } } };
    await expectInvalid(api, order, admin, { zh: '积分标准有误\n黑带所需活跃分不能低于较低等级的门槛（30）', en: 'The score standards have errors\nBlack belt: activity score may not be lower than the grade below asks (30)' });
    await expectInvalid(api, { method: 'POST', path: '/api/score/standards/save', body: { points: { taskCompleted: '5' } } }, admin, invalid('完成任务得分必须是数字', 'Points for a completed task must be a number'));
    expect((await api.call('GET', '/api/score/standards', { token: admin })).body.data.thresholds.blackBeltActivity).toBe(100);
  });
});

describe('QFD and part-risk scoring rules', () => {
  it('answers the defaults, saves a change with the edit button only, logged, and refuses wrong tables by label with nothing changed', async () => {
    const res = await api.call('GET', '/api/score/scoringRules', { token: admin });
    expect(res.body.data).toEqual({
      qfd: { strongScore: 9, mediumScore: 3, weakScore: 1, importanceMax: 5 },
      partRisk: { noveltyWeight: 3, complexityWeight: 2, severityWeight: 5, lowFrom: 15, mediumFrom: 22, highFrom: 30, veryHighFrom: 40 },
    });
    const viewer = await signedInWith(api, 'viewer', [{ routeName: 'system_scoreStandard', buttons: [] }]);
    expect((await api.call('POST', '/api/score/scoringRules/save', { token: viewer.token, body: { qfd: { strongScore: 10 } } })).status).toBe(403);
    const saved = await api.call('POST', '/api/score/scoringRules/save', { token: admin, body: { qfd: { strongScore: 10 }, partRisk: { veryHighFrom: 45 } } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ qfd: { strongScore: 10, mediumScore: 3 }, partRisk: { veryHighFrom: 45, highFrom: 30 } });
    expect(await lastLogged(api, admin, 'score.scoringRules')).toMatchObject({ before: { qfd: { strongScore: 9 } }, after: { qfd: { strongScore: 10 } } });
    const order: RouteCall = { method: 'POST', path: '/api/score/scoringRules/save', body: { qfd: { mediumScore: 12 } } };
    await expectInvalid(api, order, admin, { zh: '评分规则有误\nQFD：强关系分值须大于 12', en: 'The scoring rules have errors\nQFD: score of a strong relationship must be higher than 12' });
    const unreachable: RouteCall = { method: 'POST', path: '/api/score/scoringRules/save', body: { partRisk: { severityWeight: 1 } } };
    await expectInvalid(api, unreachable, admin, {
      zh: '评分规则有误\n零件风险：极高风险起始分无法达到：按当前权重，风险分最高为 30',
      en: 'The scoring rules have errors\nPart risk: very high from cannot be reached: the highest risk score under these weights is 30',
    });
    expect((await api.call('GET', '/api/score/scoringRules', { token: admin })).body.data.qfd.mediumScore).toBe(3);
  });
});
