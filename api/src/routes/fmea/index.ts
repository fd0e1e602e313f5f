import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';

export function registerFmeaRoutes(_app: OpenAPIHono<AppEnv>) {}
