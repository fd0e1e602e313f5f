import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  GRADES,
  SCORE_KINDS,
  SCORE_REASONS,
  SCORE_SOURCE_KINDS,
  THRESHOLD_KEYS,
  getScoreStandards,
  getScoringRules,
  recomputeScores,
  saveScoreStandards,
  saveScoringRules,
  scoreHistory,
  scoreRanking,
  scoreRankingFilters,
  userScore,
  type ScoreStandards,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { DateTime, Id, TimeInput, toDate } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';

/** User scores (docs/domain/user-scores.md): the ranking report, a user's card and history, the score standards. */
const TAG = 'scores';
const STANDARDS_ROUTE = 'system_scoreStandard';
/** The ranking report (task area) and the user score administration (system area) read the same ranking. */
const READERS = ['task_scoreRanking', 'system_userScore'] as const;

const Paging = { page: z.number().int().min(1).optional(), limit: z.number().int().min(1).max(500).optional() };
const Period = {
  from: TimeInput.openapi({ description: 'Events at or after this time (milliseconds or ISO 8601)' }),
  to: TimeInput.openapi({ description: 'Events before this time' }),
};
const Grade = z.enum(GRADES).openapi({ description: 'elementary, greenBelt, blackBelt, blackBeltMaster' });
const pageOf = <T extends z.ZodType>(item: T) => z.strictObject({ items: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });

const RankingRow = z
  .strictObject({
    rank: z.number().int(),
    userId: z.string(),
    userName: z.string(),
    realName: z.string(),
    realNameEn: z.string(),
    departmentName: z.string().nullable(),
    departmentNameEn: z.string().nullable(),
    siteName: z.string().nullable(),
    siteNameEn: z.string().nullable(),
    contributionScore: z.number().int().openapi({ description: 'In the period when one is given, else all-time' }),
    activityScore: z.number().int(),
    totalScore: z.number().int(),
    grade: Grade.openapi({ description: 'From the all-time totals, whatever the period' }),
  })
  .openapi('ScoreRankingRow');

export const rankingRoute = defineRoute({
  method: 'post',
  path: '/api/score/ranking',
  tag: TAG,
  summary: 'The user score ranking report',
  description: 'Live users, highest total (contribution + activity) first, then contribution, then user name. Without a period the all-time totals; with one the points earned in it.',
  access: { route: READERS },
  request: jsonBody(z.object({ ...Paging, ...Period, departmentId: Id.optional(), siteId: Id.optional() })),
  data: pageOf(RankingRow),
});

const Place = { id: z.string(), name: z.string(), nameEn: z.string() };

export const rankingFiltersRoute = defineRoute({
  method: 'get',
  path: '/api/score/rankingFilters',
  tag: TAG,
  summary: 'The sites and departments the ranking can be narrowed to',
  access: { route: READERS },
  request: { query: z.object({ timestamp: z.string().max(40).optional() }) },
  data: z.strictObject({ sites: z.array(z.strictObject(Place)), departments: z.array(z.strictObject({ ...Place, siteId: z.string() })) }),
});

const HistoryRow = z
  .strictObject({
    id: z.string(),
    kind: z.enum(SCORE_KINDS),
    reason: z.enum(SCORE_REASONS as [string, ...string[]]).openapi({ description: 'What earned the points (docs/domain/user-scores.md)' }),
    sourceKind: z.enum(SCORE_SOURCE_KINDS),
    sourceId: z.string(),
    points: z.number().int(),
    at: DateTime,
  })
  .openapi('ScoreHistoryRow');

export const historyRoute = defineRoute({
  method: 'post',
  path: '/api/score/history',
  tag: TAG,
  summary: 'A user’s score history, newest first',
  description: 'The caller’s own without userId; another user’s for administrators and holders of the ranking report (task_scoreRanking) or the user score page (system_userScore).',
  access: 'user',
  request: jsonBody(z.object({ ...Paging, ...Period, userId: Id.optional() })),
  data: pageOf(HistoryRow),
});

const UserScoreSchema = z
  .strictObject({
    userId: z.string(),
    userName: z.string(),
    realName: z.string(),
    realNameEn: z.string(),
    contributionScore: z.number().int(),
    activityScore: z.number().int(),
    grade: Grade,
    nextGrade: z.strictObject({ grade: Grade, contribution: z.number().int(), activity: z.number().int() }).nullable().openapi({ description: 'The grade above and what it asks; null at the top' }),
  })
  .openapi('UserScore');

export const summaryRoute = defineRoute({
  method: 'get',
  path: '/api/score/summary',
  tag: TAG,
  summary: 'A user’s scores and grade',
  description: 'The caller’s own without userId; another user’s as for the history.',
  access: 'user',
  request: { query: z.object({ userId: Id.optional(), timestamp: z.string().max(40).optional() }) },
  data: UserScoreSchema,
});

const points = Object.fromEntries(SCORE_REASONS.map((r) => [r, z.number()])) as Record<(typeof SCORE_REASONS)[number], z.ZodNumber>;
const thresholds = Object.fromEntries(THRESHOLD_KEYS.map((k) => [k, z.number()])) as Record<(typeof THRESHOLD_KEYS)[number], z.ZodNumber>;
const StandardsSchema = z
  .strictObject({ points: z.strictObject(points), thresholds: z.strictObject(thresholds) })
  .openapi('ScoreStandards', { description: 'Points per reason and the contribution / activity each grade asks (not the score supply rule of S/O/D ratings)' });

export const standardsRoute = defineRoute({
  method: 'get',
  path: '/api/score/standards',
  tag: TAG,
  summary: 'The score standards',
  access: { route: STANDARDS_ROUTE },
  request: { query: z.object({ timestamp: z.string().max(40).optional() }) },
  data: StandardsSchema,
});

