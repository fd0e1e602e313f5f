import type { OpenAPIHono } from '@hono/zod-openapi';
import { listRuleFlags, setRuleFlags, type RuleGroup as Group } from '@fmea/core';
import { SPEC_TAB_GROUPS } from '@fmea/core/domain';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { BusinessRuleSchema, FlagChanges, optionalJson, presentBusinessRule, presentEntry, RuleEntrySchema, RuleGroup } from './schemas.ts';
import { serviceContext } from '../../http/context.ts';

const TAG = 'rules';
const EDIT = { route: 'system_rules', button: 'edit' } as const;

/**
 * A rule tab with a query and a save call over one group of rule flags
 * (spec 000 §7): the answer lists the group under `key`.
 */
function registerFlagTab(app: OpenAPIHono<AppEnv>, tab: { base: keyof typeof SPEC_TAB_GROUPS; saveName: string; key: string; title: string }) {
  const groups: readonly Group[] = SPEC_TAB_GROUPS[tab.base];
  const data = z.strictObject({ [tab.key]: z.array(RuleEntrySchema) });
  const query = defineRoute({
    method: 'post',
    path: `/api/${tab.base}/query`,
    tag: TAG,
    summary: `${tab.title}: the flags and their values`,
    access: 'user',
    request: optionalJson(z.object({}).passthrough().openapi({ description: 'Whatever the client sends is accepted and ignored' })),
    data,
  });
  const save = defineRoute({
    method: 'post',
    path: `/api/${tab.base}/${tab.saveName}`,
    tag: TAG,
    summary: `${tab.title}: set one or more flags`,
    description: `Only flags of this tab (groups ${groups.join(', ')}); a wrong flag or value refuses the whole call and nothing is written. Answers the tab afterwards.`,
    access: EDIT,
    request: jsonBody(FlagChanges),
    data,
  });
  const answer = async (c: { var: AppEnv['Variables'] }) => ({ [tab.key]: (await listRuleFlags(c.var.services.database.db, groups)).map(presentEntry) });
  app.openapi(query, async (c) => c.json(ok(await answer(c)), 200));
  app.openapi(save, async (c) => {
    await setRuleFlags(serviceContext(c), c.req.valid('json'), groups);
    return c.json(ok(await answer(c)), 200);
  });
}

export const businessQueryRoute = defineRoute({
  method: 'post',
  path: '/api/sysBusinessRule/query',
  tag: TAG,
  summary: 'Business rules (every rule flag), optionally of one group',
  access: 'user',
  request: optionalJson(z.object({ ruleGroup: RuleGroup.optional() })),
  data: z.strictObject({ items: z.array(BusinessRuleSchema) }),
});

export const businessUpdateRoute = defineRoute({
  method: 'post',
  path: '/api/sysBusinessRule/update',
  tag: TAG,
  summary: 'Set one or more business rules',
  description: 'Only ruleType and flag are read; createTime, updateTime, names and sort are dropped. A wrong flag or value refuses the whole call. Answers the changed rules.',
  access: EDIT,
  request: jsonBody(FlagChanges),
  data: z.strictObject({ items: z.array(BusinessRuleSchema) }),
});

export function register(app: OpenAPIHono<AppEnv>) {
  registerFlagTab(app, { base: 'requiredRule', saveName: 'saveOrUpdate', key: 'requiredRules', title: 'Required rules' });
  registerFlagTab(app, { base: 'basicRule', saveName: 'saveOrUpdate', key: 'basicRules', title: 'Basic rules' });
  registerFlagTab(app, { base: 'dataCreatorPermissions', saveName: 'update', key: 'dataCreatorRules', title: 'Data creator permissions' });

  app.openapi(businessQueryRoute, async (c) => {
    const { ruleGroup } = c.req.valid('json');
    const rows = await listRuleFlags(c.var.services.database.db, ruleGroup);
    return c.json(ok({ items: rows.map(presentBusinessRule) }), 200);
  });

  app.openapi(businessUpdateRoute, async (c) => {
    const rows = await setRuleFlags(serviceContext(c), c.req.valid('json'));
    return c.json(ok({ items: rows.map(presentBusinessRule) }), 200);
  });
}
