/** Shapes of the API answers the shell reads (see /api/docs for all). */
export interface Router {
  routeName: string;
  parentRouteName: string | null;
  path: string;
  title: string;
  titleEn: string;
  icon: string;
  hidden: boolean;
  sort: number;
  buttons: string[];
}

export interface SiteChoice {
  siteId: string;
  siteName: string;
  siteNameEn: string;
}

export interface UserInfo {
  userId: string;
  userName: string;
  realName: string;
  mobile: string;
  email: string;
  jobNumber: string;
  avatar: string | null;
  signature: string | null;
  siteId: string | null;
  siteName: string | null;
  siteNameEn: string | null;
  departmentName: string | null;
  roles: { id: string; name: string; roleType: string }[];
  roleIdList: string[];
  roleNames: string[];
  /** English names (the Chinese one where a role has none). */
  roleNamesEn?: string[];
  productTypes: string[];
  isAdmin: boolean;
  /** super acts everywhere, site in the session's site, none manages nobody (docs/domain/administration.md). */
  adminRank: 'super' | 'site' | 'none';
  sites: SiteChoice[];
  routers: Router[];
  rules: Record<string, string>;
  passwordState: { state: string; daysLeft: number | null };
}

export interface LoginResult {
  flag: 1 | 2 | 3 | 4;
  reason?: string;
  token?: string;
  userId?: string;
  /** flag 4: the one-use ticket the password change must carry. */
  changeToken?: string;
  userName?: string;
  siteId?: string | null;
  sites?: SiteChoice[];
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export interface OnlineUser {
  userId: string;
  userName: string;
  realName: string;
  avatar: string | null;
  siteId: string | null;
  siteName: string | null;
  siteNameEn: string | null;
  since: string;
}
