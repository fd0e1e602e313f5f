import type { Issue } from '../../errors.ts';

/**
 * A hardware resource's failure-mode distribution as the catalog keeps it (issue 23): one text field,
 * "mode: share" items separated by ';' or a new line (either language's punctuation), shares in percent,
 * e.g. "开路: 30; 短路: 70" or "open circuit: 30 %; short circuit: 70 %". One text field keeps the catalog
 * engine's field kinds as they are and reads in a spreadsheet cell.
 */
export interface ModeShare {
  mode: string;
  distributionPct: number;
}

export function parseModeDistribution(text: string | null | undefined): { modes: ModeShare[]; issues: Issue[] } {
  const modes: ModeShare[] = [];
  const issues: Issue[] = [];
  for (const item of (text ?? '').split(/[;；\n]/)) {
    if (!item.trim()) continue;
    const match = /^(.*?)[:：]\s*([0-9]+(?:\.[0-9]+)?)\s*%?\s*$/.exec(item.trim());
    const pct = match ? Number(match[2]) : NaN;
    if (!match || !match[1]!.trim() || !(pct >= 0 && pct <= 100)) {
      issues.push({ messageKey: 'fmeda.catalog_modes_invalid', field: 'failureModes', params: { value: item.trim() } });
      continue;
    }
    modes.push({ mode: match[1]!.trim(), distributionPct: pct });
  }
  const sum = modes.reduce((s, m) => s + m.distributionPct, 0);
  if (sum > 100 + 1e-6) issues.push({ messageKey: 'fmeda.catalog_modes_over', field: 'failureModes', params: { sum: String(Math.round(sum * 1000) / 1000) } });
  return { modes, issues };
}
