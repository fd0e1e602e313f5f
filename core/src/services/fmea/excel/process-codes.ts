import { CHARACTERISTIC_KINDS, FUNCTION_SCOPES, WORK_ELEMENT_TYPES } from '../../../domain/pfmea/index.ts';
import { LOCALES, translate } from '../../../i18n/index.ts';

/** The PFMEA's coded fields a sheet may name by code or by label. */
const LISTS = {
  workElementType: { codes: WORK_ELEMENT_TYPES, label: 'pfmea.work_element_type' },
  functionScope: { codes: FUNCTION_SCOPES, label: 'pfmea.function_scope' },
  characteristicKind: { codes: CHARACTERISTIC_KINDS, label: 'pfmea.characteristic_kind' },
} as const;
export type ProcessCodeField = keyof typeof LISTS;

let index: Map<string, string> | undefined;
/** field|text (lower case) → code, for the codes and their labels in every language. */
function codeIndex(): Map<string, string> {
  if (index) return index;
  index = new Map();
  for (const [field, { codes, label }] of Object.entries(LISTS)) {
    for (const code of codes) {
      index.set(`${field}|${code.toLowerCase()}`, code);
      for (const locale of LOCALES) index.set(`${field}|${translate(locale, `${label}.${code}`).trim().toLowerCase()}`, code);
    }
  }
  return index;
}

/**
 * A process field's cell as its code: the export writes codes (`machine`,
 * `shipTo`, `product`), a hand-written sheet may give the label in either
 * language ("Machine", "机", "Ship-to plant", "产品特性"), any case. Anything
 * else is passed on as written, for the engine to refuse with the value.
 */
export function processCode(field: ProcessCodeField, text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  return codeIndex().get(`${field}|${trimmed.toLowerCase()}`) ?? trimmed;
}
