import { describe, expect, it } from 'vitest';
import { catalogPage, defineArea, functionCatalog, invalidModeCatalog } from '@fmea/core/domain';
import { catalogPlugin } from './catalog-plugin.ts';
import type { PageLoader } from './contract.ts';

/** A catalog area with one page of its own besides its catalog pages (as master data has its BOM page). */
const area = defineArea({
  id: 'pretendCatalog',
  routeName: 'pretend_catalog_index',
  basePath: '/main/pretendCatalog',
  title: { 'zh-CN': '目录', 'en-US': 'Catalog' },
  icon: 'catalog',
  sort: 150,
  buttons: [],
  showIn: 'topMenu',
  everyone: false,
  layout: 'sideMenu',
  pages: [catalogPage(functionCatalog), catalogPage(invalidModeCatalog), { microRoute: 'tree', routeName: 'pretend_tree', title: { 'zh-CN': '树', 'en-US': 'Tree' }, listed: true }],
});
const onlyCatalogs = { ...area, pages: [catalogPage(functionCatalog)] } as const;

const page: PageLoader = async () => ({ default: () => null });
const tree: PageLoader = async () => ({ default: () => null });
const catalogs = async () => ({});

describe('a catalog plugin', () => {
  it('opens every catalog type of the area in the one catalog page, and its other pages in their own', () => {
    const plugin = catalogPlugin(area, { page, catalogs, extraPages: { tree } });
    expect(plugin.pages).toEqual({ function: page, invalidMode: page, tree });
    expect(plugin.area).toBe(area);
  });

  it('needs no other pages while the area has none', () => {
    expect(catalogPlugin(onlyCatalogs, { page, catalogs }).pages).toEqual({ function: page });
  });

  it('refuses an area page that has no loader', () => {
    // @ts-expect-error the tree page is not a catalog page and needs its own loader
    expect(() => catalogPlugin(area, { page, catalogs })).toThrow('pretendCatalog/tree: no page loader');
  });

  it('does not compile with a loader for a page the area does not define', () => {
    // @ts-expect-error 'bom' is no page of this area
    catalogPlugin(area, { page, catalogs, extraPages: { tree, bom: tree } });
  });
});
