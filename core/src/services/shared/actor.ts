import type { DbOrTx } from '../../db/client.ts';
import { productTypesOfRoles, type Actor } from '../../domain/permissions/index.ts';
import { rolesOfUser } from '../roles/routers.ts';
import type { Operator } from './context.ts';

/**
 * The acting user as the permission rules see them. The system operator (CLI,
 * seeding: no user id) acts as an administrator, as everywhere in core; the
 * roles the caller resolved for the session (`Operator.roles`) save a query.
 */
export async function actorOf(db: DbOrTx, operator: Operator): Promise<Actor> {
  if (operator.userId === null) return { userId: '', userName: operator.userName, isAdmin: true, roleTypes: ['0'], productTypes: [] };
  if (operator.roles) return { userId: operator.userId, userName: operator.userName, ...operator.roles };
  const { roles, isAdmin } = await rolesOfUser(db, operator.userId);
  return {
    userId: operator.userId,
    userName: operator.userName,
    isAdmin,
    roleTypes: roles.map((r) => r.roleType),
    productTypes: productTypesOfRoles(roles),
  };
}
