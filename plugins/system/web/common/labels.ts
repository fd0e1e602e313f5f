import { t } from '@lingui/core/macro';
import type { RoleType } from './types.ts';

/** Names of the menu buttons a role may be granted (spec 000 §6); unknown codes show as they are. */
export function buttonLabel(code: string): string {
  switch (code) {
    case 'add':
      return t`Add`;
    case 'edit':
      return t`Edit`;
    case 'del':
      return t`Delete`;
    case 'import':
      return t`Import`;
    case 'export':
      return t`Export`;
    case 'audit':
      return t`Audit`;
    case 'copy':
      return t`Copy`;
    case 'share':
      return t`Share`;
    case 'resetPwd':
      return t`Reset password`;
    case 'lock':
      return t`Lock`;
    case 'grant':
      return t`Grant permissions`;
    case 'publish':
      return t`Publish`;
    default:
      return code;
  }
}

export const ROLE_TYPES: readonly RoleType[] = ['0', '1', '2', '3'];

export function roleTypeLabel(type: string): string {
  switch (type) {
    case '0':
      return t`Super administrator`;
    case '1':
      return t`Site administrator`;
    case '2':
      return t`Creator`;
    case '3':
      return t`Approver`;
    default:
      return type;
  }
}
