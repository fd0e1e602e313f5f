import { Trans, useLingui } from '@lingui/react/macro';
import { AP_LEVELS, AP_RULE_TYPES } from '@fmea/core/domain';
import { Button } from '@fmea/sdk';
import { BOUND_FIELDS, emptyDraft, fieldLabel, fieldsOf, type RowIssue, type RuleDraft } from './ap-model.ts';

/** The rule rows: type, AP and the bounds its type reads; problems right under their row. */
export function ApRuleTable({ rows, issues, selected, canEdit, onChange }: { rows: RuleDraft[]; issues: RowIssue[]; selected: readonly string[]; canEdit: boolean; onChange: (rows: RuleDraft[]) => void }) {
  const { t } = useLingui();
  const update = (index: number, patch: Partial<RuleDraft>) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));

  return (
    <div className="sys-ap-rules">
      <table className="sys-table" aria-label={t`AP rules`}>
        <thead>
          <tr>
            <th>#</th>
            <th>{fieldLabel('ruleType')}</th>
            <th>{fieldLabel('ap')}</th>
            {BOUND_FIELDS.map((f) => (
              <th key={f}>{fieldLabel(f)}</th>
            ))}
            {canEdit ? <th aria-label={t`Remove`} /> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const rowIssues = issues.filter((i) => i.row === index + 1);
            const fields = fieldsOf(row.ruleType);
            const off = selected.length > 0 && !selected.includes(row.ruleType);
            return [
              <tr key={`r${index}`} className={[rowIssues.length ? 'has-issue' : '', off ? 'is-off' : ''].join(' ')} data-row={index + 1}>
                <td className="muted">{index + 1}</td>
                <td>
                  <select className="input" aria-label={t`Rule type of row ${index + 1}`} value={row.ruleType} disabled={!canEdit} onChange={(e) => update(index, { ruleType: e.target.value })}>
                    {AP_RULE_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {type}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <select className={`input sys-ap-level sys-ap-${row.ap}`} aria-label={t`AP of row ${index + 1}`} value={row.ap} disabled={!canEdit} onChange={(e) => update(index, { ap: e.target.value })}>
                    {[...AP_LEVELS].reverse().map((level) => (
                      <option key={level} value={level}>
                        {level}
                      </option>
                    ))}
                  </select>
                </td>
                {BOUND_FIELDS.map((f) =>
                  fields.includes(f) ? (
                    <td key={f}>
                      <input
                        className={rowIssues.some((i) => i.field === f) ? 'input sys-num is-invalid' : 'input sys-num'}
                        inputMode="numeric"
                        aria-label={t`${fieldLabel(f)} of row ${index + 1}`}
                        value={row[f]}
                        disabled={!canEdit}
                        onChange={(e) => update(index, { [f]: e.target.value })}
                      />
                    </td>
                  ) : (
                    <td key={f} className="sys-na" aria-hidden="true">
                      ·
                    </td>
                  ),
                )}
                {canEdit ? (
                  <td>
                    <Button kind="link" aria-label={t`Remove row ${index + 1}`} onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                      ✕
                    </Button>
                  </td>
                ) : null}
              </tr>,
              rowIssues.length || off ? (
                <tr key={`i${index}`} className="sys-ap-issue-row">
                  <td />
                  <td colSpan={BOUND_FIELDS.length + (canEdit ? 3 : 2)}>
                    {rowIssues.map((i, n) => (
                      <div key={n} className="field-message" role="alert">
                        {i.text}
                      </div>
                    ))}
                    {off ? (
                      <div className="muted">
                        <Trans>Not applied: its type is not in the selection.</Trans>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ) : null,
            ];
          })}
        </tbody>
      </table>
      {canEdit ? (
        <Button onClick={() => onChange([...rows, emptyDraft()])}>
          <Trans>Add rule</Trans>
        </Button>
      ) : null}
    </div>
  );
}
