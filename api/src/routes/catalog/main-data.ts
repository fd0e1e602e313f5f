import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerCatalogBase } from './handlers.ts';
import { catalogRoutes } from './routes.ts';

const routes = catalogRoutes('mainData');

/** The main-data base's catalog routes (`/api/mainData/{entity}/…`), one per operation, for the app and the typed client. */
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
  registerCatalogBase(app, 'mainData', routes);
}
