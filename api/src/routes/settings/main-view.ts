import type { OpenAPIHono } from '@hono/zod-openapi';
import { MAIN_VIEW_PANELS, readMainViews, saveMainViews, STEP_MENU_MODES, type MainViews } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';

/** The FMEA main-view configuration per side (spec 000 §2.4; docs/domain/administration.md "FMEA main view"). */
const TAG = 'settings';

const View = z
  .strictObject({
    left: z.array(z.enum(MAIN_VIEW_PANELS)).openapi({ description: 'Tool panels that open in the left workspace' }),
    right: z.array(z.enum(MAIN_VIEW_PANELS)).openapi({ description: 'Tool panels that open in the right workspace' }),
    stepMenu: z.enum(STEP_MENU_MODES).openapi({ description: 'The step menu shows each step’s text, icon or both' }),
  })
  .openapi('FmeaMainView');
const Views = z.strictObject({ dfmea: View, pfmea: View }).openapi('FmeaMainViews');

export const readRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/mainView',
  tag: TAG,
  summary: 'The FMEA main view of the design side (dfmea) and the process side (pfmea): which panels open left and right, how the step menu reads',
  description: 'Read by every project page. A panel in neither list opens in the middle as a dialog (review, checks, baselines). The default: review, checks and baselines in the middle, proposals and task log on the right, the steps as text.',
  access: 'user',
  data: Views,
});

const SentView = z.object({ left: z.array(z.string().max(40)).max(20), right: z.array(z.string().max(40)).max(20), stepMenu: z.string().max(20) });
export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/saveMainView',
  tag: TAG,
  summary: 'Set the main view of one side or both (a side not sent keeps its own)',
  description: 'A panel left out of both lists opens in the middle, or on the right when it cannot (proposals, task log). An unknown panel, one placed twice or an unknown step-menu mode refuses the call (400, each issue on its field) and nothing changes.',
  access: { route: 'system_mainView', button: 'edit' },
  request: jsonBody(z.object({ dfmea: SentView.optional(), pfmea: SentView.optional() })),
  data: Views,
});

const present = (views: MainViews) => ({
  dfmea: { ...views.dfmea, left: [...views.dfmea.left], right: [...views.dfmea.right] },
  pfmea: { ...views.pfmea, left: [...views.pfmea.left], right: [...views.pfmea.right] },
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(readRoute, async (c) => c.json(ok(present(await readMainViews(c.var.services.database.db))), 200));
  app.openapi(saveRoute, async (c) => c.json(ok(present(await saveMainViews(serviceContext(c), c.req.valid('json')))), 200));
}