export const saveStandardsRoute = defineRoute({
  method: 'post',
  path: '/api/score/standards/save',
  tag: TAG,
  summary: 'Change the score standards',
  description: 'Send only what changes. Points are whole numbers 0–1000, thresholds 0–1,000,000, each grade asking at least what the one below asks. New points apply to events from now on; grades follow the new thresholds at once.',
  access: { route: STANDARDS_ROUTE, button: 'edit' },
  request: jsonBody(z.object({ points: z.object(points).partial().optional(), thresholds: z.object(thresholds).partial().optional() }).openapi('ScoreStandardsChange')),
  data: StandardsSchema,
});

const whole = (description: string) => z.number().openapi({ description });
const QfdSchema = z
  .strictObject({
    strongScore: whole('Score of a strong relationship, 1–100, above medium'),
    mediumScore: whole('Score of a medium relationship, above weak'),
    weakScore: whole('Score of a weak relationship, at least 1'),
    importanceMax: whole('Requirements’ importance runs from 1 to this (2–10)'),
  })
  .openapi('QfdScoring');
const PartRiskSchema = z
  .strictObject({
    noveltyWeight: whole('Weight of the novelty rating (0–10)'),
    complexityWeight: whole('Weight of the complexity rating (0–10)'),
    severityWeight: whole('Weight of the severity rating (0–10); not every weight 0'),
    lowFrom: whole('Lowest risk score rated low (below it: very low)'),
    mediumFrom: whole('Lowest score rated medium, above lowFrom'),
    highFrom: whole('Lowest score rated high, above mediumFrom'),
    veryHighFrom: whole('Lowest score rated very high, above highFrom and reachable: at most 5 × the sum of the weights'),
  })
  .openapi('PartRiskScoring');
const ScoringRulesSchema = z
  .strictObject({ qfd: QfdSchema, partRisk: PartRiskSchema })
  .openapi('ScoringRules', { description: 'The QFD and part-risk scoring rules of the score standards page (docs/domain/user-scores.md, "Scoring rules")' });

export const scoringRulesRoute = defineRoute({
  method: 'get',
  path: '/api/score/scoringRules',
  tag: TAG,
  summary: 'The QFD and part-risk scoring rules',
  access: { route: STANDARDS_ROUTE },
  request: { query: z.object({ timestamp: z.string().max(40).optional() }) },
  data: ScoringRulesSchema,
});

export const saveScoringRulesRoute = defineRoute({
  method: 'post',
  path: '/api/score/scoringRules/save',
  tag: TAG,
  summary: 'Change the QFD and part-risk scoring rules',
  description: 'Send only what changes; the result is checked whole (ranges, strong > medium > weak, weights not all 0, bands rising and reachable) and nothing is written when it is wrong.',
  access: { route: STANDARDS_ROUTE, button: 'edit' },
  request: jsonBody(z.object({ qfd: QfdSchema.partial().optional(), partRisk: PartRiskSchema.partial().optional() }).openapi('ScoringRulesChange')),
  data: ScoringRulesSchema,
});

export const recomputeRoute = defineRoute({
  method: 'post',
  path: '/api/score/recompute',
  tag: TAG,
  summary: 'Rebuild every user’s totals from the score ledger',
  description: 'Sets each user’s contribution and activity scores to the sums of their ledger rows; answers how many users were corrected. Logged per corrected user.',
  access: { route: 'system_userScore', button: 'edit' },
  data: z.strictObject({ changed: z.number().int() }),
});

const presentStandards = (s: ScoreStandards): z.output<typeof StandardsSchema> => ({
  points: Object.fromEntries(SCORE_REASONS.map((r) => [r, s.points[r]])) as z.output<typeof StandardsSchema>['points'],
  thresholds: Object.fromEntries(THRESHOLD_KEYS.map((k) => [k, s.thresholds[k]])) as z.output<typeof StandardsSchema>['thresholds'],
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(rankingRoute, async (c) => {
    const body = c.req.valid('json');
    const page = await scoreRanking(serviceContext(c), {
      ...body,
      from: toDate(body.from, 'from') ?? undefined,
      to: toDate(body.to, 'to') ?? undefined,
    });
    return c.json(ok(page), 200);
  });

  app.openapi(rankingFiltersRoute, async (c) => c.json(ok(await scoreRankingFilters(serviceContext(c))), 200));

  app.openapi(historyRoute, async (c) => {
    const body = c.req.valid('json');
    const page = await scoreHistory(serviceContext(c), { ...body, from: toDate(body.from, 'from') ?? undefined, to: toDate(body.to, 'to') ?? undefined });
    return c.json(ok({ ...page, items: page.items.map((r) => ({ ...r, at: r.at.toISOString() })) }), 200);
  });

  app.openapi(summaryRoute, async (c) => {
    const { userId } = c.req.valid('query');
    return c.json(ok(await userScore(serviceContext(c), userId)), 200);
  });

  app.openapi(recomputeRoute, async (c) => c.json(ok(await recomputeScores(serviceContext(c))), 200));

  app.openapi(standardsRoute, async (c) => c.json(ok(presentStandards(await getScoreStandards(c.var.services.database.db))), 200));

  app.openapi(saveStandardsRoute, async (c) => {
    return c.json(ok(presentStandards(await saveScoreStandards(serviceContext(c), c.req.valid('json')))), 200);
  });

  app.openapi(scoringRulesRoute, async (c) => c.json(ok(await getScoringRules(c.var.services.database.db)), 200));

  app.openapi(saveScoringRulesRoute, async (c) => c.json(ok(await saveScoringRules(serviceContext(c), c.req.valid('json'))), 200));
}
