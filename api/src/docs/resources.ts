import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/env.ts';
import { OPENAPI_INFO } from './mount.ts';

/** One API call a route or button opens (a resource, spec 000 §2.4 "Menus and resources"). */
export interface MenuResource {
  method: string;
  path: string;
  summary: string;
}

/** Route name → the calls that need the route alone, and per button the calls that need it too. */
export type MenuResources = Map<string, { route: MenuResource[]; buttons: Record<string, MenuResource[]> }>;

/** The resources an OpenAPI document names: every operation's x-access, the same rule the server checks. */
export function resourcesOfDocument(doc: unknown): MenuResources {
  const found: MenuResources = new Map();
  const paths = (doc as { paths?: Record<string, Record<string, { summary?: string; 'x-access'?: unknown }>> }).paths ?? {};
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(item)) {
      const access = op['x-access'] as { route?: string | string[]; button?: string | string[] } | undefined;
      if (!access || typeof access !== 'object' || !access.route) continue;
      const resource = { method: method.toUpperCase(), path, summary: op.summary ?? '' };
      for (const route of [access.route].flat()) {
        const entry = found.get(route) ?? { route: [], buttons: {} };
        if (!access.button) entry.route.push(resource);
        else for (const button of [access.button].flat()) (entry.buttons[button] ??= []).push(resource);
        found.set(route, entry);
      }
    }
  }
  return found;
}

let documented: MenuResources | undefined;
/**
 * The whole API's resources without a running server (`fmea menu list`): the routes registered on a bare
 * app, documented once. Imported lazily so the route modules load only for the caller who asks.
 */
export async function apiResources(): Promise<MenuResources> {
  if (documented) return documented;
  const { registerRoutes } = await import('../routes/index.ts');
  const app = new OpenAPIHono<AppEnv>();
  registerRoutes(app);
  return (documented = resourcesOfDocument(app.getOpenAPI31Document(OPENAPI_INFO)));
}
