import { catalogRoutes } from './routes.ts';

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
} = catalogRoutes('mainData');
