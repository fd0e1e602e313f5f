import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { BUTTON_TEXTS, isAreaButton } from './texts.ts';
import type { RoleType } from './types.ts';

/** Name of a menu button a role may be granted (spec 000 §6; common/texts.ts); a code no area declares shows as it is. */
export function buttonLabel(code: string): string {
  return isAreaButton(code) ? i18n._(BUTTON_TEXTS[code].label) : code;
}

/** What granting the button allows, in one line; empty for a code no area declares. */
export function buttonDescription(code: string): string {
  return isAreaButton(code) ? i18n._(BUTTON_TEXTS[code].description) : '';
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
