import type { ButtonOf } from '@fmea/workbench/sdk';

/** The buttons of the sites page, handed to its panels. */
export type SiteButton = ButtonOf<'system_site'>;

/** The shapes of the administration API answers this plugin reads (see /api/docs). */
export interface AdminUser {
  id: string;
  userName: string;
  realName: string;
  jobNumber: string;
  mobile: string;
  email: string;
  siteId: string | null;
  siteName: string | null;
  siteNameEn: string | null;
  departmentId: string | null;
  departmentName: string | null;
  roleIdList: string[];
  roleNames: string[];
  /** English names (the Chinese one where a role has none). */
  roleNamesEn?: string[];
  validityDate: string | null;
  locked: boolean;
  lastLoginTime: string | null;
  loginCount: number;
  isDefault: boolean;
  /** In lists: what the signed-in administrator may do to this user (rank and site rules). */
  actions?: ('edit' | 'resetPassword' | 'lock' | 'delete')[];
}

export interface Site {
  id: string;
  siteName: string;
  siteNameEn: string;
  licenceCount: number;
  adminUserId: string | null;
  leaderUserId: string | null;
  userCount: number;
  onlineCount: number;
}

export interface Department {
  id: string;
  siteId: string;
  number: string;
  name: string;
  adminUserId: string | null;
}

export type RoleType = '0' | '1' | '2' | '3';

export interface Role {
  id: string;
  name: string;
  nameEn: string;
  roleType: RoleType;
  productTypes: string[];
  isDefault: boolean;
  userCount: number;
  permissions: { routeName: string; buttons: string[] }[];
  /** Whether the signed-in administrator may change this role. */
  manageable: boolean;
}

export interface UserPick {
  id: string;
  userName: string;
  realName: string;
}

export interface DictItem {
  id: string;
  parentId: string;
  code: string;
  name: string;
  enName: string;
  sort: number;
  updatetime?: string;
  children: DictItem[];
}
