import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/env.ts';
import { registerAuthRoutes } from './auth/index.ts';

/** Every route group of the API; each registers its own OpenAPI routes. */
export function registerRoutes(app: OpenAPIHono<AppEnv>) {
  registerAuthRoutes(app);
}
