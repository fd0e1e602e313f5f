import {
  ACTION_STATUSES,
  ACTION_STATUS_LABEL_KEYS,
  CHARACTERISTIC_CLASSES,
  CHARACTERISTIC_CLASS_LABEL_KEYS,
  ALL_CONTROL_KINDS,
  CONTROL_KIND_LABEL_KEYS,
  MSR_CONTROL_KIND_LABEL_KEYS,
  FAILURE_KINDS,
  FAILURE_KIND_LABEL_KEYS,
  INTERFACE_TYPE_LABEL_KEYS,
  NODE_TYPES,
  nodeTypeProfile,
} from '../../../domain/fmea/index.ts';
import { CHARACTERISTIC_KINDS, FUNCTION_SCOPES, WORK_ELEMENT_TYPES } from '../../../domain/pfmea/index.ts';
import { LOCALES, translate } from '../../../i18n/index.ts';
import { normHeader } from './headers.ts';

/**
 * The coded fields of the workbook's data sheets (the chain and list sheets)
 * and the words they are written in: the engine's own labels, in the
 * export's language (a status reads as in the browser, a node type as
 * "结构元素", not 9). Reading takes the code (what exports before issue 20
 * wrote) or the label in either language, any case and spacing.
 */
const CODED = {
  failureKind: FAILURE_KINDS.map((code) => [code, FAILURE_KIND_LABEL_KEYS[code]] as const),
  controlKind: ALL_CONTROL_KINDS.map((code) => [code, { ...CONTROL_KIND_LABEL_KEYS, ...MSR_CONTROL_KIND_LABEL_KEYS }[code]] as const),
  actionStatus: ACTION_STATUSES.map((code) => [code, ACTION_STATUS_LABEL_KEYS[code]] as const),
  characteristicClass: CHARACTERISTIC_CLASSES.map((code) => [code, CHARACTERISTIC_CLASS_LABEL_KEYS[code]] as const),
  interfaceType: Object.entries(INTERFACE_TYPE_LABEL_KEYS).map(([code, key]) => [code, key] as const),
  nodeType: Object.values(NODE_TYPES).map((code) => [String(code), nodeTypeProfile(code)!.labelKey] as const),
  workElementType: WORK_ELEMENT_TYPES.map((code) => [code, `pfmea.work_element_type.${code}`] as const),
  functionScope: FUNCTION_SCOPES.map((code) => [code, `pfmea.function_scope.${code}`] as const),
  characteristicKind: CHARACTERISTIC_KINDS.map((code) => [code, `pfmea.characteristic_kind.${code}`] as const),
} as const satisfies Record<string, readonly (readonly [string, string])[]>;
export type CodedField = keyof typeof CODED;

/** The word for "yes" in a characteristic's special cell (read with SPECIAL_YES, which holds both languages'). */
export const SPECIAL_YES_KEY = 'fmeaExcel.value.yes';

const labelKeys = new Map<string, string>(Object.entries(CODED).flatMap(([field, list]) => list.map(([code, key]) => [`${field}|${code}`, key] as const)));

/**
 * A code as the data sheets write it: the label in the export's language; a
 * node type without a label of its own (fixed nodes 8…) as "label (code)"; a
 * code the vocabulary does not know (or empty) as it is.
 */
export function codeLabel(field: CodedField, code: string | number | null | undefined, t: (key: string) => string): string {
  if (code === null || code === undefined || code === '') return '';
  const text = String(code);
  const key = labelKeys.get(`${field}|${text}`);
  if (key) return t(key);
  if (field === 'nodeType') {
    const profile = nodeTypeProfile(Number(text));
    if (profile) return `${t(profile.labelKey)} (${text})`;
  }
  return text;
}

let index: Map<string, string> | undefined;
/** field|normalised text → code: the codes and their labels in every language. */
function codeIndex(): Map<string, string> {
  if (index) return index;
  index = new Map();
  for (const [field, list] of Object.entries(CODED)) {
    for (const [code, key] of list) {
      index.set(`${field}|${normHeader(code)}`, code);
      for (const locale of LOCALES) index.set(`${field}|${normHeader(translate(locale, key))}`, code);
    }
  }
  return index;
}

