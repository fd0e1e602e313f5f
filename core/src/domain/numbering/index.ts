export { NUMBERING_MESSAGE_KEYS, type NumberingMessageKey } from './messages.ts';
export { CODE_PREFIXES, NUMBERING_MODULES, isNumberingModule, type NumberingModule } from './codes.ts';
export {
  DATE_FORMATS,
  DATE_FORMAT_WIDTHS,
  MAX_NUMBER_ELEMENTS,
  NUMBER_ELEMENT_KINDS,
  PREFIX_PATTERN,
  SEPARATORS,
  SERIAL_DIGITS_MAX,
  SERIAL_DIGITS_MIN,
  defaultNumberingRule,
  validateNumberingRule,
  type DateFormat,
  type NumberElement,
  type NumberElementKind,
  type NumberingRule,
  type Separator,
} from './rule.ts';
export { counterScope, formatNumber, parseNumber, renderDate, type NumberParts, type ParsedNumber } from './format.ts';
export { MANUAL_NUMBER_MAX, checkManualNumber } from './manual.ts';
