import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerCatalogAliases } from './aliases.ts';
import { registerCatalogChecks } from './checks.ts';
import { registerFeatureClassify } from './feature-classify.ts';
import { registerCatalogBase } from './handlers.ts';
import * as knowledge from './knowledge.ts';
import * as mainData from './main-data.ts';

/** The catalog engine over HTTP: the knowledge base and the main-data base, one route family each (spec 001 §7). */
export function registerCatalogRoutes(app: OpenAPIHono<AppEnv>) {
  registerCatalogBase(app, 'knowledge', knowledge);
  registerCatalogBase(app, 'mainData', mainData);
  registerCatalogChecks(app);
  registerCatalogAliases(app);
  registerFeatureClassify(app);
}
