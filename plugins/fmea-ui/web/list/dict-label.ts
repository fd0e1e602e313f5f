import { useLingui } from '@lingui/react/macro';
import { dictionaryLabel, isDictionaryFallback } from '@fmea/core/domain';
import type { DictItem } from '../types.ts';

/**
 * A dictionary item's name as pickers show it: in the user's language, and
 * for an item without an English name the Chinese name marked as such in
 * English, so it reads as a name nobody translated rather than a slip.
 */
export function useDictLabel(): (item: DictItem) => string {
  const { t, i18n } = useLingui();
  return (item) => {
    const choice = { name: item.name, enName: item.enName ?? '' };
    const name = dictionaryLabel(choice, i18n.locale);
    return isDictionaryFallback(choice, i18n.locale) ? t`${name} (no English name)` : name;
  };
}
