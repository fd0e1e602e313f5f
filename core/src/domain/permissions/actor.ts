/** The signed-in user as the permission rules see them (spec 000 §3, §6). */
export interface Actor {
  readonly userId: string;
  readonly userName: string;
  /** Holds the role named 'admin': may do everything and sees every menu. */
  readonly isAdmin: boolean;
  /** '0' super, '1' site-level, anything else an ordinary role. */
  readonly roleTypes: readonly string[];
  /** Product types the user may work with; empty: every type (see productTypesOfRoles). */
  readonly productTypes: readonly string[];
}

/** Who created a row; legacy rows carry an id, a name, both or neither. */
export interface RecordCreator {
  readonly creatorId?: string | null;
  readonly creatorName?: string | null;
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value !== '';

/** True when the actor created the record, matched by user id or by user name (names are case-sensitive). */
export function isRecordCreator(record: RecordCreator | null | undefined, actor: Actor): boolean {
  if (!record) return false;
  return (
    (present(record.creatorId) && record.creatorId === actor.userId) ||
    (present(record.creatorName) && record.creatorName === actor.userName)
  );
}

/** True when the record names any creator at all. */
export function hasCreator(record: RecordCreator | null | undefined): boolean {
  return !!record && (present(record.creatorId) || present(record.creatorName));
}

export type RowMarker = 'mycompiled' | 'myreadable' | 'noPermission';

/**
 * Grid row marker (spec 001 §6): own rows red and editable, other users' rows
 * orange, rows without a creator a no-permission hint. It marks authorship
 * only; admins get the same markers.
 */
export function rowMarker(record: RecordCreator | null | undefined, actor: Actor): RowMarker {
  if (isRecordCreator(record, actor)) return 'mycompiled';
  return hasCreator(record) ? 'myreadable' : 'noPermission';
}

/**
 * Product types outside the user's list are shown disabled; admins may use
 * all, and so may a user whose list is empty (a role that names no product
 * type is not limited by type: see `productTypesOfRoles`).
 */
export function isProductTypePermitted(actor: Actor, productType: string): boolean {
  return actor.isAdmin || actor.productTypes.length === 0 || actor.productTypes.includes(productType);
}

/**
 * A user's product types from their roles' lists: a role with an empty list
 * limits nothing, so one such role makes the user's list empty (all types);
 * otherwise the union of the lists.
 */
export function productTypesOfRoles(roles: readonly { productTypes: readonly string[] }[]): string[] {
  if (roles.length === 0 || roles.some((r) => r.productTypes.length === 0)) return [];
  return [...new Set(roles.flatMap((r) => r.productTypes))];
}
