import type { OpenAPIHono } from '@hono/zod-openapi';
import { ruleFlagValues, scoreSupplyRules, setRuleFlags, setScoreSupplyRule, SCORE_SUPPLY_TYPES } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { FlagValue } from './schemas.ts';
import { serviceContext } from '../../http/context.ts';

const TAG = 'rules';
const EDIT = { route: 'system_rules', button: 'edit' } as const;
const Timestamp = { query: z.object({ timestamp: z.string().max(40).optional() }) };

export const pushGetRoute = defineRoute({
  method: 'get',
  path: '/api/sysKnowledgePushRule/getData',
  tag: TAG,
  summary: 'Knowledge push rule (on/off)',
  access: 'user',
  request: Timestamp,
  data: z.strictObject({ items: z.strictObject({ pushRule: z.string() }) }),
});

export const pushSetRoute = defineRoute({
  method: 'post',
  path: '/api/sysKnowledgePushRule/updateSysKnowledgePushRuleTreeRule',
  tag: TAG,
  summary: 'Turn the knowledge push rule on or off',
  access: EDIT,
  request: jsonBody(z.object({ pushRule: FlagValue })),
  data: z.strictObject({ items: z.strictObject({ pushRule: z.string() }) }),
});

export const reasonGetRoute = defineRoute({
  method: 'get',
  path: '/api/sysInterfaceReason/getData',
  tag: TAG,
  summary: 'Interface reason rule (on/off)',
  access: 'user',
  request: Timestamp,
  data: z.strictObject({ items: z.strictObject({ ruleOpen: z.string() }) }),
});

export const reasonSetRoute = defineRoute({
  method: 'post',
  path: '/api/sysInterfaceReason/updateSysInterfaceReasonRule',
  tag: TAG,
  summary: 'Turn the interface reason rule on or off',
  access: EDIT,
  request: jsonBody(z.object({ ruleOpen: FlagValue })),
  data: z.strictObject({ items: z.strictObject({ ruleOpen: z.string() }) }),
});

const ScoreSupplySchema = z
  .strictObject({ ruleType: z.enum(SCORE_SUPPLY_TYPES), flag: z.string(), defaultDet: z.number().int() })
  .openapi('ScoreSupplyRule', { description: 'flag: ratings supplied from the knowledge base (1) or not (0); defaultDet: the detection rating new rows start with' });

export const scoreListRoute = defineRoute({
  method: 'get',
  path: '/api/scoreSupplyRule/list',
  tag: TAG,
  summary: 'Score supply rules of DFMEA and PFMEA',
  access: 'user',
  request: Timestamp,
  data: z.strictObject({ items: z.array(ScoreSupplySchema) }),
});

export const scoreSaveRoute = defineRoute({
  method: 'post',
  path: '/api/scoreSupplyRule/saveOrUpdate',
  tag: TAG,
  summary: 'Change the score supply rule of DFMEA or PFMEA',
  access: EDIT,
  request: jsonBody(
    z.object({
      ruleType: z.enum(SCORE_SUPPLY_TYPES),
      flag: FlagValue.optional(),
      defaultDet: z.number().int().min(1).max(10).optional(),
    }),
  ),
  data: ScoreSupplySchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(pushGetRoute, async (c) => {
    const { pushRule } = await ruleFlagValues(c.var.services.database.db);
    return c.json(ok({ items: { pushRule } }), 200);
  });

  app.openapi(pushSetRoute, async (c) => {
    const [row] = await setRuleFlags(serviceContext(c), [{ ruleType: 'pushRule', flag: c.req.valid('json').pushRule }]);
    return c.json(ok({ items: { pushRule: row!.flag } }), 200);
  });

  app.openapi(reasonGetRoute, async (c) => {
    const { ruleOpen } = await ruleFlagValues(c.var.services.database.db);
    return c.json(ok({ items: { ruleOpen } }), 200);
  });

  app.openapi(reasonSetRoute, async (c) => {
    const [row] = await setRuleFlags(serviceContext(c), [{ ruleType: 'ruleOpen', flag: c.req.valid('json').ruleOpen }]);
    return c.json(ok({ items: { ruleOpen: row!.flag } }), 200);
  });

  app.openapi(scoreListRoute, async (c) => {
    return c.json(ok({ items: await scoreSupplyRules(c.var.services.database.db) }), 200);
  });

  app.openapi(scoreSaveRoute, async (c) => {
    return c.json(ok(await setScoreSupplyRule(serviceContext(c), c.req.valid('json'))), 200);
  });
}
