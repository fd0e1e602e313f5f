import { dictionaryChoices } from '../dictionaries/lookup.ts';
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogRecord, rolePermission, userRole } from '../../db/schema/index.ts';
import { InvalidInputError, NotAllowedError } from '../../errors.ts';
import { CATALOG_TYPES, isCatalogTypeId, type CatalogServiceKey, type CatalogTypeDefinition, type CatalogTypeId } from '../../domain/catalog/index.ts';
import { assertCanOperate, canOperate, isProductTypePermitted, type Actor, type CreatorRules } from '../../domain/permissions/index.ts';
import { readRules, type RuleFlag, type Rules } from '../../domain/rules/index.ts';
import { actorOf } from '../shared/actor.ts';
import { ruleFlagValues } from '../rules/rule-flags.ts';
import type { Operator } from '../shared/context.ts';

/**
 * The permission layer of the catalog engine (spec 000 §6, 001 §6;
 * docs/domain/permissions.md). Every catalog service asks here, so the API
 * and the CLI are judged by the same rules:
 *
 * - the type's route must be held to read its records (admins hold all);
 * - an operation needs its button on the route, and edit and delete follow
 *   the area's creator rule (`operationRefusal`: admin; button; rule on →
 *   creator only; rule off → audit holders or the creator);
 * - product types: a record classified by a product type outside the
 *   caller's list is neither shown nor touched, and no record may be given
 *   such a type (admins may use all).
 */
export interface CatalogCaller {
  readonly actor: Actor;
  /** The buttons the caller holds on the type's route; null when the route is not held at all. */
  readonly buttons: ReadonlySet<string> | null;
  /** Current rule flags as stored (creator rules, English required, failure use type required), for the domain's readers. */
  readonly flags: Readonly<Record<RuleFlag, string>>;
  /** The same flags by name (domain/rules/read.ts). */
  readonly rules: Rules;
}

export function catalogType(typeId: string): CatalogTypeDefinition & { id: CatalogTypeId } {
  if (!isCatalogTypeId(typeId)) throw new InvalidInputError('catalog.type_unknown' satisfies CatalogServiceKey, { type: String(typeId) });
  return CATALOG_TYPES[typeId] as CatalogTypeDefinition & { id: CatalogTypeId };
}

/** The buttons of a route the operator holds: from the session's grants, else read from their roles. */
async function routeButtons(db: DbOrTx, operator: Operator, route: string): Promise<ReadonlySet<string> | null> {
  if (operator.grants) return operator.grants.get(route) ?? null;
  if (operator.userId === null) return null;
  const rows = await db
    .select({ buttons: rolePermission.buttons })
    .from(rolePermission)
    .where(and(eq(rolePermission.routeName, route), inArray(rolePermission.roleId, db.select({ id: userRole.roleId }).from(userRole).where(eq(userRole.userId, operator.userId)))));
  return rows.length === 0 ? null : new Set(rows.flatMap((r) => r.buttons));
}

/** Who is acting on a type (or any page governed the same way: the BOM's route): the actor, the route's buttons, the rule flags (`known` reuses an actor and flags already read). */
export async function catalogCaller(db: DbOrTx, operator: Operator, type: Pick<CatalogTypeDefinition, 'route'>, known?: Omit<CatalogCaller, 'buttons'>): Promise<CatalogCaller> {
  const actor = known?.actor ?? (await actorOf(db, operator));
  const buttons = actor.isAdmin ? null : await routeButtons(db, operator, type.route);
  const flags = known?.flags ?? (await ruleFlagValues(db));
  return { actor, buttons, flags, rules: known?.rules ?? readRules(flags) };
}

const creatorRules = (caller: CatalogCaller): CreatorRules => ({ zskcjzRule: caller.flags.zskcjzRule, zsjcjzRule: caller.flags.zsjcjzRule });

/** Reading the type's records: its route must be held (any button), or the caller is an administrator. */
export function assertCatalogRead(caller: CatalogCaller): void {
  if (!caller.actor.isAdmin && caller.buttons === null) throw new NotAllowedError('permission.denied', { action: 'read' });
}

export interface CatalogRecordOwner {
  readonly creatorId: string | null;
  readonly creatorName: string | null;
}

const operateInput = (caller: CatalogCaller, type: Pick<CatalogTypeDefinition, 'area'>, action: string, record?: CatalogRecordOwner) => ({
  actor: caller.actor,
  action,
  routePermissions: [...(caller.buttons ?? [])],
  record: record ?? null,
  area: type.area,
  creatorRules: creatorRules(caller),
});

/** An operation on the type's route (`add`, `edit`, `del`, `audit`, `approve`, `import`, `export`), on a record when given: `assertCanOperate`. */
export function assertCatalogOperate(caller: CatalogCaller, type: Pick<CatalogTypeDefinition, 'area'>, action: string, record?: CatalogRecordOwner): void {
  assertCanOperate(operateInput(caller, type, action, record));
}

export function canCatalogOperate(caller: CatalogCaller, type: Pick<CatalogTypeDefinition, 'area'>, action: string, record?: CatalogRecordOwner): boolean {
  return canOperate(operateInput(caller, type, action, record));
}

/** Whether the caller may see or use a record of this product type (records without one are everyone's). */
export const productTypeVisible = (actor: Actor, productType: string | null): boolean => productType === null || isProductTypePermitted(actor, productType);

/**
 * The product type as a refusal names it: its dictionary name in each
 * language (`productType` Chinese, `productTypeEn` English, the Chinese where
 * it has none), never its code alone; the code when no item has it.
 */
export async function productTypeNames(db: DbOrTx): Promise<(code: string) => { productType: string; productTypeEn: string }> {
  const items = (await dictionaryChoices(db, ['productType'])).get('productType') ?? [];
  return (code) => {
    const item = items.find((i) => i.code === code);
    return { productType: item?.name || code, productTypeEn: item?.enName || item?.name || code };
  };
}

/** Refuses a product type outside the caller's list (spec 001 §6: "others shown disabled"), naming the type. */
export async function assertProductType(db: DbOrTx, actor: Actor, productType: string | null): Promise<void> {
  if (productTypeVisible(actor, productType)) return;
  throw new NotAllowedError('catalog.product_type_denied' satisfies CatalogServiceKey, (await productTypeNames(db))(productType!));
}

/**
 * `productTypeVisible` as a WHERE over catalog records, with the product
 * types a read asks for (spec 001 §6): within the caller's list, or any when
 * the caller is an administrator or their roles name no product type.
 * Without `asked`: the caller's types and records without one. `untyped`:
 * records without a product type match an asked list too (suggestions; a
 * list filter shows exactly the types asked). `undefined`: no condition;
 * `null`: nothing can match.
 */
export function productTypeCondition(actor: Actor, asked?: readonly string[], options: { untyped?: boolean } = {}): SQL | undefined | null {
  const column = catalogRecord.productType;
  const limited = !actor.isAdmin && actor.productTypes.length > 0;
  const asking = asked?.length ? [...new Set(asked)] : undefined;
  if (!asking) return limited ? or(isNull(column), inArray(column, [...actor.productTypes])) : undefined;
  const types = limited ? asking.filter((t) => actor.productTypes.includes(t)) : asking;
  if (types.length === 0) return options.untyped ? isNull(column) : null;
  return options.untyped ? or(isNull(column), inArray(column, types)) : inArray(column, types);
}
