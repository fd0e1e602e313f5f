import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import type { App } from '../app.ts';

/** Vite's built files: their names carry a hash of their content, so a changed file is a new name. */
const HASHED = /\/assets\/[^/]+-[A-Za-z0-9_-]{6,}\.[a-z0-9]+$/;

/**
 * A hashed file is kept by the browser for a year without asking again; anything else (index.html,
 * unhashed files) is asked for again on each load, so a new release is seen at once. Without these the
 * browser fetched the whole bundle again on every page load.
 */
const cached = (handler: MiddlewareHandler, always?: 'no-cache'): MiddlewareHandler => (c: Context, next) => {
  // set before the file is served (serve-static answers before its onFound could add a header)
  c.header('Cache-Control', !always && HASHED.test(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache');
  return handler(c, next);
};

/**
 * Serves a built workbench from `root` (an absolute path works from any cwd):
 * its files, and index.html for every other GET outside the API (the SPA's
 * client routes). Never for /api/…: an unknown API path is a 404 envelope,
 * not the SPA page.
 */
export function mountWorkbench(app: App, root: string): void {
  const files = cached(serveStatic({ root }));
  const spa = cached(serveStatic({ root, path: 'index.html' }), 'no-cache');
  const outsideApi = (handler: MiddlewareHandler): MiddlewareHandler => (c, next) => (c.req.path === '/api' || c.req.path.startsWith('/api/') ? next() : handler(c, next));
  app.use('/*', outsideApi(files));
  app.get('*', outsideApi(spa));
}
