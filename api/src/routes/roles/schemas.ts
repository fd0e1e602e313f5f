import { z } from '@hono/zod-openapi';
import { schema, type Menu, type Role } from '@fmea/core';
import { iso } from '../../http/fields.ts';

export const PermissionSchema = z.strictObject({ routeName: z.string(), buttons: z.array(z.string()) }).openapi('Permission');

export const RoleSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    nameEn: z.string(),
    roleType: z.enum(schema.ROLE_TYPE_CODES).openapi({ description: "'0' super, '1' site-level, '2' creator, '3' approver" }),
    productTypes: z.array(z.string()).openapi({ description: 'Product-type codes the role may work on; empty means all' }),
    isDefault: z.boolean(),
    userCount: z.number().int(),
    permissions: z.array(PermissionSchema),
    manageable: z.boolean().openapi({ description: 'Whether the caller may change the role (rank, built-in roles, roles held in other sites); the buttons still apply' }),
    createTime: z.string().nullable(),
    updateTime: z.string().nullable(),
  })
  .openapi('Role');

export function presentRole(role: Role & { userCount?: number; manageable?: boolean; permissions?: { routeName: string; buttons: string[] }[] }): z.infer<typeof RoleSchema> {
  return {
    id: role.id,
    name: role.name,
    nameEn: role.nameEn,
    roleType: role.roleType,
    productTypes: role.productTypes,
    isDefault: role.isDefault,
    userCount: role.userCount ?? 0,
    permissions: role.permissions ?? [],
    manageable: role.manageable ?? false,
    createTime: iso(role.createdAt),
    updateTime: iso(role.updatedAt),
  };
}

export const MenuSchema = z
  .strictObject({
    id: z.string(),
    routeName: z.string(),
    parentRouteName: z.string().nullable(),
    path: z.string(),
    title: z.string(),
    titleEn: z.string(),
    icon: z.string(),
    hidden: z.boolean(),
    sort: z.number().int(),
    buttons: z.array(z.string()).openapi({ description: 'The buttons the route offers to grant' }),
  })
  .openapi('Menu');

export function presentMenu(m: Menu): z.infer<typeof MenuSchema> {
  return {
    id: m.id,
    routeName: m.routeName,
    parentRouteName: m.parentRouteName,
    path: m.path,
    title: m.title,
    titleEn: m.titleEn,
    icon: m.icon,
    hidden: m.hidden,
    sort: m.sort,
    buttons: m.buttons,
  };
}
