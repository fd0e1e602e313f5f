import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerBomRoutes as registerSheetRoutes } from './bom.ts';
import { registerBomPartRoutes } from './parts.ts';

/** The BOM's routes: the whole sheet (bom.ts) and single parts (parts.ts). */
export function registerBomRoutes(app: OpenAPIHono<AppEnv>) {
  registerSheetRoutes(app);
  registerBomPartRoutes(app);
}