/**
 * A coded cell back as its code: the code itself or its label in either
 * language ("结构元素", "Element", "9"; "已完成", "completed"); a node type
 * written "label (code)" as its code. Anything else is passed on trimmed, for
 * the reader or the engine to refuse with the value as written.
 */
export function codeOf(field: CodedField, text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const found = codeIndex().get(`${field}|${normHeader(trimmed)}`);
  if (found !== undefined) return found;
  if (field === 'nodeType') {
    const m = /[(（]\s*(\d+)\s*[)）]$/.exec(trimmed);
    if (m) return m[1]!;
  }
  return trimmed;
}

/** Each line of a list cell as its code (the chain sheet's action kinds and statuses: one per line). */
export const codeLines = (field: CodedField, cell: string): string => (cell === '' ? '' : cell.split(/\r?\n/).map((line) => codeOf(field, line)).join('\n'));

/** A chain-sheet characteristic line, "name [class*|kind|customer class]". */
const CHARACTERISTIC_LINE = /^(.*) \[([^*|\]]*)(\*?)(?:\|([^|\]]*)(?:\|(.*))?)?\]$/;

/** A chain-sheet characteristics cell with its classes and kinds as codes (labels of either language, or codes); a line of another form as it is. */
export function characteristicCodes(cell: string): string {
  if (cell === '') return '';
  return cell
    .split(/\r?\n/)
    .map((line) => {
      const m = CHARACTERISTIC_LINE.exec(line);
      if (!m) return line;
      const [, name, cls, star, kind, customer] = m;
      const rest = kind === undefined ? '' : `|${codeOf('characteristicKind', kind)}${customer === undefined ? '' : `|${customer}`}`;
      return `${name} [${codeOf('characteristicClass', cls!)}${star}${rest}]`;
    })
    .join('\n');
}

/** Every message key the vocabulary writes (the catalog test checks them). */
export const VOCABULARY_MESSAGE_KEYS: readonly string[] = [...new Set([...labelKeys.values(), 'fmea.node_type.fixed', SPECIAL_YES_KEY])];

/** The list sheets' coded columns and the vocabulary of each. */
const LIST_CODED: Readonly<Record<string, CodedField>> = {
  nodeType: 'nodeType',
  workElementType: 'workElementType',
  functionScope: 'functionScope',
  class: 'characteristicClass',
  characteristicKind: 'characteristicKind',
  interfaceType: 'interfaceType',
  kind: 'failureKind',
  controlKind: 'controlKind',
  actionKind: 'controlKind',
  status: 'actionStatus',
};

/** A list sheet's cell as written: a coded column's label, "yes" in the export's language for a special characteristic. */
export function listCell(key: string, value: string, t: (key: string) => string): string {
  if (key === 'special') return value === 'yes' ? t(SPECIAL_YES_KEY) : value;
  const field = LIST_CODED[key];
  return field ? codeLabel(field, value, t) : value;
}

/** A list sheet's row as read, its coded columns back as codes (labels of either language, or codes). */
export function listCodes<R extends Record<string, string>>(values: R): R {
  const out: Record<string, string> = { ...values };
  for (const [key, field] of Object.entries(LIST_CODED)) if (out[key]) out[key] = codeOf(field, out[key]);
  return out as R;
}

/** A chain-sheet row as read, its coded cells back as codes: process fields, action kinds and statuses (per line), characteristics' classes and kinds. */
export function chainCodes<R extends Record<string, string>>(values: R): R {
  const out: Record<string, string> = { ...values };
  const set = (key: string, to: (cell: string) => string) => {
    if (out[key]) out[key] = to(out[key]);
  };
  set('effectFunctionScope', (c) => codeOf('functionScope', c));
  set('causeWorkElementType', (c) => codeOf('workElementType', c));
  set('actionKinds', (c) => codeLines('controlKind', c));
  set('actionStatuses', (c) => codeLines('actionStatus', c));
  set('modeCharacteristics', characteristicCodes);
  set('causeCharacteristics', characteristicCodes);
  return out as R;
}
