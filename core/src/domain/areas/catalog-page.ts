import { CATALOG_BUTTONS } from '../catalog/flow.ts';
import type { CatalogTypeDefinition } from '../catalog/define.ts';

/**
 * A page of a catalog area, derived from its catalog type: the micro route is
 * the type's id (the plugin's one catalog page reads the type from it), the
 * route and title are the type's, and the buttons are the catalog engine's.
 * Keeping the literal types lets `RouteName` and `ButtonOf` name the page.
 */
export function catalogPage<const T extends Pick<CatalogTypeDefinition, 'id' | 'route' | 'title'>>(type: T, icon = 'catalog') {
  return {
    microRoute: type.id as T['id'],
    routeName: type.route as T['route'],
    title: type.title,
    icon,
    buttons: CATALOG_BUTTONS,
    listed: true,
    catalogType: type.id as T['id'],
  } as const;
}
