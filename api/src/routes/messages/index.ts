import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerMessageRoutes } from './messages.ts';

export function registerMessagesRoutes(app: OpenAPIHono<AppEnv>) {
  registerMessageRoutes(app);
}
