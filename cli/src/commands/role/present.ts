/** How roles look on the command line. */
import type { Role } from '@fmea/core/services';
import type { Translate } from '../../i18n/index.ts';
import type { Column } from '../../ui/index.ts';

export interface RoleWithUse extends Role {
  readonly userCount: number;
  readonly permissions: readonly { routeName: string; buttons: string[] }[];
}

export const roleTypeName = (t: Translate, type: string) => `${type} ${t(`cli.role.type.${type}`)}`;

/** `dfmea_index(add,edit) pfmea_index` */
export const grantsText = (permissions: RoleWithUse['permissions']) =>
  permissions.map((p) => (p.buttons.length > 0 ? `${p.routeName}(${p.buttons.join(',')})` : p.routeName)).join(' ');

export function roleRecord(t: Translate, role: RoleWithUse) {
  return {
    id: role.id,
    name: role.name,
    nameEn: role.nameEn,
    roleType: role.roleType,
    roleTypeName: t(`cli.role.type.${role.roleType}`),
    userCount: role.userCount,
    routes: grantsText(role.permissions),
  };
}

export function roleLabels(t: Translate): Record<string, string> {
  return {
    id: t('cli.field.id'),
    name: t('cli.field.name'),
    nameEn: t('cli.field.name_en'),
    roleType: t('cli.role.field.type'),
    roleTypeName: t('cli.role.field.type_name'),
    userCount: t('cli.field.user_count'),
    routes: t('cli.role.field.routes'),
  };
}

export function roleColumns(t: Translate): Column<RoleWithUse>[] {
  return [
    { header: t('cli.field.name'), value: 'name' },
    { header: t('cli.field.name_en'), value: 'nameEn' },
    { header: t('cli.role.field.type'), value: (r) => roleTypeName(t, r.roleType) },
    { header: t('cli.field.user_count'), value: 'userCount', align: 'right' },
    { header: t('cli.role.field.routes'), value: (r) => grantsText(r.permissions) },
  ];
}
