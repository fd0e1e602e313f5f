import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerLoginRoutes } from './login.ts';
import { registerOnlineRoutes } from './online.ts';
import { registerPasswordRulesRoute } from './password-rules.ts';
import { registerUserInfoRoutes } from './user-info.ts';

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>) {
  registerLoginRoutes(app);
  registerUserInfoRoutes(app);
  registerOnlineRoutes(app);
  registerPasswordRulesRoute(app);
}
