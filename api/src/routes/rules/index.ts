import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerApRuleRoutes } from './ap.ts';
import { registerRuleFlagRoutes } from './flags.ts';
import { registerNumberingRoutes } from './numbering.ts';
import { registerRuleSwitchRoutes } from './switches.ts';

export function registerRulesRoutes(app: OpenAPIHono<AppEnv>) {
  registerRuleFlagRoutes(app);
  registerRuleSwitchRoutes(app);
  registerApRuleRoutes(app);
  registerNumberingRoutes(app);
}
