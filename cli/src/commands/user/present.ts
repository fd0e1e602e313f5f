/** How users look on the command line: one record shape, one column set, translated labels. */
import type { UserView } from '@fmea/core/services';
import type { Locale, Translate } from '../../i18n/index.ts';
import type { Column } from '../../ui/index.ts';

export type UserRecord = {
  readonly id: string;
  readonly userName: string;
  readonly realName: string;
  readonly jobNumber: string;
  readonly email: string;
  readonly mobile: string;
  readonly site: string | null;
  readonly department: string | null;
  readonly roles: string;
  readonly locked: boolean;
  readonly mustChangePassword: boolean;
  readonly createdAt: Date;
  /** Only right after it was generated: shown once, never stored in clear. */
  readonly generatedPassword?: string;
};

/** What the CLI shows of a user: never the hash (core's view has none). */
export function userRecord(view: UserView, generatedPassword?: string): UserRecord {
  return {
    id: view.id,
    userName: view.userName,
    realName: view.realName,
    jobNumber: view.jobNumber,
    email: view.email,
    mobile: view.mobile,
    site: view.siteName,
    department: view.departmentName,
    roles: view.roleNames.join(', '),
    locked: view.locked,
    mustChangePassword: view.mustChangePassword,
    createdAt: view.createdAt,
    ...(generatedPassword !== undefined && { generatedPassword }),
  };
}

export function userLabels(t: Translate): Record<keyof UserRecord, string> {
  return {
    id: t('cli.field.id'),
    userName: t('cli.user.field.user_name'),
    realName: t('cli.user.field.real_name'),
    jobNumber: t('cli.user.field.job_number'),
    email: t('cli.user.field.email'),
    mobile: t('cli.user.field.mobile'),
    site: t('cli.user.field.site'),
    department: t('cli.user.field.department'),
    roles: t('cli.user.field.roles'),
    locked: t('cli.user.field.locked'),
    mustChangePassword: t('cli.user.field.must_change_password'),
    createdAt: t('cli.user.field.created_at'),
    generatedPassword: t('cli.user.field.generated_password'),
  };
}

/** The list's columns; name, site, department and roles in the reader's language, else the Chinese (JSON keeps both). */
export function userColumns(t: Translate, locale: Locale): Column<UserView>[] {
  const english = locale === 'en-US';
  return [
    { header: t('cli.user.field.user_name'), value: 'userName' },
    { header: t('cli.user.field.real_name'), value: (u) => (english && u.realNameEn ? u.realNameEn : u.realName) },
    { header: t('cli.user.field.site'), value: (u) => (english && u.siteNameEn ? u.siteNameEn : u.siteName) },
    { header: t('cli.user.field.department'), value: (u) => (english && u.departmentNameEn ? u.departmentNameEn : u.departmentName) },
    { header: t('cli.user.field.roles'), value: (u) => (english ? u.roleNamesEn : u.roleNames).join(', ') },
    { header: t('cli.user.field.locked'), value: 'locked' },
  ];
}
