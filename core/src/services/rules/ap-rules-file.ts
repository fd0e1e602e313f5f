import { InvalidInputError, type Issue } from '../../errors.ts';
import type { ApRule } from '../../domain/ap/index.ts';
import { readSheet, writeSheet, type SheetColumn } from '../shared/xlsx.ts';
import { spreadsheetLimits } from '../shared/zip-guard.ts';
import { AP_RULES_FILE_LIMIT_BYTES } from './ap-rules-upload.ts';
import type { ApRuleSet } from './ap-rules.ts';

type RuleColumn = 'ruleType' | 'ap' | 'sMin' | 'sMax' | 'oMin' | 'oMax' | 'dMin' | 'dMax' | 'rpnMin' | 'rpnMax' | 'so' | 'sd';

/** The spec's AP rule fields, as columns (001 §3). */
export const AP_RULE_COLUMNS: readonly SheetColumn<RuleColumn>[] = (
  ['ruleType', 'ap', 'sMin', 'sMax', 'oMin', 'oMax', 'dMin', 'dMax', 'rpnMin', 'rpnMax', 'so', 'sd'] as const
).map((key) => ({ key, headers: [key], required: key === 'ruleType' || key === 'ap', width: 10 }));

/** JSON: `{ table, selection, rules }`; xlsx: one rule per row. Chosen by the file name. */
export async function encodeApRules(set: ApRuleSet, fileName: string): Promise<Uint8Array> {
  if (fileName.toLowerCase().endsWith('.json')) return new TextEncoder().encode(`${JSON.stringify(set, null, 2)}\n`);
  return writeSheet(`ap-${set.table}`, AP_RULE_COLUMNS, set.rules as Partial<Record<RuleColumn, string | number | null>>[]);
}

export interface DecodedApRules {
  rules: ApRule[];
  selection?: string;
}

function toNumber(text: string, row: number, field: string, issues: Issue[]): number | undefined {
  if (text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value)) issues.push({ messageKey: 'rules.not_integer', params: { field }, row, field });
  return value;
}

export async function decodeApRules(data: Uint8Array, fileName: string): Promise<DecodedApRules> {
  if (fileName.toLowerCase().endsWith('.json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(data));
    } catch (error) {
      throw new InvalidInputError('file.format_invalid', { reason: (error as Error).message.slice(0, 120) });
    }
    const body = Array.isArray(parsed) ? { rules: parsed } : (parsed as { rules?: unknown; selection?: unknown });
    if (!body || !Array.isArray(body.rules)) throw new InvalidInputError('file.format_invalid', { reason: 'rules' });
    return { rules: body.rules as ApRule[], selection: typeof body.selection === 'string' ? body.selection : undefined };
  }
  // a column no rule field takes refuses the file (listed): remove it and import again
  const { rows } = await readSheet(data, AP_RULE_COLUMNS, spreadsheetLimits('table', AP_RULES_FILE_LIMIT_BYTES));
  const issues: Issue[] = [];
  const rules = rows.map(({ row, values }) => {
    const rule: Record<string, unknown> = { ruleType: values.ruleType.toUpperCase(), ap: values.ap.toUpperCase() };
    for (const column of AP_RULE_COLUMNS.slice(2)) {
      const value = toNumber(values[column.key], row, column.key, issues);
      if (value !== undefined) rule[column.key] = value;
    }
    return rule as unknown as ApRule;
  });
  if (issues.length) throw new InvalidInputError('rules.ap_rules_invalid', {}, issues);
  return { rules };
}

