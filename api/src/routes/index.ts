import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/env.ts';
import { registerAuthRoutes } from './auth/index.ts';
import { registerOrgRoutes } from './org/index.ts';
import { registerUsersRoutes } from './users/index.ts';
import { registerRolesRoutes } from './roles/index.ts';
import { registerDictionariesRoutes } from './dictionaries/index.ts';
import { registerNoticesRoutes } from './notices/index.ts';
import { registerRulesRoutes } from './rules/index.ts';
import { registerSettingsRoutes } from './settings/index.ts';
import { registerFilesRoutes } from './files/index.ts';
import { registerFmeaRoutes } from './fmea/index.ts';
import { registerCollectionRoutes } from './collections/index.ts';
import { registerBomRoutes } from './bom/index.ts';
import { registerCatalogRoutes } from './catalog/index.ts';
import { registerReviewsRoutes } from './reviews/index.ts';
import { registerMessagesRoutes } from './messages/index.ts';
import { registerProcessFlowAllRoutes } from './process-flow/index.ts';
import { registerControlPlanAllRoutes } from './control-plan/index.ts';
import { registerCommunicationAllRoutes } from './communication/index.ts';

/** Every route group of the API; each registers its own OpenAPI routes. */
export function registerRoutes(app: OpenAPIHono<AppEnv>) {
  registerAuthRoutes(app);
  registerOrgRoutes(app);
  registerUsersRoutes(app);
  registerRolesRoutes(app);
  registerDictionariesRoutes(app);
  registerNoticesRoutes(app);
  registerRulesRoutes(app);
  registerSettingsRoutes(app);
  registerFilesRoutes(app);
  registerFmeaRoutes(app);
  registerCollectionRoutes(app);
  // before the catalog's /api/mainData/{entity}/…: the BOM's literal paths would fall into it
  registerBomRoutes(app);
  registerCatalogRoutes(app);
  registerReviewsRoutes(app);
  registerMessagesRoutes(app);
  registerProcessFlowAllRoutes(app);
  registerControlPlanAllRoutes(app);
  registerCommunicationAllRoutes(app);
}
