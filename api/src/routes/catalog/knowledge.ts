import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerCatalogBase } from './handlers.ts';
import { catalogRoutes } from './routes.ts';

const routes = catalogRoutes('knowledge');

/** The knowledge base's catalog routes (`/api/knowledge/{entity}/…`), one per operation, for the app and the typed client. */
export const {
  list,
  get,
  versions,
  log,
  saveOrUpdate,
  remove,
  apply,
  audit,
  approve,
  reject,
  withdraw,
  search,
  exportData,
  exportDescription,
  importData,
  importDescription,
} = routes;

export function register(app: OpenAPIHono<AppEnv>) {
  registerCatalogBase(app, 'knowledge', routes);
}
