import { catalogRoutes } from './routes.ts';

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
} = catalogRoutes('knowledge');
