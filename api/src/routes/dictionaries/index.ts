import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerDictionaryCheckRoutes } from './checks.ts';
import { registerDictionaryItemRoutes } from './items.ts';
import { registerDictionaryTransferRoutes } from './transfer.ts';

export function registerDictionariesRoutes(app: OpenAPIHono<AppEnv>) {
  registerDictionaryItemRoutes(app);
  registerDictionaryCheckRoutes(app);
  registerDictionaryTransferRoutes(app);
}
