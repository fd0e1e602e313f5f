import { serveStatic } from '@hono/node-server/serve-static';
import type { MiddlewareHandler } from 'hono';
import type { App } from '../app.ts';

/**
 * Serves a built workbench from `root` (an absolute path works from any cwd):
 * its files, and index.html for every other GET outside the API (the SPA's
 * client routes). Never for /api/…: an unknown API path is a 404 envelope,
 * not the SPA page.
 */
export function mountWorkbench(app: App, root: string): void {
  const files = serveStatic({ root });
  const spa = serveStatic({ root, path: 'index.html' });
  const outsideApi = (handler: MiddlewareHandler): MiddlewareHandler => (c, next) => (c.req.path === '/api' || c.req.path.startsWith('/api/') ? next() : handler(c, next));
  app.use('/*', outsideApi(files));
  app.get('*', outsideApi(spa));
}
