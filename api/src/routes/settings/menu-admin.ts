import type { OpenAPIHono } from '@hono/zod-openapi';
import { listMenuEntries, MENU_OVERRIDE_FIELDS, MENU_SORT_MAX, MENU_TITLE_LIMIT, setMenuOverride, type MenuEntry } from '@fmea/core';
import { OPENAPI_INFO } from '../../docs/mount.ts';
import { resourcesOfDocument, type MenuResources } from '../../docs/resources.ts';
import { ok } from '../../envelope.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';

/**
 * Menus and resources (spec 000 §2.4; docs/domain/administration.md "Menus and resources"): the menu tree
 * with the administrator's overrides over the plugins' fixed routes and buttons, and the resources — the
 * API calls each route and button opens, read from the OpenAPI document's x-access, the same rule the
 * server checks.
 */
const TAG = 'roles';

const Resource = z.strictObject({ method: z.string(), path: z.string(), summary: z.string() }).openapi('MenuResource');
const Overridable = z.strictObject({ title: z.string(), titleEn: z.string(), icon: z.string(), hidden: z.boolean(), sort: z.number().int() });
const MenuEntrySchema = z
  .strictObject({
    routeName: z.string(),
    parentRouteName: z.string().nullable(),
    path: z.string(),
    buttons: z.array(z.string()).openapi({ description: 'The buttons the plugin declares (fixed)' }),
    title: z.string(),
    titleEn: z.string(),
    icon: z.string(),
    hidden: z.boolean(),
    sort: z.number().int(),
    defaults: Overridable.openapi({ description: 'The definition’s values, which a null in /api/menu/saveOverride restores' }),
    overridden: z.array(z.enum(MENU_OVERRIDE_FIELDS)),
    resources: z.strictObject({
      route: z.array(Resource).openapi({ description: 'Calls that need the route alone' }),
      buttons: z.record(z.string(), z.array(Resource)).openapi({ description: 'Calls that need the route with this button' }),
    }),
  })
  .openapi('MenuEntry');

export const treeRoute = defineRoute({
  method: 'get',
  path: '/api/menu/tree',
  tag: TAG,
  summary: 'The menu tree with the administrator’s overrides and the API calls (resources) each route and button opens',
  description: 'Flat, in the definitions’ order (an area, then its pages); parentRouteName links a page to its area.',
  access: { route: 'system_menus' },
  data: z.array(MenuEntrySchema),
});

const title = z.string().max(MENU_TITLE_LIMIT * 2).nullable().optional();
export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/menu/saveOverride',
  tag: TAG,
  summary: 'Change a menu’s title, English title, icon, hidden flag or sort (a field absent is left, null restores the definition’s)',
  description: `Route name, path and buttons are the plugin’s and cannot be changed. Titles hold 1 to ${MENU_TITLE_LIMIT} characters, sort is 0 to ${MENU_SORT_MAX}; the system area and this page cannot be hidden. Kept across restarts.`,
  access: { route: 'system_menus', button: 'edit' },
  request: jsonBody(
    z.object({
      routeName: z.string().min(1).max(100),
      title,
      titleEn: title,
      icon: z.string().max(100).nullable().optional(),
      hidden: z.boolean().nullable().optional(),
      sort: z.number().nullable().optional(),
    }),
  ),
  data: MenuEntrySchema,
});

/** Route name → the calls its x-access names, from the app's own OpenAPI document (built once). */
function resourcesOf(app: OpenAPIHono<AppEnv>): () => MenuResources {
  let built: MenuResources | undefined;
  return () => (built ??= resourcesOfDocument(app.getOpenAPI31Document(OPENAPI_INFO)));
}

function present(entry: MenuEntry, resources: MenuResources) {
  const { defaults, overridden, buttons, ...rest } = entry;
  const own = resources.get(entry.routeName);
  return {
    ...rest,
    buttons: [...buttons],
    defaults: { ...defaults },
    overridden: [...overridden],
    resources: { route: own?.route ?? [], buttons: Object.fromEntries(buttons.map((b) => [b, own?.buttons[b] ?? []])) },
  };
}

export function register(app: OpenAPIHono<AppEnv>) {
  const resources = resourcesOf(app);
  app.openapi(treeRoute, async (c) => c.json(ok((await listMenuEntries(c.var.services.database.db)).map((e) => present(e, resources()))), 200));
  app.openapi(saveRoute, async (c) => {
    const { routeName, ...patch } = c.req.valid('json');
    const entry = await setMenuOverride(serviceContext(c), routeName, patch);
    // the routers in every session's cached user info carry the menus' titles and flags
    c.var.services.auth.clear();
    return c.json(ok(present(entry, resources())), 200);
  });
}
