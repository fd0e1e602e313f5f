import { z } from '@hono/zod-openapi';
import { DateTime } from '../../http/fields.ts';

export const LoginBody = z
  .object({
    username: z.string().min(1).max(50).openapi({ example: 'admin' }),
    password: z.string().min(1).max(128),
    siteId: z.string().max(64).optional(),
    forceLogin: z.boolean().optional(),
  })
  .openapi('LoginBody');

export const SiteChoiceSchema = z.strictObject({ siteId: z.string(), siteName: z.string(), siteNameEn: z.string() });

/** flag: 1 signed in; 2 choose a site; 3 confirm forced login; 4 change the password first. */
export const LoginResultSchema = z
  .strictObject({
    flag: z.number().int(),
    reason: z.string().optional(),
    token: z.string().optional(),
    userId: z.string().optional(),
    changeToken: z.string().optional().openapi({ description: 'flag 4: the one-use ticket for /api/user/resetPwd (15 minutes)' }),
    userName: z.string().optional(),
    siteId: z.string().nullable().optional(),
    sites: z.array(SiteChoiceSchema).optional(),
  })
  .openapi('LoginResult');

export const RouterSchema = z
  .strictObject({
    routeName: z.string(),
    parentRouteName: z.string().nullable(),
    path: z.string(),
    title: z.string(),
    titleEn: z.string(),
    icon: z.string(),
    hidden: z.boolean(),
    sort: z.number(),
    buttons: z.array(z.string()),
  })
  .openapi('Router');

export const UserInfoSchema = z
  .strictObject({
    userId: z.string(),
    userName: z.string(),
    realName: z.string(),
    realNameEn: z.string().openapi({ description: 'The name English readers see; empty: realName' }),
    mobile: z.string(),
    email: z.string(),
    jobNumber: z.string(),
    avatar: z.string().nullable(),
    signature: z.string().nullable(),
    siteId: z.string().nullable(),
    siteName: z.string().nullable(),
    siteNameEn: z.string().nullable(),
    departmentId: z.string().nullable(),
    department: z.string().nullable(),
    departmentName: z.string().nullable(),
    departmentNameEn: z.string().nullable().openapi({ description: 'The department’s English name; null: it has none' }),
    roles: z.array(z.strictObject({ id: z.string(), name: z.string(), nameEn: z.string(), roleType: z.string() })),
    roleIdList: z.array(z.string()),
    roleNames: z.array(z.string()),
    roleNamesEn: z.array(z.string()).openapi({ description: 'The roles’ English names (the Chinese name where a role has none)' }),
    productTypes: z.array(z.string()),
    isAdmin: z.boolean(),
    adminRank: z.enum(['super', 'site', 'none']).openapi({ description: 'Administrator rank: super acts everywhere, site in the session’s site, none manages nobody' }),
    sites: z.array(SiteChoiceSchema),
    routers: z.array(RouterSchema),
    rules: z.record(z.string(), z.string()).openapi({ description: 'The business-rule flags by their code (ruleType), each value as text (defaults filled in)' }),
    passwordState: z.strictObject({ state: z.string(), daysLeft: z.number().nullable() }).openapi({
      description: 'state expiring: the password expires in daysLeft days, within the policy’s warning days (the workbench shows a banner)',
    }),
    idleLogoutMinutes: z.number().int().openapi({ description: 'The policy’s idle sign-out minutes (0: never): the server ends idle sessions, the workbench signs out after as long without input' }),
  })
  .openapi('UserInfo');

export const PasswordChangeBody = z
  .object({
    changeToken: z.string().max(100).optional().openapi({ description: 'Not signed in: the ticket the login answered with flag 4 (the change must follow that sign-in)' }),
    userId: z.string().max(64).optional().openapi({ description: 'Ignored: older clients sent it; the ticket names the user' }),
    oldPassword: z.string().min(1).max(128),
    newPassword: z.string().min(1).max(128),
    confirmPassword: z.string().max(128).optional(),
  })
  .openapi('PasswordChangeBody');

export const OnlineUserSchema = z.strictObject({
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  realNameEn: z.string().openapi({ description: 'The name English readers see; empty: realName' }),
  avatar: z.string().nullable(),
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
  siteNameEn: z.string().nullable(),
  since: DateTime,
});

/** The trial licence as the login page and admins see it (docs/domain/licences.md). */
export const TrialSchema = z
  .strictObject({
    startedAt: z.string(),
    days: z.number().int(),
    endsAt: z.string(),
    daysLeft: z.number().int().openapi({ description: 'Started days left: 1 on the last day, 0 once expired' }),
    state: z.enum(['active', 'expired', 'illegalTime']).openapi({ description: 'illegalTime: the server’s clock is more than a day behind the latest sign-in' }),
  })
  .openapi('Trial');
