import { z } from '@hono/zod-openapi';
import type { Department, Site, SiteConcurrency, SiteMember } from '@fmea/core';
import { iso } from '../../http/fields.ts';

export const SiteSchema = z
  .strictObject({
    id: z.string(),
    siteName: z.string(),
    siteNameEn: z.string(),
    /** 0 means unlimited. */
    licenceCount: z.number().int(),
    adminUserId: z.string().nullable(),
    leaderUserId: z.string().nullable(),
    userCount: z.number().int(),
    onlineCount: z.number().int(),
    createTime: z.string().nullable(),
    updateTime: z.string().nullable(),
  })
  .openapi('Site');

export function presentSite(site: Site & { userCount?: number }, onlineCount = 0): z.infer<typeof SiteSchema> {
  return {
    id: site.id,
    siteName: site.name,
    siteNameEn: site.nameEn,
    licenceCount: site.licenceCount,
    adminUserId: site.adminUserId,
    leaderUserId: site.leaderUserId,
    userCount: site.userCount ?? 0,
    onlineCount,
    createTime: iso(site.createdAt),
    updateTime: iso(site.updatedAt),
  };
}

export const ConcurrencySchema = z
  .strictObject({
    siteId: z.string(),
    licenceCount: z.number().int(),
    online: z.number().int(),
    surplus: z.number().int().nullable().openapi({ description: 'Licences left; null when the site is unlimited' }),
    isExceedConcurrency: z.boolean(),
  })
  .openapi('SiteConcurrency');

export const presentConcurrency = (c: SiteConcurrency): z.infer<typeof ConcurrencySchema> => ({
  siteId: c.siteId,
  licenceCount: c.licenceCount,
  online: c.online,
  surplus: c.surplus,
  isExceedConcurrency: c.isExceedConcurrency,
});

export const SiteOnlineUserSchema = z.strictObject({
  userId: z.string(),
  userName: z.string(),
  realName: z.string(),
  realNameEn: z.string().openapi({ description: 'The name English readers see; empty: realName' }),
  avatar: z.string().nullable(),
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
  siteNameEn: z.string().nullable(),
  since: z.string(),
});

export const SiteMemberSchema = z
  .strictObject({
    id: z.string(),
    userName: z.string(),
    realName: z.string(),
    realNameEn: z.string().openapi({ description: 'The name English readers see; empty: realName' }),
    jobNumber: z.string(),
    departmentId: z.string().nullable(),
    locked: z.boolean(),
    homeSite: z.boolean().openapi({ description: 'The site is the user’s home site (not only a further group)' }),
  })
  .openapi('SiteMember');

export const presentMember = (m: SiteMember): z.infer<typeof SiteMemberSchema> => ({
  id: m.id,
  userName: m.userName,
  realName: m.realName,
  realNameEn: m.realNameEn,
  jobNumber: m.jobNumber,
  departmentId: m.departmentId,
  locked: m.locked,
  homeSite: m.homeSite,
});

export const SiteChoiceSchema = z.strictObject({ siteId: z.string(), siteName: z.string(), siteNameEn: z.string() });

export const DepartmentSchema = z
  .strictObject({
    id: z.string(),
    siteId: z.string(),
    number: z.string(),
    name: z.string(),
    nameEn: z.string().openapi({ description: 'The English name; empty: English readers see name' }),
    adminUserId: z.string().nullable(),
    createTime: z.string().nullable(),
    updateTime: z.string().nullable(),
  })
  .openapi('Department');

export function presentDepartment(d: Department): z.infer<typeof DepartmentSchema> {
  return {
    id: d.id,
    siteId: d.siteId,
    number: d.number,
    name: d.name,
    nameEn: d.nameEn,
    adminUserId: d.adminUserId,
    createTime: iso(d.createdAt),
    updateTime: iso(d.updatedAt),
  };
}
