import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerReviewRoutes } from './reviews.ts';



export function registerReviewsRoutes(app: OpenAPIHono<AppEnv>) {
  registerReviewRoutes(app);
}
