import { CATALOG_ROUTES } from '../domain/catalog/index.ts';
import { addDictionaryItems, insertUser, openTestDatabase, type TestDatabase } from './index.ts';
import type { ServiceContext } from '../services/shared/context.ts';
import { setRuleFlag } from '../services/rules/rule-flags.ts';

/**
 * Test support of the catalog engine's tests: a database with two product
 * types, and people acting as the API would let them (the session's grants
 * on the catalog routes, the roles' product types), each a fresh user.
 */

/** The product-type dictionary's items the tests use: 7 door, 8 seat. */
export const DOOR = '7';
export const SEAT = '8';

/** The seeded date the numbers carry (yyMMdd 260301). */
export const CATALOG_TEST_DAY = new Date('2026-03-01T08:00:00Z');

export interface PersonOptions {
  /** The buttons held on every catalog route (or on `routes`). */
  buttons?: readonly string[];
  routes?: readonly string[];
  productTypes?: readonly string[];
  isAdmin?: boolean;
}

/** A fresh user acting with the given grants and product types (door unless said). */
export async function catalogPerson(t: TestDatabase, label: string, options: PersonOptions = {}): Promise<ServiceContext> {
  const { buttons = [], routes = CATALOG_ROUTES, productTypes = [DOOR], isAdmin = false } = options;
  const { id, userName } = await insertUser(t.db, { label });
  return t.as({
    userId: id,
    userName,
    roles: { isAdmin, roleTypes: ['2'], productTypes: [...productTypes] },
    grants: new Map(routes.map((route) => [route, new Set(buttons)])),
  });
}

/** Everything the review flow needs on a route. */
export const ALL_BUTTONS = ['add', 'edit', 'del', 'import', 'export', 'audit', 'approve'] as const;

export interface CatalogWorld {
  t: TestDatabase;
  /** add, edit, del: writes records, applies. */
  author: ServiceContext;
  /** add, edit, del too: another author. */
  colleague: ServiceContext;
  /** audit: the reviewer. */
  auditor: ServiceContext;
  /** approve: the approver. */
  approver: ServiceContext;
  /** The route without buttons: reads. */
  reader: ServiceContext;
  /** An administrator (the admin role). */
  admin: ServiceContext;
}

export async function openCatalogWorld(now: () => Date = () => CATALOG_TEST_DAY): Promise<CatalogWorld> {
  const t = await openTestDatabase({ now });
  await addDictionaryItems(t.ctx, 'productType', [
    [DOOR, '车门', 'Door'],
    [SEAT, '座椅', 'Seat'],
  ]);
  return {
    t,
    author: await catalogPerson(t, 'author', { buttons: ['add', 'edit', 'del', 'import', 'export'] }),
    colleague: await catalogPerson(t, 'colleague', { buttons: ['add', 'edit', 'del'] }),
    auditor: await catalogPerson(t, 'auditor', { buttons: ['audit'] }),
    approver: await catalogPerson(t, 'approver', { buttons: ['approve'] }),
    reader: await catalogPerson(t, 'reader'),
    admin: await catalogPerson(t, 'admin', { isAdmin: true, productTypes: [] }),
  };
}

export async function setFlag(world: CatalogWorld, flag: string, value: '0' | '1'): Promise<void> {
  await setRuleFlag(world.t.ctx, flag, value);
}
