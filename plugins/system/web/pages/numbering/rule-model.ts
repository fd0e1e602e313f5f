import { t } from '@lingui/core/macro';
import { formatNumber, validateNumberingRule, type NumberingRule } from '@fmea/core/domain';
import type { ApiData } from '@fmea/sdk';

/** A rule as the API answers it: its shape only (module names and element kinds are plain strings there; core checks them). */
export type RuleRow = ApiData<'/api/numberingRule/list'>['items'][number];

type Params = Record<string, string | number | undefined>;

/** The numbering issues in the user's language (the domain gives keys and params). */
export function numberingIssueText(messageKey: string, p: Params = {}): string {
  const position = String(p.position ?? '');
  const min = String(p.min ?? '');
  const max = String(p.max ?? '');
  switch (messageKey) {
    case 'numbering.prefix_invalid':
      return t`The prefix must be 1 to 10 capital letters or digits`;
    case 'numbering.too_many_elements':
      return t`At most ${max} elements`;
    case 'numbering.unknown_element':
      return t`Element ${position}: unknown kind`;
    case 'numbering.date_format_invalid':
      return t`Element ${position}: choose a date format`;
    case 'numbering.serial_digits_invalid':
      return t`Element ${position}: the serial needs ${min} to ${max} digits`;
    case 'numbering.separator_invalid':
      return t`Element ${position}: choose a separator`;
    case 'numbering.serial_count':
      return t`The number needs exactly one serial element`;
    case 'numbering.date_count':
      return t`At most one date element`;
    default:
      return messageKey;
  }
}

export interface Preview {
  sample: string | null;
  pattern: string;
  issues: string[];
}

/** What the server says the module's next number is (`GET /api/numberingRule/preview`): nothing is taken. */
export type NextNumber = ApiData<'/api/numberingRule/preview'>;

/**
 * The number the rule would give today, its pattern, or why it cannot give
 * one. `serial` is the next serial the server would hand out (its preview);
 * a draft that changes the date part restarts the counter, so then it is
 * only close.
 */
export function previewRule(rule: RuleRow, today = new Date(), serial = 1): Preview {
  const pattern = rule.elements
    .map((e) => {
      switch (e.kind) {
        case 'prefix':
          return rule.prefix;
        case 'date':
          return e.format;
        case 'serial':
          return '#'.repeat(Math.max(0, Math.min(12, Number(e.digits) || 0)));
        case 'separator':
          return e.value;
        case 'space':
          return '␣';
      }
      return '?';
    })
    .join('');
  const asRule = rule as unknown as NumberingRule;
  const issues = validateNumberingRule(asRule).map((i) => numberingIssueText(i.messageKey, i.params));
  if (issues.length) return { sample: null, pattern, issues };
  try {
    return { sample: formatNumber(asRule, { date: today, serial }), pattern, issues };
  } catch (error) {
    const key = (error as { messageKey?: string }).messageKey;
    return { sample: null, pattern, issues: [key ? numberingIssueText(key) : String(error)] };
  }
}
