import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerAppInfoRoutes } from './app-info.ts';
import { registerOperationLogRoutes } from './operation-log.ts';
import { registerSecurityRoutes } from './security.ts';

export function registerSettingsRoutes(app: OpenAPIHono<AppEnv>) {
  registerAppInfoRoutes(app);
  registerSecurityRoutes(app);
  registerOperationLogRoutes(app);
}
