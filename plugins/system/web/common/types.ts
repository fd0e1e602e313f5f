import type { ApiData, ButtonOf } from '@fmea/sdk';

/** The buttons of the sites page, handed to its panels. */
export type SiteButton = ButtonOf<'system_site'>;

/** The administration answers this plugin reads, named from the routes' own schemas (see /api/docs). */
export type AdminUser = ApiData<'/api/user/sysUserList'>['items'][number];
export type Site = ApiData<'/api/site/selectSiteList'>[number];
export type Department = ApiData<'/api/department/list'>[number];
export type Role = ApiData<'/api/role/list'>[number];
export type RoleType = Role['roleType'];
export type UserPick = ApiData<'/api/user/list'>[number];
export type DictItem = ApiData<'/api/dictionary/getDics'>[number];
