import { z } from '@hono/zod-openapi';
import { GENDERS, schema, type UserView } from '@fmea/core';
import { DateInput, Id, Ignored, iso, ShortText, Text } from '../../http/fields.ts';

/** A user as the administration screens see it (spec 000 §3); never a password or its hash. */
export const AdminUserSchema = z
  .strictObject({
    id: z.string(),
    userName: z.string(),
    realName: z.string(),
    realNameEn: z.string().openapi({ description: 'The name English readers see; empty: the real name' }),
    jobNumber: z.string(),
    mobile: z.string(),
    email: z.string(),
    gender: z.enum(GENDERS).openapi({ description: '0 unknown, 1 male, 2 female' }),
    avatar: z.string().nullable(),
    signature: z.string().nullable(),
    siteId: z.string().nullable(),
    siteName: z.string().nullable(),
    siteNameEn: z.string().nullable(),
    siteIds: z.array(z.string()).openapi({ description: 'Every site (group) the user may sign in to' }),
    departmentId: z.string().nullable(),
    departmentName: z.string().nullable(),
    departmentNameEn: z.string().nullable().openapi({ description: 'The department’s English name; null: it has none (show departmentName)' }),
    superiorId: z.string().nullable(),
    roles: z.array(z.strictObject({ id: z.string(), name: z.string(), nameEn: z.string(), roleType: z.string() })),
    roleIdList: z.array(z.string()),
    roleNames: z.array(z.string()),
    roleNamesEn: z.array(z.string()).openapi({ description: 'The roles’ English names (the Chinese name where a role has none)' }),
    validityDate: z.string().nullable(),
    locked: z.boolean(),
    mustChangePassword: z.boolean(),
    lastLoginTime: z.string().nullable(),
    loginCount: z.number().int(),
    contributionScore: z.number().int(),
    activityScore: z.number().int(),
    isDefault: z.boolean(),
    createTime: z.string().nullable(),
    updateTime: z.string().nullable(),
  })
  .openapi('AdminUser');

export type AdminUser = z.infer<typeof AdminUserSchema>;

export function presentAdminUser(u: UserView): AdminUser {
  return {
    id: u.id,
    userName: u.userName,
    realName: u.realName,
    realNameEn: u.realNameEn,
    jobNumber: u.jobNumber,
    mobile: u.mobile,
    email: u.email,
    gender: u.gender,
    avatar: u.avatar,
    signature: u.signature,
    siteId: u.siteId,
    siteName: u.siteName,
    siteNameEn: u.siteNameEn,
    siteIds: u.siteIds,
    departmentId: u.departmentId,
    departmentName: u.departmentName,
    departmentNameEn: u.departmentNameEn,
    superiorId: u.superiorId,
    roles: u.roles,
    roleIdList: u.roles.map((r) => r.id),
    roleNames: u.roleNames,
    roleNamesEn: u.roleNamesEn,
    validityDate: iso(u.validityDate),
    locked: u.locked,
    mustChangePassword: u.mustChangePassword,
    lastLoginTime: iso(u.lastLoginAt),
    loginCount: u.loginCount,
    contributionScore: u.contributionScore,
    activityScore: u.activityScore,
    isDefault: u.isDefault,
    createTime: iso(u.createdAt),
    updateTime: iso(u.updatedAt),
  };
}

export const USER_NAME_MAX = 50;
export const PASSWORD_MAX = 128;

export const UserName = z.string().trim().min(1).max(USER_NAME_MAX);
export const Password = z.string().min(1).max(PASSWORD_MAX);

/** Profile fields a user may change on themselves (personal centre). */
export const BasicInfoFields = {
  realName: z.string().trim().max(USER_NAME_MAX).optional(),
  realNameEn: z.string().trim().max(USER_NAME_MAX).optional().openapi({ description: 'The name English readers see; empty: the real name' }),
  mobile: ShortText.optional(),
  email: Text.optional(),
  signature: Text.nullable().optional(),
};

export const SaveUserBody = z
  .object({
    id: Id.optional().openapi({ description: 'Absent: create; present: update' }),
    userName: UserName,
    password: Password.optional().openapi({ description: 'Create only; without it a policy-compliant password is generated and answered once as initialPassword' }),
    ...BasicInfoFields,
    jobNumber: ShortText.optional(),
    gender: z.enum(GENDERS).optional(),
    siteId: Id.nullable().optional().openapi({ description: 'Home site; defaults to the first site on create' }),
    siteIds: z.array(Id).max(100).optional().openapi({ description: 'Further sites (groups); replaces them when sent' }),
    departmentId: Id.nullable().optional(),
    superiorId: Id.nullable().optional(),
    roleIdList: z.array(Id).max(100).optional().openapi({ description: 'Replaces the user’s roles when sent' }),
    validityDate: DateInput.optional(),
    // sent back by the spec's client, never saved (000 §3)
    createTime: Ignored,
    updateTime: Ignored,
    regDate: Ignored,
    roles: Ignored,
    genderName: Ignored,
    stores: Ignored,
    roleNames: Ignored,
  })
  .openapi('SaveUserBody');

export const SaveUserResult = z.strictObject({
  user: AdminUserSchema,
  initialPassword: z.string().optional().openapi({ description: 'Only when the password was generated: shown this once, never stored in clear' }),
});

export const UserOptionSchema = z.strictObject({ id: z.string(), userName: z.string(), realName: z.string() }).openapi('UserOption');
