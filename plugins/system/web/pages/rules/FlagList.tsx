import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { RULE_FLAGS, isRuleFlag } from '@fmea/core/domain';
import { api, localName, notify, notifyError, Select, type ApiData } from '@fmea/sdk';
import { Switch } from '../../common/Switch.tsx';
import { RULE_DESCRIPTIONS } from '../../common/texts.ts';

export type BusinessRule = ApiData<'/api/sysBusinessRule/query'>['items'][number];

/** The values a flag may take: the domain's list when the flag is known, else on/off. */
function valuesOf(rule: BusinessRule): readonly string[] {
  return isRuleFlag(rule.ruleType) ? RULE_FLAGS[rule.ruleType].values : ['0', '1'];
}

const isSwitch = (values: readonly string[]) => values.length === 2 && values.includes('0') && values.includes('1');

/** The flags of one rule group, each saved on its own as soon as it changes. */
export function FlagList({ rules, canEdit, onSaved }: { rules: BusinessRule[]; canEdit: boolean; onSaved: (rule: BusinessRule) => void }) {
  const { t, i18n } = useLingui();
  const [saving, setSaving] = useState<string | null>(null);

  // a check before release (group report) is off, a warning or an error (docs/domain/fmea-checks.md)
  const levelLabel = (rule: BusinessRule, value: string) => {
    if (rule.ruleGroup !== 'report') return value;
    return value === '0' ? t`Off` : value === '1' ? t`Warning` : value === '2' ? t`Error` : value;
  };

  async function save(rule: BusinessRule, flag: string) {
    setSaving(rule.ruleType);
    try {
      const { items } = await api.post('/api/sysBusinessRule/update', [{ ruleType: rule.ruleType, flag }]);
      const saved = items.find((r) => r.ruleType === rule.ruleType) ?? { ...rule, flag };
      onSaved(saved);
      notify('success', t`${localName(i18n.locale, rule.ruleName, rule.ruleNameEn)} saved`);
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(null);
    }
  }

  return (
    <ul className="sys-flags">
      {[...rules]
        .sort((a, b) => a.ruleSort - b.ruleSort)
        .map((rule) => {
          const name = localName(i18n.locale, rule.ruleName, rule.ruleNameEn);
          const values = valuesOf(rule);
          const id = `flag-${rule.ruleType}`;
          return (
            <li key={rule.ruleType} className="sys-flag" data-rule={rule.ruleType}>
              <label htmlFor={id}>
                {name}
                {isRuleFlag(rule.ruleType) ? (
                  <span className="sys-flag-description" data-testid="rule-description">
                    {i18n._(RULE_DESCRIPTIONS[rule.ruleType])}
                  </span>
                ) : null}
                {/* the key the CLI takes (fmea rules set <key>) */}
                <span className="muted sys-flag-code" title={t`Key for fmea rules set`}>
                  {rule.ruleType}
                </span>
              </label>
              {isSwitch(values) ? (
                <Switch id={id} label={name} checked={rule.flag === '1'} disabled={!canEdit || saving === rule.ruleType} onChange={(on) => void save(rule, on ? '1' : '0')} />
              ) : (
                <Select
                  id={id}
                  className="input sys-flag-select"
                  value={rule.flag}
                  disabled={!canEdit || saving === rule.ruleType}
                  onChange={(e) => void save(rule, e.target.value)}
                  options={values.map((v) => ({ value: v, label: levelLabel(rule, v) }))}
                />
              )}
            </li>
          );
        })}
    </ul>
  );
}
