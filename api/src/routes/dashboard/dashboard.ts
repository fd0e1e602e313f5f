import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  dfmeaArea,
  failedDvpTestsIndicator,
  INDICATOR_KINDS,
  INDICATOR_ROWS,
  INDICATOR_ROWS_MAX,
  INDICATOR_TAGS,
  listIndicatorSettings,
  myIndicators,
  myTasksIndicator,
  openHActionsIndicator,
  pfmeaArea,
  problemsPastDueIndicator,
  recentProjectsIndicator,
  reviewsWaitingIndicator,
  saveIndicatorSettings,
  type DashboardIndicator,
  type IndicatorAnswer,
  type ServiceContext,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import type { Access } from '../../http/authenticate.ts';

/**
 * The home page's dashboard (spec 000 §2.4 "workbench indicator settings"; docs/domain/dashboard.md): the
 * caller's indicators in the administrator's order, one GET route per indicator answering its figure and
 * first rows (the route an area names in `contributes.indicators`, open to holders of the area's route),
 * and the administrator's settings (system_indicator).
 */
const TAG = 'dashboard';
const EDIT = { route: 'system_indicator', button: 'edit' } as const;

const Localised = z.strictObject({ 'zh-CN': z.string(), 'en-US': z.string() });
const IndicatorSchema = z
  .strictObject({
    id: z.string(),
    title: Localised,
    route: z.string().openapi({ description: 'The GET route answering the indicator (IndicatorAnswer)' }),
    kind: z.enum(INDICATOR_KINDS).openapi({ description: 'count: the figure large with the first rows; list: the rows' }),
    sortGroup: z.string().nullable().openapi({ description: 'Indicators of one sort group may share a sort value; sharing one, they are shown side by side' }),
    area: z.string(),
    areaRoute: z.string().openapi({ description: 'The route a user must hold to see it' }),
    everyone: z.boolean(),
    enabled: z.boolean(),
    sort: z.number().int(),
  })
  .openapi('DashboardIndicator');

const IndicatorItemSchema = z.strictObject({
  id: z.string(),
  label: z.string().nullable().openapi({ description: 'The record’s number' }),
  text: z.string(),
  date: z.string().nullable().openapi({ description: 'Due or waiting since (YYYY-MM-DD)' }),
  tag: z.enum(INDICATOR_TAGS).nullable().openapi({ description: 'What the row asks of the user' }),
  route: z.string().openapi({ description: 'The workbench page where the user acts on it' }),
});
export const IndicatorAnswerSchema = z
  .strictObject({ total: z.number().int(), items: z.array(IndicatorItemSchema), more: z.string().nullable().openapi({ description: 'The page listing them all' }) })
  .openapi('IndicatorAnswer');

const present = (i: DashboardIndicator) => ({ ...i, title: { ...i.title } });

export const mineRoute = defineRoute({
  method: 'get',
  path: '/api/dashboard/indicators',
  tag: TAG,
  summary: 'The caller’s home page indicators: those turned on whose area the caller holds, in the administrator’s order',
  access: 'user',
  data: z.array(IndicatorSchema),
});

export const settingsRoute = defineRoute({
  method: 'get',
  path: '/api/dashboard/settings',
  tag: TAG,
  summary: 'Every indicator the areas contribute, on or off, with its sort value',
  access: { route: 'system_indicator' },
  data: z.array(IndicatorSchema),
});

export const saveSettingsRoute = defineRoute({
  method: 'post',
  path: '/api/dashboard/saveSettings',
  tag: TAG,
  summary: 'Turn indicators on or off and set their sort values (those not named keep theirs)',
  description:
    'Sort values are positive whole numbers, unique except among indicators of one sort group (spec 000 §5), which are then shown side by side. An unknown indicator, one named twice or a wrong sort refuses the whole call (400, each issue on its row) and nothing changes.',
  access: EDIT,
  request: jsonBody(z.object({ indicators: z.array(z.object({ indicator: z.string().max(60), enabled: z.boolean(), sort: z.number() })).min(1).max(100) })),
  data: z.array(IndicatorSchema),
});

const Limit = z.object({ limit: z.coerce.number().int().min(1).max(INDICATOR_ROWS_MAX).optional().openapi({ description: `Rows (default ${INDICATOR_ROWS})` }) });

/** One indicator's route: GET, `?limit=`, the IndicatorAnswer, for holders of the contributing area's route. */
function indicatorRoute<const P extends string, const A extends Exclude<Access, 'public'>>(path: P, summary: string, access: A) {
  return defineRoute({ method: 'get', path, tag: TAG, summary, access, request: { query: Limit }, data: IndicatorAnswerSchema });
}

export const myTasksRoute = indicatorRoute('/api/dashboard/myTasks', 'My tasks: the caller’s unfinished tasks, nearest end date first', 'user');
export const reviewsWaitingRoute = indicatorRoute('/api/dashboard/reviewsWaiting', 'Reviews waiting for me: FMEA review steps, catalog reviews, read applications and 8D reports, longest waiting first', 'user');
export const recentProjectsRoute = indicatorRoute('/api/dashboard/recentProjects', 'The projects the caller opened lately', 'user');
export const dfmeaOpenHRoute = indicatorRoute('/api/dashboard/dfmeaOpenH', 'Open actions on AP H chains of the caller’s design FMEAs', { route: 'dfmea_index' });
export const pfmeaOpenHRoute = indicatorRoute('/api/dashboard/pfmeaOpenH', 'Open actions on AP H chains of the caller’s process FMEAs', { route: 'pfmea_index' });
export const dvpFailedTestsRoute = indicatorRoute('/api/dashboard/dvpFailedTests', 'Tests with an unqualified result in the DVP&R plans of the caller’s design FMEAs, latest result first', { route: 'dvp_index' });
export const problemsPastDueRoute = indicatorRoute('/api/dashboard/problemsPastDue', 'Unclosed problems past their planned completion', { route: 'problem_index' });

/** Each indicator route with its figure (a new indicator is one route above and one line here). */
const FIGURES: [ReturnType<typeof indicatorRoute>, (ctx: ServiceContext, limit: number) => Promise<IndicatorAnswer>][] = [
  [myTasksRoute, myTasksIndicator],
  [reviewsWaitingRoute, (ctx, limit) => reviewsWaitingIndicator(ctx, limit)],
  [recentProjectsRoute, recentProjectsIndicator],
  [dfmeaOpenHRoute, (ctx, limit) => openHActionsIndicator(ctx, dfmeaArea.projectTypes, limit)],
  [pfmeaOpenHRoute, (ctx, limit) => openHActionsIndicator(ctx, pfmeaArea.projectTypes, limit)],
  [problemsPastDueRoute, problemsPastDueIndicator],
  [dvpFailedTestsRoute, failedDvpTestsIndicator],
];

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(mineRoute, async (c) => c.json(ok((await myIndicators(serviceContext(c))).map(present)), 200));
  app.openapi(settingsRoute, async (c) => c.json(ok((await listIndicatorSettings(c.var.services.database.db)).map(present)), 200));
  app.openapi(saveSettingsRoute, async (c) => c.json(ok((await saveIndicatorSettings(serviceContext(c), c.req.valid('json').indicators)).map(present)), 200));
  for (const [route, figure] of FIGURES) {
    app.openapi(route, async (c) => {
      const { limit } = c.req.valid('query') as { limit?: number };
      const answer = await figure(serviceContext(c), limit ?? INDICATOR_ROWS);
      return c.json(ok({ ...answer, items: [...answer.items] }), 200);
    });
  }
}
