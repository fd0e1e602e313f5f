import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerCommunicationRoutes } from './communication.ts';

export function registerCommunicationAllRoutes(app: OpenAPIHono<AppEnv>) {
  registerCommunicationRoutes(app);
}
